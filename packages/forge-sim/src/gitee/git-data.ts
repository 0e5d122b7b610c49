import { blobBytesOf } from '../git.js';
import { listTree, treeListingLimit } from '../github/git-data.js';
import { changedFiles, commitShas, isEmpty, readCommit, revision } from '../gitea/git-read.js';
import {
  GiteeError,
  param,
  type GiteeContext,
  type GiteeReply,
  type GiteeRequest,
} from './context.js';
import { repoCommit } from './representations.js';

/** Gitee's page size of lists: 20 by default, at most 100. */
export function pageOf(request: GiteeRequest) {
  const page = Math.max(1, Math.floor(Number(param(request, 'page')) || 1));
  const asked = Math.floor(Number(param(request, 'per_page')) || 0);
  return { page, perPage: asked <= 0 ? 20 : Math.min(asked, 100) };
}

/** GET /v5/repos/{owner}/{repo}/git/trees/{sha}?recursive=1: `truncated` past the tree limit,
 * or cut short by a truncateTree fault. */
export async function getTree(ctx: GiteeContext, request: GiteeRequest): Promise<GiteeReply> {
  const repo = request.repo!;
  const name = request.params.sha ?? '';
  if (await isEmpty(repo)) throw new GiteeError(404, 'Not Found');
  const sha = await revision(repo, name, 'tree');
  if (!sha) throw new GiteeError(422, 'SHA值必须为Commit或Tree的');
  const recursive = param(request, 'recursive') === '1';
  const entries = await listTree(repo, sha, recursive);
  const limit = recursive
    ? treeListingLimit(entries.length, ctx.treeLimit, ctx.truncateTo)
    : ctx.treeLimit;
  const truncated = entries.length > limit;
  const api = `${ctx.api}/repos/${repo.owner}/${repo.name}`;
  return {
    status: 200,
    body: {
      sha,
      url: `${api}/git/trees/${sha}`,
      tree: entries.slice(0, limit).map((entry) => ({
        path: entry.path,
        mode: entry.mode,
        type: entry.type,
        sha: entry.sha,
        size: entry.size ?? 0,
        url: `${api}/git/${entry.type === 'tree' ? 'trees' : 'blobs'}/${entry.sha}`,
      })),
      truncated,
    },
  };
}

/** GET /v5/repos/{owner}/{repo}/git/blobs/{sha}: base64 content. */
export async function getBlob(ctx: GiteeContext, request: GiteeRequest): Promise<GiteeReply> {
  const repo = request.repo!;
  const name = request.params.sha ?? '';
  const sha = /^[0-9a-f]{40}$/.test(name) ? await revision(repo, name, 'blob') : undefined;
  if (!sha) throw new GiteeError(404, 'Not Found');
  const bytes = await blobBytesOf(repo.gitDir, sha);
  return {
    status: 200,
    body: {
      sha,
      size: bytes.length,
      url: `${ctx.api}/repos/${repo.owner}/${repo.name}/git/blobs/${sha}`,
      content: bytes.toString('base64'),
      encoding: 'base64',
    },
  };
}

/**
 * GET /v5/repos/{owner}/{repo}/commits?sha&path&page&per_page: newest first, 20 a page (at most
 * 100), with Gitee's `total_count` and `total_page` headers.
 */
export async function listCommits(ctx: GiteeContext, request: GiteeRequest): Promise<GiteeReply> {
  const repo = request.repo!;
  if (await isEmpty(repo))
    return { status: 200, body: [], headers: { total_count: '0', total_page: '0' } };
  const from = param(request, 'sha') || repo.defaultBranch;
  const tip = await revision(repo, from, 'commit');
  if (!tip) throw new GiteeError(404, 'Not Found');
  const path = param(request, 'path').replace(/^\/+|\/+$/g, '');
  const shas = await commitShas(repo, tip, path);
  const { page, perPage } = pageOf(request);
  const body = [];
  for (const sha of shas.slice((page - 1) * perPage, page * perPage)) {
    body.push(repoCommit(ctx, repo, await readCommit(repo, sha)));
  }
  return {
    status: 200,
    body,
    headers: {
      total_count: String(shas.length),
      total_page: String(Math.ceil(shas.length / perPage)),
    },
  };
}

/** GET /v5/repos/{owner}/{repo}/commits/{sha}: one commit by sha or branch. */
export async function getCommit(ctx: GiteeContext, request: GiteeRequest): Promise<GiteeReply> {
  const repo = request.repo!;
  const sha = await revision(repo, request.params.sha ?? '', 'commit');
  if (!sha) throw new GiteeError(404, 'Not Found');
  const files = await changedFiles(repo, sha);
  const stats = {
    additions: files.reduce((sum, file) => sum + file.additions, 0),
    deletions: files.reduce((sum, file) => sum + file.deletions, 0),
  };
  return { status: 200, body: repoCommit(ctx, repo, await readCommit(repo, sha), stats) };
}
