import { type AppServices } from '../../components/app-context';
import { openInNewTab } from '../../services/workspace-actions';
import { type AppDispatch } from '../../store';
import { notified } from '../../store/notifications-slice';
import { type BrowserFolderHandle, findFolderKey, saveFolderHandle } from './folder-handles';
import { folderWorkspace } from './folder-workspace';

// (Not in TypeScript's DOM types: Chromium's directory picker.)
type DirectoryPicker = (options: {
  id?: string;
  mode: 'readwrite';
}) => Promise<BrowserFolderHandle>;

const randomKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(12)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');

/**
 * The panel's "Add a folder on this computer": the browser's own folder picker (read and
 * write), then the workspace of that folder (the same one when the folder was picked before)
 * opens in a new tab. Closing the picker does nothing; a refusal is told.
 */
export async function addFolderWorkspace(
  { workspaces }: Pick<AppServices, 'workspaces'>,
  dispatch: AppDispatch,
): Promise<void> {
  const pick = (window as unknown as { showDirectoryPicker: DirectoryPicker }).showDirectoryPicker;
  let handle: BrowserFolderHandle;
  try {
    handle = await pick({ id: 'inkstone-workspace', mode: 'readwrite' });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') return;
    dispatch(notified('error', error instanceof Error ? error.message : String(error)));
    return;
  }
  const key = (await findFolderKey(handle)) ?? randomKey();
  await saveFolderHandle(key, handle);
  const workspace = folderWorkspace(key, handle.name);
  workspaces.add(workspace);
  openInNewTab(workspace);
}
