import { type Workspace } from '@inkstone/core';
import { type AppServices } from '../components/app-context';
import { type AppDispatch } from '../store';
import { notified } from '../store/notifications-slice';
import { checkCouchdbDatabase } from './couchdb';
import { isCancelled } from './modals';
import {
  couchdbWorkspace,
  removalRefusal,
  WORKSPACE_URL_COPIED,
  workspaceUrl,
} from './workspace-list';
import { storeCredentials } from './workspaces';

type Services = Pick<AppServices, 'modals' | 'confirmer' | 'workspaces'>;

/** Opens a workspace in a new tab; where the browser blocks the tab, in this one. */
export function openInNewTab(workspace: Workspace): void {
  const url = workspaceUrl(workspace, window.location.href);
  const tab = window.open(url, '_blank');
  if (tab) tab.opener = null;
  else window.location.assign(url);
}

/** The panel's "Add a CouchDB workspace": asks the database URL, reads the database (asking
 * credentials on a 401), adds the workspace and opens it in a new tab. Failures are shown as
 * error notifications; a cancelled dialog does nothing. */
export async function addCouchdbWorkspace(
  { modals, workspaces }: Services,
  dispatch: AppDispatch,
): Promise<void> {
  try {
    const dbUrl = await modals.open('couchdbWorkspace');
    const workspace = couchdbWorkspace(dbUrl);
    const check = await checkCouchdbDatabase(dbUrl, () =>
      modals.open('couchdbCredentials', { dbUrl }),
    );
    if (check.credentials) await storeCredentials(workspace.id, dbUrl, check.credentials);
    workspaces.add(workspace);
    openInNewTab(workspace);
  } catch (error) {
    if (isCancelled(error)) return;
    dispatch(notified('error', error instanceof Error ? error.message : String(error)));
  }
}

/** Removes a workspace after the removeWorkspace confirmation; the main and the current one are
 * refused with the spec's words (interface §4 and §8). */
export async function removeWorkspace(
  { confirmer, workspaces }: Services,
  dispatch: AppDispatch,
  workspace: Workspace,
): Promise<void> {
  const refusal = removalRefusal(workspace.id, workspaces.current.id);
  if (refusal) {
    dispatch(notified('error', refusal));
    return;
  }
  if (!(await confirmer.ask('removeWorkspace', workspace.name))) return;
  try {
    await workspaces.remove(workspace.id);
  } catch (error) {
    console.error(error);
    dispatch(notified('error', error instanceof Error ? error.message : String(error)));
  }
}

/** Copies the URL that opens a workspace (spec interface §8's notice once done). */
export async function copyWorkspaceUrl(workspace: Workspace, dispatch: AppDispatch): Promise<void> {
  try {
    await navigator.clipboard.writeText(workspaceUrl(workspace, window.location.href));
    dispatch(notified('info', WORKSPACE_URL_COPIED));
  } catch (error) {
    console.error(error);
    dispatch(notified('error', 'The workspace URL could not be copied.'));
  }
}
