import { branchTip, BranchMovedError, commitFiles, type Signature } from '../commit-files.js';
import { blobBytesOf } from '../git.js';
import { fail, json, type Reply } from '../http-reply.js';
import type { ForgeUser } from '../users.js';
import {
  commitJson,
  isObject,
  listTree,
  repoUrl,
  resolve,
  type GitDataContext,
  type TreeEntry,
} from './git-data.js';

const KIND: Record<string, string> = { blob: 'file', tree: 'dir', commit: 'submodule' };

/** The links of one path at `ref`, as the contents API gives them. */
function links(
  ctx: GitDataContext,
  path: string,
  ref: string,
  entry: Pick<TreeEntry, 'type' | 'sha'>,
) {
  const web = `${ctx.origins.web}/${ctx.repo.owner}/${ctx.repo.name}`;
  const self = `${repoUrl(ctx)}/contents/${path}?ref=${encodeURIComponent(ref)}`;
  const gitUrl =
    entry.type === 'commit'
      ? null
      : `${repoUrl(ctx)}/git/${entry.type === 'tree' ? 'trees' : 'blobs'}/${entry.sha}`;
  const html =
    entry.type === 'commit'
      ? null
      : `${web}/${entry.type === 'tree' ? 'tree' : 'blob'}/${ref}/${path}`;
  return {
    url: self,
    html_url: html,
    git_url: gitUrl,
    download_url: entry.type === 'blob' ? `${web}/raw/${ref}/${path}` : null,
    _links: { self, git: gitUrl, html },
  };
}

/** A path as the contents API takes it: no leading or trailing slash, no `.` or `..` parts. */
function cleanPath(path: string) {
  const clean = path.replace(/^\/+|\/+$/g, '');
  if (
    // eslint-disable-next-line no-control-regex
    /[\u0000-\u001f]/.test(clean) ||
    clean.split('/').some((part) => part === '' || part === '.' || part === '..' || part === '.git')
  ) {
    if (clean !== '') fail(404, 'Not Found');
  }
  return clean;
}

const BASE64 = /^[A-Za-z0-9+/\r\n]*={0,2}[\r\n]*$/;

/** The entry of `path` in commit `commit`, or undefined. */
async function entryAt(ctx: GitDataContext, commit: string, path: string) {
  const entries = await listTree(ctx.repo, `${commit}:`, false).catch(() => []);
  if (!path.includes('/')) return entries.find((entry) => entry.path === path);
  const folder = path.slice(0, path.lastIndexOf('/'));
  const name = path.slice(path.lastIndexOf('/') + 1);
  const inside = await listTree(ctx.repo, `${commit}:${folder}`, false).catch(() => []);
  return inside.find((entry) => entry.path === name);
}

/** GitHub's contents API lists at most this many entries of a folder. */
export const FOLDER_LIMIT = 1000;

/** Past this size GitHub's contents API leaves a file's `content` empty (encoding `none`). */
export const CONTENT_LIMIT = 1024 * 1024;

const base64Lines = (bytes: Buffer) =>
  (bytes.toString('base64').match(/.{1,60}/g) ?? []).map((line) => `${line}\n`).join('');

/**
 * GET /repos/{owner}/{repo}/contents/{path}?ref=: a file (base64 content and its blob sha), a
 * directory's entries, or 404 'Not Found'. `raw`: the file's bytes themselves, as the
 * `application/vnd.github.raw` media type asks.
 */
export async function getContents(
  ctx: GitDataContext,
  rawPath: string,
  query: URLSearchParams,
  raw: boolean,
): Promise<Reply> {
  const path = cleanPath(rawPath);
  const ref = query.get('ref') || ctx.repo.defaultBranch;
  const commit = await resolve(ctx.repo, ref, 'commit');
  if (!commit) {
    if (!(await branchTip(ctx.repo.gitDir, ctx.repo.defaultBranch))) {
      fail(404, 'This repository is empty.');
    }
    fail(404, `No commit found for the ref ${ref}`);
  }
  if (path !== '') {
    const entry = await entryAt(ctx, commit, path);
    if (!entry) fail(404, 'Not Found');
    if (entry.type === 'blob') {
      const bytes = await blobBytesOf(ctx.repo.gitDir, entry.sha);
      if (raw)
        return {
          status: 200,
          body: undefined,
          raw: bytes,
          headers: { 'content-type': 'application/vnd.github.raw; charset=utf-8' },
        };
      // Past 1 MB GitHub gives the bytes only raw (or by the blob): `content` '', encoding none.
      const whole = bytes.length <= CONTENT_LIMIT;
      return json(200, {
        type: 'file',
        encoding: whole ? 'base64' : 'none',
        size: bytes.length,
        name: entry.path,
        path,
        content: whole ? base64Lines(bytes) : '',
        sha: entry.sha,
        ...links(ctx, path, ref, entry),
      });
    }
    if (entry.type !== 'tree') {
      return json(200, {
        type: 'submodule',
        submodule_git_url: '',
        size: 0,
        name: entry.path,
        path,
        sha: entry.sha,
        ...links(ctx, path, ref, entry),
      });
    }
  }
  // GitHub lists at most 1,000 entries of a folder, silently: the git trees API gives them all.
  const entries = (await listTree(ctx.repo, `${commit}:${path}`, false)).slice(0, FOLDER_LIMIT);
  return json(
    200,
    entries.map((entry) => {
      const full = path === '' ? entry.path : `${path}/${entry.path}`;
      return {
        type: entry.mode === '120000' ? 'symlink' : (KIND[entry.type] ?? 'file'),
        size: entry.size ?? 0,
        name: entry.path,
        path: full,
        sha: entry.sha,
        ...links(ctx, full, ref, entry),
      };
    }),
  );
}

