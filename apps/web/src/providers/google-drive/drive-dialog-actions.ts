import { isCancelled, type ModalStack } from '../../services/modals';
import { loadGoogleApiKey } from './drive-conf';
import {
  type DriveOpenRequest,
  type DrivePublishRequest,
  type DriveSyncRequest,
  type DriveWorkspaceRequest,
} from './drive-dialog-types';
import { type DriveLocalSettings } from './drive-settings';

/** Where the Drive dialogs get what they show first and keep what was chosen: the workspace's
 * local settings (the app gives `store.getState().localSettings` and
 * `workspace.saveLocalSettings`) and `/conf`'s API key (tests give their own). */
export interface DriveDialogContext {
  modals: ModalStack;
  localSettings(): DriveLocalSettings;
  saveLocalSettings(changes: Partial<DriveLocalSettings>): Promise<void>;
  apiKey?: () => Promise<string>;
}

// A cancelled dialog is no failure: it gives undefined.
const orUndefined = <T>(promise: Promise<T>): Promise<T | undefined> =>
  promise.catch((error: unknown) => {
    if (isCancelled(error)) return undefined;
    throw error;
  });

async function openLocation(
  context: DriveDialogContext,
  purpose: 'sync' | 'open' | 'publish',
  templates?: { id: string; name: string }[],
) {
  const defaults = context.localSettings();
  const apiKey = await (context.apiKey ?? loadGoogleApiKey)();
  const request = await orUndefined(
    context.modals.open('googleDriveLocation', { purpose, defaults, apiKey, templates }),
  );
  if (request && request.purpose !== 'open') {
    // The folder (and the format) of this dialog are the next one's defaults.
    await context.saveLocalSettings(
      request.purpose === 'publish'
        ? {
            googleDriveFolderId: request.fields.driveParentId ?? '',
            googleDrivePublishFormat: request.fields.format,
          }
        : { googleDriveFolderId: request.fields.driveParentId ?? '' },
    );
  }
  return request;
}

/** "Synchronize with Google Drive": resolves with the account's `sub` and the location's
 * `driveParentId` / `driveFileId` (both optional), or undefined when cancelled. */
export async function openDriveSyncDialog(
  context: DriveDialogContext,
): Promise<DriveSyncRequest | undefined> {
  return (await openLocation(context, 'sync')) as DriveSyncRequest | undefined;
}

/** "Open from Google Drive": resolves with the account's `sub` and the `fileId` to open, or
 * undefined when cancelled. */
export async function openDriveOpenDialog(
  context: DriveDialogContext,
): Promise<DriveOpenRequest | undefined> {
  return (await openLocation(context, 'open')) as DriveOpenRequest | undefined;
}

/** "Publish to Google Drive": resolves with the account's `sub` and the location's fields
 * (`driveParentId`, `driveFileId` optional; `format` markdown or html; `templateId` for html),
 * or undefined when cancelled. */
export async function openDrivePublishDialog(
  context: DriveDialogContext,
  templates: { id: string; name: string }[],
): Promise<DrivePublishRequest | undefined> {
  return (await openLocation(context, 'publish', templates)) as DrivePublishRequest | undefined;
}

/** "Add a Google Drive workspace": resolves with the account's `sub` (full Drive access) and the
 * `folderId`, absent for a new workspace folder in the drive root; undefined when cancelled. */
export async function openDriveWorkspaceDialog(
  context: DriveDialogContext,
): Promise<DriveWorkspaceRequest | undefined> {
  const defaults = context.localSettings();
  const apiKey = await (context.apiKey ?? loadGoogleApiKey)();
  const request = await orUndefined(
    context.modals.open('googleDriveWorkspace', {
      defaultFolderId: defaults.googleDriveWorkspaceFolderId,
      apiKey,
    }),
  );
  if (request?.folderId !== undefined) {
    await context.saveLocalSettings({ googleDriveWorkspaceFolderId: request.folderId });
  }
  return request;
}
