import { type AppServices } from '../../components/app-context';
import { openInNewTab } from '../../services/workspace-actions';
import { type AppStore } from '../../store';
import { type DriveLocalSettings } from './drive-settings';
import {
  type DriveDialogContext,
  openDriveOpenDialog,
  openDrivePublishDialog,
  openDriveSyncDialog,
  openDriveWorkspaceDialog,
} from './drive-dialog-actions';
import { type DriveHandlers } from './drive-handlers';
import { driveSettingsOf } from './drive-settings';
import { driveWorkspace } from './drive-workspace-params';

type Services = Pick<AppServices, 'modals' | 'workspace' | 'workspaces'>;

/** The dialogs' context in the app: the open workspace's local settings. */
export function appDriveContext(services: Services, store: AppStore): DriveDialogContext {
  return {
    modals: services.modals,
    localSettings: () => driveSettingsOf(store.getState().localSettings),
    saveLocalSettings: (changes: Partial<DriveLocalSettings>) =>
      services.workspace.saveLocalSettings(changes),
  };
}

/** "Add a Google Drive location": the sync dialog, then the handlers add and sync it. The
 * status to show, or undefined when cancelled. */
export async function addDriveSync(
  services: Services,
  store: AppStore,
  handlers: DriveHandlers,
  fileId: string,
): Promise<string | undefined> {
  const request = await openDriveSyncDialog(appDriveContext(services, store));
  return request && handlers.addSyncLocation(fileId, request);
}

/** "Open from Google Drive": the open dialog, then the file opened in the editor. */
export async function openDriveFile(
  services: Services,
  store: AppStore,
  handlers: DriveHandlers,
): Promise<void> {
  const request = await openDriveOpenDialog(appDriveContext(services, store));
  if (!request) return;
  await services.workspace.openFile(await handlers.openFile(request));
}

/** "Publish to Google Drive": the publish dialog, then the handlers add and publish it. The
 * notice, or undefined when cancelled. */
export async function addDrivePublish(
  services: Services,
  store: AppStore,
  handlers: DriveHandlers,
  fileId: string,
  templates: { id: string; name: string }[],
): Promise<string | undefined> {
  const request = await openDrivePublishDialog(appDriveContext(services, store), templates);
  return request && handlers.addPublishLocation(fileId, request);
}

/** "Add a Google Drive workspace": the dialog; a new folder made in the drive root when no
 * Folder ID was given; the workspace added to the list and opened in a new tab (spec
 * providers §2). */
export async function addDriveWorkspace(
  services: Services,
  store: AppStore,
  handlers: DriveHandlers,
): Promise<void> {
  const request = await openDriveWorkspaceDialog(appDriveContext(services, store));
  if (!request) return;
  const folderId = request.folderId ?? (await handlers.createWorkspaceFolder(request.sub));
  const workspace = driveWorkspace({ folderId, sub: request.sub });
  services.workspaces.add(workspace);
  openInNewTab(workspace);
}
