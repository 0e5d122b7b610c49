import {
  GOOGLE_DRIVE_SYNC_PROVIDER_ID,
  GOOGLE_DRIVE_WORKSPACE_PROVIDER_ID,
  driveFolderUrl,
  type DriveState,
  type DriveWorkspaceQuery,
  parseDriveState,
  readDriveWorkspaceQuery,
  type Workspace,
} from '@inkstone/core';
import { workspaceId } from '../../services/workspace-id';

/** A new Drive workspace's name until its folder's own name is read (the first sync). */
export const DRIVE_WORKSPACE_NAME = 'Google Drive workspace';

/** The workspace of a Drive folder (provider googleDriveWorkspace, spec providers §3): its id a
 * hash of the folder's id, so the same folder always opens the same local database; `sub` is
 * the Google account it syncs with, when known. */
export function driveWorkspace(query: DriveWorkspaceQuery): Workspace {
  const providerId = GOOGLE_DRIVE_WORKSPACE_PROVIDER_ID;
  const workspace: Workspace = {
    id: workspaceId({ providerId, folderId: query.folderId }),
    name: DRIVE_WORKSPACE_NAME,
    providerId,
    folderId: query.folderId,
    locationUrl: driveFolderUrl(query.folderId),
  };
  if (query.sub !== undefined) workspace.sub = query.sub;
  return workspace;
}

/** The Drive workspace a workspace URL's parameters ask for, or the error to show. */
export function readDriveWorkspaceParams(
  params: Record<string, string | undefined>,
): Workspace | string {
  const query = readDriveWorkspaceQuery(params);
  return 'error' in query ? query.error : driveWorkspace(query);
}

/** The Drive `state` a start URL carries (Drive's "Open with" and "New" menus: providerId
 * googleDrive and state, spec core §2), its error when it cannot be read, or undefined when the
 * URL has none. */
export function readDriveStartState(search: string): DriveState | { error: string } | undefined {
  const query = new URLSearchParams(search);
  const state = query.get('state');
  if (state === null || query.get('providerId') !== GOOGLE_DRIVE_SYNC_PROVIDER_ID) return undefined;
  return parseDriveState(state);
}

let pending: DriveState | undefined;

/** Keeps the Drive request the start URL carried, until the Drive provider takes it. */
export function keepDriveStartState(state: DriveState | undefined): void {
  pending = state;
}

/** The Drive request the start URL carried (action open: the files' ids; action create: the
 * folder of a new file), given once: the Drive sync takes it when it starts. */
export function takeDriveStartState(): DriveState | undefined {
  const state = pending;
  pending = undefined;
  return state;
}
