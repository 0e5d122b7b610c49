import type { DriveFile } from './store.js';

/** Drive's full-access scope: every file of the user. */
export const DRIVE = 'https://www.googleapis.com/auth/drive';
/** Drive's per-file scope: only files this app created or was given. */
export const DRIVE_FILE = 'https://www.googleapis.com/auth/drive.file';
/** The application data folder's scope. */
export const DRIVE_APPDATA = 'https://www.googleapis.com/auth/drive.appdata';
/** Read-only access to every file. */
export const DRIVE_READONLY = 'https://www.googleapis.com/auth/drive.readonly';

/** Who calls: the access token's user, client and scopes. */
export interface Caller {
  userId: string;
  clientId: string;
  scopes: readonly string[];
}

/** Whether the token carries any Drive scope at all (without one: 403 insufficientPermissions). */
export const hasDriveScope = (caller: Caller) =>
  [DRIVE, DRIVE_FILE, DRIVE_APPDATA, DRIVE_READONLY].some((scope) => caller.scopes.includes(scope));

/** Whether the caller may see `file` (Drive answers 404 otherwise). */
export function canSee(caller: Caller, file: DriveFile) {
  if (file.ownerId !== caller.userId) return false;
  if (file.space === 'appDataFolder') {
    return caller.scopes.includes(DRIVE_APPDATA) && file.createdByClient === caller.clientId;
  }
  if (caller.scopes.includes(DRIVE) || caller.scopes.includes(DRIVE_READONLY)) return true;
  return caller.scopes.includes(DRIVE_FILE) && file.createdByClient === caller.clientId;
}

/** Whether the caller may change what it can see (a read-only token may not). */
export function canWrite(caller: Caller, file: DriveFile) {
  if (file.space === 'appDataFolder') return canSee(caller, file);
  return (
    canSee(caller, file) && (caller.scopes.includes(DRIVE) || caller.scopes.includes(DRIVE_FILE))
  );
}
