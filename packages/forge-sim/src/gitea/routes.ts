import {
  GiteaError,
  notFound,
  type GiteaContext,
  type GiteaReply,
  type GiteaRequest,
} from './context.js';
import { changeFiles, deleteFile, getContents, writeFile } from './contents.js';
import { getBlob, getTree, listCommits } from './git-data.js';
import { createRepo, getBranch, getRepo, getSelf, getUser } from './repos.js';

/** One operation of the dialect, in the spelling of Gitea's swagger.v1.json. */
export interface GiteaRoute {
  method: string;
  path: string;
  /** The query parameters the operation reads. */
  query: readonly string[];
  /** The body fields the operation reads. */
  body: readonly string[];
  answer: (ctx: GiteaContext, request: GiteaRequest) => Promise<GiteaReply>;
}

const FILE_OPTIONS = ['branch', 'new_branch', 'message', 'author', 'committer', 'dates'];

/** Every operation the Gitea dialect answers (tests check each against the fixture). */
export const GITEA_ROUTES: readonly GiteaRoute[] = [
  { method: 'GET', path: '/user', query: [], body: [], answer: getSelf },
  { method: 'GET', path: '/users/{username}', query: [], body: [], answer: getUser },
  {
    method: 'POST',
    path: '/user/repos',
    query: [],
    body: ['name', 'private', 'description', 'auto_init', 'default_branch', 'template'],
    answer: createRepo,
  },
  { method: 'GET', path: '/repos/{owner}/{repo}', query: [], body: [], answer: getRepo },
  {
    method: 'GET',
    path: '/repos/{owner}/{repo}/branches/{branch}',
    query: [],
    body: [],
    answer: getBranch,
  },
  {
    method: 'GET',
    path: '/repos/{owner}/{repo}/git/trees/{sha}',
    query: ['recursive', 'page', 'per_page'],
    body: [],
    answer: getTree,
  },
  {
    method: 'GET',
    path: '/repos/{owner}/{repo}/git/blobs/{sha}',
    query: [],
    body: [],
    answer: getBlob,
  },
  {
    method: 'GET',
    path: '/repos/{owner}/{repo}/contents',
    query: ['ref'],
    body: [],
    answer: getContents,
  },
  {
    method: 'POST',
    path: '/repos/{owner}/{repo}/contents',
    query: [],
    body: ['files', ...FILE_OPTIONS],
    answer: changeFiles,
  },
  {
    method: 'GET',
    path: '/repos/{owner}/{repo}/contents/{filepath}',
    query: ['ref'],
    body: [],
    answer: getContents,
  },
  {
    method: 'POST',
    path: '/repos/{owner}/{repo}/contents/{filepath}',
    query: [],
    body: ['content', ...FILE_OPTIONS],
    answer: writeFile,
  },
  {
    method: 'PUT',
    path: '/repos/{owner}/{repo}/contents/{filepath}',
    query: [],
    body: ['content', 'sha', 'from_path', ...FILE_OPTIONS],
    answer: writeFile,
  },
  {
    method: 'DELETE',
    path: '/repos/{owner}/{repo}/contents/{filepath}',
    query: [],
    body: ['sha', ...FILE_OPTIONS],
    answer: deleteFile,
  },
  {
    method: 'GET',
    path: '/repos/{owner}/{repo}/commits',
    query: ['sha', 'path', 'stat', 'verification', 'files', 'page', 'limit'],
    body: [],
    answer: listCommits,
  },
];

/** A route's path as a pattern: `{filepath}` takes slashes, other parameters one segment. */
function pattern(path: string) {
  const names: string[] = [];
  const source = path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    names.push(name);
    return name === 'filepath' ? '(.+)' : '([^/]+)';
  });
  return { regex: new RegExp(`^${source}$`), names };
}

const COMPILED = GITEA_ROUTES.map((route) => ({ route, ...pattern(route.path) }));

/**
 * Answers one request below `/api/v1`: the route, the repository's visibility (a private one
 * is a 404 to all but its owner) and the right to write (401 without a token, 403 for others).
 */
export async function answerGitea(
  ctx: GiteaContext,
  path: string,
  request: Omit<GiteaRequest, 'params' | 'repo'>,
): Promise<GiteaReply> {
  let matchedPath = false;
  for (const { route, regex, names } of COMPILED) {
    const match = regex.exec(path);
    if (!match) continue;
    matchedPath = true;
    if (route.method !== request.method) continue;
    const params = Object.fromEntries(
      names.map((name, index) => [name, decodeURIComponent(match[index + 1] ?? '')]),
    );
    const full: GiteaRequest = { ...request, params };
    if (params.owner !== undefined && params.repo !== undefined) {
      const repo = ctx.repos.get(params.owner, params.repo);
      const isOwner = request.user?.login.toLowerCase() === repo?.owner.toLowerCase();
      if (!repo || (repo.private && !isOwner)) throw notFound();
      if (request.method !== 'GET') {
        if (!request.user) throw new GiteaError(401, 'token is required');
        if (!isOwner) throw new GiteaError(403, 'user should have a permission to write to a repo');
      }
      full.repo = repo;
    }
    return route.answer(ctx, full);
  }
  // Gitea answers an unknown route 404, and a known one with another method 405, bodiless.
  if (matchedPath) return { status: 405, body: undefined };
  throw notFound();
}
