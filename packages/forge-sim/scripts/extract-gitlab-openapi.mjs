#!/usr/bin/env node
// Copies from GitLab's OpenAPI v2 description (doc/api/openapi/openapi_v2.yaml of gitlab-org/gitlab,
// or the verbatim excerpt of it in fixtures/sources/) only the operations forge-sim's GitLab
// dialect answers and the definitions they reference, into fixtures/gitlab-openapi.json.
// Usage: node scripts/extract-gitlab-openapi.mjs <path of openapi_v2.yaml or of the excerpt>
import { readFileSync, writeFileSync } from 'node:fs';
import { parse } from 'yaml';

/** The operations forge-sim answers, as [method, path] in the description's own spelling. */
export const operations = [
  ['get', '/api/v4/user'],
  ['get', '/api/v4/users'],
  ['get', '/api/v4/users/{id}'],
  ['post', '/api/v4/projects'],
  ['get', '/api/v4/projects/{id}'],
  ['get', '/api/v4/projects/{id}/repository/branches/{branch}'],
  ['get', '/api/v4/projects/{id}/repository/tree'],
  ['get', '/api/v4/projects/{id}/repository/blobs/{sha}'],
  ['get', '/api/v4/projects/{id}/repository/blobs/{sha}/raw'],
  ['head', '/api/v4/projects/{id}/repository/files/{file_path}'],
  ['get', '/api/v4/projects/{id}/repository/files/{file_path}'],
  ['post', '/api/v4/projects/{id}/repository/files/{file_path}'],
  ['put', '/api/v4/projects/{id}/repository/files/{file_path}'],
  ['delete', '/api/v4/projects/{id}/repository/files/{file_path}'],
  ['get', '/api/v4/projects/{id}/repository/files/{file_path}/raw'],
  ['get', '/api/v4/projects/{id}/repository/commits'],
  ['post', '/api/v4/projects/{id}/repository/commits'],
  ['get', '/api/v4/projects/{id}/repository/commits/{sha}'],
];

/**
 * Definitions of what forge-sim answers whose operation the source does not describe yet (the
 * signed-in user, GET /user), copied with what they reference.
 */
export const extraDefinitions = ['API_Entities_UserPublic'];

const source = process.argv[2];
if (!source) {
  console.error('Usage: node scripts/extract-gitlab-openapi.mjs <path of openapi_v2.yaml>');
  process.exit(2);
}
let description;
try {
  description = parse(readFileSync(source, 'utf8'), { maxAliasCount: -1 });
} catch (error) {
  console.error(`Cannot read GitLab's OpenAPI description at ${source}: ${error.message}`);
  process.exit(1);
}
if (description?.swagger !== '2.0' || typeof description.paths !== 'object') {
  console.error(`${source} is not GitLab's OpenAPI v2 description: no "swagger: 2.0" and "paths".`);
  process.exit(1);
}

const paths = {};
const absent = [];
for (const [method, path] of operations) {
  const operation = description.paths[path]?.[method];
  if (operation) paths[path] = { ...paths[path], [method]: operation };
  else absent.push(`${method.toUpperCase()} ${path}`);
}

// Follow every "$ref": "#/definitions/{name}" from the chosen operations, transitively.
const definitions = {};
const unresolved = new Set();
const pending = [paths, extraDefinitions.map((name) => ({ $ref: `#/definitions/${name}` }))];
while (pending.length > 0) {
  const value = pending.pop();
  if (Array.isArray(value)) {
    pending.push(...value);
  } else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string' && inner.startsWith('#/definitions/')) {
        const name = inner.slice('#/definitions/'.length);
        const found = description.definitions?.[name];
        if (!found) unresolved.add(name);
        else if (!(name in definitions)) {
          definitions[name] = found;
          pending.push(found);
        }
      } else {
        pending.push(inner);
      }
    }
  }
}

const fixture = {
  swagger: description.swagger,
  info: {
    ...description.info,
    'x-extracted-by': 'packages/forge-sim/scripts/extract-gitlab-openapi.mjs',
  },
  // What forge-sim answers that the source did not describe, and definitions it names but lacks:
  // the tests read these lists, so a gap is said, never hidden.
  'x-operations-not-in-source': absent,
  'x-definitions-not-in-source': [...unresolved].sort(),
  paths,
  definitions: Object.fromEntries(
    Object.entries(definitions).sort(([a], [b]) => a.localeCompare(b)),
  ),
};
const target = new URL('../fixtures/gitlab-openapi.json', import.meta.url);
writeFileSync(target, `${JSON.stringify(fixture, null, 2)}\n`);
console.log(
  `Wrote ${operations.length - absent.length} of ${operations.length} operations to ${target.pathname}`,
);
if (absent.length > 0) console.log(`Not in the source: ${absent.join(', ')}`);
if (unresolved.size > 0)
  console.log(`Definitions not in the source: ${[...unresolved].join(', ')}`);
