import { blobBytesOf } from '../git.js';
import { branchTip, BranchMovedError, commitFiles } from '../commit-files.js';
import { listTree } from '../github/git-data.js';
import { updateRef } from '../ref-files.js';
import type { ForgeRepo } from '../repositories.js';
import {
  fields,
  GiteaError,
  notFound,
  text,
  type GiteaContext,
  type GiteaReply,
  type GiteaRequest,
} from './context.js';
import { entryAt, isEmpty, lastCommitOf, readCommit, revision } from './git-read.js';
import { commitEmail, contentsEntry, fileCommit, unsigned } from './representations.js';
import { requireUser } from './repos.js';

/** One change of a ChangeFiles request (Gitea's `ChangeFileOperation`). */
interface Operation {
  operation: 'create' | 'update' | 'delete';
  path: string;
  content?: string;
  sha?: string;
  fromPath?: string;
}

/** A path as Gitea cleans it, or its 422 when a component is malformed. */
function cleanPath(path: string) {
  const cleaned = path.replace(/^\/+|\/+$/g, '');
  const parts = cleaned.split('/');
  if (
    cleaned === '' ||
    parts.some((part) => part === '' || part === '.' || part === '..' || part === '.git')
  ) {
    throw new GiteaError(422, `path contains a malformed path component [path: ${path}]`);
  }
  return cleaned;
}

/** Base64 as Go's decoder takes it (whitespace ignored), or Gitea's 422. */
function decodeBase64(content: string) {
  const compact = content.replace(/[\r\n]/g, '');
  const bad = /[^A-Za-z0-9+/=]/.exec(compact);
  if (bad || compact.length % 4 !== 0 || /=[^=]/.test(compact)) {
    throw new GiteaError(
      422,
      `illegal base64 data at input byte ${bad ? bad.index : compact.length}`,
    );
  }
  return Buffer.from(compact, 'base64');
}

/** `{ name, email }` of an Identity field, or undefined when it names neither. */
function identity(value: unknown) {
  const record = fields(value);
  const name = text(record, 'name');
  const email = text(record, 'email');
  return name || email ? { name, email } : undefined;
}

/** A date of CommitDateOptions as git takes it, or undefined. */
function date(value: unknown) {
  return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? value : undefined;
}

const VERB = { create: 'Add', update: 'Update', delete: 'Delete' } as const;

/**
 * Makes `operations` one commit on the request's branch (or on `new_branch`, started from it),
 * checking each against the branch's tip as Gitea's ChangeRepoFiles does. `mismatch` is the
 * status of a sha that does not match (422, but 400 for DELETE …/contents/{filepath}).
 */
