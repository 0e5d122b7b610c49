import { GiteeError, type GiteeContext, type GiteeReply, type GiteeRequest } from './context.js';
import { createFile, deleteFile, getContents, updateFile } from './contents.js';
import { createGist, getGist, gistCommits, updateGist } from './gists.js';
import { getBlob, getCommit, getTree, listCommits } from './git-data.js';
import { createRepo, getBranch, getRepo, getSelf, getUser } from './repos.js';

/** One operation of the dialect, in the spelling of Gitee's v5 description. */
export interface GiteeRoute {
  method: string;
  path: string;
  /** The parameters the operation reads (besides `access_token` and the path's). */
  params: readonly string[];
  answer: (ctx: GiteeContext, request: GiteeRequest) => Promise<GiteeReply>;
}

const WRITE = [
  'message',
  'branch',
  'committer[name]',
  'committer[email]',
  'author[name]',
  'author[email]',
];

/** Every operation the Gitee dialect answers (tests check each against the fixture). */
export const GITEE_ROUTES: readonly GiteeRoute[] = [
  { method: 'GET', path: '/v5/user', params: [], answer: getSelf },
  { method: 'GET', path: '/v5/users/{username}', params: [], answer: getUser },
  {
    method: 'POST',
    path: '/v5/user/repos',
    params: ['name', 'description', 'private', 'auto_init'],
    answer: createRepo,
  },
  { method: 'GET', path: '/v5/repos/{owner}/{repo}', params: [], answer: getRepo },
  {
    method: 'GET',
    path: '/v5/repos/{owner}/{repo}/branches/{branch}',
    params: [],
    answer: getBranch,
  },
  {
    method: 'GET',
    path: '/v5/repos/{owner}/{repo}/git/trees/{sha}',
    params: ['recursive'],
    answer: getTree,
  },
  { method: 'GET', path: '/v5/repos/{owner}/{repo}/git/blobs/{sha}', params: [], answer: getBlob },
  {
    method: 'GET',
    path: '/v5/repos/{owner}/{repo}/contents/{path}',
    params: ['ref'],
    answer: getContents,
  },
  {
    method: 'POST',
    path: '/v5/repos/{owner}/{repo}/contents/{path}',
    params: ['content', ...WRITE],
    answer: createFile,
  },
  {
    method: 'PUT',
    path: '/v5/repos/{owner}/{repo}/contents/{path}',
    params: ['content', 'sha', ...WRITE],
    answer: updateFile,
  },
  {
    method: 'DELETE',
    path: '/v5/repos/{owner}/{repo}/contents/{path}',
    params: ['sha', ...WRITE],
    answer: deleteFile,
  },
  {
    method: 'GET',
    path: '/v5/repos/{owner}/{repo}/commits',
    params: ['sha', 'path', 'page', 'per_page'],
    answer: listCommits,
  },
  { method: 'GET', path: '/v5/repos/{owner}/{repo}/commits/{sha}', params: [], answer: getCommit },
  {
    method: 'POST',
    path: '/v5/gists',
    params: ['files', 'description', 'public'],
    answer: createGist,
  },
  { method: 'GET', path: '/v5/gists/{id}', params: [], answer: getGist },
  {
    method: 'PATCH',
    path: '/v5/gists/{id}',
    params: ['files', 'description', 'public'],
    answer: updateGist,
  },
  { method: 'GET', path: '/v5/gists/{id}/commits', params: [], answer: gistCommits },
];

function pattern(path: string) {
  const names: string[] = [];
  const source = path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    names.push(name);
    return name === 'path' ? '(.+)' : '([^/]+)';
  });
  return { regex: new RegExp(`^${source}$`), names };
}

const COMPILED = GITEE_ROUTES.map((route) => ({ route, ...pattern(route.path) }));

/**
 * Answers one request below `/api`: the route, the repository's visibility (a private one is
 * Gitee's 404 "Not Found Project" to all but its owner) and the right to write (owner only).
 */
export async function answerGitee(
  ctx: GiteeContext,
  path: string,
  request: Omit<GiteeRequest, 'params' | 'repo'>,
): Promise<GiteeReply> {
  for (const { route, regex, names } of COMPILED) {
    const match = regex.exec(path);
    if (!match || route.method !== request.method) continue;
    const params = Object.fromEntries(
      names.map((name, index) => [name, decodeURIComponent(match[index + 1] ?? '')]),
    );
    const full: GiteeRequest = { ...request, params };
    if (params.owner !== undefined && params.repo !== undefined) {
      const repo = ctx.repos.get(params.owner, params.repo);
      const isOwner = request.user?.login.toLowerCase() === repo?.owner.toLowerCase();
      if (!repo || (repo.private && !isOwner)) throw new GiteeError(404, 'Not Found Project');
      if (request.method !== 'GET') {
        if (!request.user)
          throw new GiteeError(401, '401 Unauthorized: Access token does not exist');
        if (!isOwner) throw new GiteeError(403, '403 Forbidden');
      }
      full.repo = repo;
    }
    return route.answer(ctx, full);
  }
  throw new GiteeError(404, 'Not Found');
}
