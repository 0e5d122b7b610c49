'use client';

import { isAutoSyncOn, MAIN_WORKSPACE_ID, type Workspace } from '@inkstone/core';
import { useEffect, useRef, useState } from 'react';
import { readGithubLoginToken } from '../../services/github-tokens';
import { ignore } from '../../services/modals';
import { runAction } from '../../services/run-action';
import {
  AUTO_SYNC_PROVIDER_IDS,
  copyWorkspaceUrl,
  removeWorkspace,
  toggleAutoSync,
} from '../../services/workspace-actions';
import { useAppDispatch, useAppSelector } from '../../store';
import { giteeLoginAccount } from '../../store/accounts-slice';
import { useAppServices } from '../app-context';
import { Modal } from '../modal';
import { providerName, useWorkspaces } from '../workspaces-panel';
import { type DialogProps } from './dialog-props';

/** The workspaceManagement dialog: every workspace, renamed inline (Enter submits, Escape
 * cancels, blur submits: spec interface §4), its URL copied, or removed; a git workspace's auto
 * sync switched after confirmation (the main one's once signed in with GitHub: it then syncs
 * with the app-data repository). */
export function WorkspaceManagementDialog({ reject }: DialogProps<'workspaceManagement'>) {
  const services = useAppServices();
  const dispatch = useAppDispatch();
  const workspaces = useWorkspaces(services.workspaces);
  const [editing, setEditing] = useState<string | undefined>();
  const signedIn = useSignedIn();
  const hasAutoSync = (workspace: Workspace) =>
    AUTO_SYNC_PROVIDER_IDS.has(workspace.providerId) ||
    (workspace.id === MAIN_WORKSPACE_ID && signedIn);
  return (
    <Modal title="Manage workspaces" onCancel={reject}>
      <ul className="workspace-management">
        {workspaces.map((workspace) => (
          <li key={workspace.id} aria-label={workspace.name}>
            {editing === workspace.id ? (
              <NameField
                workspace={workspace}
                done={(name) => {
                  setEditing(undefined);
                  if (name !== undefined) services.workspaces.rename(workspace.id, name);
                }}
              />
            ) : (
              <span className="workspace-management__name">{workspace.name}</span>
            )}{' '}
            <span className="workspace-management__provider">
              {providerName(workspace.providerId)}
            </span>
            <button type="button" className="button" onClick={() => setEditing(workspace.id)}>
              Rename
            </button>
            {hasAutoSync(workspace) && (
              <button
                type="button"
                className="button"
                aria-pressed={isAutoSyncOn(workspace)}
                onClick={() => runAction(dispatch, () => toggleAutoSync(services, workspace))}
              >
                Auto sync
              </button>
            )}
            <button
              type="button"
              className="button"
              onClick={() => runAction(dispatch, () => copyWorkspaceUrl(workspace, dispatch))}
            >
              Copy URL
            </button>
            <button
              type="button"
              className="button"
              onClick={() =>
                runAction(dispatch, () => removeWorkspace(services, dispatch, workspace))
              }
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      <p>
        <button
          type="button"
          className="button"
          onClick={() => void services.modals.open('workspaceImgPath').catch(ignore)}
        >
          Workspace image path
        </button>
      </p>
    </Modal>
  );
}

// Whether a GitHub account is signed in (the main workspace then syncs with git).
function useSignedIn(): boolean {
  const [signedIn, setSignedIn] = useState(false);
  // (Signed in with Gitee, the main workspace syncs with its inkstone-appdata: giteeAppData.)
  const giteeLogin = useAppSelector((state) => giteeLoginAccount(state.accounts) !== undefined);
  useEffect(() => {
    let live = true;
    readGithubLoginToken().then(
      (token) => live && setSignedIn(token !== undefined),
      (error: unknown) => console.error('The GitHub accounts could not be read.', error),
    );
    return () => {
      live = false;
    };
  }, []);
  return signedIn || giteeLogin;
}

// The inline name field: `done` gets the new name (Enter, blur) or undefined (Escape).
function NameField({ workspace, done }: { workspace: Workspace; done(name?: string): void }) {
  const [name, setName] = useState(workspace.name);
  const finished = useRef(false);
  const finish = (value?: string) => {
    if (finished.current) return;
    finished.current = true;
    done(value);
  };
  return (
    <input
      className="workspace-management__field"
      aria-label="Workspace name"
      value={name}
      autoFocus
      onChange={(event) => setName(event.target.value)}
      onBlur={() => finish(name)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === 'Escape') {
          // The dialog itself would take Enter as Ok and Escape as Cancel.
          event.preventDefault();
          event.stopPropagation();
          finish(event.key === 'Enter' ? name : undefined);
        }
      }}
    />
  );
}
