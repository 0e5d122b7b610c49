#!/usr/bin/env node
// Copies from GitHub's OpenAPI description (the `@octokit/openapi` package, unpacked by hand:
// `npm pack @octokit/openapi` into a temporary folder, never a dependency) only the operations
// forge-sim answers and the components they reference, into fixtures/github-openapi.json.
// Usage: node scripts/extract-openapi.mjs <path to generated/api.github.com.json>
import { readFileSync, writeFileSync } from 'node:fs';

/** The operations forge-sim answers, as [method, path] in the description's own spelling. */
export const operations = [
  ['get', '/user'],
  ['get', '/user/{account_id}'],
  ['get', '/users/{username}'],
  ['post', '/user/repos'],
  ['get', '/repos/{owner}/{repo}'],
  ['post', '/repos/{owner}/{repo}/git/blobs'],
  ['get', '/repos/{owner}/{repo}/git/blobs/{file_sha}'],
  ['post', '/repos/{owner}/{repo}/git/trees'],
  ['get', '/repos/{owner}/{repo}/git/trees/{tree_sha}'],
  ['post', '/repos/{owner}/{repo}/git/commits'],
  ['get', '/repos/{owner}/{repo}/git/commits/{commit_sha}'],
  ['get', '/repos/{owner}/{repo}/git/ref/{ref}'],
  ['post', '/repos/{owner}/{repo}/git/refs'],
  ['patch', '/repos/{owner}/{repo}/git/refs/{ref}'],
  ['delete', '/repos/{owner}/{repo}/git/refs/{ref}'],
  ['get', '/repos/{owner}/{repo}/git/matching-refs/{ref}'],
  ['patch', '/repos/{owner}/{repo}'],
  ['get', '/repos/{owner}/{repo}/commits'],
  ['get', '/repos/{owner}/{repo}/commits/{ref}'],
  ['get', '/repos/{owner}/{repo}/branches/{branch}'],
  ['get', '/repos/{owner}/{repo}/contents/{path}'],
  ['put', '/repos/{owner}/{repo}/contents/{path}'],
  ['delete', '/repos/{owner}/{repo}/contents/{path}'],
  ['post', '/repos/{template_owner}/{template_repo}/generate'],
  ['post', '/gists'],
  ['get', '/gists/{gist_id}'],
  ['patch', '/gists/{gist_id}'],
  ['get', '/gists/{gist_id}/commits'],
  ['get', '/gists/{gist_id}/{sha}'],
];

const source = process.argv[2];
if (!source) {
  console.error('Usage: node scripts/extract-openapi.mjs <path of api.github.com.json>');
  process.exit(2);
}
let description;
try {
  description = JSON.parse(readFileSync(source, 'utf8'));
} catch (error) {
  console.error(`Cannot read GitHub's OpenAPI description at ${source}: ${error.message}`);
  process.exit(1);
}
if (typeof description?.paths !== 'object' || description.paths === null) {
  console.error(`${source} is not an OpenAPI description: it has no "paths".`);
  process.exit(1);
}

const paths = {};
for (const [method, path] of operations) {
  const operation = description.paths[path]?.[method];
  if (!operation) {
    console.error(`${method.toUpperCase()} ${path} is not in ${source}`);
    process.exit(1);
  }
  paths[path] = { ...paths[path], [method]: operation };
}

// Follow every "$ref": "#/components/{kind}/{name}" from the chosen operations, transitively.
const components = {};
const pending = [paths];
while (pending.length > 0) {
  const value = pending.pop();
  if (Array.isArray(value)) {
    pending.push(...value);
  } else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string' && inner.startsWith('#/components/')) {
        const [kind, name] = inner.slice('#/components/'.length).split('/');
        components[kind] ??= {};
        if (!(name in components[kind])) {
          components[kind][name] = description.components[kind][name];
          pending.push(components[kind][name]);
        }
      } else {
        pending.push(inner);
      }
    }
  }
}

const sorted = Object.fromEntries(
  Object.entries(components)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([kind, entries]) => [
      kind,
      Object.fromEntries(Object.entries(entries).sort(([a], [b]) => a.localeCompare(b))),
    ]),
);
const fixture = {
  openapi: description.openapi,
  info: { ...description.info, 'x-extracted-by': 'packages/forge-sim/scripts/extract-openapi.mjs' },
  paths,
  components: sorted,
};
const target = new URL('../fixtures/github-openapi.json', import.meta.url);
writeFileSync(target, `${JSON.stringify(fixture, null, 2)}\n`);
console.log(`Wrote ${operations.length} operations to ${target.pathname}`);
