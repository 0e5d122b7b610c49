import { createHash } from 'node:crypto';
import { json, ReplyError, type Reply } from '../http-reply.js';
import type { ForgeRepo } from '../repositories.js';
import type { ForgeUser } from '../users.js';
import {
  findProject,
  requireUser,
  requireWrite,
  type GitLabContext,
  type GitLabRequest,
} from './context.js';
import { invalidParam, missingParams, notFound } from './errors.js';
import { blobAt, lastCommitOf, resolveCommit } from './git-read.js';
import { requireQuery } from './projects.js';
import { rawReply } from './repository.js';
import { commitActions, type CommitAction } from './write-commit.js';

/**
 * Whether `path` is a file path GitLab takes (its `file_path` validator): relative, without
 * empty, `.` or `..` segments, without a NUL or a newline.
 */
export function validFilePath(path: string) {
  return (
    path !== '' &&
    !/[\0\n\r]/.test(path) &&
    path.split('/').every((part) => part !== '' && part !== '.' && part !== '..')
  );
}

/** The decoded `file_path` segment, or Grape's 400 `file_path should be a valid file path`. */
export function filePathOf(segment: string) {
  const path = decodeURIComponent(segment);
  if (!validFilePath(path)) {
    throw new ReplyError(json(400, { error: 'file_path should be a valid file path' }));
  }
  return path;
}

/** The bytes `content` says in `encoding` (`text`, the default, or `base64`). */
export function decodeContent(content: unknown, encoding: unknown): Buffer {
  if (encoding !== undefined && encoding !== 'text' && encoding !== 'base64') {
    invalidParam('encoding');
  }
  const text = typeof content === 'string' ? content : '';
  return encoding === 'base64' ? Buffer.from(text, 'base64') : Buffer.from(text, 'utf8');
}

/** Who a commit of `user` is signed by: `author_name`/`author_email` when given. */
export function authorOf(user: ForgeUser, body: Record<string, unknown>) {
  return {
    name: typeof body.author_name === 'string' ? body.author_name : (user.name ?? user.login),
    email:
      typeof body.author_email === 'string'
        ? body.author_email
        : (user.email ?? `${user.id}-${user.login}@users.noreply.forge-sim`),
  };
}

async function fileAt(repo: ForgeRepo, ref: string, path: string) {
  const commit = await resolveCommit(repo.gitDir, ref);
  if (!commit) notFound('Commit');
  const blob = await blobAt(repo.gitDir, commit, path);
  if (!blob) notFound('File');
  const lastCommitId = await lastCommitOf(repo.gitDir, commit, path);
  return {
    file_name: path.slice(path.lastIndexOf('/') + 1),
    file_path: path,
    size: blob.bytes.length,
    encoding: 'base64',
    content_sha256: createHash('sha256').update(blob.bytes).digest('hex'),
    ref,
    blob_id: blob.id,
    commit_id: commit,
    last_commit_id: lastCommitId,
    execute_filemode: blob.mode === '100755',
    bytes: blob.bytes,
  };
}

/** The `X-Gitlab-*` headers GitLab puts on a file's GET, HEAD and raw answers. */
function fileHeaders(file: Awaited<ReturnType<typeof fileAt>>) {
  return {
    'x-gitlab-blob-id': file.blob_id,
    'x-gitlab-commit-id': file.commit_id,
    'x-gitlab-content-sha256': file.content_sha256,
    'x-gitlab-encoding': file.encoding,
    'x-gitlab-execute-filemode': String(file.execute_filemode),
    'x-gitlab-file-name': file.file_name,
    'x-gitlab-file-path': file.file_path,
    'x-gitlab-last-commit-id': file.last_commit_id,
    'x-gitlab-ref': file.ref,
    'x-gitlab-size': String(file.size),
  };
}

/** GET (and HEAD) /projects/:id/repository/files/:file_path?ref: the file, base64. */
export async function getFile(
  ctx: GitLabContext,
  request: GitLabRequest,
  id: string,
  path: string,
): Promise<Reply> {
  const repo = findProject(ctx, request, id);
  requireQuery(request.query, ['ref']);
  const file = await fileAt(repo, request.query.get('ref') ?? '', path);
  const { bytes, ...described } = file;
  const headers = fileHeaders(file);
  if (request.method === 'HEAD')
    return { status: 200, body: undefined, raw: Buffer.alloc(0), headers };
  return json(200, { ...described, content: bytes.toString('base64') }, headers);
}

/** GET /projects/:id/repository/files/:file_path/raw?ref: the bytes (default branch without ref). */
export async function getRawFile(
  ctx: GitLabContext,
  request: GitLabRequest,
  id: string,
  path: string,
): Promise<Reply> {
  const repo = findProject(ctx, request, id);
  const file = await fileAt(repo, request.query.get('ref') || repo.defaultBranch, path);
  return rawReply(file.bytes, fileHeaders(file));
}

/**
 * POST, PUT and DELETE /projects/:id/repository/files/:file_path: one commit creating, updating
 * or deleting the file on `branch` (from `start_branch`), refused with GitLab's 400s when the file
 * exists (create), is missing (update, delete) or changed since `last_commit_id`.
 */
export async function writeFile(
  ctx: GitLabContext,
  request: GitLabRequest,
  id: string,
  path: string,
): Promise<Reply> {
  const repo = findProject(ctx, request, id);
  const user = requireUser(request);
  const { body, method } = request;
  const absent = ['branch', 'commit_message'].filter(
    (name) => typeof body[name] !== 'string' || body[name] === '',
  );
  if (method !== 'DELETE' && typeof body.content !== 'string') absent.push('content');
  if (absent.length > 0) missingParams(absent);
  requireWrite(request, repo);
  const action: CommitAction = {
    action: method === 'POST' ? 'create' : method === 'PUT' ? 'update' : 'delete',
    filePath: path,
    ...(method === 'DELETE' ? {} : { content: decodeContent(body.content, body.encoding) }),
    lastCommitId: typeof body.last_commit_id === 'string' ? body.last_commit_id : undefined,
    executeFilemode: typeof body.execute_filemode === 'boolean' ? body.execute_filemode : undefined,
  };
  await commitActions(ctx.repos, repo, {
    branch: String(body.branch),
    startBranch: typeof body.start_branch === 'string' ? body.start_branch : undefined,
    message: String(body.commit_message),
    author: authorOf(user, body),
    actions: [action],
  });
  if (method === 'DELETE') return { status: 204, body: undefined };
  return json(method === 'POST' ? 201 : 200, { file_path: path, branch: body.branch });
}
