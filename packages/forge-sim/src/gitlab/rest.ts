import { json, type Reply } from '../http-reply.js';
import { findProject, requireUser, type GitLabContext, type GitLabRequest } from './context.js';
import { createCommit, getCommit, listCommits } from './commits.js';
import { notFound } from './errors.js';
import { filePathOf, getFile, getRawFile, writeFile } from './files.js';
import { createProject, getBranch, getProject } from './projects.js';
import { getBlob, getRawBlob, listRepositoryTree } from './repository.js';
import { currentUser, userBasic, userProfile } from './representations.js';

export type { GitLabContext, GitLabRequest } from './context.js';

/** GitLab's answer to a token whose scopes do not reach the route (RFC 6750's insufficient_scope). */
function insufficientScope(needed: string): Reply {
  const description = 'The request requires higher privileges than provided by the access token.';
  return json(
    403,
    { error: 'insufficient_scope', error_description: description, scope: needed },
    {
      'www-authenticate': `Bearer realm="Protected by OAuth 2.0", error="insufficient_scope", error_description="${description}", scope="${needed}"`,
    },
  );
}

/**
 * The scope check GitLab makes before a route: reading needs `api` or `read_api` (`read_user`
 * also reads the user), writing needs `api`. Undefined when the token may go on.
 */
function scopeRefusal(request: GitLabRequest, userRoute: boolean): Reply | undefined {
  const { scopes } = request;
  if (!scopes || scopes.includes('api')) return undefined;
  const reading = request.method === 'GET' || request.method === 'HEAD';
  if (!reading) return insufficientScope('api');
  if (scopes.includes('read_api')) return undefined;
  if (userRoute && scopes.includes('read_user')) return undefined;
  return insufficientScope(userRoute ? 'api read_api read_user' : 'api read_api');
}

const SEGMENT = '([^/]+)';

/** Answers one request of GitLab's REST v4 dialect (`path` below `/api/v4`). */
export async function answerGitLab(ctx: GitLabContext, request: GitLabRequest): Promise<Reply> {
  const { method, path } = request;
  const url = `${ctx.origins.api}${path}`;
  const userRoute = path === '/user' || path === '/users' || path.startsWith('/users/');
  const refused = request.user ? scopeRefusal(request, userRoute) : undefined;
  if (refused) return refused;
  const read = method === 'GET' || method === 'HEAD';
  let m: RegExpExecArray | null;

  if (path === '/user' && read) {
    return json(200, currentUser(requireUser(request), ctx.origins));
  }
  if (path === '/users' && read) {
    const username = request.query.get('username');
    const found = username ? ctx.users.byLogin(username) : undefined;
    return json(200, found ? [userBasic(found, ctx.origins)] : []);
  }
  if ((m = /^\/users\/(\d+)$/.exec(path)) && read) {
    const user = ctx.users.byId(Number(m[1]));
    if (!user) notFound('User');
    return json(200, userProfile(user, ctx.origins));
  }
  if (path === '/projects' && method === 'POST') return createProject(ctx, request);

  if (!(m = new RegExp(`^/projects/${SEGMENT}(/.*)?$`).exec(path))) {
    return json(404, { error: '404 Not Found' });
  }
  const id = m[1] ?? '';
  const rest = m[2] ?? '';
  if (rest === '' && read) return getProject(ctx, request, id);
  if (rest === '/repository/tree' && read) return listRepositoryTree(ctx, request, id, url);
  if ((m = new RegExp(`^/repository/branches/${SEGMENT}$`).exec(rest)) && read) {
    return getBranch(ctx, request, id, decodeURIComponent(m[1] ?? ''));
  }
  if ((m = new RegExp(`^/repository/blobs/${SEGMENT}(/raw)?$`).exec(rest)) && read) {
    return m[2] ? getRawBlob(ctx, request, id, m[1] ?? '') : getBlob(ctx, request, id, m[1] ?? '');
  }
  if ((m = new RegExp(`^/repository/files/${SEGMENT}(/raw)?$`).exec(rest))) {
    const filePath = filePathOf(m[1] ?? '');
    if (m[2] && method === 'GET') return getRawFile(ctx, request, id, filePath);
    if (!m[2] && read) return getFile(ctx, request, id, filePath);
    if (!m[2] && ['POST', 'PUT', 'DELETE'].includes(method)) {
      return writeFile(ctx, request, id, filePath);
    }
  }
  if (rest === '/repository/commits') {
    if (read) return listCommits(ctx, request, id, url);
    if (method === 'POST') return createCommit(ctx, request, id);
  }
  if ((m = new RegExp(`^/repository/commits/${SEGMENT}$`).exec(rest)) && read) {
    return getCommit(ctx, request, id, decodeURIComponent(m[1] ?? ''));
  }
  // A route forge-sim does not answer: GitLab's 404 for an unknown route, once the project is
  // known to be visible (a hidden project stays a 404 Project Not Found).
  findProject(ctx, request, id);
  return json(404, { error: '404 Not Found' });
}
