#!/usr/bin/env node
// Copies from a forge's Swagger 2.0 description only the operations forge-sim answers in that
// forge's dialect, and the definitions and responses they reference, into fixtures/.
//
//   node scripts/extract-swagger.mjs gitea <swagger.v1.json> "<where it came from>"
//   node scripts/extract-swagger.mjs gitee <swagger.json>    "<where it came from>"
//
// Gitea: its `swagger.v1.json` (templates/swagger/v1_json.tmpl in Gitea's source, served by every
// instance at /swagger.v1.json). Gitee: its v5 description (gitee.com/api/v5/swagger); a YAML copy
// must be turned into JSON first (any YAML reader will do, e.g. `python3 -c "import sys, json,
// yaml; json.dump(yaml.safe_load(sys.stdin), sys.stdout, ensure_ascii=False)"`).
import { readFileSync, writeFileSync } from 'node:fs';

/** The operations each dialect answers, as [method, path] in the description's own spelling. */
export const operations = {
  gitea: [
    ['get', '/user'],
    ['get', '/users/{username}'],
    ['post', '/user/repos'],
    ['get', '/repos/{owner}/{repo}'],
    ['get', '/repos/{owner}/{repo}/branches/{branch}'],
    ['get', '/repos/{owner}/{repo}/git/trees/{sha}'],
    ['get', '/repos/{owner}/{repo}/git/blobs/{sha}'],
    ['get', '/repos/{owner}/{repo}/contents'],
    ['post', '/repos/{owner}/{repo}/contents'],
    ['get', '/repos/{owner}/{repo}/contents/{filepath}'],
    ['post', '/repos/{owner}/{repo}/contents/{filepath}'],
    ['put', '/repos/{owner}/{repo}/contents/{filepath}'],
    ['delete', '/repos/{owner}/{repo}/contents/{filepath}'],
    ['get', '/repos/{owner}/{repo}/commits'],
  ],
  gitee: [
    ['get', '/v5/user'],
    ['get', '/v5/users/{username}'],
    ['post', '/v5/user/repos'],
    ['get', '/v5/repos/{owner}/{repo}'],
    ['get', '/v5/repos/{owner}/{repo}/branches/{branch}'],
    ['get', '/v5/repos/{owner}/{repo}/git/trees/{sha}'],
    ['get', '/v5/repos/{owner}/{repo}/git/blobs/{sha}'],
    ['get', '/v5/repos/{owner}/{repo}/contents/{path}'],
    ['post', '/v5/repos/{owner}/{repo}/contents/{path}'],
    ['put', '/v5/repos/{owner}/{repo}/contents/{path}'],
    ['delete', '/v5/repos/{owner}/{repo}/contents/{path}'],
    ['get', '/v5/repos/{owner}/{repo}/commits'],
    ['get', '/v5/repos/{owner}/{repo}/commits/{sha}'],
    ['post', '/v5/gists'],
    ['get', '/v5/gists/{id}'],
    ['patch', '/v5/gists/{id}'],
    ['get', '/v5/gists/{id}/commits'],
  ],
};

/** Every `#/definitions/X` and `#/responses/X` reachable from `value`, with their own references. */
function collect(description, value, found) {
  if (Array.isArray(value)) {
    for (const item of value) collect(description, item, found);
    return;
  }
  if (!value || typeof value !== 'object') return;
  for (const [key, inner] of Object.entries(value)) {
    if (key === '$ref' && typeof inner === 'string') {
      const [, section, name] = /^#\/(definitions|responses)\/(.+)$/.exec(inner) ?? [];
      if (section && !found[section].has(name)) {
        found[section].add(name);
        collect(description, description[section]?.[name], found);
      }
    } else {
      collect(description, inner, found);
    }
  }
}

const [dialect, input, source] = process.argv.slice(2);
if (!operations[dialect] || !input || !source) {
  console.error(
    'Usage: node scripts/extract-swagger.mjs <gitea|gitee> <description.json> <source>',
  );
  process.exit(2);
}
const description = JSON.parse(readFileSync(input, 'utf8'));
const paths = {};
const found = { definitions: new Set(), responses: new Set() };
for (const [method, path] of operations[dialect]) {
  const operation = description.paths?.[path]?.[method];
  if (!operation) throw new Error(`${method.toUpperCase()} ${path} is not in ${input}`);
  paths[path] = { ...paths[path], [method]: operation };
  collect(description, operation, found);
}
const pick = (section) =>
  Object.fromEntries([...found[section]].sort().map((name) => [name, description[section][name]]));
const fixture = {
  'x-source': source,
  swagger: description.swagger,
  info: description.info,
  basePath: description.basePath,
  paths,
  definitions: pick('definitions'),
  responses: pick('responses'),
};
const out = new URL(`../fixtures/${dialect}-swagger.json`, import.meta.url);
writeFileSync(out, `${JSON.stringify(fixture, null, 2)}\n`);
console.log(
  `${Object.keys(paths).length} paths, ${found.definitions.size} definitions → ${out.pathname}`,
);
