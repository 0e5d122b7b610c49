import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { git, gitText } from './git.js';
import { commitRecord, treeItems } from './git-objects.js';
import { inProcessWrites, writeObject } from './object-store.js';

/** A file of a tree: its mode (`100644`, `100755`, `120000`, `160000`) and object id. */
export interface TreeFile {
  mode: string;
  sha: string;
}

/** One change of a tree: the path's new file, or null to remove the path. */
export type TreeChange = readonly [path: string, file: TreeFile | null];

/** The id of the tree with no entries. */
export const EMPTY_TREE = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';

interface Folder {
  /** The tree it starts from (undefined: a new folder). */
  sha: string | undefined;
  /** Its entries, read when first needed. */
  items: Map<string, Entry> | undefined;
  /** It holds a change: written anew rather than kept by id. */
  changed: boolean;
}

type Entry = { folder: Folder } | TreeFile;

const isFolder = (entry: Entry): entry is { folder: Folder } => 'folder' in entry;

/** Thrown inside the builder when git would do something else than it does. */
class NotInProcess extends Error {}

const FILE_MODES = new Set(['100644', '100755', '120000', '160000']);

/**
 * Whether `path` goes into an index exactly as given through `update-index --index-info`: no
 * empty, `.`, `..` or `.git`-like part (git's verify_path, with NTFS protection on), nothing
 * read as a quoted or cut line, no backslash.
 */
function plainPath(path: string, mode: string | undefined) {
  if (path === '' || path.startsWith('"') || /[\0\n\r\\]/.test(path)) return false;
  return path.split('/').every((part) => {
    const lower = part.toLowerCase();
    if (part === '' || part === '.' || part === '..') return false;
    if (/^\.git[. ]*$/.test(lower) || /^git~1[. ]*$/.test(lower)) return false;
    if (mode === '120000' && (lower.startsWith('.gitmodules') || lower.startsWith('gitmod'))) {
      return false;
    }
    return true;
  });
}

// git's tree order: bytes, a folder's name read as if it ended in '/'.
const sortKey = (name: string, folder: boolean) => Buffer.from(folder ? `${name}/` : name);

class Builder {
  readonly root: Folder;

  constructor(
    private readonly gitDir: string,
    base: string | undefined,
  ) {
    this.root = { sha: base, items: base === undefined ? new Map() : undefined, changed: true };
  }

  async items(folder: Folder): Promise<Map<string, Entry>> {
    if (folder.items) return folder.items;
    const items = new Map<string, Entry>();
    const read = folder.sha === undefined ? [] : await treeItems(this.gitDir, folder.sha);
    if (!read) throw new NotInProcess();
    for (const item of read) {
      // A name that is not UTF-8 would not be written back as it was.
      if (item.name.includes('\uFFFD')) throw new NotInProcess();
      items.set(
        item.name,
        item.type === 'tree'
          ? { folder: { sha: item.sha, items: undefined, changed: false } }
          : { mode: item.mode, sha: item.sha },
      );
    }
    folder.items = items;
    return items;
  }

  /** Whether `folder` holds a file at any depth (an index has no folders without files). */
  async holdsFiles(folder: Folder): Promise<boolean> {
    if (!folder.changed && folder.sha === EMPTY_TREE) return false;
    for (const entry of (await this.items(folder)).values()) {
      if (!isFolder(entry) || (await this.holdsFiles(entry.folder))) return true;
    }
    return false;
  }

  // As `update-index --add --index-info`; a file where the index holds a folder's files, or
  // under a path that is a file, is left to git (which replaces the one by the other).
  async add(path: string, file: TreeFile) {
    if (!FILE_MODES.has(file.mode) || !/^[0-9a-f]{40}$/.test(file.sha)) throw new NotInProcess();
    if (!plainPath(path, file.mode)) throw new NotInProcess();
    const parts = path.split('/');
    const name = parts.pop() ?? '';
    let folder = this.root;
    for (const part of parts) {
      const items = await this.items(folder);
      const entry = items.get(part);
      if (entry === undefined) {
        const created: Folder = { sha: undefined, items: new Map(), changed: true };
        items.set(part, { folder: created });
        folder = created;
      } else if (isFolder(entry)) {
        folder = entry.folder;
        folder.changed = true;
      } else {
        throw new NotInProcess();
      }
    }
    const items = await this.items(folder);
    const existing = items.get(name);
    if (existing && isFolder(existing) && (await this.holdsFiles(existing.folder))) {
      throw new NotInProcess();
    }
    items.set(name, { mode: file.mode, sha: file.sha });
  }

