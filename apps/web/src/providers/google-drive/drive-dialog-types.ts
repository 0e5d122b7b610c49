import {
  type DriveLocationFields,
  type DrivePublishFields,
  type DrivePublishFormat,
} from '@inkstone/core';
import { type DriveLocalSettings } from './drive-settings';

/** What a Drive file dialog is for (spec providers §2: open, sync and publish dialogs). */
export type DriveDialogPurpose = 'sync' | 'open' | 'publish';

/** What the Drive file dialog is opened with. */
export interface DriveLocationDialogProps {
  purpose: DriveDialogPurpose;
  /** The defaults shown first (spec providers §3's local settings). */
  defaults: DriveLocalSettings;
  /** `/conf`'s googleApiKey, for the picker ('' when the server has none). */
  apiKey: string;
  /** Template ids and names (publishing only), the first one chosen by default. */
  templates?: { id: string; name: string }[];
}

/** "Synchronize with Google Drive" confirmed: the account and the location's fields. No file id
 * makes a new file in the folder (or the drive root) on the first sync. */
export interface DriveSyncRequest {
  purpose: 'sync';
  sub: string;
  fields: DriveLocationFields;
}

/** "Open from Google Drive" confirmed: the account and the file to open. */
export interface DriveOpenRequest {
  purpose: 'open';
  sub: string;
  fileId: string;
}

/** "Publish to Google Drive" confirmed: the account, the location's fields, its format and,
 * for HTML, its template. */
export interface DrivePublishRequest {
  purpose: 'publish';
  sub: string;
  fields: DrivePublishFields;
}

/** What the Drive file dialog resolves with. */
export type DriveLocationRequest = DriveSyncRequest | DriveOpenRequest | DrivePublishRequest;

/** What the Drive workspace dialog is opened with. */
export interface DriveWorkspaceDialogProps {
  /** The Folder ID shown first (googleDriveWorkspaceFolderId). */
  defaultFolderId: string;
  apiKey: string;
}

/** "Add a Google Drive workspace" confirmed: the account (with full Drive access, spec
 * providers §4) and the folder; no folder asks for a new workspace folder in the drive root. */
export interface DriveWorkspaceRequest {
  sub: string;
  folderId?: string;
}

export type { DrivePublishFormat };
