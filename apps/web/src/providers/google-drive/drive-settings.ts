import { type DrivePublishFormat } from '@inkstone/core';

/** The Drive defaults of spec providers §3's local settings: what the Drive dialogs show first,
 * remembered in this browser from the last dialog confirmed. Ids only, never a token. */
export interface DriveLocalSettings {
  /** The Restrict access checkbox: Drive access limited to the files Inkstone opened or made. */
  googleDriveRestrictedAccess: boolean;
  /** The Folder ID the sync and publish dialogs show. */
  googleDriveFolderId: string;
  /** The Folder ID the workspace dialog shows. */
  googleDriveWorkspaceFolderId: string;
  /** The publish dialog's format (Export Markdown by default). */
  googleDrivePublishFormat: DrivePublishFormat;
}

/** The defaults before any dialog was confirmed. */
export const DRIVE_SETTINGS_DEFAULTS: Readonly<DriveLocalSettings> = Object.freeze({
  googleDriveRestrictedAccess: false,
  googleDriveFolderId: '',
  googleDriveWorkspaceFolderId: '',
  googleDrivePublishFormat: 'markdown',
});

/** The localStorage key of the Drive defaults (docs/reference/choices.md). */
export const DRIVE_SETTINGS_KEY = 'inkstone.googleDriveSettings';

type KeyValue = Pick<Storage, 'getItem' | 'setItem'>;

const browserStorage = (): KeyValue | undefined =>
  typeof localStorage === 'undefined' ? undefined : localStorage;

/** The Drive defaults stored in this browser; a field missing or of the wrong type (or an
 * unreadable entry) gives its default. */
export function readDriveSettings(storage = browserStorage()): DriveLocalSettings {
  let stored: unknown;
  try {
    stored = JSON.parse(storage?.getItem(DRIVE_SETTINGS_KEY) ?? '{}');
  } catch {
    stored = {};
  }
  const fields =
    typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  const settings: DriveLocalSettings = { ...DRIVE_SETTINGS_DEFAULTS };
  if (typeof fields.googleDriveRestrictedAccess === 'boolean') {
    settings.googleDriveRestrictedAccess = fields.googleDriveRestrictedAccess;
  }
  if (typeof fields.googleDriveFolderId === 'string') {
    settings.googleDriveFolderId = fields.googleDriveFolderId;
  }
  if (typeof fields.googleDriveWorkspaceFolderId === 'string') {
    settings.googleDriveWorkspaceFolderId = fields.googleDriveWorkspaceFolderId;
  }
  if (
    fields.googleDrivePublishFormat === 'markdown' ||
    fields.googleDrivePublishFormat === 'html'
  ) {
    settings.googleDrivePublishFormat = fields.googleDrivePublishFormat;
  }
  return settings;
}

/** Remembers some Drive defaults (the others are kept). A storage that refuses (full, private
 * mode) only loses the default. */
export function saveDriveSettings(
  changes: Partial<DriveLocalSettings>,
  storage = browserStorage(),
): void {
  try {
    storage?.setItem(
      DRIVE_SETTINGS_KEY,
      JSON.stringify({ ...readDriveSettings(storage), ...changes }),
    );
  } catch {
    // (Only the default is lost.)
  }
}
