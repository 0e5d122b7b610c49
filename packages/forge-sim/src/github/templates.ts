import { git, gitText } from '../git.js';
import { fail, json, type Reply } from '../http-reply.js';
import { writeCommit } from '../object-store.js';
import { deleteRef, updateRef } from '../ref-files.js';
import type { ForgeRepo, Repositories } from '../repositories.js';
import type { ForgeUser } from '../users.js';
import { isObject } from './git-data.js';
import { fullRepository, type Origins } from './representations.js';

/** What generating from a template needs. */
export interface TemplateContext {
  repos: Repositories;
  origins: Origins;
  user: ForgeUser | undefined;
}

const REPO_NAME = /^[A-Za-z0-9._-]{1,100}$/;

function invalid(field: string, message: string): never {
  fail(422, 'Repository creation failed.', {
    errors: [{ resource: 'Repository', code: 'custom', field, message }],
  });
}

/**
 * POST /repos/{template_owner}/{template_repo}/generate: `owner` (the signed-in user), `name`,
 * `description`, `private`, `include_all_branches`. A new repository whose branches (the default
 * one, or all) each start with one commit of the template's files, as GitHub makes them.
 */
export async function generateFromTemplate(
  ctx: TemplateContext,
  template: ForgeRepo,
  body: unknown,
): Promise<Reply> {
  const user = ctx.user;
  if (!user) fail(401, 'Requires authentication');
  if (!template.isTemplate)
    fail(422, `${template.owner}/${template.name} is not a template repository.`);
  if (!isObject(body) || typeof body.name !== 'string') {
    fail(422, 'Invalid request.\n\n"name" wasn\'t supplied.');
  }
  const owner = typeof body.owner === 'string' ? body.owner : user.login;
  if (owner.toLowerCase() !== user.login.toLowerCase()) fail(404, 'Not Found');
  if (!REPO_NAME.test(body.name) || /^\.+$/.test(body.name)) invalid('name', 'name is invalid');
  if (ctx.repos.get(user.login, body.name)) {
    invalid('name', 'name already exists on this account');
  }
  const repo = await ctx.repos.create({
    owner: user.login,
    name: body.name,
    private: body.private === true,
    description: typeof body.description === 'string' ? body.description : null,
  });
  const branches = (
    await gitText(template.gitDir, ['for-each-ref', '--format=%(refname:strip=2)', 'refs/heads/'])
  )
    .split('\n')
    .filter((branch) => branch !== '')
    .filter((branch) => body.include_all_branches === true || branch === template.defaultBranch);
  const self = {
    name: user.name ?? user.login,
    email: user.email ?? `${user.id}+${user.login}@users.noreply.forge-sim`,
  };
  for (const branch of branches) {
    // The template's objects come over with a fetch; the new history starts afresh.
    await git(repo.gitDir, [
      'fetch',
      '--quiet',
      template.gitDir,
      `refs/heads/${branch}:refs/template/${branch}`,
    ]);
    const tree = await gitText(repo.gitDir, ['rev-parse', `refs/template/${branch}^{tree}`]);
    const commit = await writeCommit(repo.gitDir, {
      tree,
      parents: [],
      author: self,
      message: 'Initial commit\n',
    });
    await updateRef(repo.gitDir, `refs/heads/${branch}`, commit, { commit: true });
    await deleteRef(repo.gitDir, `refs/template/${branch}`);
  }
  return json(201, fullRepository(repo, user, ctx.origins, { pushedAt: null, isOwner: true }));
}

/** PATCH /repos/{owner}/{repo}: `description`, `private`, `is_template` (the owner only). */
export function updateRepository(
  repo: ForgeRepo,
  owner: ForgeUser,
  origins: Origins,
  body: unknown,
): Reply {
  if (!isObject(body)) fail(400, 'Problems parsing JSON');
  if (typeof body.description === 'string' || body.description === null) {
    repo.description = body.description as string | null;
  }
  if (typeof body.private === 'boolean') repo.private = body.private;
  if (typeof body.is_template === 'boolean') repo.isTemplate = body.is_template;
  return json(200, fullRepository(repo, owner, origins, { pushedAt: null, isOwner: true }));
}
