import { git, GitError, gitText, objectInfo } from '../git.js';
import { fail, json, type Reply } from '../http-reply.js';
import { isAncestor } from '../git-objects.js';
import * as refFiles from '../ref-files.js';
import type { ForgeRepo } from '../repositories.js';
import { isObject, objectType, repoUrl, requireNotEmpty, type GitDataContext } from './git-data.js';
import { nodeId } from './representations.js';

async function refTarget(repo: ForgeRepo, ref: string) {
  try {
    return (await objectInfo(repo.gitDir, `${ref}^{commit}`))?.sha;
  } catch (cause) {
    if (cause instanceof GitError) return undefined;
    throw cause;
  }
}

function refJson(ctx: GitDataContext, ref: string, sha: string) {
  return {
    ref,
    node_id: nodeId('REF', `${ctx.repo.id}:${ref}`),
    url: `${repoUrl(ctx)}/git/${ref}`,
    object: { type: 'commit', sha, url: `${repoUrl(ctx)}/git/commits/${sha}` },
  };
}

const validRef = (ref: string) =>
  /^refs\/(heads|tags)\/[^\s~^:?*[\\]+$/.test(ref) && !ref.includes('..') && !ref.endsWith('/');

/** GET /repos/{owner}/{repo}/git/ref/{ref}, `ref` as `heads/main`. */
export async function getRef(ctx: GitDataContext, ref: string): Promise<Reply> {
  await requireNotEmpty(ctx.repo);
  const full = `refs/${ref}`;
  if (!validRef(full)) fail(404, 'Not Found');
  const sha = await refTarget(ctx.repo, full);
  if (!sha) fail(404, 'Not Found');
  return json(200, refJson(ctx, full, sha));
}

/** POST /repos/{owner}/{repo}/git/refs: `ref` (`refs/heads/x`) and `sha`; 422 when it exists. */
export async function createRef(ctx: GitDataContext, body: unknown): Promise<Reply> {
  await requireNotEmpty(ctx.repo);
  if (!isObject(body) || typeof body.ref !== 'string' || typeof body.sha !== 'string') {
    fail(422, 'Invalid request.\n\n"ref", "sha" weren\'t supplied.');
  }
  const ref = body.ref;
  if (!validRef(ref)) fail(422, 'Reference name is not valid');
  if ((await objectType(ctx.repo, body.sha)) !== 'commit') fail(422, 'Object does not exist');
  try {
    // The zero old value makes git refuse when the ref exists.
    await refFiles.updateRef(ctx.repo.gitDir, ref, body.sha, { expected: '0'.repeat(40) });
  } catch (cause) {
    if (cause instanceof GitError) fail(422, 'Reference already exists');
    throw cause;
  }
  return json(201, refJson(ctx, ref, body.sha));
}

/** PATCH /repos/{owner}/{repo}/git/refs/{ref}: `sha` and `force`; 422 when not a fast forward. */
export async function updateRef(ctx: GitDataContext, ref: string, body: unknown): Promise<Reply> {
  await requireNotEmpty(ctx.repo);
  if (!isObject(body) || typeof body.sha !== 'string') {
    fail(422, 'Invalid request.\n\n"sha" wasn\'t supplied.');
  }
  const full = `refs/${ref}`;
  const old = validRef(full) ? await refTarget(ctx.repo, full) : undefined;
  if (!old) fail(422, 'Reference does not exist');
  if (ctx.stale) fail(422, 'Update is not a fast forward');
  if ((await objectType(ctx.repo, body.sha)) !== 'commit') fail(422, 'Object does not exist');
  if (body.force !== true && old !== body.sha) {
    // A fast forward: `old` is an ancestor of the new commit (walked through the commits kept
    // by sha; `git merge-base --is-ancestor` past a long walk).
    const { gitDir } = ctx.repo;
    const sha = body.sha;
    const forward = await isAncestor(gitDir, old, sha, async () => {
      try {
        await git(gitDir, ['merge-base', '--is-ancestor', old, sha]);
        return true;
      } catch (cause) {
        if (cause instanceof GitError) return false;
        throw cause;
      }
    });
    if (!forward) fail(422, 'Update is not a fast forward');
  }
  // The old value makes the move atomic: a ref moved meanwhile is refused, not overwritten.
  try {
    await refFiles.updateRef(ctx.repo.gitDir, full, body.sha, { expected: old });
  } catch (cause) {
    if (cause instanceof GitError) fail(422, 'Update is not a fast forward');
    throw cause;
  }
  return json(200, refJson(ctx, full, body.sha));
}

/** DELETE /repos/{owner}/{repo}/git/refs/{ref}: 204; 422 'Reference does not exist'. */
export async function deleteRef(ctx: GitDataContext, ref: string): Promise<Reply> {
  await requireNotEmpty(ctx.repo);
  const full = `refs/${ref}`;
  const old = validRef(full) ? await refTarget(ctx.repo, full) : undefined;
  if (!old) fail(422, 'Reference does not exist');
  try {
    await refFiles.deleteRef(ctx.repo.gitDir, full, old);
  } catch (cause) {
    if (cause instanceof GitError) fail(422, 'Reference does not exist');
    throw cause;
  }
  return { status: 204, body: undefined };
}

/** GET /repos/{owner}/{repo}/git/matching-refs/{ref}: the refs starting with `refs/{ref}`. */
export async function matchingRefs(ctx: GitDataContext, prefix: string): Promise<Reply> {
  await requireNotEmpty(ctx.repo);
  const out = await gitText(ctx.repo.gitDir, [
    'for-each-ref',
    '--format=%(refname) %(objectname)',
    'refs/heads/',
    'refs/tags/',
  ]);
  const wanted = `refs/${prefix}`;
  const refs = out
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => line.split(' ') as [string, string])
    .filter(([name]) => name.startsWith(wanted))
    .map(([name, sha]) => refJson(ctx, name, sha));
  return json(200, refs);
}
