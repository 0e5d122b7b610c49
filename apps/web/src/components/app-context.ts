import { createContext, useContext } from 'react';
import type { EditorController } from '../editor/editor-controller';
import type { ScrollSync } from '../preview/scroll-sync';
import type { ForgeAccounts } from '../providers/forges/forge-accounts';
import type { GithubAccounts } from '../providers/github/github-accounts';
import type { GoogleAccountsService } from '../providers/google/google-accounts-late';
import type { Announcer } from '../services/announcer';
import type { Confirmer } from '../services/confirm';
import type { DocumentChannel } from '../services/document-channel';
import type { ExplorerService } from '../services/explorer';
import type { ModalStack } from '../services/modals';
import type { Notifier } from '../services/notifier';
import type { Sync } from '../services/later-sync';
import type { Transfer } from '../services/later-transfer';
import type { WorkspaceService } from '../services/workspace';
import type { WorkspaceList } from '../services/workspaces';

/** The services of the open workspace, shared by the panes. */
export interface AppServices {
  workspace: WorkspaceService;
  /** Every workspace of this browser, and the one this tab has open. */
  workspaces: WorkspaceList;
  document: DocumentChannel;
  scrollSync: ScrollSync;
  /** The open dialogs (spec interface §2's modal stack). */
  modals: ModalStack;
  /** Questions asked in notifications (No and Yes). */
  notifier: Notifier;
  /** Asks the user to confirm (the spec's confirmation dialogs). */
  confirmer: Confirmer;
  /** The explorer's actions on the tree. */
  explorer: ExplorerService;
  /** The workspace's synchronisation: the sync button, the panel and auto sync. */
  sync: Sync;
  /** Says when longer work starts and ends (exports, syncs, imports, Ctrl+S), for screen
   * readers and on screen. */
  announcer: Announcer;
  /** Imports of many files and the workspace's zip (its code loaded after the first screen). */
  transfer: Transfer;
  /** The GitHub accounts linked in this browser: sign-in, linking, removal, sponsorship. */
  accounts: GithubAccounts;
  /** The GitLab, Gitea and Gitee accounts: linking, removal, and `fresh(forge, sub)`, the
   * account's token made fresh before use. */
  forgeAccounts: ForgeAccounts;
  /** The Google accounts (Drive, Blogger, sign-in), started after the first screen: each call
   * waits for them (also registered as the GoogleAccountsPort once started). */
  googleAccounts: GoogleAccountsService;
  /** The editor, once its pane is mounted. */
  editor: { current: EditorController | null };
}

export const AppContext = createContext<AppServices | null>(null);

/** The services of the open workspace; only valid below `<App>` once it is ready. */
export function useAppServices(): AppServices {
  const services = useContext(AppContext);
  if (!services) throw new Error('useAppServices used outside an open workspace.');
  return services;
}
