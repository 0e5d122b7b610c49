'use client';

import { MAIN_WORKSPACE_NAME } from '@inkstone/core';
import { type AppServices, useAppServices } from './app-context';
import { requestReset } from '../services/reset';
import { STORAGE_WARNING, STORAGE_WARNING_DISMISSED_KEY } from '../services/persistent-storage';
import { type AppDispatch, useAppDispatch, useAppSelector } from '../store';
import { sideBarPanelChosen } from '../store/layout-slice';
import { storageWarningDismissed } from '../store/storage-slice';
import { modalOpened } from '../store/ui-slice';

/** An entry of the main menu: one action, named as the spec names it (interface §2). */
interface MenuEntry {
  name: string;
  description: string;
  perform(dispatch: AppDispatch, services: AppServices): void;
}

/** The entries built so far, in the spec's order. Sign in, Workspaces, Synchronize, Publish,
 * History, Markdown cheat sheet, Print, Badges, Accounts, Templates and About
 * join as their features arrive. */
export const MENU_ENTRIES: readonly MenuEntry[] = [
  {
    name: 'File properties',
    description: 'Title, tags and other properties of the file.',
    perform: (dispatch) => dispatch(modalOpened('fileProperties')),
  },
  {
    name: 'Table of contents',
    description: 'The headings of the file.',
    perform: (dispatch) => dispatch(sideBarPanelChosen('toc')),
  },
  {
    name: 'Import/export',
    description: 'Import markdown or HTML, export the file.',
    perform: (dispatch) => dispatch(sideBarPanelChosen('importExport')),
  },
  {
    name: 'Edit area theme',
    description: 'The colours of the editor.',
    perform: (dispatch) => dispatch(sideBarPanelChosen('editTheme')),
  },
  {
    name: 'Preview area theme',
    description: 'The look of the preview.',
    perform: (dispatch) => dispatch(sideBarPanelChosen('previewTheme')),
  },
  {
    name: 'Settings',
    description: 'Your settings.',
    perform: (dispatch) => dispatch(modalOpened('settings')),
  },
  {
    name: 'Workspace backups',
    description: 'Save or restore the whole workspace.',
    perform: (dispatch) => dispatch(sideBarPanelChosen('workspaceBackups')),
  },
  {
    name: 'Reset application',
    description: 'Delete every workspace stored in this browser.',
    perform: (_dispatch, { confirmer }) => {
      void confirmer.ask('reset').then((ok) => {
        if (ok) requestReset();
      });
    },
  },
];

/** The menu's top line: the sync state of the current workspace (interface §2). No sync
 * location exists yet; once one does, it reads "synced with" and the location. */
export function syncStateText(syncedWith: string | undefined): string {
  return syncedWith === undefined ? 'not synced' : `synced with ${syncedWith}`;
}

/** The main menu panel of the side bar. */
export function MenuPanel() {
  const dispatch = useAppDispatch();
  const services = useAppServices();
  return (
    <nav className="side-menu" aria-label="Main menu">
      <p className="side-menu__top">
        <span className="side-menu__workspace">{MAIN_WORKSPACE_NAME}</span>{' '}
        <span className="side-menu__sync-state">{syncStateText(undefined)}</span>
      </p>
      <StorageWarning />
      <ul className="side-menu__entries">
        {MENU_ENTRIES.map((entry) => (
          <li key={entry.name}>
            <button
              type="button"
              className="side-menu__entry"
              title={entry.description}
              onClick={() => entry.perform(dispatch, services)}
            >
              {entry.name}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The persistent-storage warning: stays in the menu until dismissed. */
function StorageWarning() {
  const dispatch = useAppDispatch();
  const shown = useAppSelector(
    (state) => state.storage.persistence === 'refused' && !state.storage.warningDismissed,
  );
  if (!shown) return null;
  return (
    <div className="side-menu__warning" role="note" aria-label="Storage warning">
      <p>{STORAGE_WARNING}</p>
      <div className="side-menu__warning-actions">
        <button
          type="button"
          className="button"
          onClick={() => dispatch(sideBarPanelChosen('workspaceBackups'))}
        >
          Open Workspace backups
        </button>
        <button
          type="button"
          className="button"
          onClick={() => {
            try {
              localStorage.setItem(STORAGE_WARNING_DISMISSED_KEY, '1');
            } catch {
              // Not remembered: it shows again at the next start.
            }
            dispatch(storageWarningDismissed());
          }}
        >
          Dismiss warning
        </button>
      </div>
    </div>
  );
}
