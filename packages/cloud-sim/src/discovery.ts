import { readFileSync } from 'node:fs';

/** A schema of a discovery document (the parts the checks read). */
export interface DiscoverySchema {
  $ref?: string;
  type?: string;
  format?: string;
  properties?: Record<string, DiscoverySchema>;
  additionalProperties?: DiscoverySchema;
  items?: DiscoverySchema;
}

/** A method of a discovery document. */
export interface DiscoveryMethod {
  id: string;
  httpMethod: string;
  path: string;
  parameters?: Record<string, { location: string; required?: boolean }>;
  request?: { $ref: string };
  response?: { $ref: string };
  mediaUpload?: { protocols: { simple?: { path: string }; resumable?: { path: string } } };
  supportsMediaDownload?: boolean;
}

/** A discovery document kept in fixtures/: Google's published description of an API, which the
 * stand-in and the app's clients are both checked against. */
export interface Discovery {
  name: string;
  version: string;
  revision: string;
  servicePath: string;
  parameters: Record<string, unknown>;
  resources?: Record<string, Resource>;
  methods?: Record<string, DiscoveryMethod>;
  schemas: Record<string, DiscoverySchema>;
}
interface Resource {
  methods?: Record<string, DiscoveryMethod>;
  resources?: Record<string, Resource>;
}

/** Reads `fixtures/{file}` (drive-v3.json, people-v1.json, oauth2-v2.json, blogger-v3.json). */
export function discovery(file: string): Discovery {
  return JSON.parse(
    readFileSync(new URL(`../fixtures/${file}`, import.meta.url), 'utf8'),
  ) as Discovery;
}

function* allMethods(resources: Record<string, Resource> | undefined): Generator<DiscoveryMethod> {
  for (const resource of Object.values(resources ?? {})) {
    yield* Object.values(resource.methods ?? {});
    yield* allMethods(resource.resources);
  }
}

/** Every method of the document, its resources' and their sub-resources'. */
export function discoveryMethods(doc: Discovery): DiscoveryMethod[] {
  return [...Object.values(doc.methods ?? {}), ...allMethods(doc.resources)];
}

/** The method with this id (`drive.files.list`), or undefined when the document has none. */
export function methodById(doc: Discovery, id: string): DiscoveryMethod | undefined {
  return [...Object.values(doc.methods ?? {}), ...allMethods(doc.resources)].find(
    (method) => method.id === id,
  );
}

/** Whether `name` is a parameter of the method or one of the document's global ones. */
export const hasParameter = (doc: Discovery, method: DiscoveryMethod, name: string) =>
  name in (method.parameters ?? {}) || name in doc.parameters;

const kind = (value: unknown) =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;

/**
 * Where `value` departs from the schema `name` of `doc`: every key must be a property the schema
 * names, with the JSON type it gives (int64 and uint64 are strings in Google's JSON), recursively.
 */
export function schemaErrors(doc: Discovery, name: string, value: unknown): string[] {
  return schemaErrorsAt(doc, { $ref: name }, value, name);
}

/** {@link schemaErrors} of `value` against `schema` itself (a `$ref` or a schema inline, as a
 * method's request, response or a property gives it), its path in the messages starting `at`. */
export function schemaErrorsAt(
  doc: Discovery,
  schema: DiscoverySchema,
  value: unknown,
  at: string,
): string[] {
  const check = schemaErrorsAt;
  if (schema.$ref) {
    const target = doc.schemas[schema.$ref];
    if (!target) return [`${at}: the document has no schema ${schema.$ref}`];
    return check(doc, target, value, at);
  }
  const actual = kind(value);
  switch (schema.type) {
    case 'object': {
      if (actual !== 'object') return [`${at}: an object expected, ${actual} given`];
      const entries = Object.entries(value as Record<string, unknown>);
      return entries.flatMap(([key, inner]) => {
        const property = schema.properties?.[key] ?? schema.additionalProperties;
        if (!property) return [`${at}.${key}: not a field of the schema`];
        return check(doc, property, inner, `${at}.${key}`);
      });
    }
    case 'array':
      if (actual !== 'array') return [`${at}: an array expected, ${actual} given`];
      return (value as unknown[]).flatMap((item, index) =>
        check(doc, schema.items ?? {}, item, `${at}[${index}]`),
      );
    case 'string':
      return actual === 'string' ? [] : [`${at}: a string expected, ${actual} given`];
    case 'boolean':
      return actual === 'boolean' ? [] : [`${at}: a boolean expected, ${actual} given`];
    case 'integer':
    case 'number':
      return actual === 'number' ? [] : [`${at}: a number expected, ${actual} given`];
    default:
      return [];
  }
}
