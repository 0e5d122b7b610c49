import { json, ReplyError, type Reply } from '../http-reply.js';

/** GitLab's error body, `{ "message": "404 Project Not Found" }` (no documentation link). */
export const glError = (
  status: number,
  message: unknown,
  headers?: Record<string, string>,
): Reply => json(status, { message }, headers);

/** Throws GitLab's error body with `status` and `message`. */
export function glFail(status: number, message: unknown): never {
  throw new ReplyError(glError(status, message));
}

/** Throws GitLab's 404 for a missing thing, e.g. `404 Project Not Found`. */
export function notFound(what: string): never {
  glFail(404, `404 ${what} Not Found`);
}

/**
 * Throws the answer of GitLab's parameter validation (Grape): 400 with `error`, each missing
 * parameter said as `{name} is missing`, joined by commas.
 */
export function missingParams(names: readonly string[]): never {
  throw new ReplyError(json(400, { error: names.map((name) => `${name} is missing`).join(', ') }));
}

/** Throws Grape's 400 for a parameter with a value it does not take, e.g. `encoding does not have a valid value`. */
export function invalidParam(name: string): never {
  throw new ReplyError(json(400, { error: `${name} does not have a valid value` }));
}

/** The required string parameters of `body` that are absent or empty (Grape's `requires`). */
export function requireStrings(body: Record<string, unknown>, names: readonly string[]) {
  const absent = names.filter((name) => typeof body[name] !== 'string' || body[name] === '');
  if (absent.length > 0) missingParams(absent);
}
