import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS: its default export arrives as the module object under NodeNext.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as unknown as (ajv: Ajv) => Ajv;

/** The operations of GitHub's OpenAPI description that forge-sim answers (see the extract script). */
export const fixture = JSON.parse(
  readFileSync(new URL('../../fixtures/github-openapi.json', import.meta.url), 'utf8'),
) as {
  paths: Record<string, Record<string, { responses: Record<string, ResponseObject> }>>;
  components: { responses?: Record<string, ResponseObject> };
};

/** An OpenAPI response: a reference to a shared one, or its content by media type. */
interface ResponseObject {
  $ref?: string;
  content?: Record<string, unknown>;
}

/**
 * OpenAPI 3.0's `nullable` beside `oneOf` without a `type` (GitHub's commit author: a user or
 * null) is not JSON Schema, and ajv refuses it: say it in JSON Schema, `anyOf [it, null]`.
 */
function nullableAsJsonSchema(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(nullableAsJsonSchema);
  if (!value || typeof value !== 'object') return value;
  const entries = Object.entries(value).map(([key, inner]) => [key, nullableAsJsonSchema(inner)]);
  const schema = Object.fromEntries(entries) as Record<string, unknown>;
  if (schema.nullable === true && schema.type === undefined) {
    const { nullable: _nullable, ...rest } = schema;
    return { anyOf: [rest, { type: 'null' }] };
  }
  return schema;
}

const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema(nullableAsJsonSchema(fixture) as object, 'github');

const pointer = (...parts: string[]) =>
  parts.map((part) => encodeURIComponent(part.replace(/~/g, '~0').replace(/\//g, '~1'))).join('/');

const cache = new Map<string, ValidateFunction>();

/**
 * The validator of GitHub's documented JSON answer to `method path` with `status` (`path` in
 * the description's spelling, e.g. `/repos/{owner}/{repo}`). Throws when GitHub documents none.
 */
export function responseValidator(method: string, path: string, status: number) {
  const key = `${method} ${path} ${status}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const operation = fixture.paths[path]?.[method.toLowerCase()];
  if (!operation) throw new Error(`${method} ${path} is not in the fixture`);
  let response = operation.responses[String(status)];
  let ref = `#/paths/${pointer(path, method.toLowerCase(), 'responses', String(status))}`;
  if (!response) throw new Error(`GitHub documents no ${status} for ${method} ${path}`);
  if (typeof response.$ref === 'string') {
    ref = response.$ref;
    const name = ref.split('/').at(-1) ?? '';
    response = fixture.components.responses?.[name];
  }
  if (!response?.content?.['application/json']) {
    throw new Error(`GitHub documents no JSON body for ${status} of ${method} ${path}`);
  }
  const validate = ajv.compile({
    $ref: `github${ref}/${pointer('content', 'application/json', 'schema')}`,
  });
  cache.set(key, validate);
  return validate;
}

/** Asserts `body` is what GitHub documents for `method path` with `status`; gives the errors. */
export function schemaErrors(method: string, path: string, status: number, body: unknown) {
  const validate = responseValidator(method, path, status);
  if (validate(body)) return [];
  // GitHub's description has oneOf alternatives that overlap (basic-error and
  // repository-rule-violation-error both fit `{ message, documentation_url }`): an answer that
  // fits more than one alternative is what GitHub itself answers, so only that is let through.
  const errors = (validate.errors ?? []).filter(
    (e) => !(e.keyword === 'oneOf' && Array.isArray(e.params.passingSchemas)),
  );
  return errors.map((e) => `${e.instancePath} ${e.message}`);
}
