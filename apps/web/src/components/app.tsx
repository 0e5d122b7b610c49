'use client';

import { useEffect, useState } from 'react';
import { Provider } from 'react-redux';
import { ScrollSync } from '../preview/scroll-sync';
import { Confirmer } from '../services/confirm';
import { DocumentChannel } from '../services/document-channel';
import { ExplorerService } from '../services/explorer';
import { WorkspaceService } from '../services/workspace';
import { createStore, useAppSelector } from '../store';
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
    void WorkspaceService.open(store).then((workspace) => {
      if (!workspace) return;
      if (cancelled) {
        workspace.close();
        return;
      }
      opened = workspace;
      const confirmer = new Confirmer(store);
      explorer = new ExplorerService(workspace, store, confirmer);
      explorer.startTrashPurge();
      exposeOpenPath(explorer);
      setServices({
        workspace,
        document: new DocumentChannel(),
        scrollSync: new ScrollSync(),
        confirmer,
        explorer,
        editor: { current: null },
      });
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