async function change(
  ctx: GiteaContext,
  request: GiteaRequest,
  operations: Operation[],
  mismatch: number,
) {
  const repo = request.repo!;
  const user = requireUser(request);
  const body = fields(request.body);
  const branch = text(body, 'branch') || repo.defaultBranch;
  const newBranch = text(body, 'new_branch');
  return ctx.repos.exclusive(repo, async () => {
    const empty = await isEmpty(repo);
    const parent = await branchTip(repo.gitDir, branch);
    if (!parent && !(empty && branch === repo.defaultBranch)) {
      throw new GiteaError(404, `branch does not exist [name: ${branch}]`);
    }
    if (newBranch && (await branchTip(repo.gitDir, newBranch))) {
      throw new GiteaError(422, `branch already exists [name: ${newBranch}]`);
    }
    const changes = new Map<string, Buffer | null>();
    for (const op of operations) {
      const path = cleanPath(op.path);
      const existing = parent ? await entryAt(repo, parent, path) : undefined;
      if (op.operation === 'create') {
        if (existing) throw new GiteaError(422, `repository file already exists [path: ${path}]`);
        changes.set(path, decodeBase64(op.content ?? ''));
        continue;
      }
      const from = op.fromPath ? cleanPath(op.fromPath) : path;
      const current =
        from === path ? existing : parent ? await entryAt(repo, parent, from) : undefined;
      if (!op.sha) {
        throw new GiteaError(422, 'a SHA or commit ID must be proved when updating a file');
      }
      if (!current || current.type !== 'blob') {
        throw new GiteaError(404, `repository file does not exist [path: ${from}]`);
      }
      if (current.sha !== op.sha) {
        throw new GiteaError(
          mismatch,
          `sha does not match [given: ${op.sha}, expected: ${current.sha}]`,
        );
      }
      if (op.operation === 'delete') {
        changes.set(path, null);
        continue;
      }
      if (from !== path) {
        if (existing) throw new GiteaError(422, `repository file already exists [path: ${path}]`);
        changes.set(from, null);
      }
      changes.set(path, decodeBase64(op.content ?? ''));
    }
    const doer = { name: user.name ?? user.login, email: commitEmail(user) };
    const author = identity(body.author) ?? identity(body.committer) ?? doer;
    const committer = identity(body.committer) ?? author;
    const dates = fields(body.dates);
    const message =
      text(body, 'message') ||
      operations.map((op) => `${VERB[op.operation]} ${op.path}`).join('\n');
    const target = newBranch || branch;
    if (newBranch && parent) {
      await updateRef(repo.gitDir, `refs/heads/${newBranch}`, parent, { expected: '0'.repeat(40) });
    }
    let sha: string;
    try {
      sha = await commitFiles({
        gitDir: repo.gitDir,
        branch: target,
        parent,
        changes,
        message: message.endsWith('\n') ? message : `${message}\n`,
        author: { ...author, ...(date(dates.author) ? { date: date(dates.author) } : {}) },
        committer: {
          ...committer,
          ...(date(dates.committer) ? { date: date(dates.committer) } : {}),
        },
      });
    } catch (cause) {
      if (cause instanceof BranchMovedError)
        throw new GiteaError(409, 'branch was changed meanwhile');
      throw cause;
    }
    return { sha, branch: target };
  });
}

/** The ContentsResponse of `path` at commit `sha` (reached by `ref`), content included. */
async function fileAt(ctx: GiteaContext, repo: ForgeRepo, sha: string, ref: string, path: string) {
  const entry = await entryAt(repo, sha, path);
  if (!entry) return null;
  const bytes = await blobBytesOf(repo.gitDir, entry.sha);
  return contentsEntry(ctx, repo, ref, entry, await lastCommitOf(repo, sha, path), bytes);
}

/** The operation list of a ChangeFiles body, or Gitea's 422. */
function operationsOf(body: unknown): Operation[] {
  const files = fields(body).files;
  if (!Array.isArray(files) || files.length === 0) throw new GiteaError(422, '[Files]: Required');
  return files.map((file) => {
    const record = fields(file);
    const operation = record.operation;
    if (operation !== 'create' && operation !== 'update' && operation !== 'delete') {
      throw new GiteaError(422, '[Operation]: Required');
    }
    if (typeof record.path !== 'string' || record.path === '') {
      throw new GiteaError(422, '[Path]: Required');
    }
    return {
      operation,
      path: record.path,
      ...(typeof record.content === 'string' ? { content: record.content } : {}),
      ...(typeof record.sha === 'string' && record.sha !== '' ? { sha: record.sha } : {}),
      ...(typeof record.from_path === 'string' && record.from_path !== ''
        ? { fromPath: record.from_path }
        : {}),
    };
  });
}

/** POST /repos/{owner}/{repo}/contents: several files in one commit (FilesResponse, 201). */
export async function changeFiles(ctx: GiteaContext, request: GiteaRequest): Promise<GiteaReply> {
  if (!ctx.settings.changeFiles) throw notFound();
  const operations = operationsOf(request.body);
  const { sha, branch } = await change(ctx, request, operations, 422);
  const repo = request.repo!;
  const files = [];
  for (const op of operations) {
    files.push(
      op.operation === 'delete' ? null : await fileAt(ctx, repo, sha, branch, cleanPath(op.path)),
    );
  }
  return {
    status: 201,
    body: {
      files,
      commit: fileCommit(ctx, repo, await readCommit(repo, sha)),
      verification: unsigned(),
    },
  };
}

