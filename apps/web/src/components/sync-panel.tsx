'use client';

import { FORGE_NAMES } from '@inkstone/core';
import { forgeOfProvider } from '../providers/forges/forge-workspace-params';
import { useAppDispatch, useAppSelector } from '../store';
import { sideBarPanelChosen } from '../store/layout-slice';
import { syncButtonBlocker } from '../store/sync-slice';
import { useAppServices } from './app-context';
import { FileLocationsSection } from '../providers/github/file-locations-section';
import './sync-panel.css';

/** Spec interface §8's words when there is nothing to sync with. */
export const NO_SYNC_ACCOUNT = 'You have to link an account to start syncing files.';
/** Spec interface §8's words for a temporary file. */
export const tempFileNotSynced = (file: string) =>
  `${file} can't be synced as it's a temporary file.`;

/** What the workspace's remote is, in the panel's words. */
export function workspaceRemoteKind(providerId: string): string {
  if (providerId === 'couchdbWorkspace') return 'Workspace database (CouchDB)';
  if (providerId === 'githubWorkspace') return 'Workspace repository (GitHub)';
  if (providerId === 'googleDriveWorkspace') return 'Workspace folder (Google Drive)';
  const forge = forgeOfProvider(providerId);
  if (forge) return `Workspace repository (${FORGE_NAMES[forge]})`;
  return 'Main workspace repository (GitHub)';
}

/** When the last sync ended, in words. */
export function lastSyncText(lastSyncedAt: number | null, lastError: string | null): string {
  if (lastError !== null) return `Last synchronization failed: ${lastError}`;
  if (lastSyncedAt === null) return 'Not synchronized yet in this tab.';
  return `Last synchronized at ${new Date(lastSyncedAt).toLocaleTimeString()}.`;
}

/** The sync side bar panel (spec interface §2 and §4): the locations the current file syncs
 * with — for now the workspace's own database, the location 'main' — with "Synchronize now";
 * without one, the prompt to link an account. */
export function SyncPanel() {
  const dispatch = useAppDispatch();
  const { sync, workspaces } = useAppServices();
  const state = useAppSelector((root) => root.sync);
  const file = useAppSelector((root) => {
    const id = root.workspace.currentFileId;
    return id ? root.workspace.files[id] : undefined;
  });
  const blocker = syncButtonBlocker(state);
  let body;
  if (file?.parentId === 'temp') {
    body = <p>{tempFileNotSynced(file.name)}</p>;
  } else if (state.target === null) {
    body = (
      <>
        <p>{NO_SYNC_ACCOUNT}</p>
        <p className="sync-panel__hint">
          This workspace is kept only in this browser. A CouchDB workspace synchronizes all its
          files: add one from the workspaces panel.
        </p>
        <button
          type="button"
          className="button"
          onClick={() => dispatch(sideBarPanelChosen('workspaces'))}
        >
          Open Workspaces
        </button>
      </>
    );
  } else {
    body = (
      <>
        <ul className="sync-panel__locations" aria-label="Sync locations">
          <li>
            <span className="sync-panel__kind">
              {workspaceRemoteKind(workspaces.current.providerId)}
            </span>{' '}
            <span className="sync-panel__url">{state.target}</span>
            <p className="sync-panel__status" role="status">
              {lastSyncText(state.lastSyncedAt, state.lastError)}
            </p>
          </li>
        </ul>
        <button
          type="button"
          className="button"
          disabled={blocker !== null}
          aria-busy={state.requested}
          title={blocker ?? undefined}
          onClick={() => sync.requestNow()}
        >
          Synchronize now
        </button>
      </>
    );
  }
  return (
    <section className="sync-panel" aria-label="Synchronize">
      {body}
      {file && file.parentId !== 'temp' && (
        <FileLocationsSection workspaceSyncs={state.target !== null} />
      )}
    </section>
  );
}
