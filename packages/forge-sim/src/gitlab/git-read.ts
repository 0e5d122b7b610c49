import { blobBytesOf, git, GitError, gitText, objectInfo, readObject } from '../git.js';

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

/** The commit `sha` with its message, or undefined when there is none. */
export async function readCommit(gitDir: string, sha: string): Promise<GitCommit | undefined> {
  const resolved = await resolveCommit(gitDir, sha);
  if (!resolved) return undefined;
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

/** The last commit at or before `commit` that touched `path`. */
export async function lastCommitOf(gitDir: string, commit: string, path: string) {
  return gitText(gitDir, ['log', '-1', '--format=%H', commit, '--', path]);
}

/** The entries of `commit`'s tree at `path` ('' for the root), all the way down when `recursive`. */
export async function listTree(
  gitDir: string,
  commit: string,
  path: string,
  recursive: boolean,
): Promise<TreeEntry[] | undefined> {
  const treeish = path === '' ? `${commit}^{tree}` : `${commit}:${path}`;
  try {
    if ((await objectInfo(gitDir, treeish))?.type !== 'tree') return undefined;
  } catch (cause) {
    if (cause instanceof GitError) return undefined;
    throw cause;
  }
  const out = (
    await git(gitDir, ['ls-tree', '-z', ...(recursive ? ['-r', '-t'] : []), treeish])
  ).toString('utf8');
  const prefix = path === '' ? '' : `${path}/`;
  return out
    .split('\0')
    .filter((line) => line !== '')
    .map((line) => {
      const tab = line.indexOf('\t');
      const [mode = '', type = '', id = ''] = line.slice(0, tab).split(' ');
      return { mode, type: type as TreeEntry['type'], id, path: `${prefix}${line.slice(tab + 1)}` };
    });
}

/** The blob at `path` of `commit`: its sha, mode and bytes; undefined when it is no file. */
export async function blobAt(gitDir: string, commit: string, path: string) {
  try {
    const line = (await git(gitDir, ['ls-tree', '-z', commit, '--', path])).toString('utf8');
    const match = /^(\d+) blob ([0-9a-f]+)\t/.exec(line);
    if (!match || line.slice(line.indexOf('\t') + 1).replace(/\0$/, '') !== path) return undefined;
    const [, mode = '', id = ''] = match;
    return { id, mode, bytes: await blobBytesOf(gitDir, id) };
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
