'use client';
import { badgeCount, toBadges } from '@inkstone/core';

import { useDropboxAccounts } from '../providers/dropbox/use-dropbox-accounts';
import { useWordPressAccounts } from '../providers/wordpress/use-wordpress-accounts';
import { useZendeskAccounts } from '../providers/zendesk/use-zendesk-accounts';
import { useImageBeds } from '../providers/image-beds/use-image-beds';
import { type AppServices, useAppServices } from './app-context';
import { signInWithGiteeFromMenu } from '../providers/forges/gitee-sign-in';
import { GiteeUser } from '../providers/forges/gitee-user';
import { signInWithGithub } from '../providers/github/github-actions';
import { signInWithGoogleFromMenu } from '../providers/google/google-actions';
import { GithubUser } from '../providers/github/github-user';
import { printLogged } from '../preview/print-preview';
import { ignore } from '../services/modals';
import { RESET_NOT_REQUESTED, requestReset } from '../services/reset';
import { runAction } from '../services/run-action';
import { STORAGE_WARNING, STORAGE_WARNING_DISMISSED_KEY } from '../services/persistent-storage';
import { type AppDispatch, useAppDispatch, useAppSelector } from '../store';
import {
  accountCount,
  giteeLoginAccount,
  googleLoginAccount,
  loginAccount,
} from '../store/accounts-slice';
import { sideBarPanelChosen } from '../store/layout-slice';
import { storageWarningDismissed } from '../store/storage-slice';
import { useWorkspaces } from './workspaces-panel';
import { useStore } from 'react-redux';
import { type AppStore } from '../store';
import { shareCurrentFile } from '../providers/github/share-action';
import { useFileLocations } from '../providers/github/use-file-locations';
import './menu-panel.css';

/** An entry of the main menu: one action, named as the spec names it (interface §2). An entry
 * without `perform` belongs to a feature not built yet, and is shown disabled. */
interface MenuEntry {
  name: string;
  description: string;
  perform?: (dispatch: AppDispatch, services: AppServices) => void;
  /** The count the entry shows after its name, as "Workspaces (2)" or "Badges (3/80)". */
  count?: (counts: MenuCounts) => number | string;
  /** Whether the entry is left out now ("Sign in" once signed in). */
  hidden?: (counts: MenuCounts) => boolean;
}

/** What the menu's counts are read from. */
interface MenuCounts {
  workspaces: number;
  /** The sync locations of the current file: the workspace's own, when it syncs, and the
   * file's own (a GitHub file, a gist). */
  syncLocations: number;
  /** The publish locations of the current file (absent: none known yet). */
  publishLocations?: number;
  /** The export templates, built-in ones included. */
  templates: number;
  /** The accounts linked in this browser. */
  accounts: number;
  /** The badges earned, of all (groups and leaves). */
  badges: { earned: number; total: number };
  /** Whether the user is signed in (a GitHub or Gitee login token). */
  signedIn: boolean;
}

const panel = (name: string) => (dispatch: AppDispatch) => dispatch(sideBarPanelChosen(name));
const dialog =
  (
    type:
      | 'fileProperties'
      | 'settings'
      | 'about'
      | 'templates'
      | 'accountManagement'
      | 'badgeManagement',
  ) =>
  (_dispatch: AppDispatch, { modals }: AppServices) =>
    void modals.open(type).catch(ignore);

/** Every entry of the spec's main menu, in its order. */
export const MENU_ENTRIES: readonly MenuEntry[] = [
  {
    name: 'Sign in with GitHub',
    description: 'Sign in with GitHub to sync the main workspace, share and comment.',
    perform: signInWithGithub,
    hidden: (counts) => counts.signedIn,
  },
  {
    // (Ours, beside the spec's: the main workspace kept on Gitee, docs/how-to/sign-in-with-gitee.md.)
    name: 'Sign in with Gitee',
    description: 'Sign in with Gitee to sync the main workspace with your Gitee account.',
    perform: signInWithGiteeFromMenu,
    hidden: (counts) => counts.signedIn,
  },
  {
    // (Ours: the main workspace kept in Google Drive's application data folder, issue 28.)
    name: 'Sign in with Google',
    description: 'Sign in with Google to sync the main workspace with your Google Drive.',
    perform: signInWithGoogleFromMenu,
    hidden: (counts) => counts.signedIn,
  },
  {
    name: 'Workspaces',
    description: 'Open, add and manage workspaces.',
    perform: panel('workspaces'),
    count: (counts) => counts.workspaces,
  },
  {
    name: 'Synchronize',
    description: 'Synchronise the file with a location.',
    perform: panel('sync'),
    count: (counts) => counts.syncLocations,
  },
  {
    name: 'Publish',
    description: 'Publish the file through a template to GitHub or a gist.',
    perform: panel('publish'),
    count: (counts) => counts.publishLocations ?? 0,
  },
  { name: 'History', description: 'The revisions of the file.', perform: panel('history') },
  {
    name: 'File properties',
    description: 'Title, tags and other properties of the file.',
    perform: dialog('fileProperties'),
  },
  { name: 'Table of contents', description: 'The headings of the file.', perform: panel('toc') },
  {
    name: 'Markdown cheat sheet',
    description: 'The markdown the preview understands.',
    perform: panel('help'),
  },
  {
    name: 'Import/export',
    description: 'Import markdown or HTML, export the file.',
    perform: panel('importExport'),
  },
  {
    name: 'Print',
    description: 'Print the preview.',
    // Its diagrams drawn first (the preview draws them only near what it shows).
    perform: () => printLogged(),
  },
  {
    name: 'Badges',
    description: 'Features you have used.',
    perform: dialog('badgeManagement'),
    count: (counts) => `${counts.badges.earned}/${counts.badges.total}`,
  },
  {
    name: 'Accounts',
    description: 'Accounts linked to this browser.',
    perform: dialog('accountManagement'),
    count: (counts) => counts.accounts,
  },
  {
    name: 'Templates',
    description: 'Templates for exports.',
    perform: dialog('templates'),
    count: (counts) => counts.templates,
  },
  {
    name: 'Edit area theme',
    description: 'Colours of the editor.',
    perform: panel('editTheme'),
  },
  {
    name: 'Preview area theme',
    description: 'Look of the preview.',
    perform: panel('previewTheme'),
  },
  { name: 'Settings', description: 'Your settings.', perform: dialog('settings') },
  {
    name: 'Workspace backups',
    description: 'Save or restore the whole workspace.',
    perform: panel('workspaceBackups'),
  },
  {
    name: 'Reset application',
    description: 'Delete every workspace stored in this browser.',
    perform: (dispatch, { confirmer }) => {
      runAction(
        dispatch,
        async () => {
          if (await confirmer.ask('reset')) requestReset();
        },
        RESET_NOT_REQUESTED,
      );
    },
  },
  { name: 'About', description: 'Version, FAQ, licence and privacy.', perform: dialog('about') },
];

