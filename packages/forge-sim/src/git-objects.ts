import { GitError, objectInfo, readObject } from './git.js';

/**
 * What git objects say, read through the repository's long-lived `cat-file --batch-command`
 * and kept by object id: an object never changes, so a commit's headers and a tree's entries
 * read once serve every later request (the forge answers the same few commits and trees again
 * and again) without a `git show` or `git ls-tree` process each. Kept per repository (the key
 * holds its git dir), the least recently used dropped past {@link CACHE_LIMIT}.
 */
export const CACHE_LIMIT = 4000;

/** A map that keeps its `limit` most recently used keys. */
export class LruCache<V> {
  readonly #entries = new Map<string, V>();

  constructor(readonly limit: number) {}

  get(key: string): V | undefined {
    const value = this.#entries.get(key);
    if (value !== undefined) {
      this.#entries.delete(key);
      this.#entries.set(key, value);
    }
    return value;
  }

  set(key: string, value: V) {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    while (this.#entries.size > this.limit) {
      const oldest = this.#entries.keys().next();
      if (oldest.done) break;
      this.#entries.delete(oldest.value);
    }
  }

  /** Forgets the keys starting with `prefix` (a removed repository's). */
  deleteStartingWith(prefix: string) {
    for (const key of [...this.#entries.keys()]) {
      if (key.startsWith(prefix)) this.#entries.delete(key);
    }
  }

  get size() {
    return this.#entries.size;
  }
}

const FULL_SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

/** Whether `name` is a whole object id (what may key a cache: a ref or a short sha may not). */
export const isFullSha = (name: string) => FULL_SHA.test(name);

/** One entry of a tree object: its mode as `ls-tree` prints it, type, id and name. */
export interface TreeItem {
  mode: string;
  type: 'blob' | 'tree' | 'commit';
  sha: string;
  name: string;
}

/** Who wrote or committed a commit: the parts of its `author`/`committer` header. */
export interface Ident {
  name: string;
  email: string;
  /** Seconds since the epoch. */
  seconds: number;
  /** The zone as written (`+0100`). */
  zone: string;
}

/** A commit object's headers and message, as stored. */
export interface CommitRecord {
  sha: string;
  tree: string;
  parents: string[];
  /** Undefined when the header is missing or not the shape git writes. */
  author: Ident | undefined;
  committer: Ident | undefined;
  /** The `encoding` header, when the message is not in UTF-8. */
  encoding: string | undefined;
  /** Everything after the blank line that ends the headers; undefined when there is none. */
  message: string | undefined;
  /** The message holds a NUL byte (git's `%B` stops there). */
  messageHasNul: boolean;
}

const trees = new LruCache<TreeItem[]>(CACHE_LIMIT);
const commits = new LruCache<CommitRecord>(CACHE_LIMIT);

/** Forgets what was read of the repositories in `folder` (all when absent). */
export function forgetObjects(folder?: string) {
  for (const prefix of folder === undefined ? [''] : [`${folder}\0`, `${folder}/`]) {
    trees.deleteStartingWith(prefix);
    commits.deleteStartingWith(prefix);
    changes.deleteStartingWith(prefix);
    histories.deleteStartingWith(prefix);
  }
}

// git's canon_mode: any regular file is 100644 or 100755, a folder 040000, a link 120000,
// anything else a submodule's commit.
function canonicalMode(stored: string): TreeItem['mode'] {
  const mode = Number.parseInt(stored, 8);
  const kind = mode & 0o170000;
  if (kind === 0o100000) return mode & 0o100 ? '100755' : '100644';
  if (kind === 0o120000) return '120000';
  if (kind === 0o040000) return '040000';
  return '160000';
}

function parseTree(bytes: Buffer, idBytes: number): TreeItem[] {
  const items: TreeItem[] = [];
  for (let at = 0; at < bytes.length;) {
    const space = bytes.indexOf(0x20, at);
    const nul = bytes.indexOf(0, space);
    if (space < 0 || nul < 0 || nul + 1 + idBytes > bytes.length) {
      throw new GitError(['ls-tree'], 128, 'fatal: corrupt tree');
    }
    const mode = canonicalMode(bytes.toString('latin1', at, space));
    items.push({
      mode,
      type: mode === '040000' ? 'tree' : mode === '160000' ? 'commit' : 'blob',
      sha: bytes.toString('hex', nul + 1, nul + 1 + idBytes),
      name: bytes.toString('utf8', space + 1, nul),
    });
    at = nul + 1 + idBytes;
  }
  return items;
}

/** The entries of the tree `sha` (a whole id), or undefined when it is no tree. */
export async function treeItems(gitDir: string, sha: string): Promise<TreeItem[] | undefined> {
  const key = `${gitDir}\0${sha}`;
  const cached = trees.get(key);
  if (cached) return cached;
  const object = await readObject(gitDir, sha);
  if (object?.type !== 'tree') return undefined;
  const items = parseTree(object.bytes, object.sha.length / 2);
  if (isFullSha(sha)) trees.set(key, items);
  return items;
}

/** An entry of a listing: a tree item with its path from the listed tree. */
export interface ListedItem extends Omit<TreeItem, 'name'> {
  path: string;
}

/**
 * The entries of the tree `sha`, as `git ls-tree` lists them (`recursive`: every level, each
 * folder before what it holds, as `-r -t`). A subtree that is missing throws a {@link GitError}.
 */
export async function listTreeItems(
  gitDir: string,
  sha: string,
  recursive: boolean,
): Promise<ListedItem[] | undefined> {
  const root = await treeItems(gitDir, sha);
  if (!root) return undefined;
  const listed: ListedItem[] = [];
  const walk = async (items: TreeItem[], prefix: string): Promise<void> => {
    for (const { name, ...item } of items) {
      listed.push({ ...item, path: `${prefix}${name}` });
      if (recursive && item.type === 'tree') {
        const inner = await treeItems(gitDir, item.sha);
        if (!inner) {
          throw new GitError(['ls-tree', sha], 128, `fatal: not a tree object: ${item.sha}`);
        }
        await walk(inner, `${prefix}${name}/`);
      }
    }
  };
  await walk(root, '');
  return listed;
}

/**
 * The entry at `path` (folders split by `/`) of the tree `sha`, or undefined when there is none
 * (a path with an empty, `.` or `..` part names none, as `ls-tree` prints no entry for it).
 */
export async function itemAt(
  gitDir: string,
  sha: string,
  path: string,
): Promise<TreeItem | undefined> {
  const parts = path.split('/');
  if (parts.some((part) => part === '' || part === '.' || part === '..')) return undefined;
  let tree = sha;
  let found: TreeItem | undefined;
  for (const [index, part] of parts.entries()) {
    const items = await treeItems(gitDir, tree);
    found = items?.find((item) => item.name === part);
    if (!found) return undefined;
    if (index < parts.length - 1) {
      if (found.type !== 'tree') return undefined;
      tree = found.sha;
    }
  }
  return found;
}

/** The tree of the commit (or tree) `name` names, or undefined: `<name>^{tree}`. */
export async function treeOf(gitDir: string, name: string): Promise<string | undefined> {
  try {
    const info = await objectInfo(gitDir, `${name}^{tree}`);
    return info?.type === 'tree' ? info.sha : undefined;
  } catch (cause) {
    if (cause instanceof GitError) return undefined;
    throw cause;
  }
}

const IDENT = /^(\d+) ([+-]\d{4})$/;

// As git's split_ident_line: the name up to the first `<` (spaces before it dropped), the email
// up to the next `>`, the date after the last `>`.
function parseIdent(line: string): Ident | undefined {
  const open = line.indexOf('<');
  const close = line.indexOf('>', open);
  const last = line.lastIndexOf('>');
  if (open < 0 || close < 0) return undefined;
  const date = IDENT.exec(line.slice(last + 1).trimStart());
  if (!date) return undefined;
  const seconds = Number(date[1]);
  if (!Number.isSafeInteger(seconds)) return undefined;
  return {
    name: line.slice(0, open).replace(/\s+$/, ''),
    email: line.slice(open + 1, close),
    seconds,
    zone: date[2] ?? '+0000',
  };
}

function parseCommit(sha: string, bytes: Buffer): CommitRecord {
  const end = bytes.indexOf('\n\n');
  const head = bytes.toString('utf8', 0, end < 0 ? bytes.length : end).split('\n');
  const field = (name: string) =>
    head.filter((line) => line.startsWith(`${name} `)).map((line) => line.slice(name.length + 1));
  const author = field('author');
  const committer = field('committer');
  const body = end < 0 ? undefined : bytes.subarray(end + 2);
  return {
    sha,
    tree: field('tree')[0] ?? '',
    parents: field('parent'),
    author: author.length === 1 ? parseIdent(author[0] ?? '') : undefined,
    committer: committer.length === 1 ? parseIdent(committer[0] ?? '') : undefined,
    encoding: field('encoding')[0],
    message: body?.toString('utf8'),
    messageHasNul: body !== undefined && body.includes(0),
  };
}

/** The commit `sha` (a whole id), or undefined when it is no commit. */
export async function commitRecord(gitDir: string, sha: string): Promise<CommitRecord | undefined> {
  const key = `${gitDir}\0${sha}`;
  const cached = commits.get(key);
  if (cached) return cached;
  const object = await readObject(gitDir, sha);
  if (object?.type !== 'commit') return undefined;
  const record = parseCommit(object.sha, object.bytes);
  if (isFullSha(sha)) commits.set(key, record);
  return record;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/**
 * `ident`'s date as git's `%aI`/`%cI` (strict ISO 8601) prints it in git 2.39: the local time
 * of the commit's zone and the zone as `±hh:mm` (`+00:00` for UTC); undefined past year 9999.
 */
export function isoStrictDate(ident: Ident): string | undefined {
  const zone = Number(ident.zone.slice(1));
  const negative = ident.zone.startsWith('-') && zone !== 0;
  const minutes = (Math.floor(zone / 100) * 60 + (zone % 100)) * (negative ? -1 : 1);
  const local = new Date((ident.seconds + minutes * 60) * 1000);
  const year = local.getUTCFullYear();
  if (!Number.isFinite(local.getTime()) || year > 9999) return undefined;
  return (
    `${pad(year, 4)}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}` +
    `T${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}` +
    `${negative ? '-' : '+'}${pad(Math.floor(zone / 100))}:${pad(zone % 100)}`
  );
}

const changes = new LruCache<string>(CACHE_LIMIT);

/** How far {@link lastChange} walks the history itself before it asks git. */
const WALK_LIMIT = 64;

// A path git reads literally: no pathspec magic (`:`), no wildcard, no empty, `.` or `..` part.
const literalPath = (path: string) =>
  !/^:|[*?[\\]/.test(path) &&
  path.split('/').every((part) => part !== '' && part !== '.' && part !== '..');

/**
 * The newest commit from `commit` (a whole id) that changed `path` (`'.'`: anything), as
 * `git rev-list -1 <commit> -- <path>` answers ('' when none): kept per commit and path, which
 * never change, and found along a history without merges by comparing the path's entry in each
 * commit's tree and its parent's (the entries are read from the cached trees). Anything else
 * (a merge, a path git would read as a pattern, a long walk) is `ask`ed of git.
 */
export async function lastChange(
  gitDir: string,
  commit: string,
  path: string,
  ask: () => Promise<string>,
): Promise<string> {
  if (!isFullSha(commit) || (path !== '.' && !literalPath(path))) return ask();
  const keyOf = (sha: string) => `${gitDir}\0${sha}\0${path}`;
  const entryIn = async (tree: string) => {
    if (path === '.') return (await treeItems(gitDir, tree))?.length ? tree : '';
    const item = await itemAt(gitDir, tree, path);
    return item ? `${item.mode} ${item.sha}` : '';
  };
  const walked: string[] = [];
  let answer: string | undefined;
  let sha = commit;
  for (let step = 0; answer === undefined; step++) {
    const known = changes.get(keyOf(sha));
    if (known !== undefined) {
      answer = known;
      break;
    }
    const record = step < WALK_LIMIT ? await commitRecord(gitDir, sha) : undefined;
    if (!record || record.parents.length > 1) {
      answer = await ask();
      break;
    }
    walked.push(sha);
    const entry = await entryIn(record.tree);
    const [parent] = record.parents;
    if (parent === undefined) {
      answer = entry === '' ? '' : sha;
      break;
    }
    const parentRecord = await commitRecord(gitDir, parent);
    if (!parentRecord) {
      answer = await ask();
      break;
    }
    if (entry !== (await entryIn(parentRecord.tree))) answer = sha;
    else sha = parent;
  }
  // The answer is the commit asked's; every commit walked left the path as its parent had it,
  // so each has the same answer.
  for (const walkedSha of [commit, ...walked]) changes.set(keyOf(walkedSha), answer);
  return answer;
}

/**
 * Whether the commit `ancestor` is `descendant` or one of its ancestors (`git merge-base
 * --is-ancestor`), both whole ids: found by walking `descendant`'s parents through the commits
 * kept by sha (a branch moved forward is a few commits ahead); git is `ask`ed when the walk
 * would pass {@link WALK_LIMIT} commits or meets one it cannot read.
 */
export async function isAncestor(
  gitDir: string,
  ancestor: string,
  descendant: string,
  ask: () => Promise<boolean>,
): Promise<boolean> {
  if (!isFullSha(ancestor) || !isFullSha(descendant)) return ask();
  const seen = new Set<string>([descendant]);
  const queue = [descendant];
  for (let sha = queue.shift(); sha !== undefined; sha = queue.shift()) {
    if (sha === ancestor) return true;
    if (seen.size > WALK_LIMIT) return ask();
    const record = await commitRecord(gitDir, sha);
    if (!record) return ask();
    for (const parent of record.parents) {
      if (!seen.has(parent)) {
        seen.add(parent);
        queue.push(parent);
      }
    }
  }
  return false;
}

/** What {@link historyAt} knows of a commit for one path. */
interface PathHistory {
  /** The newest commit at or before it that changed the path ('' when none). */
  last: string;
  /** How many commits at or before it changed the path. */
  count: number;
}

const histories = new LruCache<PathHistory>(CACHE_LIMIT);

/** How many commits {@link historyAt} reads itself before it leaves a history to git. */
const HISTORY_WALK_LIMIT = 500;

// The history of `path` ('': no path, every commit counts) at the commit `sha` (a whole id), from
// the histories kept per commit and path, which never change: walked down the parents to a
// commit known or a root, then folded back up. Undefined when git must answer: a merge on the way
// (git's order and its history simplification are left to git), a commit not readable, a walk
// past HISTORY_WALK_LIMIT commits not known yet.
async function historyAt(
  gitDir: string,
  sha: string,
  path: string,
): Promise<PathHistory | undefined> {
  const keyOf = (commit: string) => `${gitDir}\0${commit}\0${path}`;
  const entryIn = async (tree: string) => {
    if (path === '.') return (await treeItems(gitDir, tree))?.length ? tree : '';
    const item = await itemAt(gitDir, tree, path);
    return item ? `${item.mode} ${item.sha}` : '';
  };
  const walked: CommitRecord[] = [];
  let below: PathHistory | undefined;
  for (let commit: string | undefined = sha; commit !== undefined;) {
    below = histories.get(keyOf(commit));
    if (below) break;
    if (walked.length >= HISTORY_WALK_LIMIT) return undefined;
    const record = await commitRecord(gitDir, commit);
    if (!record || record.parents.length > 1) return undefined;
    walked.push(record);
    commit = record.parents[0];
  }
  // From the oldest commit walked up: a commit changed the path when the path's entry in its
  // tree differs from its parent's (a root's: when the path is in its tree at all), as git's
  // TREESAME; without a path, every commit counts.
  let history = below ?? { last: '', count: 0 };
  for (let index = walked.length - 1; index >= 0; index--) {
    const record = walked[index] as CommitRecord;
    let changed = path === '';
    if (!changed) {
      const [parent] = record.parents;
      const parentTree =
        parent === undefined
          ? undefined
          : (walked[index + 1] ?? (await commitRecord(gitDir, parent)))?.tree;
      if (parent !== undefined && parentTree === undefined) return undefined;
      const before = parentTree === undefined ? '' : await entryIn(parentTree);
      changed = (await entryIn(record.tree)) !== before;
    }
    if (changed) history = { last: record.sha, count: history.count + 1 };
    histories.set(keyOf(record.sha), history);
  }
  return history;
}

/** A page of a history: how many commits it holds and the shas of those asked for. */
export interface HistoryPage {
  total: number;
  shas: string[];
}

/**
 * The commits from `tip` (a whole id) that changed `path` ('' for every commit), newest first,
 * as `git rev-list --count <tip> [-- <path>]` counts them and `git log --skip=<skip>
 * --max-count=<max> <tip> [-- <path>]` lists them: on a history without merges, git's order is
 * the parents' chain. Answered from the histories kept per commit and path (a history that grew by
 * a commit costs a step); undefined when git must answer (a merge, a path git would read as a
 * pattern, a long history not walked yet), the caller then runs git.
 */
export async function commitHistory(
  gitDir: string,
  tip: string,
  path: string,
  skip: number,
  max: number,
): Promise<HistoryPage | undefined> {
  if (!isFullSha(tip) || (path !== '' && path !== '.' && !literalPath(path))) return undefined;
  const top = await historyAt(gitDir, tip, path);
  if (!top) return undefined;
  const shas: string[] = [];
  for (let at = top, seen = 0; at.last !== '' && shas.length < max; seen++) {
    if (seen >= skip) shas.push(at.last);
    const record = await commitRecord(gitDir, at.last);
    const [parent] = record?.parents ?? [];
    if (parent === undefined) break;
    const next = await historyAt(gitDir, parent, path);
    if (!next) return undefined;
    at = next;
  }
  return { total: top.count, shas };
}
