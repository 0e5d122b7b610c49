import { git } from '../git.js';
import { fail, json, type Reply } from '../http-reply.js';
import type { Users } from '../users.js';
import { commitJson, repoUrl, requireNotEmpty, resolve, type GitDataContext } from './git-data.js';
import { linkHeader, pageOf } from './pagination.js';
import { nodeId, simpleUser } from './representations.js';

/** What the commit routes need: the git data context and the accounts, to name authors. */
export interface CommitsContext extends GitDataContext {
  users: Users;
}

/** The account a commit's author or committer email belongs to, as `simple-user`, or null. */
function account(ctx: CommitsContext, email: string) {
  const user = ctx.users.byEmail(email);
  return user ? simpleUser(user, ctx.origins) : null;
}

/** The commit `sha` in GitHub's `commit` shape (GET /repos/{owner}/{repo}/commits…). */
async function restCommit(ctx: CommitsContext, sha: string) {
  const raw = await commitJson(ctx, sha);
  const url = `${repoUrl(ctx)}/commits/${sha}`;
  return {
    url,
    sha,
    node_id: nodeId('C', sha),
    html_url: raw.html_url,
    comments_url: `${url}/comments`,
    commit: {
      url: raw.url,
      author: raw.author,
      committer: raw.committer,
      message: raw.message,
      tree: raw.tree,
      comment_count: 0,
      verification: raw.verification,
    },
    author: account(ctx, raw.author.email),
    committer: account(ctx, raw.committer.email),
    parents: raw.parents.map((parent) => ({
      sha: parent.sha,
      url: `${repoUrl(ctx)}/commits/${parent.sha}`,
      html_url: parent.html_url,
    })),
  };
}

const STATUS: Record<string, string> = {
  A: 'added',
  D: 'removed',
  M: 'modified',
  T: 'changed',
};

/** The files a commit changed against its first parent, as GitHub's `diff-entry` list. */
async function changedFiles(ctx: CommitsContext, sha: string) {
  const args = ['diff-tree', '-r', '-z', '--root', '--no-renames', '--no-commit-id'];
  const numstat = (await git(ctx.repo.gitDir, [...args, '--numstat', sha])).toString('utf8');
  const raw = (await git(ctx.repo.gitDir, [...args, '--raw', sha])).toString('utf8');
  const counts = new Map<string, { additions: number; deletions: number }>();
  // --numstat -z: "added\tdeleted\tpath\0" (binary files count "-").
  for (const line of numstat.split('\0').filter(Boolean)) {
    const [added = '0', deleted = '0', path = ''] = line.split('\t');
    counts.set(path, { additions: Number(added) || 0, deletions: Number(deleted) || 0 });
  }
  // --raw -z: ":old new oldsha newsha status\0path\0".
  const parts = raw.split('\0');
  const files = [];
  for (let index = 0; index + 1 < parts.length; index += 2) {
    const meta = parts[index] ?? '';
    const path = parts[index + 1] ?? '';
    if (!meta.startsWith(':')) break;
    const [, , oldSha = '', newSha = '', status = 'M'] = meta.slice(1).split(' ');
    const { additions, deletions } = counts.get(path) ?? { additions: 0, deletions: 0 };
    const blob = status === 'D' ? oldSha : newSha;
    const web = `${ctx.origins.web}/${ctx.repo.owner}/${ctx.repo.name}`;
    files.push({
      sha: blob,
      filename: path,
      status: STATUS[status] ?? 'modified',
      additions,
      deletions,
      changes: additions + deletions,
      blob_url: `${web}/blob/${sha}/${path}`,
      raw_url: `${web}/raw/${sha}/${path}`,
      contents_url: `${repoUrl(ctx)}/contents/${path}?ref=${sha}`,
    });
  }
  return files;
}

/** GET /repos/{owner}/{repo}/commits/{ref}: one commit by sha or branch, with its files. */
export async function getRestCommit(ctx: CommitsContext, ref: string): Promise<Reply> {
  await requireNotEmpty(ctx.repo);
  const sha = await resolve(ctx.repo, ref, 'commit');
  if (!sha) fail(422, `No commit found for SHA: ${ref}`);
  const files = await changedFiles(ctx, sha);
  const additions = files.reduce((sum, file) => sum + file.additions, 0);
  const deletions = files.reduce((sum, file) => sum + file.deletions, 0);
  return json(200, {
    ...(await restCommit(ctx, sha)),
    stats: { total: additions + deletions, additions, deletions },
    files,
  });
}

/**
 * GET /repos/{owner}/{repo}/commits?sha=&path=&per_page=&page=: newest first, from `sha` (a sha
 * or a branch; the default branch when absent), only those changing `path` when given, with
 * GitHub's pagination and `Link` header.
 */
export async function listCommits(ctx: CommitsContext, query: URLSearchParams): Promise<Reply> {
  await requireNotEmpty(ctx.repo);
  const from = query.get('sha') || ctx.repo.defaultBranch;
  const tip = await resolve(ctx.repo, from, 'commit');
  if (!tip) fail(404, 'Not Found');
  const path = (query.get('path') ?? '').replace(/^\/+|\/+$/g, '');
  const args = ['rev-list', tip, ...(path ? ['--', path] : [])];
  const shas = (await git(ctx.repo.gitDir, args)).toString('utf8').split('\n').filter(Boolean);
  const { perPage, page } = pageOf(query);
  const slice = shas.slice((page - 1) * perPage, page * perPage);
  const commits = [];
  for (const sha of slice) commits.push(await restCommit(ctx, sha));
  const link = linkHeader(`${repoUrl(ctx)}/commits`, query, page, perPage, shas.length);
  return json(200, commits, link ? { link } : undefined);
}

/** GET /repos/{owner}/{repo}/branches/{branch}: GitHub's `branch-with-protection`. */
export async function getBranch(ctx: CommitsContext, branch: string): Promise<Reply> {
  await requireNotEmpty(ctx.repo);
  const sha = /^[^~^:?*[\\\s]+$/.test(branch)
    ? await resolve(ctx.repo, `refs/heads/${branch}`, 'commit')
    : undefined;
  if (!sha) fail(404, 'Branch not found');
  const url = `${repoUrl(ctx)}/branches/${branch}`;
  return json(200, {
    name: branch,
    commit: await restCommit(ctx, sha),
    _links: {
      self: url,
      html: `${ctx.origins.web}/${ctx.repo.owner}/${ctx.repo.name}/tree/${branch}`,
    },
    protected: false,
    protection: {
      enabled: false,
      required_status_checks: { enforcement_level: 'off', contexts: [], checks: [] },
    },
    protection_url: `${url}/protection`,
  });
}
