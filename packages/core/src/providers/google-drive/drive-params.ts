import { FieldError } from '../../validation/field-error.js';
/**
 * The pure parts of Google Drive's dialogs and URLs (spec providers §1–§3 and §6, core §2): the
 * ids a user types or pastes, the location and workspace fields, the workspace URL parameters
 * (`folderId`, `sub`) and the `state` parameter Drive's "Open with" and "New" menus send. No
 * request is made here: the Drive client and providers use what these give.
 */

/** Publish formats of the Drive publish dialog (spec providers §2: Export Markdown or Export
 * HTML; §3: googleDrivePublishFormat defaults to markdown). */
export type DrivePublishFormat = 'markdown' | 'html';

/** A Drive file location (spec providers §3: driveFileId, driveParentId). A sync or publish
 * location without a file id makes a new file in the parent (or the drive root) on its first
 * run, and keeps its id from then on. */
export interface DriveLocationFields {
  driveFileId?: string;
  driveParentId?: string;
}

/** A Drive publish location: the fields, its format, and the template when it exports HTML. */
export interface DrivePublishFields extends DriveLocationFields {
  format: DrivePublishFormat;
  templateId?: string;
}

/** A Drive workspace's provider parameters (spec providers §3). `folderId` is the workspace's
 * folder; `teamDriveId` is set when the folder is on a shared drive; `dataFolderId` and
 * `trashFolderId` are its `.inkstone-data` and `.inkstone-trash` folders, found or made on the
 * first sync. */
export interface DriveWorkspaceFields {
  folderId: string;
  teamDriveId?: string;
  dataFolderId?: string;
  trashFolderId?: string;
}

/** What a field of the Drive dialogs holds: a folder's id or a file's id. */
export type DriveIdKind = 'folder' | 'file';

/** The inline errors of the id fields (spec providers §6: a field at fault is said beside it). */
export const DRIVE_ID_INVALID: Record<DriveIdKind, string> = {
  folder:
    'Enter a Google Drive folder ID, or paste the folder’s link (https://drive.google.com/drive/folders/…).',
  file: 'Enter a Google Drive file ID, or paste the file’s link (https://drive.google.com/file/d/…).',
};

/** A folder's link pasted where a file is asked for, and the other way round. */
export const DRIVE_ID_WRONG_KIND: Record<DriveIdKind, string> = {
  folder: 'This is a link to a file, not a folder. Paste the link of the folder, or its ID.',
  file: 'This is a link to a folder, not a file. Paste the link of the file, or its ID.',
};

/** A field of a Drive dialog whose text is not usable, with the field's name (folderId or
 * fileId, the names the dialogs give their inputs). */
export class DriveFieldError extends FieldError<'folderId' | 'fileId'> {
  override readonly name = 'DriveFieldError';
}

// Drive's ids are of the URL-safe base64 alphabet: files and folders 25 to 44 characters (33
// nowadays), shared drives 19 ('0A…'). Anything of that alphabet from 10 to 160 characters is
// taken, so that an id of a kind not seen yet is not refused; Drive answers 404 for a wrong one.
const ID = /^[A-Za-z0-9_-]{10,160}$/;

/** Whether `value` can be a Drive file or folder id (`root` names the drive's root folder). */
export const isDriveId = (value: string) => ID.test(value) || value === 'root';

