import type { Gists } from '../gists.js';
import { fail, json, type Reply } from '../http-reply.js';
import type { Repositories } from '../repositories.js';
import type { ForgeUser, Users } from '../users.js';
import * as commits from './commits.js';
import * as contents from './contents.js';
import * as gitData from './git-data.js';
import * as refs from './refs.js';
import * as gists from './gists.js';
import { fullRepository, privateUser, publicUser, type Origins } from './representations.js';
import { generateFromTemplate, updateRepository } from './templates.js';

/** One REST request, its body already parsed. */
export interface RestRequest {
  method: string;
  /** The path below the API root, e.g. `/user`. */
  path: string;
  query: URLSearchParams;
  body: unknown;
  user: ForgeUser | undefined;
  /** The OAuth scopes of the caller's token; undefined: a token without recorded scopes. */
  scopes?: readonly string[] | undefined;
  /** The Accept header (`application/vnd.github.raw` asks the contents API for bytes). */
  accept?: string | undefined;
  /** Faults that change the answer rather than replace it. */
  fault?: { stale?: boolean; truncateTo?: number } | undefined;
}

/** What the REST dialect reads and changes. */
export interface RestContext {
  users: Users;
  repos: Repositories;
  origins: Origins;
  treeLimit: number;
  gists: Gists;
}

const requireUser = (request: RestRequest) => {
  if (!request.user) fail(401, 'Requires authentication');
  return request.user;
};

const REPO_NAME = /^[A-Za-z0-9._-]{1,100}$/;

/** Whether a token's scopes allow `scope` (no recorded scopes: everything, `repo` ⊇ `public_repo`). */
const allows = (request: RestRequest, scope: string) =>
  !request.scopes ||
  request.scopes.includes(scope) ||
  (scope === 'public_repo' && request.scopes.includes('repo'));

const GIST_ID = '([0-9a-f]+)';

/** The gist routes: create, get, update, revisions and one revision. */
function routeGists(ctx: RestContext, request: RestRequest): Promise<Reply> | undefined {
  const { method, path } = request;
  if (!path.startsWith('/gists')) return undefined;
  const gistCtx: gists.GistContext = {
    gists: ctx.gists,
    users: ctx.users,
    origins: ctx.origins,
    user: request.user,
  };
  // Writing a gist needs the gist scope; GitHub hides what a token may not touch (404).
  if (method !== 'GET' && request.user && !allows(request, 'gist')) fail(404, 'Not Found');
  let match: RegExpExecArray | null;
  if (path === '/gists' && method === 'POST') return gists.createGist(gistCtx, request.body);
  if ((match = new RegExp(`^/gists/${GIST_ID}$`).exec(path))) {
    if (method === 'GET') return gists.getGist(gistCtx, match[1] ?? '');
    if (method === 'PATCH') return gists.updateGist(gistCtx, match[1] ?? '', request.body);
  }
  if ((match = new RegExp(`^/gists/${GIST_ID}/commits$`).exec(path)) && method === 'GET') {
    return gists.listGistCommits(gistCtx, match[1] ?? '', request.query);
  }
  if ((match = new RegExp(`^/gists/${GIST_ID}/([^/]+)$`).exec(path)) && method === 'GET') {
    return gists.getGistRevision(gistCtx, match[1] ?? '', match[2] ?? '');
  }
  return undefined;
}

