import { randomBytes } from 'node:crypto';
import { contentHash } from './content-hash.js';

/** One revision of a file. */
export interface DropboxRevision {
  /** Hex, at least 9 characters (files.Rev). */
  rev: string;
  content: Buffer;
  contentHash: string;
  /** ISO 8601 without milliseconds, `Z` (common.DropboxTimestamp). */
  serverModified: string;
  clientModified: string;
}

/** A file or folder of a Dropbox, live or deleted. */
export interface DropboxEntry {
  id: string;
  kind: 'file' | 'folder';
  /** Its path from the user's root, cased as first written. */
  pathDisplay: string;
  /** Oldest first (files). */
  revisions: DropboxRevision[];
  /** When it was deleted, if it is. */
  deletedAt?: string;
  /** The store's change counter when it last changed (list_folder/continue). */
  seq: number;
}

/** What an upload asks for (files.CommitInfo). */
export interface UploadOptions {
  mode: { kind: 'add' } | { kind: 'overwrite' } | { kind: 'update'; rev: string };
  autorename: boolean;
  strictConflict: boolean;
  clientModified?: string;
}

/** An upload's outcome: the file written (or left as it was), or the conflict in the way. */
export type UploadOutcome =
  | { entry: DropboxEntry; revision: DropboxRevision }
  | { conflict: 'file' | 'folder' | 'file_ancestor' };

export const lower = (path: string) => path.toLowerCase();
const parentOf = (path: string) => path.slice(0, path.lastIndexOf('/'));
const nameOf = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** Dropbox's timestamps: seconds, no milliseconds, `Z`. */
export const dropboxTime = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The users' Dropboxes: paths case-insensitive, each file with its revisions. */
export class DropboxStore {
  readonly #drives = new Map<string, Map<string, DropboxEntry>>();
  #seq = 0;
  #revs = 0x10000;

  constructor(readonly now: () => number = Date.now) {}

  /** The change counter (list_folder cursors). */
  get seq() {
    return this.#seq;
  }