  // As a mode-0 line: removes a file at `path` (nothing when it is a folder or absent); every
  // folder on the way is written anew, as git's cache tree drops them.
  async remove(path: string) {
    if (!plainPath(path, undefined)) throw new NotInProcess();
    const parts = path.split('/');
    const name = parts.pop() ?? '';
    let folder = this.root;
    for (const part of parts) {
      const entry = (await this.items(folder)).get(part);
      if (entry === undefined || !isFolder(entry)) return;
      folder = entry.folder;
      folder.changed = true;
    }
    const items = await this.items(folder);
    const existing = items.get(name);
    if (existing && !isFolder(existing)) items.delete(name);
  }

  /** Writes `folder` (what changed) and gives its id; undefined when it holds nothing. */
  async write(folder: Folder): Promise<string | undefined> {
    if (!folder.changed && folder.sha !== undefined) {
      return folder.sha === EMPTY_TREE ? undefined : folder.sha;
    }
    const rows: { key: Buffer; bytes: Buffer }[] = [];
    for (const [name, entry] of await this.items(folder)) {
      const folderEntry = isFolder(entry);
      const sha = folderEntry ? await this.write(entry.folder) : entry.sha;
      if (sha === undefined) continue;
      const mode = folderEntry ? '40000' : entry.mode;
      rows.push({
        key: sortKey(name, folderEntry),
        bytes: Buffer.concat([Buffer.from(`${mode} ${name}\0`), Buffer.from(sha, 'hex')]),
      });
    }
    if (rows.length === 0 && folder !== this.root) return undefined;
    rows.sort((a, b) => Buffer.compare(a.key, b.key));
    return writeObject(this.gitDir, 'tree', Buffer.concat(rows.map((row) => row.bytes)));
  }
}

/**
 * The tree of `changes` applied in order on top of the tree `base` (none: an empty one), written
 * in-process as `git read-tree <base>`, `update-index --add --remove --index-info` and
 * `write-tree` write it: untouched folders kept by id, the folders a change passes written anew
 * (entries in git's order, canonical modes, folders left empty dropped). Undefined when the
 * repository is not one the forge writes itself or a change is one left to git (a file over a
 * folder or under a file, a path git would not take as given, a mode or id not written whole).
 */
export async function buildTreeInProcess(
  gitDir: string,
  base: string | undefined,
  changes: Iterable<TreeChange>,
): Promise<string | undefined> {
  if (!(await inProcessWrites(gitDir))) return undefined;
  if (base !== undefined && !/^[0-9a-f]{40}$/.test(base)) return undefined;
  const builder = new Builder(gitDir, base);
  try {
    for (const [path, file] of changes) {
      if (file === null) await builder.remove(path);
      else await builder.add(path, file);
    }
    return (await builder.write(builder.root)) ?? EMPTY_TREE;
  } catch (cause) {
    if (cause instanceof NotInProcess) return undefined;
    throw cause;
  }
}

/**
 * The tree of `changes` applied in order on top of `base` (a tree or commit; none: an empty
 * tree): written in-process when it can be ({@link buildTreeInProcess}), else by git through a
 * temporary index, as before (which fails as git fails on a change it refuses).
 */
export async function buildTree(
  gitDir: string,
  base: string | undefined,
  changes: readonly TreeChange[],
): Promise<string> {
  const baseTree = base === undefined ? undefined : await treeOf(gitDir, base);
  const fast =
    base !== undefined && baseTree === undefined
      ? undefined
      : await buildTreeInProcess(gitDir, baseTree, changes);
  if (fast !== undefined) return fast;
  return buildTreeWithGit(gitDir, base, changes);
}

/** The same tree written by git: a temporary index read from `base`, the changes given to
 * `update-index --index-info`, then `write-tree` (the path for what the forge does not write
 * itself, and what the tests hold the in-process trees against). */
export async function buildTreeWithGit(
  gitDir: string,
  base: string | undefined,
  changes: readonly TreeChange[],
): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'forge-sim-index-'));
  try {
    const env = { GIT_INDEX_FILE: join(folder, 'index') };
    if (base !== undefined) await git(gitDir, ['read-tree', base], { env });
    const lines = changes.map(([path, file]) =>
      file === null ? `0 ${'0'.repeat(40)}\t${path}\n` : `${file.mode} ${file.sha}\t${path}\n`,
    );
    // Mode 0 removes an entry; --index-info takes paths with any character but a newline.
    await git(gitDir, ['update-index', '--add', '--remove', '--index-info'], {
      input: lines.join(''),
      env,
    });
    return await gitText(gitDir, ['write-tree'], { env });
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** The tree `name` (a whole id of a tree or a commit) is or has; undefined when neither. */
async function treeOf(gitDir: string, name: string) {
  if (!/^[0-9a-f]{40}$/.test(name)) return undefined;
  const commit = await commitRecord(gitDir, name);
  if (commit) return /^[0-9a-f]{40}$/.test(commit.tree) ? commit.tree : undefined;
  return (await treeItems(gitDir, name)) ? name : undefined;
}
