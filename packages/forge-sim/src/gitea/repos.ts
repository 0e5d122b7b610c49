import {
  fields,
  GiteaError,
  notFound,
  type GiteaContext,
  type GiteaReply,
  type GiteaRequest,
} from './context.js';
import { isEmpty, readCommit, revision } from './git-read.js';
import { giteaRepository, giteaUser, unsigned, userByCommitEmail } from './representations.js';

/** Gitea's rule for repository names (alphanumerics, dash, underscore and dot; at most 100). */
const REPO_NAME = /^[A-Za-z0-9._-]{1,100}$/;

/** The signed-in user, or Gitea's 401 for a route that needs a token. */
export function requireUser(request: GiteaRequest) {
  if (!request.user) throw new GiteaError(401, 'token is required');
  return request.user;
}

/** GET /user: the signed-in user, email included. */
export async function getSelf(ctx: GiteaContext, request: GiteaRequest): Promise<GiteaReply> {
  return { status: 200, body: giteaUser(ctx, requireUser(request), true) };
}

/** GET /users/{username}: a user's public profile. */
export async function getUser(ctx: GiteaContext, request: GiteaRequest): Promise<GiteaReply> {
  const user = ctx.users.byLogin(request.params.username ?? '');
  if (!user)
    throw notFound('GetUserByName', [
      `user redirect does not exist [name: ${request.params.username}]`,
    ]);
  return { status: 200, body: giteaUser(ctx, user, request.user?.id === user.id) };
}

/** POST /user/repos: CreateRepoOption (`name` required; 409 when the name is taken). */
export async function createRepo(ctx: GiteaContext, request: GiteaRequest): Promise<GiteaReply> {
  const user = requireUser(request);
  const body = fields(request.body);
  const name = typeof body.name === 'string' ? body.name : '';
  if (name === '') throw new GiteaError(422, '[Name]: Required');
  if (!REPO_NAME.test(name) || /^\.+$/.test(name) || /\.(git|wiki)$/i.test(name)) {
    throw new GiteaError(
      422,
      `name is invalid [${name}]: must be valid alpha or numeric or dash(-_) or dot characters`,
    );
  }
  if (ctx.repos.get(user.login, name)) {
    throw new GiteaError(409, 'The repository with the same name already exists.');
  }
  const branch =
    typeof body.default_branch === 'string' && body.default_branch !== ''
      ? body.default_branch
      : 'main';
  const repo = await ctx.repos.create({
    owner: user.login,
    name,
    private: body.private === true,
    description: typeof body.description === 'string' ? body.description : null,
    autoInit: body.auto_init === true,
    isTemplate: body.template === true,
    defaultBranch: branch,
  });
  return { status: 201, body: giteaRepository(ctx, repo, user, user, body.auto_init !== true) };
}

/** GET /repos/{owner}/{repo}. */
export async function getRepo(ctx: GiteaContext, request: GiteaRequest): Promise<GiteaReply> {
  const repo = request.repo!;
  const owner = ctx.users.byLogin(repo.owner);
  if (!owner) throw notFound();
  return {
    status: 200,
    body: giteaRepository(ctx, repo, owner, request.user, await isEmpty(repo)),
  };
}

/** GET /repos/{owner}/{repo}/branches/{branch}: Gitea's `Branch` (its tip as a PayloadCommit). */
export async function getBranch(ctx: GiteaContext, request: GiteaRequest): Promise<GiteaReply> {
  const repo = request.repo!;
  const name = request.params.branch ?? '';
  const sha = await revision(repo, `refs/heads/${name}`, 'commit');
  if (!sha) throw notFound('GetBranch', [`branch does not exist [name: ${name}]`]);
  const commit = await readCommit(repo, sha);
  const isOwner = request.user?.login.toLowerCase() === repo.owner.toLowerCase();
  const person = (who: { name: string; email: string }) => ({
    name: who.name,
    email: who.email,
    username: userByCommitEmail(ctx, who.email)?.login ?? '',
  });
  return {
    status: 200,
    body: {
      name,
      commit: {
        id: sha,
        message: commit.message,
        url: `${ctx.web}/${repo.owner}/${repo.name}/commit/${sha}`,
        author: person(commit.author),
        committer: person(commit.committer),
        verification: unsigned(),
        timestamp: commit.committer.date,
        added: [],
        removed: [],
        modified: [],
      },
      protected: false,
      required_approvals: 0,
      enable_status_check: false,
      status_check_contexts: [],
      user_can_push: isOwner,
      user_can_merge: isOwner,
      effective_branch_protection_name: '',
    },
  };
}
