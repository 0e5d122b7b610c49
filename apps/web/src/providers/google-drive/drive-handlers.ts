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

/** Registers Drive handlers (at start; a test may register its own): those given join the ones
 * registered before (the file locations and the workspaces are wired apart); undefined
 * forgets them all. */
export function registerDriveHandlers(handlers: Partial<DriveHandlers> | undefined): void {
  current = handlers ? { ...current, ...handlers } : {};
}

/** The Drive handlers, or undefined while any of them is not wired. */
export function driveHandlers(): DriveHandlers | undefined {
  const { addSyncLocation, openFile, addPublishLocation, createWorkspaceFolder } = current;
  if (!addSyncLocation || !openFile || !addPublishLocation || !createWorkspaceFolder) {
    return undefined;
  }
  return { addSyncLocation, openFile, addPublishLocation, createWorkspaceFolder };
}

/** One Drive handler, or undefined while it is not wired (a menu entry shows only with it). */
export function driveHandler<K extends keyof DriveHandlers>(key: K): DriveHandlers[K] | undefined {
  return current[key];
}
