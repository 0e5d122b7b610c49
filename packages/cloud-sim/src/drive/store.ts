import { createHash, randomBytes } from 'node:crypto';
import {
  canSee,
  canWrite,
  DRIVE,
  DRIVE_APPDATA,
  DRIVE_FILE,
  DRIVE_READONLY,
  type Caller,
} from './scopes.js';

/** A folder's MIME type in Drive. */
export const FOLDER_MIME = 'application/vnd.google-apps.folder';

/** Drive's two spaces the stand-in keeps. */
export type Space = 'drive' | 'appDataFolder';

/** One stored revision of a file's content. */
export interface DriveRevision {
  id: string;
  mimeType: string;
  modifiedTime: string;
  content: Buffer;
  md5Checksum: string;
  keepForever: boolean;
  originalFilename: string;
  /** The id of the user whose upload it was. */
  modifiedBy: string;
}

/** A file or folder as the stand-in stores it. */
export interface DriveFile {
  id: string;
  ownerId: string;
  /** The OAuth client that created it: what `drive.file` and the appDataFolder go by. */
  createdByClient: string;
  space: Space;
  name: string;
  mimeType: string;
  description?: string;
  parents: string[];
  appProperties: Record<string, string>;
  properties: Record<string, string>;
  trashed: boolean;
  explicitlyTrashed: boolean;
  trashedTime?: string;
  createdTime: string;
  modifiedTime: string;
  version: number;
  /** The content's revisions, oldest first (none for a folder). */
  revisions: DriveRevision[];
}

/** One entry of a user's changes feed. */
export interface DriveChange {
  id: number;
  fileId: string;
  time: string;
  removed: boolean;
  space: Space;
  clientId: string;
}

/** A user's drive: its root, its application data folder, its files and its changes. */
export interface UserDrive {
  rootId: string;
  appDataId: string;
  files: Map<string, DriveFile>;
  changes: DriveChange[];
  nextChangeId: number;
}

/** What a new file is made of. */
export interface NewFile {
  name?: string;
  mimeType?: string;
  description?: string;
  parents?: string[];
  appProperties?: Record<string, string | null>;
  properties?: Record<string, string | null>;
  content?: Buffer;
  originalFilename?: string;
}

/** Why a request cannot be answered: the route turns each into Google's error. */
export type DriveRefusal =
  | { kind: 'notFound'; fileId: string }
  | { kind: 'insufficientPermissions' }
  | { kind: 'invalid'; location: string; message: string }
  | { kind: 'notDownloadable' }
  | { kind: 'revisionNotFound'; revisionId: string };

/** Thrown with a {@link DriveRefusal}. */
export class DriveError extends Error {
  constructor(readonly refusal: DriveRefusal) {
    super(refusal.kind);
    this.name = 'DriveError';
  }
}

const refuse = (refusal: DriveRefusal): never => {
  throw new DriveError(refusal);
};

/** The files of every user, with Drive's rules for parents, trash, revisions and changes. */
export class DriveStore {
  readonly #drives = new Map<string, UserDrive>();

  constructor(readonly now: () => number = Date.now) {}

  /** A new id in Drive's style: 33 characters of the URL-safe alphabet. */
  newId(prefix = '1') {
    return `${prefix}${randomBytes(32).toString('base64url')}`.slice(0, 33);
  }

