import { blobBytesOf } from '../git.js';
import { listTree } from '../github/git-data.js';
import {
  GiteaError,
  notFound,
  type GiteaContext,
  type GiteaReply,
  type GiteaRequest,
} from './context.js';
import { changedFiles, commitShas, isEmpty, readCommit, revision } from './git-read.js';
import { listOptions, pagingHeaders } from './paging.js';
import { giteaUser, unsigned, userByCommitEmail } from './representations.js';

const repoApi = (ctx: GiteaContext, request: GiteaRequest) =>
  `${ctx.api}/repos/${request.repo!.owner}/${request.repo!.name}`;

/** Reads a boolean query parameter as Gitea's form binding does (absent: `fallback`). */
const flag = (query: URLSearchParams, name: string, fallback: boolean) => {
  const value = query.get(name);
  if (value === null || value === '') return fallback;
  return value === '1' || value.toLowerCase() === 'true';
};

/**
 * GET /repos/{owner}/{repo}/git/trees/{sha}?recursive&page&per_page: Gitea pages a tree
 * (`GetTreeBySHA`): `per_page` defaults to and is capped at DEFAULT_GIT_TREES_PER_PAGE,
 * `total_count` counts every entry, and `truncated` is set on every page of a tree bigger than
 * a page (Gitea 1.22), or only while entries follow this page (`truncatedOnEveryPage: false`,
 * Gitea's current source): a client ends at `total_count`, not at `truncated`.
 */
export async function getTree(ctx: GiteaContext, request: GiteaRequest): Promise<GiteaReply> {
  const repo = request.repo!;
  const name = request.params.sha ?? '';
  const sha = await revision(repo, name, 'tree');
  if (!sha) throw new GiteaError(400, `sha not found [${name}]`);
  const entries = await listTree(repo, sha, flag(request.query, 'recursive', false));
  const page = Math.max(1, Math.floor(Number(request.query.get('page')) || 1));
  const asked = Math.floor(Number(request.query.get('per_page')) || 0);
  const max = ctx.settings.defaultGitTreesPerPage;
  const perPage = asked <= 0 || asked > max ? max : asked;
  const start = perPage * (page - 1);
  const end = Math.min(start + perPage, entries.length);
  const api = repoApi(ctx, request);
  const kinds: Record<string, string> = { tree: 'trees', blob: 'blobs', commit: 'commits' };
  return {
    status: 200,
    body: {
      sha,
      url: `${api}/git/trees/${sha}`,
      tree:
        start >= entries.length
          ? []
          : entries.slice(start, end).map((entry) => ({
              path: entry.path,
              mode: entry.mode,
              type: entry.type,
              size: entry.size ?? 0,
              sha: entry.sha,
              url: `${api}/git/${kinds[entry.type] ?? 'blobs'}/${entry.sha}`,
            })),
      truncated:
        start < entries.length &&
        (ctx.settings.truncatedOnEveryPage ? entries.length > perPage : end < entries.length),
      page,
      total_count: entries.length,
    },
  };
}

/** GET /repos/{owner}/{repo}/git/blobs/{sha}: the blob in base64, or an empty `content` past
 * DEFAULT_MAX_BLOB_SIZE (its `size` still given), as Gitea answers. */
export async function getBlob(ctx: GiteaContext, request: GiteaRequest): Promise<GiteaReply> {
  const repo = request.repo!;
  const name = request.params.sha ?? '';
  const sha = /^[0-9a-f]{40}$/.test(name) ? await revision(repo, name, 'blob') : undefined;
  if (!sha) throw new GiteaError(400, `object does not exist [id: ${name}, rel_path: ]`);
  const bytes = await blobBytesOf(repo.gitDir, sha);
  return {
    status: 200,
    body: {
      content: bytes.length <= ctx.settings.defaultMaxBlobSize ? bytes.toString('base64') : '',
      encoding: 'base64',
      url: `${repoApi(ctx, request)}/git/blobs/${sha}`,
      sha,
      size: bytes.length,
    },
  };
}

const STATUS: Record<string, string> = { A: 'added', D: 'removed', M: 'modified', T: 'modified' };

/**
 * GET /repos/{owner}/{repo}/commits?sha&path&stat&verification&files&page&limit: newest first,
 * with Gitea's headers (`X-Total-Count`, `Link`, `X-Page`, `X-PerPage`, `X-Total`,
 * `X-PageCount`, `X-HasMore`); 409 on an empty repository.
 */
export async function listCommits(ctx: GiteaContext, request: GiteaRequest): Promise<GiteaReply> {
  const repo = request.repo!;
  if (await isEmpty(repo)) throw new GiteaError(409, 'Git Repository is empty.');
  const from = request.query.get('sha') || repo.defaultBranch;
  const tip = await revision(repo, from, 'commit');
  if (!tip) throw notFound('sha not found', [`object does not exist [id: ${from}, rel_path: ]`]);
  const path = (request.query.get('path') ?? '').replace(/^\/+|\/+$/g, '');
  const shas = await commitShas(repo, tip, path);
  const { page, limit } = listOptions(request.query, ctx.settings);
  const slice = shas.slice((page - 1) * limit, page * limit);
  const withStats = flag(request.query, 'stat', true);
  const withFiles = flag(request.query, 'files', true);
  const withVerification = flag(request.query, 'verification', true);
  const api = repoApi(ctx, request);
  const html = `${ctx.web}/${repo.owner}/${repo.name}`;
  const body = [];
  for (const sha of slice) {
    const commit = await readCommit(repo, sha);
    const changed = withStats || withFiles ? await changedFiles(repo, sha) : [];
    const additions = changed.reduce((sum, file) => sum + file.additions, 0);
    const deletions = changed.reduce((sum, file) => sum + file.deletions, 0);
    const account = (email: string) => {
      const user = userByCommitEmail(ctx, email);
      return user ? giteaUser(ctx, user, request.user?.id === user.id) : null;
    };
    body.push({
      url: `${api}/git/commits/${sha}`,
      sha,
      created: commit.committer.date,
      html_url: `${html}/commit/${sha}`,
      commit: {
        url: `${api}/git/commits/${sha}`,
        author: commit.author,
        committer: commit.committer,
        message: commit.message,
        tree: {
          url: `${api}/git/trees/${commit.tree}`,
          sha: commit.tree,
          created: commit.committer.date,
        },
        verification: withVerification ? unsigned() : null,
      },
      author: account(commit.author.email),
      committer: account(commit.committer.email),
      parents: commit.parents.map((parent) => ({
        url: `${api}/git/commits/${parent}`,
        sha: parent,
        created: commit.committer.date,
      })),
      files: withFiles
        ? changed.map((file) => ({
            filename: file.path,
            status: STATUS[file.status] ?? 'modified',
          }))
        : null,
      stats: withStats ? { total: additions + deletions, additions, deletions } : null,
    });
  }
  const pageCount = Math.ceil(shas.length / limit);
  return {
    status: 200,
    body,
    headers: {
      ...pagingHeaders(`${api}/commits`, request.query, page, limit, shas.length),
      'x-page': String(page),
      'x-perpage': String(limit),
      'x-total': String(shas.length),
      'x-pagecount': String(pageCount),
      'x-hasmore': String(page < pageCount),
    },
  };
}
