import { blobBytesOf, git, GitError, gitText, objectInfo, readObject } from '../git.js';
import {
  commitHistory,
  commitRecord,
  isoStrictDate,
  itemAt,
  lastChange,
  listTreeItems,
  treeOf,
  type CommitRecord,
} from '../git-objects.js';

/** A commit as GitLab describes it, read from git. */
export interface GitCommit {
  id: string;
  parentIds: string[];
  authorName: string;
  authorEmail: string;
  authoredDate: string;
  committerName: string;
  committerEmail: string;
  committedDate: string;
  message: string;
}

/** One entry of a tree (`git ls-tree`). */
export interface TreeEntry {
  mode: string;
  type: 'blob' | 'tree' | 'commit';
  id: string;
  path: string;
}

const SAFE_REF = /^(?!.*\.\.)(?!-)[^\0\s~^:?*[\\]+$/;
const FORMAT = ['%H', '%P', '%an', '%ae', '%aI', '%cn', '%ce', '%cI', '%B'].join('%x00');

/** The commit `ref` (a branch, a tag or a sha) names, or undefined. */
export async function resolveCommit(gitDir: string, ref: string): Promise<string | undefined> {
  if (!SAFE_REF.test(ref)) return undefined;
  try {
    return (await objectInfo(gitDir, `${ref}^{commit}`))?.sha;
  } catch (cause) {
    if (cause instanceof GitError) return undefined;
    throw cause;
  }
}

function parseCommit(record: string): GitCommit {
  const [id = '', parents = '', an = '', ae = '', ad = '', cn = '', ce = '', cd = '', ...rest] =
    record.split('\0');
  return {
    id,
    parentIds: parents === '' ? [] : parents.split(' '),
    authorName: an,
    authorEmail: ae,
    authoredDate: ad,
    committerName: cn,
    committerEmail: ce,
    committedDate: cd,
    message: rest.join('\0'),
  };
}

// What `git show -s --format=FORMAT` prints of `record` (trimmed, as gitText gives it; `raw`: the
// message as `git log --format=FORMAT%x1e` prints it, untrimmed), or undefined when git would
// print something this does not know to (another encoding, a NUL in the message, an odd header).
function describeRecord(record: CommitRecord, raw = false): GitCommit | undefined {
  const { author, committer, message } = record;
  if (!author || !committer || message === undefined) return undefined;
  if (record.messageHasNul || (record.encoding && !/^utf-?8$/i.test(record.encoding))) {
    return undefined;
  }
  const authoredDate = isoStrictDate(author);
  const committedDate = isoStrictDate(committer);
  if (authoredDate === undefined || committedDate === undefined) return undefined;
  return {
    id: record.sha,
    parentIds: [...record.parents],
    authorName: author.name,
    authorEmail: author.email,
    authoredDate,
    committerName: committer.name,
    committerEmail: committer.email,
    committedDate,
    message: raw ? message : message.trimEnd(),
  };
}

/** The commit `sha` with its message, or undefined when there is none: read through the
 * repository's `cat-file` and kept by sha (`git show` only for what that cannot describe). */
export async function readCommit(gitDir: string, sha: string): Promise<GitCommit | undefined> {
  const resolved = await resolveCommit(gitDir, sha);
  if (!resolved) return undefined;
  const record = await commitRecord(gitDir, resolved);
  const described = record && describeRecord(record);
  if (described) return described;
  const out = await gitText(gitDir, ['show', '-s', `--format=${FORMAT}`, resolved]);
  return parseCommit(out);
}

/** The commits `git log` gives for `args` (e.g. a rev, `--skip`, `-- path`), newest first. */
export async function logCommits(gitDir: string, args: readonly string[]): Promise<GitCommit[]> {
  const out = (await git(gitDir, ['log', `--format=${FORMAT}%x1e`, ...args])).toString('utf8');
  return out
    .split('\x1e')
    .map((record) => record.replace(/^\n/, ''))
    .filter((record) => record !== '')
    .map(parseCommit);
}

/** How many commits `git rev-list --count` finds for `args`. */
export async function countCommits(gitDir: string, args: readonly string[]) {
  return Number(await gitText(gitDir, ['rev-list', '--count', ...args]));
}

/** What a commit listing asks: where it starts, which path, what page, which git options. */
export interface HistoryQuery {
  /** A whole commit id, or undefined for every ref (`--all`). */
  start: string | undefined;
  /** '' for every commit. */
  path: string;
  skip: number;
  max: number;
  since?: string;
  until?: string;
  firstParent?: boolean;
}

/**
 * The commits a listing gives (`git log --skip --max-count`) and how many it holds in all
 * (`git rev-list --count`), newest first: from the histories kept by commit and path when git
 * would answer the same (one start, no dates, a literal path, no merge on the way; a history
 * without merges is the same with `--first-parent`), else from those two git commands.
 */
export async function historyPage(
  gitDir: string,
  query: HistoryQuery,
): Promise<{ total: number; commits: GitCommit[] }> {
  const { start, path, skip, max } = query;
  if (start !== undefined && query.since === undefined && query.until === undefined) {
    const page = await commitHistory(gitDir, start, path, skip, max);
    const commits: GitCommit[] = [];
    for (const sha of page?.shas ?? []) {
      const record = await commitRecord(gitDir, sha);
      const described = record && describeRecord(record, true);
      if (!described) break;
      commits.push(described);
    }
    if (page && commits.length === page.shas.length) return { total: page.total, commits };
  }
  const filters = [
    ...(query.since !== undefined ? [`--since=${query.since}`] : []),
    ...(query.until !== undefined ? [`--until=${query.until}`] : []),
    ...(query.firstParent ? ['--first-parent'] : []),
    ...(start === undefined ? ['--all'] : [start]),
  ];
  const pathArgs = path ? ['--', path] : [];
  const total = await countCommits(gitDir, [...filters, ...pathArgs]);
  const commits = await logCommits(gitDir, [
    `--skip=${skip}`,
    `--max-count=${max}`,
    ...filters,
    ...pathArgs,
  ]);
  return { total, commits };
}

/** The last commit at or before `commit` that touched `path`. */
export async function lastCommitOf(gitDir: string, commit: string, path: string) {
  return lastChange(gitDir, commit, path, () =>
    gitText(gitDir, ['log', '-1', '--format=%H', commit, '--', path]),
  );
}

/** The entries of `commit`'s tree at `path` ('' for the root), all the way down when `recursive`. */
export async function listTree(
  gitDir: string,
  commit: string,
  path: string,
  recursive: boolean,
): Promise<TreeEntry[] | undefined> {
  const treeish = path === '' ? `${commit}^{tree}` : `${commit}:${path}`;
  let tree: string | undefined;
  try {
    const info = await objectInfo(gitDir, treeish);
    if (info?.type !== 'tree') return undefined;
    tree = info.sha;
  } catch (cause) {
    if (cause instanceof GitError) return undefined;
    throw cause;
  }
  // As `ls-tree -z [-r -t]`, from the trees read through `cat-file` and kept by sha.
  const items = await listTreeItems(gitDir, tree, recursive);
  if (!items) throw new GitError(['ls-tree', treeish], 128, `fatal: not a tree object: ${tree}`);
  const prefix = path === '' ? '' : `${path}/`;
  return items.map((item) => ({
    mode: item.mode,
    type: item.type,
    id: item.sha,
    path: `${prefix}${item.path}`,
  }));
}

/** The blob at `path` of `commit`: its sha, mode and bytes; undefined when it is no file. */
export async function blobAt(gitDir: string, commit: string, path: string) {
  try {
    // As `ls-tree -z <commit> -- <path>`, from the trees read through `cat-file`.
    const tree = await treeOf(gitDir, commit);
    const item = tree === undefined ? undefined : await itemAt(gitDir, tree, path);
    if (item?.type !== 'blob') return undefined;
    return { id: item.sha, mode: item.mode, bytes: await blobBytesOf(gitDir, item.sha) };
  } catch (cause) {
    if (cause instanceof GitError) return undefined;
    throw cause;
  }
}

/** The bytes of the blob `sha`, or undefined when it is no blob. */
export async function blobBytes(gitDir: string, sha: string) {
  if (!/^[0-9a-f]{4,64}$/.test(sha)) return undefined;
  try {
    const object = await readObject(gitDir, sha);
    if (object?.type !== 'blob') return undefined;
    return { id: object.sha, bytes: object.bytes };
  } catch (cause) {
    if (cause instanceof GitError) return undefined;
    throw cause;
  }
}