  #time() {
    return new Date(this.now()).toISOString();
  }

  /** The drive of a user, made on first use. */
  drive(userId: string): UserDrive {
    let drive = this.#drives.get(userId);
    if (!drive) {
      drive = {
        rootId: this.newId('0A'),
        appDataId: this.newId('0B'),
        files: new Map(),
        changes: [],
        nextChangeId: 1,
      };
      this.#drives.set(userId, drive);
    }
    return drive;
  }

  /** The id a parent alias (`root`, `appDataFolder`) stands for. */
  resolveId(drive: UserDrive, id: string) {
    if (id === 'root') return drive.rootId;
    if (id === 'appDataFolder') return drive.appDataId;
    return id;
  }

  /** The file the caller asked for, or a 404 refusal. */
  get(caller: Caller, fileId: string): DriveFile {
    const drive = this.drive(caller.userId);
    const file = drive.files.get(this.resolveId(drive, fileId));
    if (!file || !canSee(caller, file)) return refuse({ kind: 'notFound', fileId });
    return file;
  }

  /** The space and id of a parent the caller may put files in (root and appDataFolder too). */
  #parent(caller: Caller, id: string): { id: string; space: Space } {
    const drive = this.drive(caller.userId);
    const resolved = this.resolveId(drive, id);
    if (resolved === drive.rootId) {
      if (!caller.scopes.includes(DRIVE) && !caller.scopes.includes(DRIVE_FILE)) {
        return refuse({ kind: 'insufficientPermissions' });
      }
      return { id: resolved, space: 'drive' };
    }
    if (resolved === drive.appDataId) {
      if (!caller.scopes.includes(DRIVE_APPDATA))
        return refuse({ kind: 'insufficientPermissions' });
      return { id: resolved, space: 'appDataFolder' };
    }
    const folder = this.get(caller, id);
    if (folder.mimeType !== FOLDER_MIME) {
      return refuse({
        kind: 'invalid',
        location: 'parents',
        message: `The parent ${id} is not a folder.`,
      });
    }
    if (!canWrite(caller, folder)) return refuse({ kind: 'insufficientPermissions' });
    return { id: folder.id, space: folder.space };
  }

  #record(caller: Caller, file: DriveFile, removed = false) {
    const drive = this.drive(file.ownerId);
    drive.changes.push({
      id: drive.nextChangeId++,
      fileId: file.id,
      time: this.#time(),
      removed,
      space: file.space,
      clientId: caller.clientId,
    });
  }

  #revise(file: DriveFile, content: Buffer, originalFilename: string, userId: string) {
    const revision: DriveRevision = {
      id: this.newId('0R'),
      mimeType: file.mimeType,
      modifiedTime: file.modifiedTime,
      content,
      md5Checksum: createHash('md5').update(content).digest('hex'),
      keepForever: false,
      originalFilename,
      modifiedBy: userId,
    };
    file.revisions.push(revision);
  }

  /** Creates a file or folder (files.create), under `root` when no parent is named. */
  create(caller: Caller, input: NewFile): DriveFile {
    const parentIds = input.parents && input.parents.length > 0 ? input.parents : ['root'];
    if (parentIds.length > 1) {
      return refuse({
        kind: 'invalid',
        location: 'parents',
        message: 'A shared drive item must have exactly one parent.',
      });
    }
    const parent = this.#parent(caller, parentIds[0]!);
    const time = this.#time();
    const mimeType = input.mimeType ?? 'application/octet-stream';
    const file: DriveFile = {
      id: this.newId(),
      ownerId: caller.userId,
      createdByClient: caller.clientId,
      space: parent.space,
      name: input.name ?? 'Untitled',
      mimeType,
      ...(input.description !== undefined ? { description: input.description } : {}),
      parents: [parent.id],
      appProperties: merge({}, input.appProperties),
      properties: merge({}, input.properties),
      trashed: false,
      explicitlyTrashed: false,
      createdTime: time,
      modifiedTime: time,
      version: 1,
      revisions: [],
    };
    if (mimeType !== FOLDER_MIME) {
      this.#revise(
        file,
        input.content ?? Buffer.alloc(0),
        input.originalFilename ?? file.name,
        caller.userId,
      );
    }
    this.drive(caller.userId).files.set(file.id, file);
    this.#record(caller, file);
    return file;
  }

  /**
   * Changes a file (files.update): metadata (name, mimeType, description, appProperties and
   * properties merged key by key, a null value removing the key, trashed), parents added and
   * removed, and a new revision when content is given.
   */
  update(
    caller: Caller,
    fileId: string,
    patch: NewFile & { trashed?: boolean },
    parents: { add: string[]; remove: string[] } = { add: [], remove: [] },
  ): DriveFile {
    const file = this.get(caller, fileId);
    if (!canWrite(caller, file)) return refuse({ kind: 'insufficientPermissions' });
    if (patch.parents !== undefined) {
      return refuse({
        kind: 'invalid',
        location: 'parents',
        message:
          'The parents field is not directly writable in update requests. Use the addParents and removeParents parameters instead.',
      });
    }
    const added = parents.add.map((id) => this.#parent(caller, id));
    if (added.some((parent) => parent.space !== file.space)) {
      return refuse({
        kind: 'invalid',
        location: 'addParents',
        message: 'Cannot move a file across spaces.',
      });
    }
    const drive = this.drive(caller.userId);
    const removed = parents.remove.map((id) => this.resolveId(drive, id));
    const next = [...file.parents.filter((id) => !removed.includes(id))];
    for (const { id } of added) if (!next.includes(id)) next.push(id);
    if (next.length > 1) {
      return refuse({
        kind: 'invalid',
        location: 'addParents',
        message:
          'Increasing the number of parents is not allowed. A file can only have one parent.',
      });
    }
    if (next.length === 0) {
      return refuse({
        kind: 'invalid',
        location: 'removeParents',
        message: 'A file must keep a parent.',
      });
    }
    file.parents = next;
    if (patch.name !== undefined) file.name = patch.name;
    if (patch.mimeType !== undefined && file.mimeType !== FOLDER_MIME)
      file.mimeType = patch.mimeType;
    if (patch.description !== undefined) file.description = patch.description;
    file.appProperties = merge(file.appProperties, patch.appProperties);
    file.properties = merge(file.properties, patch.properties);
    const time = this.#time();
    file.modifiedTime = time;
    file.version++;
    if (patch.content !== undefined && file.mimeType !== FOLDER_MIME) {
      this.#revise(file, patch.content, patch.originalFilename ?? file.name, caller.userId);
    }
    if (patch.trashed !== undefined && patch.trashed !== file.trashed) {
      this.#trash(caller, file, patch.trashed, true);
    }
    this.#record(caller, file);
    return file;
  }

  #trash(caller: Caller, file: DriveFile, trashed: boolean, explicit: boolean) {
    if (!explicit && file.explicitlyTrashed) return;
    file.trashed = trashed;
    file.explicitlyTrashed = trashed && explicit;
    if (trashed) file.trashedTime = this.#time();
    else delete file.trashedTime;
    if (!explicit) {
      file.version++;
      this.#record(caller, file);
    }
    for (const child of this.#children(file)) this.#trash(caller, child, trashed, false);
  }

  #children(folder: DriveFile) {
    return [...this.drive(folder.ownerId).files.values()].filter((file) =>
      file.parents.includes(folder.id),
    );
  }

  /** Deletes a file for good (files.delete), and a folder's descendants with it. */
  delete(caller: Caller, fileId: string) {
    const file = this.get(caller, fileId);
    if (!canWrite(caller, file)) return refuse({ kind: 'insufficientPermissions' });
    this.#remove(caller, file);
  }

  #remove(caller: Caller, file: DriveFile) {
    for (const child of this.#children(file)) this.#remove(caller, child);
    this.drive(file.ownerId).files.delete(file.id);
    this.#record(caller, file, true);
  }

  /** Deletes every trashed file the caller can see (files.emptyTrash). */
  emptyTrash(caller: Caller) {
    const drive = this.drive(caller.userId);
    for (const file of [...drive.files.values()]) {
      if (drive.files.has(file.id) && file.explicitlyTrashed && canWrite(caller, file)) {
        this.#remove(caller, file);
      }
    }
  }

  /** The files the caller can see in `spaces`, in creation order. */
  visible(caller: Caller, spaces: readonly Space[]) {
    return [...this.drive(caller.userId).files.values()].filter(
      (file) => spaces.includes(file.space) && canSee(caller, file),
    );
  }

  /** The token of the changes feed's present: changes made after it are listed from it. */
  startPageToken(caller: Caller) {
    return String(this.drive(caller.userId).nextChangeId);
  }

  /**
   * The changes from `pageToken` on, as Drive lists them: one entry per file (its latest
   * change), oldest first, only in `spaces` and only files the caller can see (or could, for a
   * removal made by the same client).
   */
  changesFrom(caller: Caller, fromId: number, spaces: readonly Space[]) {
    const drive = this.drive(caller.userId);
    const latest = new Map<string, number>();
    for (const change of drive.changes) latest.set(change.fileId, change.id);
    return drive.changes.filter((change) => {
      if (change.id < fromId || latest.get(change.fileId) !== change.id) return false;
      if (!spaces.includes(change.space)) return false;
      const file = drive.files.get(change.fileId);
      if (file) return canSee(caller, file);
      // A removed file: reported to whoever could see it in that space.
      if (change.space === 'appDataFolder') {
        return caller.scopes.includes(DRIVE_APPDATA) && change.clientId === caller.clientId;
      }
      return (
        caller.scopes.includes(DRIVE) ||
        caller.scopes.includes(DRIVE_READONLY) ||
        (caller.scopes.includes(DRIVE_FILE) && change.clientId === caller.clientId)
      );
    });
  }

  /** The id of the next change a user's feed will record. */
  nextChangeId(caller: Caller) {
    return this.drive(caller.userId).nextChangeId;
  }
}

function merge(
  base: Record<string, string>,
  patch: Record<string, string | null> | undefined,
): Record<string, string> {
  const result = { ...base };
  for (const [key, value] of Object.entries(patch ?? {})) {
    if (value === null) delete result[key];
    else result[key] = String(value);
  }
  return result;
}
