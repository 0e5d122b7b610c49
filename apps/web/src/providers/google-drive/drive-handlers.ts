import {
  type DriveOpenRequest,
  type DrivePublishRequest,
  type DriveSyncRequest,
} from './drive-dialog-types';

/**
 * What the app does with the Drive dialogs' answers, through core's Drive providers: the seam
 * where they are wired (registered at start, like the Google accounts). Until it is registered
 * the menus show no Drive entry, so nothing offers what cannot be done yet.
 */
export interface DriveHandlers {
  /** Adds the sync location to the file `fileId` and syncs it; gives the status to show. */
  addSyncLocation(fileId: string, request: DriveSyncRequest): Promise<string>;
  /** Downloads the Drive file into a new local file with its sync location; gives its id. */
  openFile(request: DriveOpenRequest): Promise<string>;
  /** Adds the publish location to the file `fileId` and publishes it; gives the notice. */
  addPublishLocation(fileId: string, request: DrivePublishRequest): Promise<string>;
  /** Makes a new workspace folder in the drive root of the account `sub`; gives its id. */
  createWorkspaceFolder(sub: string): Promise<string>;
}

let current: Partial<DriveHandlers> = {};

/**
 * Registers Drive handlers (at start; a test may register its own). Each call merges its
 * handlers with those already registered, so the file locations' handlers (addSyncLocation,
 * openFile, addPublishLocation) and the workspaces' (createWorkspaceFolder) are registered each
 * by its own part; `undefined` removes them all.
 */
export function registerDriveHandlers(handlers: Partial<DriveHandlers> | undefined): void {
  current = handlers ? { ...current, ...handlers } : {};
}

/** The Drive handlers once all are registered, or undefined while Drive is not wired (the
 * menus then show no Drive entry). */
export function driveHandlers(): DriveHandlers | undefined {
  const { addSyncLocation, openFile, addPublishLocation, createWorkspaceFolder } = current;
  return addSyncLocation && openFile && addPublishLocation && createWorkspaceFolder
    ? { addSyncLocation, openFile, addPublishLocation, createWorkspaceFolder }
    : undefined;
}

/** The file locations' handlers (sync, open, publish) once registered, whether or not the
 * workspaces' one is: the Synchronize and Publish panels' Drive entries need only these. */
export function driveFileHandlers():
  Pick<DriveHandlers, 'addSyncLocation' | 'openFile' | 'addPublishLocation'> | undefined {
  const { addSyncLocation, openFile, addPublishLocation } = current;
  return addSyncLocation && openFile && addPublishLocation
    ? { addSyncLocation, openFile, addPublishLocation }
    : undefined;
}
