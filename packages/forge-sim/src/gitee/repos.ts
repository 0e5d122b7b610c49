import {
  flag,
  GiteeError,
  param,
  required,
  type GiteeContext,
  type GiteeReply,
  type GiteeRequest,
} from './context.js';
import { revision } from '../gitea/git-read.js';
import { giteeUser, project } from './representations.js';

const REPO_NAME = /^[A-Za-z0-9._-]{1,191}$/;

/** The signed-in user, or Gitee's 401 without a token. */
export function requireUser(request: GiteeRequest) {
  if (!request.user) throw new GiteeError(401, '401 Unauthorized: Access token does not exist');
  return request.user;
}

const counts = (ctx: GiteeContext, login: string) => ({
  repos: ctx.repos.ownedBy(login).filter((repo) => !repo.private).length,
  gists: ctx.gists.ownedBy(login).filter((gist) => gist.public).length,
});

/** GET /v5/user. */
export async function getSelf(ctx: GiteeContext, request: GiteeRequest): Promise<GiteeReply> {
  const user = requireUser(request);
  return { status: 200, body: giteeUser(ctx, user, counts(ctx, user.login)) };
}

/** GET /v5/users/{username}. */
export async function getUser(ctx: GiteeContext, request: GiteeRequest): Promise<GiteeReply> {
  const user = ctx.users.byLogin(request.params.username ?? '');
  if (!user) throw new GiteeError(404, 'Not Found');
  return { status: 200, body: giteeUser(ctx, user, counts(ctx, user.login)) };
}

/** POST /v5/user/repos: `name` required, `description`, `private`, `auto_init`; on `master`. */
export async function createRepo(ctx: GiteeContext, request: GiteeRequest): Promise<GiteeReply> {
  const user = requireUser(request);
  required(request, 'name');
  const name = param(request, 'name');
  if (!REPO_NAME.test(name) || /^\.+$/.test(name)) {
    throw new GiteeError(400, '仓库名称只允许包含字母、数字或者下划线(_)、中划线(-)、英文句号(.)');
  }
  if (ctx.repos.get(user.login, name)) throw new GiteeError(422, '仓库名称已存在');
  const repo = await ctx.repos.create({
    owner: user.login,
    name,
    private: flag(request, 'private'),
    description: param(request, 'description') || null,
    autoInit: flag(request, 'auto_init'),
    defaultBranch: 'master',
  });
  return { status: 201, body: project(ctx, repo, user, user) };
}

/** GET /v5/repos/{owner}/{repo}. */
export async function getRepo(ctx: GiteeContext, request: GiteeRequest): Promise<GiteeReply> {
  const repo = request.repo!;
  const owner = ctx.users.byLogin(repo.owner);
  if (!owner) throw new GiteeError(404, 'Not Found Project');
  return { status: 200, body: project(ctx, repo, owner, request.user) };
}

/** GET /v5/repos/{owner}/{repo}/branches/{branch}: Gitee's `Branch`. */
export async function getBranch(ctx: GiteeContext, request: GiteeRequest): Promise<GiteeReply> {
  const repo = request.repo!;
  const name = request.params.branch ?? '';
  const sha = await revision(repo, `refs/heads/${name}`, 'commit');
  if (!sha) throw new GiteeError(404, 'Branch Not Found');
  const api = `${ctx.api}/repos/${repo.owner}/${repo.name}`;
  return {
    status: 200,
    body: {
      name,
      commit: { sha, url: `${api}/commits/${sha}` },
      _links: {
        self: `${api}/branches/${name}`,
        html: `${ctx.web}/${repo.owner}/${repo.name}/tree/${name}`,
      },
      protected: false,
      protection_url: `${api}/branches/${name}/protection`,
    },
  };
}