  #drive(accountId: string) {
    let drive = this.#drives.get(accountId);
    if (!drive) {
      drive = new Map();
      this.#drives.set(accountId, drive);
    }
    return drive;
  }

  /** The live entry at a path from the user's root (any case); `''` is the root. */
  get(accountId: string, path: string): DropboxEntry | undefined {
    const entry = this.#drive(accountId).get(lower(path));
    return entry && !entry.deletedAt ? entry : undefined;
  }

  /** The entry at a path, deleted or not. */
  getAny(accountId: string, path: string): DropboxEntry | undefined {
    return this.#drive(accountId).get(lower(path));
  }

  /** The live entry with this id. */
  byId(accountId: string, id: string): DropboxEntry | undefined {
    return [...this.#drive(accountId).values()].find((e) => e.id === id && !e.deletedAt);
  }

  /** The file and revision with this rev, deleted or not. */
  byRev(accountId: string, rev: string) {
    for (const entry of this.#drive(accountId).values()) {
      const revision = entry.revisions.find((r) => r.rev === rev);
      if (revision) return { entry, revision };
    }
    return undefined;
  }

  /** Every entry strictly under `folder` (a path from the root, `''` the root), deleted ones too. */
  under(accountId: string, folder: string, recursive: boolean): DropboxEntry[] {
    const prefix = `${lower(folder)}/`;
    return [...this.#drive(accountId).entries()]
      .filter(
        ([key]) => key.startsWith(prefix) && (recursive || !key.slice(prefix.length).includes('/')),
      )
      .map(([, entry]) => entry)
      .sort((a, b) => lower(a.pathDisplay).localeCompare(lower(b.pathDisplay)));
  }

  /** Makes the folder and its missing ancestors; false when a file is in the way. */
  ensureFolder(accountId: string, path: string): boolean {
    if (path === '') return true;
    const existing = this.get(accountId, path);
    if (existing) return existing.kind === 'folder';
    if (!this.ensureFolder(accountId, parentOf(path))) return false;
    const parent = this.get(accountId, parentOf(path));
    const display = `${parent ? parent.pathDisplay : ''}/${nameOf(path)}`;
    const old = this.getAny(accountId, path);
    this.#drive(accountId).set(lower(path), {
      id: old?.kind === 'folder' ? old.id : newId(),
      kind: 'folder',
      pathDisplay: display,
      revisions: [],
      seq: ++this.#seq,
    });
    return true;
  }

  /** Writes a file at `path` (from the root) by Dropbox's write modes. */
  upload(accountId: string, path: string, content: Buffer, options: UploadOptions): UploadOutcome {
    const hash = contentHash(content);
    const existing = this.get(accountId, path);
    const { mode, strictConflict } = options;
    if (!this.#ancestorsFree(accountId, parentOf(path))) return { conflict: 'file_ancestor' };
    let conflict: 'file' | 'folder' | undefined;
    if (existing?.kind === 'folder') conflict = 'folder';
    else if (existing) {
      const current = existing.revisions.at(-1)!;
      const same = current.contentHash === hash;
      if (mode.kind === 'overwrite') {
        if (same) return { entry: existing, revision: current };
      } else if (mode.kind === 'update' && mode.rev === current.rev) {
        if (same && !strictConflict) return { entry: existing, revision: current };
      } else if (same && !strictConflict) {
        return { entry: existing, revision: current };
      } else conflict = 'file';
    } else if (mode.kind === 'update' && strictConflict) {
      conflict = 'file'; // The rev given is not the file's: it was deleted or never was.
    }
    if (conflict) {
      if (!options.autorename) return { conflict };
      path = this.#freeName(
        accountId,
        path,
        mode.kind === 'update' ? 'conflicted copy' : undefined,
      );
    }
    if (!this.ensureFolder(accountId, parentOf(path))) return { conflict: 'file_ancestor' };
    const now = dropboxTime(this.now());
    const revision: DropboxRevision = {
      rev: this.#nextRev(),
      content,
      contentHash: hash,
      serverModified: now,
      clientModified: options.clientModified ?? now,
    };
    const old = this.getAny(accountId, path);
    const parent = this.get(accountId, parentOf(path));
    const entry: DropboxEntry =
      old && old.kind === 'file'
        ? old
        : {
            id: newId(),
            kind: 'file',
            pathDisplay: `${parent ? parent.pathDisplay : ''}/${nameOf(path)}`,
            revisions: [],
            seq: 0,
          };
    delete entry.deletedAt;
    entry.revisions.push(revision);
    entry.seq = ++this.#seq;
    this.#drive(accountId).set(lower(path), entry);
    return { entry, revision };
  }

  /** Deletes the entry at `path` and, for a folder, all it holds; the entry deleted, or undefined. */
  remove(accountId: string, path: string): DropboxEntry | undefined {
    const entry = this.get(accountId, path);
    if (!entry) return undefined;
    const at = dropboxTime(this.now());
    for (const inner of [entry, ...this.under(accountId, path, true)]) {
      if (inner.deletedAt) continue;
      inner.deletedAt = at;
      inner.seq = ++this.#seq;
    }
    return entry;
  }

  #ancestorsFree(accountId: string, folder: string): boolean {
    for (let path = folder; path !== ''; path = parentOf(path)) {
      if (this.get(accountId, path)?.kind === 'file') return false;
    }
    return true;
  }

  /** `name (1).ext`, `name (2).ext`…, or `name (conflicted copy).ext`, whichever is free. */
  #freeName(accountId: string, path: string, label?: string) {
    const name = nameOf(path);
    const dot = name.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    const candidates = label
      ? [` (${label})`, ...Array.from({ length: 1000 }, (_, i) => ` (${label} ${i + 1})`)]
      : Array.from({ length: 1000 }, (_, i) => ` (${i + 1})`);
    for (const suffix of candidates) {
      const candidate = `${parentOf(path)}/${stem}${suffix}${ext}`;
      if (!this.get(accountId, candidate)) return candidate;
    }
    throw new Error(`no free name for ${path}`);
  }

  #nextRev() {
    this.#revs += 1;
    return `${this.#revs.toString(16).padStart(9, '0')}${randomBytes(3).toString('hex')}`;
  }
}

const newId = () =>
  `id:${randomBytes(16).toString('base64url').slice(0, 19)}AAAAAAAAA${randomBytes(2).toString('hex')}`;
