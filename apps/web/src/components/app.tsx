'use client';

import { useEffect, useState } from 'react';
import { Provider } from 'react-redux';
import { ScrollSync } from '../preview/scroll-sync';
import { Confirmer } from '../services/confirm';
import { DocumentChannel } from '../services/document-channel';
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
    void WorkspaceService.open(store).then((workspace) => {
      if (!workspace) return;
      if (cancelled) {
        workspace.close();
        return;
      }
      opened = workspace;
      setServices({
        workspace,
        document: new DocumentChannel(),
        scrollSync: new ScrollSync(),
        confirmer: new Confirmer(store),
        editor: { current: null },
      });
    });
    return () => {
      cancelled = true;
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
