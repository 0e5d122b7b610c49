import { FOLDER_WORKSPACE_PROVIDER_ID, type Workspace } from '@inkstone/core';
import { workspaceId } from '../../services/workspace-id';

/** What the workspaces panel calls a folder workspace. */
export const FOLDER_PROVIDER_NAME = 'Folder on this computer';

/** Whether this browser can keep a workspace in a folder on disk (the File System Access
 * API's directory picker: Chromium-based browsers on a computer). */
export const canPickFolders = (): boolean =>
  typeof window !== 'undefined' && 'showDirectoryPicker' in window;

/**
 * The workspace of a folder on disk: its parameter is `folderKey`, the key its handle is kept
 * under in this browser (a handle cannot travel in a URL: the workspace opens only in the
 * browser that picked the folder); its name is the folder's.
 */
export function folderWorkspace(folderKey: string, name: string): Workspace {
  const providerId = FOLDER_WORKSPACE_PROVIDER_ID;
  return { id: workspaceId({ providerId, folderKey }), name, providerId, folderKey };
}

/** Said when a folder workspace's URL names no folder. */
export const FOLDER_KEY_MISSING = 'A folder workspace needs its folderKey parameter.';

/** A folder workspace from a tab's query (`folderKey`, and `name` until the list knows it). */
export function readFolderWorkspaceQuery(query: URLSearchParams): Workspace | string {
  const key = query.get('folderKey') ?? '';
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(key)) return FOLDER_KEY_MISSING;
  return folderWorkspace(key, query.get('name') || 'Folder');
}
