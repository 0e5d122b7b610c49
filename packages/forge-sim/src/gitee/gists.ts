import { branchTip, commitFiles } from '../commit-files.js';
import { GIST_BRANCH, type ForgeGist } from '../gists.js';
import { blobBytesOf, git, gitText } from '../git.js';
import {
  GiteeError,
  param,
  type GiteeContext,
  type GiteeReply,
  type GiteeRequest,
} from './context.js';
import { giteeEmail, gistJson } from './representations.js';
import { requireUser } from './repos.js';

/** The files of `gist` at commit `sha`. */
async function filesAt(gist: ForgeGist, sha: string) {
  const names = (await git(gist.gitDir, ['ls-tree', '-z', '--name-only', sha]))
    .toString('utf8')
    .split('\0')
    .filter(Boolean);
  const files = new Map<string, Buffer>();
  for (const name of names) files.set(name, await blobBytesOf(gist.gitDir, `${sha}:${name}`));
  return files;
}

/** The versions of `gist`, newest first. */
async function historyOf(gist: ForgeGist) {
  const tip = await branchTip(gist.gitDir, GIST_BRANCH);
  if (!tip) return [];
  const out = await gitText(gist.gitDir, ['log', '--format=%H %cI', tip]);
  return out
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [version = '', date = ''] = line.split(' ');
      return { version, committed_at: new Date(date).toISOString().replace(/\.\d{3}Z$/, 'Z') };
    });
}

async function answer(ctx: GiteeContext, gist: ForgeGist, status: number): Promise<GiteeReply> {
  const owner = ctx.users.byLogin(gist.owner);
  if (!owner) throw new GiteeError(404, 'Not Found');
  const tip = await branchTip(gist.gitDir, GIST_BRANCH);
  const files = tip ? await filesAt(gist, tip) : new Map<string, Buffer>();
  return { status, body: gistJson(ctx, gist, owner, files, await historyOf(gist)) };
}

/** `files` as Gitee takes it: `{ name: { content } }` (JSON, or a JSON string in a form). */
function filesOf(request: GiteeRequest) {
  let files = request.fields.files;
  if (typeof files === 'string') {
    try {
      files = JSON.parse(files);
    } catch {
      throw new GiteeError(400, 'files is invalid');
    }
  }
  if (typeof files !== 'object' || files === null || Array.isArray(files)) return undefined;
  const changes = new Map<string, Buffer | null>();
  for (const [name, file] of Object.entries(files as Record<string, unknown>)) {
    if (file === null) {
      changes.set(name, null);
      continue;
    }
    const content = (file as { content?: unknown }).content;
    if (typeof content !== 'string' || /[/\\]/.test(name) || name === '') {
      throw new GiteeError(400, 'files is invalid');
    }
    changes.set(name, Buffer.from(content, 'utf8'));
  }
  return changes;
}

/** POST /v5/gists: `files` and `description` required, `public`; the gist in one version. */
export async function createGist(ctx: GiteeContext, request: GiteeRequest): Promise<GiteeReply> {
  const user = requireUser(request);
  const changes = filesOf(request);
  const description = param(request, 'description');
  if (!changes || changes.size === 0) throw new GiteeError(400, 'files is missing');
  if (description === '') throw new GiteeError(400, 'description is missing');
  const isPublic = request.fields.public === true || request.fields.public === 'true';
  const gist = await ctx.gists.create({ owner: user.login, public: isPublic, description });
  try {
    await commitFiles({
      gitDir: gist.gitDir,
      branch: GIST_BRANCH,
      parent: undefined,
      changes,
      message: '',
      author: { name: user.name ?? user.login, email: giteeEmail(user) },
    });
  } catch (cause) {
    ctx.gists.forget(gist.id);
    throw cause;
  }
  return answer(ctx, gist, 201);
}

/** The gist `id` as the caller may see it (a secret one only by its owner), or 404. */
function visible(ctx: GiteeContext, request: GiteeRequest) {
  const gist = ctx.gists.get(request.params.id ?? '');
  if (!gist || (!gist.public && request.user?.login.toLowerCase() !== gist.owner.toLowerCase())) {
    throw new GiteeError(404, 'Not Found');
  }
  return gist;
}

/** GET /v5/gists/{id}. */
export async function getGist(ctx: GiteeContext, request: GiteeRequest): Promise<GiteeReply> {
  return answer(ctx, visible(ctx, request), 200);
}

/** GET /v5/gists/{id}/commits: the gist with its `history` (one entry per version). */
export async function gistCommits(ctx: GiteeContext, request: GiteeRequest): Promise<GiteeReply> {
  return answer(ctx, visible(ctx, request), 200);
}

/** PATCH /v5/gists/{id}: `files` (a null file deletes it), `description`, `public`; owner only. */
export async function updateGist(ctx: GiteeContext, request: GiteeRequest): Promise<GiteeReply> {
  const user = requireUser(request);
  const gist = visible(ctx, request);
  if (gist.owner.toLowerCase() !== user.login.toLowerCase()) throw new GiteeError(403, 'Forbidden');
  const changes = filesOf(request);
  await ctx.gists.exclusive(gist, async () => {
    if (param(request, 'description')) gist.description = param(request, 'description');
    if (request.fields.public !== undefined) {
      gist.public = request.fields.public === true || request.fields.public === 'true';
    }
    if (changes && changes.size > 0) {
      await commitFiles({
        gitDir: gist.gitDir,
        branch: GIST_BRANCH,
        parent: await branchTip(gist.gitDir, GIST_BRANCH),
        changes,
        message: '',
        author: { name: user.name ?? user.login, email: giteeEmail(user) },
      });
    }
    ctx.gists.touch(gist);
  });
  return answer(ctx, gist, 200);
}
