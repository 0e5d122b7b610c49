#!/usr/bin/env node
// Copies from one of Google's discovery documents only the methods cloud-sim answers and the
// schemas they reference (recursively), each unchanged, into fixtures/{name}.json. The source is
// Google's published document (see fixtures/SOURCES.md for where the kept ones come from).
// Usage: node scripts/extract-discovery.mjs <discovery.json> <out.json> <method id>...
import { readFileSync, writeFileSync } from 'node:fs';

const [source, out, ...methodIds] = process.argv.slice(2);
if (!source || !out || methodIds.length === 0) {
  console.error(
    'Usage: node scripts/extract-discovery.mjs <discovery.json> <out.json> <method id>...',
  );
  process.exit(2);
}
const doc = JSON.parse(readFileSync(source, 'utf8'));

/** Every method of the document, by id, with the resource path that holds it. */
function* methods(resources, at = []) {
  for (const [name, resource] of Object.entries(resources ?? {})) {
    for (const [key, method] of Object.entries(resource.methods ?? {})) {
      yield { path: [...at, name], key, method };
    }
    yield* methods(resource.resources, [...at, name]);
  }
}

const kept = {};
const wanted = new Set(methodIds);
const refs = new Set();
const collect = (value) => {
  if (Array.isArray(value)) value.forEach(collect);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string') refs.add(inner);
      else collect(inner);
    }
  }
};
for (const { path, key, method } of methods(doc.resources)) {
  if (!wanted.delete(method.id)) continue;
  let node = kept;
  for (const name of path) {
    node[name] ??= {};
    node = node[name];
  }
  (node.methods ??= {})[key] = method;
  collect(method);
}
if (wanted.size > 0) {
  console.error(`Not in ${source}: ${[...wanted].join(', ')}`);
  process.exit(1);
}
// Nested resources are kept under "resources", as in the original.
const nest = (node) => {
  const { methods: own, ...children } = node;
  const result = own ? { methods: own } : {};
  if (Object.keys(children).length > 0) {
    result.resources = Object.fromEntries(
      Object.entries(children).map(([name, child]) => [name, nest(child)]),
    );
  }
  return result;
};
const resources = Object.fromEntries(Object.entries(kept).map(([n, r]) => [n, nest(r)]));

const schemas = {};
const pending = [...refs];
while (pending.length > 0) {
  const name = pending.pop();
  if (schemas[name] || !doc.schemas?.[name]) continue;
  schemas[name] = doc.schemas[name];
  const before = new Set(refs);
  collect(doc.schemas[name]);
  for (const ref of refs) if (!before.has(ref)) pending.push(ref);
}
const { resources: _all, schemas: _every, ...head } = doc;
const sortedSchemas = Object.fromEntries(
  Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b)),
);
writeFileSync(out, `${JSON.stringify({ ...head, resources, schemas: sortedSchemas }, null, 2)}\n`);
console.log(`${out}: ${Object.keys(schemas).length} schemas`);
