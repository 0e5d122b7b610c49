import type { Gists } from '../gists.js';
import type { ForgeRepo, Repositories } from '../repositories.js';
import type { ForgeUser, Users } from '../users.js';

/** What the Gitee dialect reads and changes. */
export interface GiteeContext {
  users: Users;
  repos: Repositories;
  gists: Gists;
  /** The site's URL (gitee.com's place). */
  web: string;
  /** `{web}/api/v5`. */
  api: string;
  /** Past this many entries a recursive tree answers `truncated: true`. */
  treeLimit: number;
  /** A truncateTree fault on this request: a recursive tree keeps this many entries (negative:
   * half), `truncated: true`. */
  truncateTo?: number;
}

/**
 * One request of the Gitee dialect. Gitee's API (Grape) reads its parameters from the query and
 * from a form or JSON body alike: `fields` holds them merged (the body's over the query's).
 */
export interface GiteeRequest {
  method: string;
  fields: Record<string, unknown>;
  user: ForgeUser | undefined;
  params: Record<string, string>;
  repo?: ForgeRepo;
}

/** A Gitee answer. */
export interface GiteeReply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** Thrown to answer Gitee's error body, `{ "message": … }`. */
export class GiteeError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'GiteeError';
  }
}

/** The string parameter `key` (or `fallback`). */
export const param = (request: GiteeRequest, key: string, fallback = '') => {
  const value = request.fields[key];
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : fallback;
};

/** A boolean parameter as Grape coerces it (`true`, `1`). */
export const flag = (request: GiteeRequest, key: string) => {
  const value = request.fields[key];
  return value === true || value === 'true' || value === '1' || value === 1;
};

/**
 * Grape's 400 for a required parameter that is absent: "{name} is missing". Grape's presence
 * check asks only whether the key is there (`params.key?(attr_name)`, Grape's
 * PresenceValidator, rubydoc.info/gems/grape/1.3.0/Grape/Validations/PresenceValidator): an
 * empty value, such as the base64 of an empty file, is present.
 */
export function required(request: GiteeRequest, ...names: string[]) {
  const missing = names.filter((name) => {
    const value = request.fields[name];
    return value === undefined || value === null;
  });
  if (missing.length > 0) throw new GiteeError(400, `${missing.join(', ')} is missing`);
}

/** `{name, email}` from `who[name]`/`who[email]` (a form) or `who: {name, email}` (JSON). */
export function person(request: GiteeRequest, who: 'author' | 'committer') {
  const nested = request.fields[who];
  const record =
    typeof nested === 'object' && nested !== null ? (nested as Record<string, unknown>) : {};
  const name = typeof record.name === 'string' ? record.name : param(request, `${who}[name]`);
  const email = typeof record.email === 'string' ? record.email : param(request, `${who}[email]`);
  return name && email ? { name, email } : undefined;
}
