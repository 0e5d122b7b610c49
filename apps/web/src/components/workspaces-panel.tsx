'use client';

import {
  FOLDER_WORKSPACE_PROVIDER_ID,
  FORGE_IDS,
  FORGE_NAMES,
  type Workspace,
} from '@inkstone/core';
import { addForgeWorkspace } from '../providers/forges/forge-workspace-actions';
import { forgeOfProvider } from '../providers/forges/forge-workspace-params';
import { useSyncExternalStore } from 'react';
import { ignore } from '../services/modals';
import { runAction } from '../services/run-action';
import {
  addCouchdbWorkspace,
  addGithubWorkspace,
  openInNewTab,
} from '../services/workspace-actions';
import { type WorkspaceList } from '../services/workspaces';
import { type AppStore, useAppDispatch } from '../store';
import { useStore } from 'react-redux';
import { driveHandlers } from '../providers/google-drive/drive-handlers';
import { addDriveWorkspace } from '../providers/google-drive/drive-menu-actions';
import { useAppServices } from './app-context';
import { addFolderWorkspace } from '../providers/folder/folder-actions';
import { canPickFolders, FOLDER_PROVIDER_NAME } from '../providers/folder/folder-workspace';

/** What a provider id is called in lists. */
export function providerName(providerId: string): string {
  if (providerId === 'couchdbWorkspace') return 'CouchDB';
  if (providerId === 'githubWorkspace') return 'GitHub';
  if (providerId === 'googleDriveWorkspace') return 'Google Drive';
  if (providerId === FOLDER_WORKSPACE_PROVIDER_ID) return FOLDER_PROVIDER_NAME;
  const forge = forgeOfProvider(providerId);
  if (forge) return FORGE_NAMES[forge];
  if (providerId === 'main') return 'This browser';
  return providerId;
}

/** Every workspace of this browser, followed as it changes (in any tab). */
export function useWorkspaces(list: WorkspaceList): readonly Workspace[] {
  return useSyncExternalStore(
    list.subscribe,
    () => list.workspaces,
    () => list.workspaces,
  );
}

/** The workspaces side bar panel (spec interface §2): the workspaces with the current one
 * marked, each opened in a new tab; adding a CouchDB or a GitHub workspace; managing them. */
export function WorkspacesPanel() {
  const services = useAppServices();
  const dispatch = useAppDispatch();
  const workspaces = useWorkspaces(services.workspaces);
  const currentId = services.workspaces.current.id;
  const store = useStore() as AppStore;
  // Google Drive, once its handlers are wired (drive-handlers.ts).
  const drive = driveHandlers();
  return (
    <section className="workspaces-panel" aria-label="Workspaces">
      <ul className="workspaces-panel__list">
        {workspaces.map((workspace) => (
          <li key={workspace.id} aria-current={workspace.id === currentId ? 'true' : undefined}>
            <span className="workspaces-panel__name">{workspace.name}</span>{' '}
            <span className="workspaces-panel__provider">
              {providerName(workspace.providerId)}
              {workspace.id === currentId ? ' (current)' : ''}
            </span>{' '}
            {typeof workspace.locationUrl === 'string' && (
              <a
                className="workspaces-panel__location"
                href={workspace.locationUrl}
                target="_blank"
                rel="noreferrer"
                aria-label={`${workspace.name} on ${providerName(workspace.providerId)}`}
                title={workspace.locationUrl}
              >
                {workspace.locationUrl.replace(/^https?:\/\//, '')}
              </a>
            )}
            <button
              type="button"
              className="button"
              aria-label={`Open ${workspace.name} in a new tab`}
              title="Open in a new tab"
              onClick={() => openInNewTab(workspace)}
            >
              Open
            </button>
          </li>
        ))}
      </ul>
      <div className="workspaces-panel__actions">
        <button
          type="button"
          className="button"
          onClick={() => runAction(dispatch, () => addCouchdbWorkspace(services, dispatch))}
        >
          Add a CouchDB workspace
        </button>
        <button
          type="button"
          className="button"
          onClick={() => runAction(dispatch, () => addGithubWorkspace(services, dispatch))}
        >
          Add a GitHub workspace
        </button>
        {FORGE_IDS.map((forge) => (
          <button
            key={forge}
            type="button"
            className="button"
            onClick={() => runAction(dispatch, () => addForgeWorkspace(services, dispatch, forge))}
          >
            Add a {FORGE_NAMES[forge]} workspace
          </button>
        ))}
        {drive && (
          <button
            type="button"
            className="button"
            onClick={() => runAction(dispatch, () => addDriveWorkspace(services, store, drive))}
          >
            Add a Google Drive workspace
          </button>
        )}
        {canPickFolders() && (
          <button
            type="button"
            className="button"
            onClick={() => runAction(dispatch, () => addFolderWorkspace(services, dispatch))}
          >
            Add a folder on this computer
          </button>
        )}
        <button
          type="button"
          className="button"
          onClick={() => void services.modals.open('workspaceManagement').catch(ignore)}
        >
          Manage workspaces
        </button>
      </div>
    </section>
  );
}
