import {
  type ChangesPage,
  FOLDER_WORKSPACE_PROVIDER_ID,
  type FolderRecord,
  type FolderRecordStore,
  FolderWorkspaceProvider,
  type Workspace,
  type WorkspaceProvider,
} from '@inkstone/core';
import { type AppStore } from '../../store';
import { notified } from '../../store/notifications-slice';
import { SyncSkipped } from '../../services/sync-skipped';
import { type ModalStack } from '../../services/modals';
import { stackeditLayoutOptions, type WorkspaceRecords } from '../../services/stackedit-layout';
import { type SyncRemote, type SyncService } from '../../services/sync';
import { LazyWorkspaceProvider } from '../forges/lazy-workspace-provider';
import { type FolderAccess, folderAccessRefused, setFolderAccessNeeded } from './folder-access';
import { type BrowserFolderHandle, loadFolderHandle } from './folder-handles';

// The folder workspace's provider, made at its first use, that checks at the start of each
// sync (its first call reads the changes) that the browser still allows the folder: after a
// restart, or once the user took the permission back, the sync is skipped and the notice asks.
class FolderAccessProvider extends LazyWorkspaceProvider {
  constructor(
    private readonly folder: BrowserFolderHandle,
    private readonly access: FolderAccess,
    connect: () => Promise<WorkspaceProvider>,
  ) {
    super(FOLDER_WORKSPACE_PROVIDER_ID, undefined, connect);
  }

  override async getChanges(cursor: string | undefined): Promise<ChangesPage> {
    if ((await this.folder.queryPermission({ mode: 'readwrite' })) !== 'granted') {
      setFolderAccessNeeded(this.access);
      throw new SyncSkipped(`Access to the folder “${this.folder.name}” is needed.`);
    }
    setFolderAccessNeeded(undefined);
    return super.getChanges(cursor);
  }
}

/** How often an open folder workspace reads its folder (while the window has the focus). */
export const FOLDER_POLL_MS = 5_000;

/** Said when the folder of a folder workspace is not known in this browser. */
export const folderUnknown = (name: string) =>
  `The folder of “${name}” is not known in this browser: add it again from Workspaces (“Add a folder on this computer”).`;

/** What the interface names as the place a folder workspace syncs with. */
export const folderTarget = (folder: string) => `the folder “${folder}” on this computer`;

// The folder's last listings, in the workspace's local storage (lost: the next read compares
// with nothing, and only what changed is taken: see FolderPort).
const recordStore = (workspaceId: string): FolderRecordStore => {
  const key = `inkstone-folder-listing:${workspaceId}`;
  return {
    load: () => {
      try {
        const text = localStorage.getItem(key);
        return Promise.resolve(text ? (JSON.parse(text) as FolderRecord) : undefined);
      } catch {
        return Promise.resolve(undefined);
      }
    },
    save: (record) => {
      try {
        localStorage.setItem(key, JSON.stringify(record));
      } catch (error) {
        console.error('The folder’s listing could not be kept.', error);
      }
      return Promise.resolve();
    },
  };
};

/**
 * The remote of a folder workspace (issue 33): the git workspace engine over its folder, once
 * the browser allows reading and writing it. Until then (after a restart the browser asks
 * again) each sync is skipped and the notice asks for access: edits wait in the local
 * database. Undefined for any other workspace, and — with an error notice — when the folder's
 * handle is not in this browser.
 */
export async function loadFolderRemote(
  current: Workspace,
  store: AppStore,
  allowed: () => void,
  modals?: ModalStack,
  workspaces?: WorkspaceRecords,
): Promise<SyncRemote | undefined> {
  if (current.providerId !== FOLDER_WORKSPACE_PROVIDER_ID) return undefined;
  const key = current.folderKey;
  let handle: BrowserFolderHandle | undefined;
  try {
    handle = typeof key === 'string' ? await loadFolderHandle(key) : undefined;
  } catch (error) {
    console.error('The folders could not be read.', error);
  }
  if (!handle) {
    store.dispatch(notified('error', folderUnknown(current.name)));
    return undefined;
  }
  const folder = handle;
  const access: FolderAccess = {
    folder: folder.name,
    allow: async () => {
      if ((await folder.requestPermission({ mode: 'readwrite' })) === 'granted') {
        setFolderAccessNeeded(undefined);
        allowed();
      } else store.dispatch(notified('error', folderAccessRefused(folder.name)));
    },
  };
  const provider = new FolderAccessProvider(folder, access, () =>
    Promise.resolve(
      new FolderWorkspaceProvider({
        folder,
        store: recordStore(current.id),
        // A folder StackEdit kept: the same offer as a repository's (issue 33).
        ...stackeditLayoutOptions(current, modals, workspaces),
      }),
    ),
  );
  return { provider, target: folderTarget(folder.name), git: true };
}

/** Asks a sync every few seconds while the window has the focus, and when it gets it back (the
 * user returning from another editor counts as active): what other tools wrote comes in, and
 * each save goes to disk soon. Returns the stop. */
export function followFolder(sync: Pick<SyncService, 'request' | 'userReturned'>): () => void {
  const poll = () => {
    if (document.hasFocus()) sync.request();
  };
  const focused = () => {
    sync.userReturned();
    sync.request();
  };
  const timer = window.setInterval(poll, FOLDER_POLL_MS);
  window.addEventListener('focus', focused);
  return () => {
    window.clearInterval(timer);
    window.removeEventListener('focus', focused);
  };
}