/** POST (create) or PUT (update) /repos/{owner}/{repo}/contents/{filepath}: a FileResponse. */
export async function writeFile(ctx: GiteaContext, request: GiteaRequest): Promise<GiteaReply> {
  const body = fields(request.body);
  const creating = request.method === 'POST';
  if (typeof body.content !== 'string') throw new GiteaError(422, '[Content]: Required');
  if (!creating && (typeof body.sha !== 'string' || body.sha === '')) {
    throw new GiteaError(422, '[SHA]: Required');
  }
  const path = request.params.filepath ?? '';
  const operation: Operation = {
    operation: creating ? 'create' : 'update',
    path,
    content: body.content,
    ...(creating ? {} : { sha: body.sha as string }),
    ...(!creating && typeof body.from_path === 'string' && body.from_path !== ''
      ? { fromPath: body.from_path }
      : {}),
  };
  const { sha, branch } = await change(ctx, request, [operation], 422);
  const repo = request.repo!;
  return {
    status: creating ? 201 : 200,
    body: {
      content: await fileAt(ctx, repo, sha, branch, cleanPath(path)),
      commit: fileCommit(ctx, repo, await readCommit(repo, sha)),
      verification: unsigned(),
    },
  };
}

/** DELETE /repos/{owner}/{repo}/contents/{filepath}: `sha` required; a FileDeleteResponse. */
export async function deleteFile(ctx: GiteaContext, request: GiteaRequest): Promise<GiteaReply> {
  const body = fields(request.body);
  if (typeof body.sha !== 'string' || body.sha === '') throw new GiteaError(422, '[SHA]: Required');
  const path = request.params.filepath ?? '';
  const { sha } = await change(ctx, request, [{ operation: 'delete', path, sha: body.sha }], 400);
  const repo = request.repo!;
  return {
    status: 200,
    body: {
      content: null,
      commit: fileCommit(ctx, repo, await readCommit(repo, sha)),
      verification: unsigned(),
    },
  };
}

/**
 * GET /repos/{owner}/{repo}/contents[/{filepath}]?ref: a file (its content in base64) or a
 * folder's entries (without content), at `ref` (the default branch when absent).
 */
export async function getContents(ctx: GiteaContext, request: GiteaRequest): Promise<GiteaReply> {
  const repo = request.repo!;
  const ref = request.query.get('ref') || repo.defaultBranch;
  const path = (request.params.filepath ?? '').replace(/^\/+|\/+$/g, '');
  const commit = await revision(repo, ref, 'commit');
  if (!commit)
    throw notFound('GetContentsOrList', [`object does not exist [id: ${ref}, rel_path: ]`]);
  const entry = await entryAt(repo, commit, path);
  if (!entry)
    throw notFound('GetContentsOrList', [`object does not exist [id: , rel_path: ${path}]`]);
  if (entry.type === 'blob') {
    return { status: 200, body: await fileAt(ctx, repo, commit, ref, path) };
  }
  if (entry.type !== 'tree') {
    return {
      status: 200,
      body: contentsEntry(ctx, repo, ref, entry, await lastCommitOf(repo, commit, path)),
    };
  }
  const entries = await listTree(repo, path ? `${commit}:${path}` : commit, false);
  const body = [];
  for (const child of entries) {
    const full = path ? `${path}/${child.path}` : child.path;
    const last = await lastCommitOf(repo, commit, full);
    body.push(contentsEntry(ctx, repo, ref, { ...child, size: child.size ?? 0, path: full }, last));
  }
  return { status: 200, body };
}