/** Answers one request of GitHub's REST v3 dialect. */
export async function answerRest(ctx: RestContext, request: RestRequest): Promise<Reply> {
  const { method, path } = request;
  if (path === '/user' && method === 'GET') {
    const user = requireUser(request);
    const owned = ctx.repos.ownedBy(user.login);
    const privateRepos = owned.filter((repo) => repo.private).length;
    return json(
      200,
      privateUser(user, ctx.origins, { publicRepos: owned.length - privateRepos, privateRepos }),
    );
  }
  const byId = /^\/user\/(\d+)$/.exec(path);
  if (byId && method === 'GET') {
    const user = ctx.users.byId(Number(byId[1]));
    if (!user) fail(404, 'Not Found');
    const publicRepos = ctx.repos.ownedBy(user.login).filter((repo) => !repo.private).length;
    return json(200, publicUser(user, ctx.origins, publicRepos));
  }
  const byLogin = /^\/users\/([^/]+)$/.exec(path);
  if (byLogin && method === 'GET') {
    // Where every user's `url` points: the public profile by login.
    const user = ctx.users.byLogin(decodeURIComponent(byLogin[1] ?? ''));
    if (!user) fail(404, 'Not Found');
    const publicRepos = ctx.repos.ownedBy(user.login).filter((repo) => !repo.private).length;
    return json(200, publicUser(user, ctx.origins, publicRepos));
  }
  if (path === '/user/repos' && method === 'POST') return createRepo(ctx, request);
  const gistAnswer = routeGists(ctx, request);
  if (gistAnswer) return gistAnswer;

  const repoPath = /^\/repos\/([^/]+)\/([^/]+)(\/.*)?$/.exec(path);
  if (repoPath) {
    const [, owner = '', name = '', rest = ''] = repoPath;
    const repo = ctx.repos.get(owner, name);
    // A private repository is invisible to all but its owner: 404, as GitHub.
    // (So is one a token without the repo scope reaches.)
    if (
      !repo ||
      (repo.private &&
        (request.user?.login.toLowerCase() !== repo.owner.toLowerCase() ||
          !allows(request, 'repo')))
    ) {
      fail(404, 'Not Found');
    }
    const ownerUser = ctx.users.byLogin(repo.owner);
    if (!ownerUser) fail(404, 'Not Found');
    const isOwner = request.user?.id === ownerUser.id;
    if (rest === '' && method === 'GET') {
      return json(200, fullRepository(repo, ownerUser, ctx.origins, { pushedAt: null, isOwner }));
    }
    if (rest === '/generate' && method === 'POST') {
      if (request.user && !allows(request, 'public_repo')) fail(404, 'Not Found');
      return generateFromTemplate(
        { repos: ctx.repos, origins: ctx.origins, user: request.user },
        repo,
        request.body,
      );
    }
    const git: commits.CommitsContext = {
      repo,
      user: request.user,
      origins: ctx.origins,
      treeLimit: ctx.treeLimit,
      users: ctx.users,
      ...(request.fault?.stale ? { stale: true } : {}),
      ...(request.fault?.truncateTo !== undefined ? { truncateTo: request.fault.truncateTo } : {}),
    };
    const writing = method !== 'GET';
    if (writing && (!isOwner || !allows(request, 'public_repo'))) {
      if (!request.user) fail(401, 'Requires authentication');
      fail(404, 'Not Found');
    }
    const route = (): Promise<Reply> | undefined => {
      let match: RegExpExecArray | null;
      if (rest === '' && method === 'PATCH') {
        return Promise.resolve(updateRepository(repo, ownerUser, ctx.origins, request.body));
      }
      if (rest === '/commits' && method === 'GET') return commits.listCommits(git, request.query);
      if ((match = /^\/commits\/([^/]+)$/.exec(rest)) && method === 'GET') {
        return commits.getRestCommit(git, decodeURIComponent(match[1] ?? ''));
      }
      if ((match = /^\/branches\/(.+)$/.exec(rest)) && method === 'GET') {
        return commits.getBranch(git, decodeURIComponent(match[1] ?? ''));
      }
      if ((match = /^\/contents(?:\/(.*))?$/.exec(rest))) {
        const file = decodeURIComponent(match[1] ?? '');
        if (method === 'GET') {
          const raw = /application\/vnd\.github(?:\.v3)?\.raw/.test(request.accept ?? '');
          return contents.getContents(git, file, request.query, raw);
        }
        if (method === 'PUT') return contents.putContents(git, file, request.body);
        if (method === 'DELETE') return contents.deleteContents(git, file, request.body);
      }
      if (rest === '/git/blobs' && method === 'POST') return gitData.createBlob(git, request.body);
      if ((match = /^\/git\/blobs\/([^/]+)$/.exec(rest)) && method === 'GET') {
        return gitData.getBlob(git, match[1] ?? '');
      }
      if (rest === '/git/trees' && method === 'POST') return gitData.createTree(git, request.body);
      if ((match = /^\/git\/trees\/(.+)$/.exec(rest)) && method === 'GET') {
        // Any value asks for every level, 0 and false included, as GitHub documents it.
        const recursive = request.query.has('recursive');
        return gitData.getTree(git, decodeURIComponent(match[1] ?? ''), recursive);
      }
      if (rest === '/git/commits' && method === 'POST') {
        return gitData.createCommit(git, request.body);
      }
      if ((match = /^\/git\/commits\/([^/]+)$/.exec(rest)) && method === 'GET') {
        return gitData.getCommit(git, match[1] ?? '');
      }
      if ((match = /^\/git\/ref\/(.+)$/.exec(rest)) && method === 'GET') {
        return refs.getRef(git, decodeURIComponent(match[1] ?? ''));
      }
      if (rest === '/git/refs' && method === 'POST') return refs.createRef(git, request.body);
      if ((match = /^\/git\/refs\/(.+)$/.exec(rest)) && method === 'PATCH') {
        return refs.updateRef(git, decodeURIComponent(match[1] ?? ''), request.body);
      }
      if ((match = /^\/git\/refs\/(.+)$/.exec(rest)) && method === 'DELETE') {
        return refs.deleteRef(git, decodeURIComponent(match[1] ?? ''));
      }
      if ((match = /^\/git\/matching-refs\/(.*)$/.exec(rest)) && method === 'GET') {
        return refs.matchingRefs(git, decodeURIComponent(match[1] ?? ''));
      }
      return undefined;
    };
    const answer = writing ? ctx.repos.exclusive(repo, () => route() ?? notFound()) : route();
    if (answer) return answer;
  }
  return notFound();
}

const notFound = async (): Promise<Reply> => fail(404, 'Not Found');

/** POST /user/repos: `name`, `private`, `description`, `auto_init`; 422 when the name exists. */
async function createRepo(ctx: RestContext, request: RestRequest): Promise<Reply> {
  const user = requireUser(request);
  const body = request.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    fail(400, 'Problems parsing JSON');
  }
  const fields = body as Record<string, unknown>;
  if (
    typeof fields.name !== 'string' ||
    !REPO_NAME.test(fields.name) ||
    /^\.+$/.test(fields.name)
  ) {
    fail(422, 'Repository creation failed.', {
      errors: [
        { resource: 'Repository', code: 'custom', field: 'name', message: 'name is invalid' },
      ],
    });
  }
  if (ctx.repos.get(user.login, fields.name)) {
    fail(422, 'Repository creation failed.', {
      errors: [
        {
          resource: 'Repository',
          code: 'custom',
          field: 'name',
          message: 'name already exists on this account',
        },
      ],
    });
  }
  const repo = await ctx.repos.create({
    owner: user.login,
    name: fields.name,
    private: fields.private === true,
    description: typeof fields.description === 'string' ? fields.description : null,
    autoInit: fields.auto_init === true,
    isTemplate: fields.is_template === true,
  });
  return json(201, fullRepository(repo, user, ctx.origins, { pushedAt: null, isOwner: true }));
}
