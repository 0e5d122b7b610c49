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

let current: DriveHandlers | undefined;

/** Registers the Drive handlers (once, at start; a test may register its own). */
export function registerDriveHandlers(handlers: DriveHandlers | undefined): void {
  current = handlers;
}

/** The Drive handlers, or undefined while Drive is not wired. */
export function driveHandlers(): DriveHandlers | undefined {
  return current;
}
