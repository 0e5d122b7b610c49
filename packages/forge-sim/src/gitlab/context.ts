import type { RefreshableTokens } from '../oauth/tokens.js';
import type { ForgeRepo, Repositories } from '../repositories.js';
import type { ForgeUser, Users } from '../users.js';
import { glFail, notFound } from './errors.js';
import type { GitLabOrigins } from './representations.js';

/** What GitLab's dialect reads and changes. */
export interface GitLabContext {
  users: Users;
  repos: Repositories;
  origins: GitLabOrigins;
  tokens: RefreshableTokens;
}

/** One request of GitLab's REST v4 dialect, its body parsed. */
export interface GitLabRequest {
  method: string;
  /** The path below `/api/v4` as sent, its segments still percent-encoded. */
  path: string;
  query: URLSearchParams;
  body: Record<string, unknown>;
  user: ForgeUser | undefined;
  /** The scopes of the caller's token; undefined: a token that may do everything. */
  scopes: readonly string[] | undefined;
}

/** The signed-in user, or GitLab's 401. */
export function requireUser(request: GitLabRequest) {
  if (!request.user) glFail(401, '401 Unauthorized');
  return request.user;
}

/**
 * The project a path segment names: its numeric id or its URL-encoded path (`alice%2Fnotes`).
 * A private project of someone else is not found, as GitLab hides it.
 */
export function findProject(ctx: GitLabContext, request: GitLabRequest, segment: string) {
  const id = decodeURIComponent(segment);
  let repo: ForgeRepo | undefined;
  if (/^\d+$/.test(id)) {
    repo = ctx.repos.byId(Number(id));
  } else {
    const slash = id.indexOf('/');
    if (slash > 0) repo = ctx.repos.get(id.slice(0, slash), id.slice(slash + 1));
  }
  if (!repo || (repo.private && !isOwner(repo, request.user))) notFound('Project');
  return repo;
}

/** Whether `user` owns `repo` (forge-sim's projects have one member, their owner). */
export const isOwner = (repo: ForgeRepo, user: ForgeUser | undefined) =>
  !!user && user.login.toLowerCase() === repo.owner.toLowerCase();

/** GitLab's 403 unless the caller may push to `repo`. */
export function requireWrite(request: GitLabRequest, repo: ForgeRepo) {
  requireUser(request);
  if (!isOwner(repo, request.user)) glFail(403, '403 Forbidden');
}
