import { json, type Reply } from '../http-reply.js';
import { findProject, type GitLabContext, type GitLabRequest } from './context.js';
import { notFound } from './errors.js';
import { blobBytes, listTree, resolveCommit, type TreeEntry } from './git-read.js';
import { offsetHeaders, pageOf, slicePage } from './pagination.js';

const truthy = (value: string | null) => value === 'true' || value === '1';

/** The name a `page_token` of keyset pagination resumes after (Gitaly's cursor, base64 JSON). */
const tokenOf = (path: string) =>
  Buffer.from(JSON.stringify({ file_name: path })).toString('base64');

function pathOfToken(token: string) {
  try {
    const parsed = JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as unknown;
    const name = (parsed as { file_name?: unknown }).file_name;
    return typeof name === 'string' ? name : undefined;
  } catch {
    return undefined;
  }
}

const entryOf = (entry: TreeEntry) => ({
  id: entry.id,
  name: entry.path.slice(entry.path.lastIndexOf('/') + 1),
  type: entry.type,
  path: entry.path,
  mode: entry.mode,
});

/**
 * GET /projects/:id/repository/tree (`path`, `ref`, `recursive`, `per_page`, `page`): a page of
 * the entries with GitLab's offset pagination headers; with `pagination=keyset` (and the
 * `page_token` of the previous page's `Link`), keyset pages whose `Link` says rel="next".
 */
export async function listRepositoryTree(
  ctx: GitLabContext,
  request: GitLabRequest,
  id: string,
  url: string,
): Promise<Reply> {
  const repo = findProject(ctx, request, id);
  const { query } = request;
  const ref = query.get('ref') || repo.defaultBranch;
  const commit = await resolveCommit(repo.gitDir, ref);
  if (!commit) notFound('Tree');
  const path = (query.get('path') ?? '').replace(/^\/+|\/+$/g, '');
  const entries = await listTree(repo.gitDir, commit, path, truthy(query.get('recursive')));
  if (!entries) notFound('Tree');
  const { page, perPage } = pageOf(query);
  if (query.get('pagination') === 'keyset') {
    const token = query.get('page_token');
    let start = 0;
    if (token) {
      const after = pathOfToken(token);
      const index = after === undefined ? -1 : entries.findIndex((entry) => entry.path === after);
      if (index < 0) notFound('Tree');
      start = index + 1;
    }
    const slice = entries.slice(start, start + perPage);
    const headers: Record<string, string> = {};
    const last = slice.at(-1);
    if (last && start + perPage < entries.length) {
      const params = new URLSearchParams(query);
      params.set('id', String(repo.id));
      params.set('page_token', tokenOf(last.path));
      params.set('pagination', 'keyset');
      params.set('per_page', String(perPage));
      headers.link = `<${url}?${params.toString()}>; rel="next"`;
    }
    return json(200, slice.map(entryOf), headers);
  }
  return json(
    200,
    slicePage(entries, page, perPage).map(entryOf),
    offsetHeaders(url, query, page, perPage, entries.length),
  );
}

/** GET /projects/:id/repository/blobs/:sha: size, base64 content and sha. */
export async function getBlob(ctx: GitLabContext, request: GitLabRequest, id: string, sha: string) {
  const repo = findProject(ctx, request, id);
  const blob = await blobBytes(repo.gitDir, sha);
  if (!blob) notFound('Blob');
  return json(200, {
    size: blob.bytes.length,
    encoding: 'base64',
    content: blob.bytes.toString('base64'),
    sha: blob.id,
  });
}

/** GET /projects/:id/repository/blobs/:sha/raw: the blob's bytes. */
export async function getRawBlob(
  ctx: GitLabContext,
  request: GitLabRequest,
  id: string,
  sha: string,
): Promise<Reply> {
  const repo = findProject(ctx, request, id);
  const blob = await blobBytes(repo.gitDir, sha);
  if (!blob) notFound('Blob');
  return rawReply(blob.bytes, {});
}

/** Bytes answered as GitLab's raw endpoints do: text/plain, never sniffed. */
export function rawReply(bytes: Buffer, headers: Record<string, string>): Reply {
  return {
    status: 200,
    body: undefined,
    raw: bytes,
    headers: {
      'content-type': 'text/plain; charset=utf-8',
      'x-content-type-options': 'nosniff',
      ...headers,
    },
  };
}