// The links Drive and its editors show: each gives the id and what it points at.
const LINK_PATTERNS: { pattern: RegExp; kind: DriveIdKind | 'either' }[] = [
  { pattern: /^\/drive(?:\/u\/\d+)?\/folders\/([^/?#]+)/, kind: 'folder' },
  { pattern: /^\/(?:a\/[^/]+\/)?file\/d\/([^/?#]+)/, kind: 'file' },
  {
    pattern: /^\/(?:document|spreadsheets|presentation|drawings|forms)\/d\/([^/?#]+)/,
    kind: 'file',
  },
];

// An http(s) link of Drive's own hosts: its path and its query (core has no URL class: it runs
// without the DOM's or Node's globals).
const DRIVE_LINK = /^https?:\/\/(?:drive|docs)\.google\.com(\/[^?#]*)?(?:\?([^#]*))?(?:#.*)?$/i;

// A query parameter of `query` (no leading '?'), decoded; undefined when absent or undecodable.
function queryParam(query: string, name: string): string | undefined {
  for (const pair of query.split('&')) {
    const [key, value = ''] = pair.split('=');
    if (key !== name) continue;
    try {
      return decodeURIComponent(value.replace(/\+/g, ' '));
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The id in a Drive link, and what the link points at; undefined when `text` is no Drive
 * link. `open?id=` and `uc?id=` links say nothing of the kind. */
export function driveLinkId(
  text: string,
): { id: string; kind: DriveIdKind | 'either' } | undefined {
  const link = DRIVE_LINK.exec(text);
  if (!link) return undefined;
  const path = link[1] ?? '/';
  const query = link[2] ?? '';
  for (const { pattern, kind } of LINK_PATTERNS) {
    const match = pattern.exec(path);
    if (match) return { id: match[1]!, kind };
  }
  const id = queryParam(query, 'id');
  if (id !== undefined && /^\/(?:open|uc)$/.test(path)) return { id, kind: 'either' };
  return undefined;
}

/**
 * The id a Drive id field holds (spec providers §2: Folder ID, Existing file ID): trimmed; a
 * pasted link of Drive's (`…/drive/folders/<id>`, `…/file/d/<id>/view`, `…/open?id=<id>`) gives
 * its id. Empty gives undefined (the fields are optional). Throws {@link DriveFieldError} with
 * the field's inline error when the text is neither an id nor a link to the right kind.
 */
export function readDriveId(input: string, kind: DriveIdKind): string | undefined {
  const field = kind === 'folder' ? 'folderId' : 'fileId';
  const text = input.trim();
  if (text === '') return undefined;
  const link = driveLinkId(text);
  if (link) {
    if (link.kind !== 'either' && link.kind !== kind) {
      throw new DriveFieldError(field, DRIVE_ID_WRONG_KIND[kind]);
    }
    if (!isDriveId(link.id)) throw new DriveFieldError(field, DRIVE_ID_INVALID[kind]);
    return link.id;
  }
  if (!isDriveId(text)) throw new DriveFieldError(field, DRIVE_ID_INVALID[kind]);
  return text;
}

/** What the Drive file dialogs hold (Folder ID, Existing file ID), as typed. */
export interface DriveLocationForm {
  folderId: string;
  fileId: string;
}

/** The location fields of a Drive dialog's form; throws {@link DriveFieldError} at the first
 * field at fault (Folder ID first). */
export function readDriveLocationForm(form: DriveLocationForm): DriveLocationFields {
  const driveParentId = readDriveId(form.folderId, 'folder');
  const driveFileId = readDriveId(form.fileId, 'file');
  const fields: DriveLocationFields = {};
  if (driveParentId !== undefined) fields.driveParentId = driveParentId;
  if (driveFileId !== undefined) fields.driveFileId = driveFileId;
  return fields;
}

/** A Drive folder's page. */
export const driveFolderUrl = (folderId: string) =>
  `https://drive.google.com/drive/folders/${encodeURIComponent(folderId)}`;

/** A Drive file's page. */
export const driveFileUrl = (fileId: string) =>
  `https://drive.google.com/file/d/${encodeURIComponent(fileId)}/view`;

/** What a Drive workspace URL asks for (spec providers §2: providerId=googleDriveWorkspace,
 * folderId, sub). */
export interface DriveWorkspaceQuery {
  folderId: string;
  /** The Google account the workspace syncs with, when the URL names it. */
  sub?: string;
}

/** The error of a Drive workspace URL without a usable folder id. */
export const DRIVE_WORKSPACE_URL_INVALID =
  'A Google Drive workspace URL needs the folderId of its folder.';

/** The Drive workspace a query string's parameters ask for, or the error to show (then the main
 * workspace opens, as for any unusable workspace URL). */
export function readDriveWorkspaceQuery(
  params: Record<string, string | undefined>,
): DriveWorkspaceQuery | { error: string } {
  const folderId = (params.folderId ?? '').trim();
  if (!isDriveId(folderId)) return { error: DRIVE_WORKSPACE_URL_INVALID };
  const sub = (params.sub ?? '').trim();
  return sub === '' ? { folderId } : { folderId, sub };
}

/** The `state` parameter of Drive's "Open with" (action open, the files' ids) and "New" (action
 * create, the folder) menus (spec providers §2, core §2: parsed as JSON). */
export type DriveState =
  | { action: 'open'; userId?: string; ids: string[]; folderId?: string }
  | { action: 'create'; userId?: string; folderId: string };

/** The error when the `state` parameter cannot be read; the app then opens as without it, and
 * nothing of the user's is touched. */
export const DRIVE_STATE_INVALID =
  'Google Drive sent a request Inkstone cannot read (its state parameter is not valid). Nothing was opened or created.';

/**
 * The Drive `state` parameter read: JSON with `action` create (a new file in `folderId`) or open
 * (the files `ids`), and the account's `userId`. Returns `{ error }` with
 * {@link DRIVE_STATE_INVALID} when it is not JSON, names another action, or lacks the folder or
 * the ids its action needs; ids that cannot be Drive's are refused too (they go into requests).
 */
export function parseDriveState(raw: string): DriveState | { error: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return { error: DRIVE_STATE_INVALID };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { error: DRIVE_STATE_INVALID };
  }
  const state = parsed as Record<string, unknown>;
  const userId = typeof state.userId === 'string' && state.userId !== '' ? state.userId : undefined;
  const folderId =
    typeof state.folderId === 'string' && isDriveId(state.folderId) ? state.folderId : undefined;
  if (state.folderId !== undefined && folderId === undefined) return { error: DRIVE_STATE_INVALID };
  if (state.action === 'create') {
    if (folderId === undefined) return { error: DRIVE_STATE_INVALID };
    return userId === undefined
      ? { action: 'create', folderId }
      : { action: 'create', userId, folderId };
  }
  if (state.action === 'open') {
    const ids = state.ids;
    if (
      !Array.isArray(ids) ||
      ids.length === 0 ||
      !ids.every((id): id is string => typeof id === 'string' && isDriveId(id))
    ) {
      return { error: DRIVE_STATE_INVALID };
    }
    const open: DriveState = { action: 'open', ids: [...ids] };
    if (userId !== undefined) open.userId = userId;
    if (folderId !== undefined) open.folderId = folderId;
    return open;
  }
  return { error: DRIVE_STATE_INVALID };
}
