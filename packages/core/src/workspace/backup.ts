// Workspace backups (spec interface §2 "Workspace backups", §5): one JSON file holding every item
// of a workspace and its images, and the import that writes such a file back.

import { type ItemRepository } from '../db/repository.js';
import { hashItem } from '../items/hash.js';
import { type ImageItem, type Item, type ItemType } from '../items/types.js';
import { utf8ByteLength } from '../stats/statistics.js';
import { sanitizeText } from '../validation/text.js';

/** What the `format` field of a backup file says. */
export const BACKUP_FORMAT = 'inkstone-workspace-backup';
/** The version of the backup format written by {@link exportWorkspace}. */
export const BACKUP_VERSION = 1;

/** Data items that never leave the browser nor come in through a backup: login tokens are
 * secrets, and the server configuration belongs to the server the app is served from. */
export const UNTRAVELLED_DATA_IDS: readonly string[] = ['tokens', 'serverConf'];

/** The message of a file that is not a backup (or not a whole one). */
export const NOT_A_BACKUP_MESSAGE =
  'This file is not an Inkstone workspace backup: nothing was imported.';
/**
 * The most bytes of a workspace backup file: an import reads at most this much of a file, and an
 * export refuses to make a larger one, so that a backup the app made always imports (ADR 0006).
 * The spec's read cap (10,000,000 bytes, interface §5, §9) held one long
 * manuscript but not several, though the app exported them. Read whole, a backup this large
 * takes about 0.3 s to decode and parse and 235 MB of memory (mostly CJK text, measured in Node
 * on this machine); the limit is GitHub's largest file too.
 */
export const BACKUP_MAX_BYTES = 100_000_000;

/** The message of a backup too large to be read whole. */
export const BACKUP_TOO_LARGE_MESSAGE = `This backup is larger than ${BACKUP_MAX_BYTES.toLocaleString('en')} bytes, the most that is read of one: nothing was imported.`;

/** The message of a workspace too large for one backup file. */
export const BACKUP_EXPORT_TOO_LARGE_MESSAGE = `This workspace would make a backup larger than ${BACKUP_MAX_BYTES.toLocaleString('en')} bytes, the most a backup holds: no backup was made. “Download workspace as zip” (Import/export) keeps every file and image.`;

/** A workspace backup file, as JSON. */
export interface WorkspaceBackup {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  /** When it was made, in ms since the epoch. */
  created: number;
  /** Every item of the objects store but those of {@link UNTRAVELLED_DATA_IDS}, without the
   * local transaction numbers. */
  items: Item[];
  /** Every image of the images store. */
  images: ImageItem[];
}

/** Raised by {@link importWorkspace} for a file it cannot take; the message is for the user. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

/** What an import wrote. */
export interface ImportResult {
  /** The items written, as stored, with the number of the transaction that wrote them. */
  items: (Item & { tx: number })[];
  images: number;
}

const ITEM_TYPES: ReadonlySet<ItemType> = new Set<ItemType>([
  'file',
  'folder',
  'content',
  'contentState',
  'syncedContent',
  'syncLocation',
  'publishLocation',
  'data',
]);

/** Makes the backup of a workspace: every item and image, in one JSON text. */
export async function exportWorkspace(repo: ItemRepository, now = Date.now()): Promise<string> {
  const items = (await repo.getAll())
    .filter((item) => !UNTRAVELLED_DATA_IDS.includes(item.id))
    .map(({ tx: _tx, ...item }) => item as Item)
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const images = await repo.getAllImages();
  const backup: WorkspaceBackup = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    created: now,
    items,
    images,
  };
  return JSON.stringify(backup);
}

/**
 * Makes the text of a workspace's backup file ({@link exportWorkspace}'s JSON). Throws a
 * {@link BackupError} with {@link BACKUP_EXPORT_TOO_LARGE_MESSAGE}, making nothing, when it
 * would be larger than `maxBytes` (which only tests change) or than the longest string the
 * JavaScript engine makes: such a file could not be imported back.
 */
export async function exportWorkspaceFile(
  repo: ItemRepository,
  now = Date.now(),
  maxBytes = BACKUP_MAX_BYTES,
): Promise<string> {
  let json: string;
  try {
    json = await exportWorkspace(repo, now);
  } catch (error) {
    // (V8 stops at about 536,000,000 characters: "Invalid string length".)
    if (error instanceof RangeError) throw new BackupError(BACKUP_EXPORT_TOO_LARGE_MESSAGE);
    throw error;
  }
  // (In UTF-8, as the file is written.)
  if (utf8ByteLength(json) > maxBytes) throw new BackupError(BACKUP_EXPORT_TOO_LARGE_MESSAGE);
  return json;
}

/**
 * Writes a backup's items and images into a workspace, merging by id: an item or image of the
 * backup replaces the one with the same id, and everything else of the workspace stays. Items
 * are written in one transaction. Texts are made storable (core §5) and hashes recomputed, so a
 * hand-edited backup cannot store a wrong hash. Throws a {@link BackupError} with
 * {@link NOT_A_BACKUP_MESSAGE}, writing nothing, when the text is not a backup.
 */
export async function importWorkspace(repo: ItemRepository, text: string): Promise<ImportResult> {
  const backup = parseBackup(text);
  // By id whatever the type: an item of another type under the id `tokens` would replace them.
  const items = backup.items
    .filter((item) => !UNTRAVELLED_DATA_IDS.includes(item.id))
    .map(storable);
  const tx = await repo.put(items);
  for (const image of backup.images) await repo.putImage(image);
  return { items: items.map((item) => ({ ...item, tx })), images: backup.images.length };
}

/** Reads and checks a backup's JSON text; throws a {@link BackupError} when it is not one. */
export function parseBackup(text: string): WorkspaceBackup {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new BackupError(NOT_A_BACKUP_MESSAGE);
  }
  if (
    !isRecord(value) ||
    value.format !== BACKUP_FORMAT ||
    value.version !== BACKUP_VERSION ||
    !Array.isArray(value.items) ||
    !Array.isArray(value.images) ||
    !value.items.every(isItem) ||
    !value.images.every(isImage)
  ) {
    throw new BackupError(NOT_A_BACKUP_MESSAGE);
  }
  return value as unknown as WorkspaceBackup;
}

function storable(item: Item): Item {
  const { hash: _hash, ...rest } = item as Item & { tx?: unknown };
  delete (rest as { tx?: unknown }).tx;
  if (rest.type === 'content') rest.text = sanitizeText(rest.text);
  return { ...rest, hash: hashItem(rest) } as Item;
}

function isItem(value: unknown): value is Item {
  if (!isRecord(value) || typeof value.id !== 'string' || value.id === '') return false;
  if (!ITEM_TYPES.has(value.type as ItemType)) return false;
  switch (value.type) {
    case 'file':
    case 'folder':
      return (
        typeof value.name === 'string' && (value.parentId === null || isString(value.parentId))
      );
    case 'content':
      return (
        isString(value.text) &&
        isString(value.properties) &&
        isRecord(value.discussions) &&
        isRecord(value.comments) &&
        Array.isArray(value.history)
      );
    default:
      return true;
  }
}

function isImage(value: unknown): value is ImageItem {
  return isRecord(value) && isString(value.id) && isString(value.path) && isString(value.content);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isString(value: unknown): value is string {
  return typeof value === 'string';
}