/** The menu's top line: the sync state of the current workspace (interface §2): "synced with"
 * and its database for a CouchDB workspace, "not synced" for one kept only here. */
export function syncStateText(syncedWith: string | undefined): string {
  return syncedWith === undefined ? 'not synced' : `synced with ${syncedWith}`;
}

/** The main menu panel of the side bar. */
export function MenuPanel() {
  const dispatch = useAppDispatch();
  const services = useAppServices();
  const store = useStore() as AppStore;
  const workspaces = useWorkspaces(services.workspaces);
  const opened = services.workspaces.current;
  const current = workspaces.find((workspace) => workspace.id === opened.id) ?? opened;
  const syncTarget = useAppSelector((state) => state.sync.target);
  const templateCount = useAppSelector((state) => Object.keys(state.templates).length);
  // Dropbox's, WordPress's and Zendesk's accounts and the image beds are kept outside the store
  // (their use-… hooks). Every account Manage external accounts lists counts; an image bed
  // repository is a part of its GitHub or Gitea account, not one more.
  const beds = useImageBeds();
  const badgeCreations = useAppSelector((state) => state.badges.creations);
  const accounts =
    useAppSelector((state) => accountCount(state.accounts)) +
    useDropboxAccounts().length +
    useWordPressAccounts().length +
    useZendeskAccounts().length +
    beds.smms.length +
    beds.custom.length;
  const login = useAppSelector((state) => loginAccount(state.accounts));
  const giteeLogin = useAppSelector((state) => giteeLoginAccount(state.accounts));
  const googleLogin = useAppSelector((state) => googleLoginAccount(state.accounts));
  const fileSyncLocations = useFileLocations('syncLocation').locations.filter(
    (location) => location.id !== 'main',
  ).length;
  const publishLocations = useFileLocations('publishLocation').locations.length;
  const counts: MenuCounts = {
    workspaces: workspaces.length,
    syncLocations: (syncTarget === null ? 0 : 1) + fileSyncLocations,
    publishLocations,
    templates: templateCount,
    accounts,
    badges: badgeCount(toBadges(badgeCreations)),
    signedIn: login !== undefined || giteeLogin !== undefined || googleLogin !== undefined,
  };
  return (
    <nav className="side-menu" aria-label="Main menu">
      {/* The signed-in user, then the sync state of the workspace (spec interface §2): signed
          in, the main workspace says which repository it syncs with. */}
      {login && <GithubUser account={login} />}
      {!login && giteeLogin && <GiteeUser account={giteeLogin} />}
      <p className="side-menu__top">
        <span className="side-menu__workspace">{current.name}</span>{' '}
        <span className="side-menu__sync-state">{syncStateText(syncTarget ?? undefined)}</span>
      </p>
      <StorageWarning />
      <ul className="side-menu__entries">
        {MENU_ENTRIES.filter((entry) => !entry.hidden?.(counts)).map((entry) => (
          <li key={entry.name}>
            <button
              type="button"
              className="side-menu__entry"
              title={entry.perform ? entry.description : `${entry.description} (not built yet)`}
              disabled={!entry.perform}
              onClick={() => entry.perform?.(dispatch, services)}
            >
              {entry.count ? `${entry.name} (${entry.count(counts)})` : entry.name}
            </button>
          </li>
        ))}
      </ul>
      <div className="side-menu__buttons">
        <button
          type="button"
          className="button"
          title="Share the file as a web page through a gist (needs Sign in with GitHub)."
          onClick={() =>
            runAction(
              dispatch,
              () => shareCurrentFile(services, store, dispatch),
              'Sharing failed.',
            )
          }
        >
          Share
        </button>
      </div>
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
