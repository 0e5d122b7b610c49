import { git, GitError, gitText, hasRefs, objectInfo, readCommitBytes } from '../git.js';
import { itemAt, lastChange } from '../git-objects.js';
import type { ForgeRepo } from '../repositories.js';

/** Who wrote or committed a commit, and when (ISO 8601 in UTC). */
export interface CommitPerson {
  name: string;
  email: string;
  date: string;
}

/** A commit as the git objects say it. */
export interface CommitObject {
  sha: string;
  tree: string;
  parents: string[];
  author: CommitPerson;
  committer: CommitPerson;
  message: string;
}

function person(line: string): CommitPerson {
  const match = /^(.*) <(.*)> (\d+) ([+-]\d{4})$/.exec(line);
  if (!match) return { name: line, email: '', date: '' };
  const date = new Date(Number(match[3]) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
  return { name: match[1] ?? '', email: match[2] ?? '', date };
}

/** Reads the commit `sha` of `repo` (`git cat-file commit`). */
export async function readCommit(repo: ForgeRepo, sha: string): Promise<CommitObject> {
  const raw = (await readCommitBytes(repo.gitDir, sha)).toString('utf8');
  const split = raw.indexOf('\n\n');
  const headers = (split < 0 ? raw : raw.slice(0, split)).split('\n');
  const field = (name: string) =>
    headers
      .filter((line) => line.startsWith(`${name} `))
      .map((line) => line.slice(name.length + 1));
  return {
    sha,
    tree: field('tree')[0] ?? '',
    parents: field('parent'),
    author: person(field('author')[0] ?? ''),
    committer: person(field('committer')[0] ?? ''),
    message: split < 0 ? '' : raw.slice(split + 2),
  };
}

/** Whether `name` can be given to git as a revision (no option, range or odd character). */
export const safeRevision = (name: string) =>
  /^[A-Za-z0-9][A-Za-z0-9._/-]*$/.test(name) && !name.includes('..');

/** The sha of the `type` object `name` (a sha or a branch) names in `repo`, or undefined. */
export async function revision(repo: ForgeRepo, name: string, type: 'commit' | 'tree' | 'blob') {
  if (!safeRevision(name)) return undefined;
  try {
    return (await objectInfo(repo.gitDir, `${name}^{${type}}`))?.sha;
  } catch (cause) {
    if (cause instanceof GitError) return undefined;
    throw cause;
  }
}

/** The entry `path` at commit `commit` (as `git ls-tree -l` prints it), or undefined when
 * absent; read from the trees kept by sha. A `commit` that names none throws as ls-tree does. */
export async function entryAt(repo: ForgeRepo, commit: string, path: string) {
  if (path === '') return { mode: '040000', type: 'tree', sha: '', size: 0, path: '' };
  const tree = await objectInfo(repo.gitDir, `${commit}^{tree}`);
  if (tree?.type !== 'tree') {
    throw new GitError(['ls-tree', commit], 128, `fatal: Not a valid object name ${commit}`);
  }
  const item = await itemAt(repo.gitDir, tree.sha, path);
  if (!item) return undefined;
  const size = item.type === 'blob' ? ((await objectInfo(repo.gitDir, item.sha))?.size ?? 0) : 0;
  return { mode: item.mode, type: item.type as string, sha: item.sha, size, path };
}

/** The newest commit from `commit` that changed `path`. */
export async function lastCommitOf(repo: ForgeRepo, commit: string, path: string) {
  return lastChange(repo.gitDir, commit, path || '.', () =>
    gitText(repo.gitDir, ['rev-list', '-1', commit, '--', path || '.']),
  );
}

/** The shas from `tip`, newest first, only those changing `path` when given. */
export async function commitShas(repo: ForgeRepo, tip: string, path: string) {
  const args = ['rev-list', tip, ...(path ? ['--', path] : [])];
  return (await git(repo.gitDir, args)).toString('utf8').split('\n').filter(Boolean);
}

/** Whether `repo` has no commit yet. */
export async function isEmpty(repo: ForgeRepo) {
  return !(await hasRefs(repo.gitDir));
}

/** The files `sha` changed against its first parent: path, git status letter, lines added and removed. */
export async function changedFiles(repo: ForgeRepo, sha: string) {
  const args = ['diff-tree', '-r', '-z', '--root', '--no-renames', '--no-commit-id'];
  const numstat = (await git(repo.gitDir, [...args, '--numstat', sha])).toString('utf8');
  const raw = (await git(repo.gitDir, [...args, '--name-status', sha])).toString('utf8');
  const counts = new Map<string, { additions: number; deletions: number }>();
  for (const line of numstat.split('\0').filter(Boolean)) {
    const [added = '0', deleted = '0', path = ''] = line.split('\t');
    counts.set(path, { additions: Number(added) || 0, deletions: Number(deleted) || 0 });
  }
  const parts = raw.split('\0');
  const files: { path: string; status: string; additions: number; deletions: number }[] = [];
  for (let index = 0; index + 1 < parts.length; index += 2) {
    const status = parts[index] ?? '';
    const path = parts[index + 1] ?? '';
    if (status === '') break;
    files.push({ path, status, ...(counts.get(path) ?? { additions: 0, deletions: 0 }) });
  }
  return files;
}
