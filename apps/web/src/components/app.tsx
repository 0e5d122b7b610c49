'use client';

import { useEffect, useState } from 'react';
import { Provider } from 'react-redux';
import { ScrollSync } from '../preview/scroll-sync';
import { Confirmer } from '../services/confirm';
import { DocumentChannel } from '../services/document-channel';
import { ExplorerService } from '../services/explorer';
import { ModalStack } from '../services/modals';
import { Notifier } from '../services/notifier';
import { WorkspaceService } from '../services/workspace';
import {
  requestPersistentStorage,
  STORAGE_WARNING,
  STORAGE_WARNING_DISMISSED_KEY,
} from '../services/persistent-storage';
import { RESET_FAILED, resetIfRequested } from '../services/reset';
import { type AppStore, createStore, useAppSelector } from '../store';
import { notified } from '../store/notifications-slice';
import { persistenceChecked } from '../store/storage-slice';
import { AppContext, type AppServices } from './app-context';
import { Shell } from './shell';
import { Splash } from './splash';

/** The application: a store, the open workspace, and the shell once it is ready. */
export function App() {
  const [store] = useState(createStore);
  const [services, setServices] = useState<AppServices | null>(null);

  useEffect(() => {
    let cancelled = false;
    let opened: WorkspaceService | undefined;
    let explorer: ExplorerService | undefined;
    void startUp(store).then((workspace) => {
      if (!workspace) return;
      if (cancelled) {
        workspace.close();
        return;
      }
      opened = workspace;
      const modals = new ModalStack();
      const confirmer = new Confirmer(modals);
      explorer = new ExplorerService(workspace, store, confirmer);
      explorer.startTrashPurge();
      exposeOpenPath(explorer);
      setServices({
        workspace,
        document: new DocumentChannel(),
        scrollSync: new ScrollSync(),
        modals,
        notifier: new Notifier(store),
        confirmer,
        explorer,
        editor: { current: null },
      });
      void checkPersistentStorage(store);
    });
    return () => {
      cancelled = true;
      explorer?.stop();
      opened?.close();
    };
  }, [store]);

  return (
    <Provider store={store}>
      <AppContext.Provider value={services}>
        <Ready ready={services !== null} />
      </AppContext.Provider>
    </Provider>
  );
}

// Before the workspace opens: a requested reset deletes every local database first (spec
// interface §4), so the app starts fresh with a new Welcome file.
async function startUp(store: AppStore): Promise<WorkspaceService | undefined> {
  try {
    if (typeof indexedDB !== 'undefined')
      await resetIfRequested({ storage: localStorage, indexedDB });
  } catch (error) {
    // The flag stays: the reset runs again at the next start.
    console.error('The reset could not delete the local databases.', error);
    store.dispatch(notified('error', RESET_FAILED));
  }
  return WorkspaceService.open(store);
}

// Asks the browser to keep this site's storage; when it refuses, the menu warns until dismissed,
// and a notification says so once per start.
async function checkPersistentStorage(store: AppStore): Promise<void> {
  const persistence = await requestPersistentStorage(navigator.storage);
  let warningDismissed = false;
  try {
    warningDismissed = localStorage.getItem(STORAGE_WARNING_DISMISSED_KEY) !== null;
  } catch {
    // Unreadable storage: the warning shows.
  }
  store.dispatch(persistenceChecked({ persistence, warningDismissed }));
  if (persistence === 'refused' && !warningDismissed) {
    store.dispatch(notified('info', STORAGE_WARNING));
  }
}

function Ready({ ready }: { ready: boolean }) {
  const status = useAppSelector((state) => state.workspace.status);
  const error = useAppSelector((state) => state.workspace.error);
  if (status === 'failed') return <Splash message={error ?? 'Unknown error.'} />;
  if (!ready || status !== 'ready') return <Splash />;
  return <Shell />;
}

declare global {
  interface Window {
    /** The global function of spec interface §4 that lets content open a file by path:
     * `window.inkstone.openPath('/Folder/Name.md')`. */
    inkstone?: { openPath(path: string): Promise<boolean> };
  }
}

function exposeOpenPath(explorer: ExplorerService): void {
  window.inkstone = { openPath: (path) => explorer.openPath(path) };
}
