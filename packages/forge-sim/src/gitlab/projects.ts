import { gitText, hasRefs, objectInfo, refTargets } from '../git.js';
import { commitRecord, isoStrictDate } from '../git-objects.js';
import { json, type Reply } from '../http-reply.js';
import type { ForgeRepo } from '../repositories.js';
import { findProject, requireUser, type GitLabContext, type GitLabRequest } from './context.js';
import { glError, missingParams, notFound } from './errors.js';
import { readCommit, resolveCommit } from './git-read.js';
import { commitEntity, projectEntity } from './representations.js';

const PROJECT_PATH = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,254}$/;

/** Whether `repo` has no branch yet (GitLab's `empty_repo`). */
async function isEmpty(repo: ForgeRepo) {
  return !(await hasRefs(repo.gitDir, 'refs/heads/'));
}

/**
 * The date of the newest commit of any ref (`git log -1 --all --format=%cI`). When every ref
 * points at the same commit (a project with one branch), that is the commit's date, read from
 * the commit kept by sha; git is asked only when the refs point at several objects. Nothing is
 * kept by ref: the refs are read from their files each time, whoever moved them (the forge's
 * API or a push).
 */
export async function lastActivity(gitDir: string) {
  const targets = await refTargets(gitDir);
  const [only] = targets?.size === 1 ? targets : [];
  if (only !== undefined && (await objectInfo(gitDir, only))?.type === 'commit') {
    const committer = (await commitRecord(gitDir, only))?.committer;
    const date = committer && isoStrictDate(committer);
    if (date) return date;
  }
  return gitText(gitDir, ['log', '-1', '--all', '--format=%cI']);
}

/** `API_Entities_Project` of `repo`, with its emptiness and last activity read from git. */
export async function describeProject(ctx: GitLabContext, repo: ForgeRepo) {
  const empty = await isEmpty(repo);
  const last = empty ? repo.createdAt : await lastActivity(repo.gitDir);
  return projectEntity(repo, ctx.users.byLogin(repo.owner), ctx.origins, {
    empty,
    lastActivity: last || repo.createdAt,
  });
}

/** GET /projects/:id. */
export async function getProject(ctx: GitLabContext, request: GitLabRequest, id: string) {
  return json(200, await describeProject(ctx, findProject(ctx, request, id)));
}

/**
 * POST /projects: `name` and/or `path`, `description`, `visibility` (private by default, as on
 * GitLab), `initialize_with_readme`, `default_branch`. A taken path answers GitLab's 400 with the
 * model's errors.
 */
export async function createProject(ctx: GitLabContext, request: GitLabRequest): Promise<Reply> {
  const user = requireUser(request);
  const body = request.body;
  const name = typeof body.name === 'string' ? body.name : undefined;
  const path = typeof body.path === 'string' ? body.path : undefined;
  if (!name && !path) {
    return json(400, { error: 'name, path are missing, at least one parameter must be provided' });
  }
  const slug =
    path ??
    (name ?? '')
      .trim()
      .replace(/[^A-Za-z0-9_.-]+/g, '-')
      .toLowerCase();
  if (!PROJECT_PATH.test(slug) || /\.(git|atom)$/.test(slug)) {
    return glError(400, {
      path: [
        "can contain only letters, digits, '_', '-' and '.'. Cannot start with '-', end in '.git' or end in '.atom'",
      ],
    });
  }
  const visibility = body.visibility ?? 'private';
  if (typeof visibility !== 'string' || !['private', 'internal', 'public'].includes(visibility)) {
    return json(400, { error: 'visibility does not have a valid value' });
  }
  if (ctx.repos.get(user.login, slug)) {
    return glError(400, {
      'project_namespace.name': ['has already been taken'],
      name: ['has already been taken'],
      path: ['has already been taken'],
    });
  }
  const defaultBranch =
    typeof body.default_branch === 'string' && body.default_branch !== ''
      ? body.default_branch
      : 'main';
  const repo = await ctx.repos.create({
    owner: user.login,
    name: slug,
    private: visibility !== 'public',
    description: typeof body.description === 'string' ? body.description : null,
    autoInit: body.initialize_with_readme === true || body.initialize_with_readme === 'true',
    defaultBranch,
  });
  return json(201, await describeProject(ctx, repo));
}

/** GET /projects/:id/repository/branches/:branch: the branch and its head commit. */
export async function getBranch(
  ctx: GitLabContext,
  request: GitLabRequest,
  id: string,
  branch: string,
) {
  const repo = findProject(ctx, request, id);
  const sha = await resolveCommit(repo.gitDir, `refs/heads/${branch}`);
  const commit = sha ? await readCommit(repo.gitDir, sha) : undefined;
  if (!commit) notFound('Branch');
  const isDefault = branch === repo.defaultBranch;
  return json(200, {
    name: branch,
    commit: commitEntity(commit, repo, ctx.origins),
    merged: false,
    protected: isDefault,
    developers_can_push: false,
    developers_can_merge: false,
    can_push: request.user?.login.toLowerCase() === repo.owner.toLowerCase(),
    default: isDefault,
    web_url: `${ctx.origins.web}/${repo.owner}/${repo.name}/-/tree/${branch}`,
  });
}

/** Throws Grape's 400 when a required query parameter is absent. */
export function requireQuery(query: URLSearchParams, names: readonly string[]) {
  const absent = names.filter((name) => !query.get(name));
  if (absent.length > 0) missingParams(absent);
}
