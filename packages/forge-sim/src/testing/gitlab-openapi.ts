import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS: its default export arrives as the module object under NodeNext.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as unknown as (ajv: Ajv) => Ajv;

/** A Swagger 2.0 parameter of GitLab's description. */
export interface SwaggerParameter {
  name: string;
  in: 'path' | 'query' | 'body' | 'header' | 'formData';
  required?: boolean;
  default?: unknown;
  schema?: { $ref?: string };
}

interface SwaggerOperation {
  parameters?: SwaggerParameter[];
  responses: Record<string, { schema?: unknown }>;
}

/** The operations of GitLab's OpenAPI v2 description that forge-sim answers (see the extract script). */
export const gitlabFixture = JSON.parse(
  readFileSync(new URL('../../fixtures/gitlab-openapi.json', import.meta.url), 'utf8'),
) as {
  info: { version: string };
  'x-operations-not-in-source': string[];
  'x-definitions-not-in-source': string[];
  paths: Record<string, Record<string, SwaggerOperation>>;
  definitions: Record<string, { properties?: Record<string, unknown> }>;
};

/** The operation `method path` of the fixture (path as described, e.g. `/api/v4/projects/{id}`). */
export function gitlabOperation(method: string, path: string) {
  const operation = gitlabFixture.paths[path]?.[method.toLowerCase()];
  if (!operation) throw new Error(`${method} ${path} is not in the GitLab fixture`);
  return operation;
}

const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addFormat('int32', true);
// A definition the source lacks (listed in the fixture) is read as "anything", so that the ones
// that name it still compile; the tests say which are missing.
const stubs = Object.fromEntries(
  gitlabFixture['x-definitions-not-in-source'].map((name) => [name, {}]),
);
ajv.addSchema({ definitions: { ...stubs, ...gitlabFixture.definitions } }, 'gitlab');
const cache = new Map<string, ValidateFunction>();

/** Where `body` differs from the definition `name` (its documented fields and their types). */
export function definitionErrors(name: string, body: unknown) {
  if (!gitlabFixture.definitions[name]) throw new Error(`${name} is not in the GitLab fixture`);
  let validate = cache.get(name);
  if (!validate) {
    validate = ajv.compile({ $ref: `gitlab#/definitions/${name}` });
    cache.set(name, validate);
  }
  if (validate(body)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}