/** Who signs a contents write: `author`/`committer` of the body, else the signed-in user. */
function signer(user: ForgeUser | undefined, value: unknown): Signature {
  const login = user?.login ?? 'forge-sim';
  const fallback = {
    name: user?.name ?? login,
    email: user?.email ?? `${user?.id ?? 0}+${login}@users.noreply.forge-sim`,
  };
  if (!isObject(value)) return fallback;
  return {
    name: typeof value.name === 'string' ? value.name : fallback.name,
    email: typeof value.email === 'string' ? value.email : fallback.email,
    ...(typeof value.date === 'string' ? { date: value.date } : {}),
  };
}

/** The branch a write goes to, its tip, and the file's current blob sha there. */
async function target(ctx: GitDataContext, path: string, body: Record<string, unknown>) {
  const branch =
    typeof body.branch === 'string' && body.branch !== '' ? body.branch : ctx.repo.defaultBranch;
  const tip = await branchTip(ctx.repo.gitDir, branch);
  if (!tip && branch !== ctx.repo.defaultBranch) fail(404, `Branch ${branch} not found`);
  const entry = tip ? await entryAt(ctx, tip, path) : undefined;
  if (entry && entry.type !== 'blob') fail(422, `path ${path} is a directory`);
  // A file below a path that is a file: git would not have it, nor does GitHub.
  const parts = path.split('/');
  for (let depth = 1; tip && depth < parts.length; depth += 1) {
    const above = await entryAt(ctx, tip, parts.slice(0, depth).join('/'));
    if (above === undefined) break;
    if (above.type !== 'tree') fail(422, `path ${path} cannot be written below a file`);
  }
  return { branch, tip, current: entry?.sha };
}

/** Commits one change of `path`, answering 409 when the branch moved meanwhile. */
async function write(
  ctx: GitDataContext,
  path: string,
  body: Record<string, unknown>,
  at: { branch: string; tip: string | undefined },
  content: Buffer | null,
) {
  const author = signer(ctx.user, body.author ?? body.committer);
  const committer = signer(ctx.user, body.committer ?? body.author);
  try {
    return await commitFiles({
      gitDir: ctx.repo.gitDir,
      branch: at.branch,
      parent: at.tip,
      changes: new Map([[path, content]]),
      message: String(body.message),
      author,
      committer,
    });
  } catch (cause) {
    if (cause instanceof BranchMovedError) fail(409, `${path} does not match ${at.tip ?? ''}`);
    throw cause;
  }
}

function requireFields(body: unknown, names: string[]): Record<string, unknown> {
  if (!isObject(body)) fail(400, 'Problems parsing JSON');
  const missing = names.filter((name) => typeof body[name] !== 'string');
  if (missing.length > 0) {
    const list = missing.map((name) => `"${name}"`).join(', ');
    fail(422, `Invalid request.\n\n${list} ${missing.length > 1 ? "weren't" : "wasn't"} supplied.`);
  }
  return body;
}

/**
 * PUT /repos/{owner}/{repo}/contents/{path}: `message`, `content` (base64), `sha` of the file it
 * replaces (required when it exists: 422 without, 409 `{path} does not match {sha}` when stale),
 * `branch`. One real commit; 201 on create, 200 on update.
 */
export async function putContents(
  ctx: GitDataContext,
  rawPath: string,
  input: unknown,
): Promise<Reply> {
  const path = cleanPath(rawPath);
  if (path === '') fail(404, 'Not Found');
  const body = requireFields(input, ['message', 'content']);
  const at = await target(ctx, path, body);
  if (at.current !== undefined && typeof body.sha !== 'string') {
    fail(422, 'Invalid request.\n\n"sha" wasn\'t supplied.');
  }
  if (ctx.stale || (typeof body.sha === 'string' && body.sha !== at.current)) {
    fail(409, `${path} does not match ${typeof body.sha === 'string' ? body.sha : ''}`);
  }
  if (!BASE64.test(String(body.content))) fail(422, 'content is not valid Base64');
  const bytes = Buffer.from(String(body.content), 'base64');
  const sha = await write(ctx, path, body, at, bytes);
  const entry = await entryAt(ctx, sha, path);
  const blob = entry?.sha ?? '';
  const name = path.slice(path.lastIndexOf('/') + 1);
  return json(at.current === undefined ? 201 : 200, {
    content: {
      name,
      path,
      sha: blob,
      size: bytes.length,
      type: 'file',
      ...links(ctx, path, at.branch, { type: 'blob', sha: blob }),
    },
    commit: await commitJson(ctx, sha),
  });
}

/**
 * DELETE /repos/{owner}/{repo}/contents/{path}: `message`, `sha` (required), `branch`; 404 when
 * the file does not exist, 409 when `sha` is stale. One real commit; `content: null`.
 */
export async function deleteContents(
  ctx: GitDataContext,
  rawPath: string,
  input: unknown,
): Promise<Reply> {
  const path = cleanPath(rawPath);
  const body = requireFields(input, ['message', 'sha']);
  const at = await target(ctx, path, body);
  if (at.current === undefined) fail(404, 'Not Found');
  if (ctx.stale || body.sha !== at.current) fail(409, `${path} does not match ${String(body.sha)}`);
  const sha = await write(ctx, path, body, at, null);
  return json(200, { content: null, commit: await commitJson(ctx, sha) });
}
