import { readFileSync } from 'node:fs';

/** A Swagger 2.0 schema, as far as the checks read it. */
interface Schema {
  $ref?: string;
  type?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
}

/** A Swagger 2.0 parameter. */
interface Parameter {
  name: string;
  in: string;
  schema?: Schema;
}

/** A Swagger 2.0 description, as a fixture of scripts/extract-swagger.mjs keeps it. */
export interface SwaggerFixture {
  basePath: string;
  paths: Record<
    string,
    Record<
      string,
      { parameters?: Parameter[]; responses: Record<string, { $ref?: string; schema?: Schema }> }
    >
  >;
  definitions: Record<string, Schema>;
  responses: Record<string, { schema?: Schema }>;
}

/** Reads `fixtures/{name}-swagger.json`. */
export function loadSwagger(name: 'gitea' | 'gitee'): SwaggerFixture {
  return JSON.parse(
    readFileSync(new URL(`../../fixtures/${name}-swagger.json`, import.meta.url), 'utf8'),
  ) as SwaggerFixture;
}

/** How strictly a documented `type: string` is read. */
export interface CheckOptions {
  /**
   * Gitee's description (generated from Grape entities) says `string` for any field whose entity
   * declares no type, objects and numbers included: with this set, such a field must be present
   * but may hold any JSON value. Every other documented type is checked.
   */
  untypedStrings?: boolean;
}

const kind = (value: unknown) =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;

function resolveRef(fixture: SwaggerFixture, schema: Schema): Schema {
  let current = schema;
  while (current.$ref) {
    const name = current.$ref.replace('#/definitions/', '');
    const next = fixture.definitions[name];
    if (!next) throw new Error(`${current.$ref} is not in the fixture`);
    current = next;
  }
  return current;
}

/**
 * Where `value` differs from `schema`: every documented property must be present (null stands
 * for an absent value, as Go's pointers and Ruby's nil are answered), with the documented type.
 */
export function schemaDifferences(
  fixture: SwaggerFixture,
  schema: Schema,
  value: unknown,
  options: CheckOptions = {},
  at = '',
): string[] {
  const resolved = resolveRef(fixture, schema);
  const actual = kind(value);
  if (actual === 'null') return [];
  const type = resolved.type ?? (resolved.properties ? 'object' : undefined);
  switch (type) {
    case undefined:
      return [];
    case 'string':
      return options.untypedStrings || actual === 'string'
        ? []
        : [`${at || '/'}: ${actual}, documented string`];
    case 'integer':
      return Number.isInteger(value) ? [] : [`${at || '/'}: ${actual}, documented integer`];
    case 'number':
      return actual === 'number' ? [] : [`${at || '/'}: ${actual}, documented number`];
    case 'boolean':
      return actual === 'boolean' ? [] : [`${at || '/'}: ${actual}, documented boolean`];
    case 'file':
      return [];
    case 'array':
      if (actual !== 'array') return [`${at || '/'}: ${actual}, documented array`];
      return resolved.items
        ? (value as unknown[]).flatMap((item, index) =>
            schemaDifferences(fixture, resolved.items as Schema, item, options, `${at}/${index}`),
          )
        : [];
    case 'object': {
      if (actual !== 'object') return [`${at || '/'}: ${actual}, documented object`];
      const record = value as Record<string, unknown>;
      return Object.entries(resolved.properties ?? {}).flatMap(([key, inner]) =>
        key in record
          ? schemaDifferences(fixture, inner, record[key], options, `${at}/${key}`)
          : [`${at}/${key}: documented, not answered`],
      );
    }
    default:
      return [`${at || '/'}: unknown documented type ${type}`];
  }
}

/** The documented schema of the answer `status` to `method path` (the description's spelling). */
export function responseSchema(
  fixture: SwaggerFixture,
  method: string,
  path: string,
  status: number,
): Schema {
  const operation = fixture.paths[path]?.[method.toLowerCase()];
  if (!operation) throw new Error(`${method} ${path} is not in the fixture`);
  let response = operation.responses[String(status)];
  if (!response) throw new Error(`No ${status} documented for ${method} ${path}`);
  if (response.$ref) response = fixture.responses[response.$ref.replace('#/responses/', '')];
  if (!response?.schema) throw new Error(`No body documented for ${status} of ${method} ${path}`);
  return response.schema;
}

/** Where the answer `body` with `status` to `method path` differs from the description. */
export function answerDifferences(
  fixture: SwaggerFixture,
  method: string,
  path: string,
  status: number,
  body: unknown,
  options?: CheckOptions,
) {
  return schemaDifferences(fixture, responseSchema(fixture, method, path, status), body, options);
}

/** The parameters `method path` documents, by where they go (`query`, `body`, `formData`…). */
export function documentedParameters(fixture: SwaggerFixture, method: string, path: string) {
  const operation = fixture.paths[path]?.[method.toLowerCase()];
  if (!operation) throw new Error(`${method} ${path} is not in the fixture`);
  const byPlace = new Map<string, Set<string>>();
  for (const parameter of operation.parameters ?? []) {
    const names = byPlace.get(parameter.in) ?? new Set<string>();
    names.add(parameter.name);
    if (parameter.in === 'body' && parameter.schema) {
      for (const key of Object.keys(resolveRef(fixture, parameter.schema).properties ?? {})) {
        names.add(key);
      }
    }
    byPlace.set(parameter.in, names);
  }
  return byPlace;
}
