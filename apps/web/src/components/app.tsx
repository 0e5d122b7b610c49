'use client';

import { preloadMerging } from '@inkstone/core';
import { useEffect, useState } from 'react';
import { Provider } from 'react-redux';
import { ScrollSync } from '../preview/scroll-sync';
import { ForgeAccounts } from '../providers/forges/forge-accounts';
import { GithubAccounts } from '../providers/github/github-accounts';
import type { GoogleAccounts } from '../providers/google/google-accounts';
import { lateGoogleAccounts } from '../providers/google/google-accounts-late';
import { failGoogleAccounts } from '../providers/google/google-accounts-port';
import { registerDriveHandlers } from '../providers/google-drive/drive-handlers';
import { fetchServerConf, loadGithubOrigins } from '../providers/github/github-conf';
import { isGithubWorkspaceQuery } from '../providers/github/workspace-params';
import { readForgeConf } from '../providers/forges/forge-conf';
import { isGiteeWorkspaceQuery } from '../providers/forges/forge-workspace-params';
import {
  keepDriveStartState,
  readDriveStartState,
} from '../providers/google-drive/drive-workspace-params';
import { Announcer } from '../services/announcer';
import { broadcastSignal, browserTimers } from '../services/broadcast-signal';
import { Confirmer } from '../services/confirm';
import { DocumentChannel } from '../services/document-channel';
import { browserForgeTokens } from '../services/forge-tokens';
import { readGithubTokens, removeGithubToken, writeGithubToken } from '../services/github-tokens';
import { browserOpener } from '../services/oauth/authorize-popup';
import { ExplorerService, UNIQUE_PATH_PROVIDERS } from '../services/explorer';
import { LateService } from '../services/late-service';
import { dismissEarlyEditor } from '../early/early-handle';
import { dropboxRegistry } from '../providers/dropbox/dropbox-registry';
import { wordpressRegistry } from '../providers/wordpress/wordpress-registry';
import { zendeskRegistry } from '../providers/zendesk/zendesk-registry';
import { imageBedsRegistry } from '../providers/image-beds/image-beds-registry';
import { ModalStack } from '../services/modals';
import { Notifier } from '../services/notifier';
import { saveEditorFirst } from '../services/save-first';
import { LaterSync } from '../services/later-sync';
import { LaterTransfer } from '../services/later-transfer';
import { LOCAL_DB_ERROR, WorkspaceService } from '../services/workspace';
import { MAIN_WORKSPACE, parseWorkspaceQuery } from '../services/workspace-list';
import { WorkspaceList } from '../services/workspaces';
import {
  requestPersistentStorage,
  STORAGE_WARNING,
  STORAGE_WARNING_DISMISSED_KEY,
} from '../services/persistent-storage';
import { RESET_FAILED, resetIfRequested } from '../services/reset';
import { type AppStore, createStore, useAppSelector } from '../store';
import { notified } from '../store/notifications-slice';
import { readServerConf, serverConfLoaded } from '../store/server-slice';
import { persistenceChecked } from '../store/storage-slice';
import { workspaceFailed } from '../store/workspace-slice';
import { AppContext, type AppServices } from './app-context';
import { refuseStrayFileDrops } from './file-drags';
import { Shell } from './shell';
import { afterPreviewFirstScreen, idleAfterFirstScreen } from './first-screen';
import { Splash } from './splash';
import { welcomeBackFromPayment } from '../sponsorship/sponsor-actions';
import { type EmbedRequest, readEmbedRequest } from '../embed/embed-request';
import { startEmbedded } from '../embed/embed-runtime';
import { startAppUpdates, watchBusy } from '../services/app-update';
import {
  BadgeService,
  earnBadge,
  setBadgeService,
  watchBadges,
  WORKSPACE_BADGES,
} from '../badges/badges';
import { embedSession } from '../embed/embed-messages';
import { embedStarted } from '../store/embed-slice';

/** The application: a store, the open workspace, and the shell once it is ready. */
export function App() {
  const [store] = useState(createStore);
  const [services, setServices] = useState<AppServices | null>(null);

  // A file dropped where nothing takes it is refused, never opened in place of the app.
  useEffect(() => refuseStrayFileDrops(window), []);

  useEffect(() => {
    let cancelled = false;
    let opened: WorkspaceService | undefined;
    let explorer: ExplorerService | undefined;
    let workspaces: WorkspaceList | undefined;
    let sync: LaterSync | undefined;
    let stopSponsorWatch: (() => void) | undefined;
    let stopUpdates: (() => void) | undefined;
    let stopBadgeWatch: (() => void) | undefined;
    let stopAccounts: (() => void) | undefined;
    let cancelPreload: (() => void) | undefined;
    const opening = startUp(store).then((started) => {
      if (!started) {
        dismissEarlyEditor();
        return;
      }
      const { workspace } = started;
      if (cancelled) {
        workspace.close();
        started.workspaces.close();
        return;
      }
      workspaces = started.workspaces;
      opened = workspace;
      const modals = new ModalStack();
      const confirmer = new Confirmer(modals);
      // The open workspace's badges (spec interface §1): earned by using features.
      const badges = new BadgeService(workspace.repo, store);
      setBadgeService(badges);
      badges
        .load()
        .then(() => {
          const badge = WORKSPACE_BADGES[started.workspaces.current.providerId];
          if (badge) earnBadge(badge);
        })
        .catch((error: unknown) => console.error('The badges were not read.', error));
      stopBadgeWatch = watchBadges(store, earnBadge);
      const treeActions = new ExplorerService(workspace, store, confirmer, Date.now, () =>
        UNIQUE_PATH_PROVIDERS.includes(started.workspaces.current.providerId),
      );
      explorer = treeActions;
      const editor: AppServices['editor'] = { current: null };
      const announcer = new Announcer(browserTimers);
      // Tabs tell each other when accounts change (a sign-in, a sign-out).
      const accountsSignal = broadcastSignal('inkstone-accounts');
      const accounts = new GithubAccounts({
        store,
        tokens: { read: readGithubTokens, write: writeGithubToken, remove: removeGithubToken },
        opener: browserOpener(window),
        timers: browserTimers,
        fetch: window.fetch.bind(window),
        signal: accountsSignal,
      });
      const forgeAccounts = new ForgeAccounts({
        store,
        tokens: browserForgeTokens,
        opener: browserOpener(window),
        timers: browserTimers,
        fetch: window.fetch.bind(window),
        signal: accountsSignal,
        isOnline: () => navigator.onLine,
        confirmRedirection: (provider) => confirmer.ask('providerRedirection', provider),
      });
      // Google's accounts start after the first screen (google-start.ts, below): the services
      // give them at once, each call waiting for them.
      const googleLate = new LateService<GoogleAccounts>();
      const googleAccounts = lateGoogleAccounts(store, googleLate);
      // Drive's file locations (their providers bring the location sync and the properties'
      // YAML parser) are wired after the first screen and the preview's: the Drive entries show
      // then.
      let unwireDriveLocations: (() => void) | undefined;
      let accountsStopped = false;
      const driveWiring = afterPreviewFirstScreen().then(
        () => import('../providers/google-drive/drive-location-wiring'),
      );
      driveWiring
        .then(({ wireDriveLocations }) => {
          if (!accountsStopped) {
            unwireDriveLocations = wireDriveLocations(store, { workspace, forgeAccounts });
          }
        })
        .catch((error: unknown) => console.error('Wiring Google Drive failed.', error));
      // Providers whose accounts and locations start after the first screen and the preview's
      // (their code is not needed before the editor is editable, and would hold the preview
      // back): each gives what stops it.
      const lateStops: (() => void)[] = [];
      // (When one cannot start, what waits for it is told: `late` rejects.)
      const startLate = (
        name: string,
        late: { fail(error: Error): void },
        start: () => Promise<() => void>,
      ) => {
        afterPreviewFirstScreen()
          .then(start)
          .then((stop) => {
            if (accountsStopped) stop();
            else lateStops.push(stop);
          })
          .catch((error: unknown) => {
            console.error(`Starting ${name} failed.`, error);
            late.fail(new Error(`${name} could not be loaded. Reload the page to try again.`));
          });
      };
      const browserPorts = {
        opener: browserOpener(window),
        timers: browserTimers,
        fetch: window.fetch.bind(window),
        signal: accountsSignal,
      };
      const confRead = loadServerConf(store);
      // Google (Drive, Blogger, Sign in with Google), then Drive's "Open with" / "New" of the
      // start URL once the accounts are read.
      startLate(
        'Google',
        {
          fail: (error) => {
            googleLate.fail(error);
            failGoogleAccounts(error);
          },
        },
        async () => {
          const { startGoogle } = await import('../providers/google/google-start');
          const started = startGoogle(store, {
            ports: browserPorts,
            confirmer,
            late: googleLate,
            confRead,
          });
          started.read
            .then(() => driveWiring)
            .then(({ openDriveStartState }) =>
              openDriveStartState(store, workspace, googleAccounts, forgeAccounts),
            )
            .catch((error: unknown) => console.error('Reading the Google accounts failed.', error));
          return started.stop;
        },
      );
      // Dropbox (spec providers, cloud drive D): shown in Manage external accounts and the
      // panels once started.
      startLate('Dropbox', dropboxRegistry, async () =>
        (await import('../providers/dropbox/dropbox-wiring')).startDropbox(store, browserPorts, {
          workspace,
          forgeAccounts,
        }),
      );
      // WordPress.com (spec providers, site service W): Manage external accounts and Publish.
      startLate('WordPress', wordpressRegistry, async () =>
        (await import('../providers/wordpress/wordpress-wiring')).startWordPress(store, {
          ...browserPorts,
          confirmRedirection: (provider) => confirmer.ask('providerRedirection', provider),
        }),
      );
      // Zendesk (help-centre Z): its accounts and publisher, once started.
      startLate('Zendesk', zendeskRegistry, async () =>
        (await import('../providers/zendesk/zendesk-wiring')).startZendesk(store, browserPorts),
      );
      // Image beds (issue 30): SM.MS, custom beds and public repositories, as image storages.
      startLate('Image beds', imageBedsRegistry, async () =>
        (await import('../providers/image-beds/image-beds-wiring')).startImageBeds(store, {
          timers: browserTimers,
          signal: accountsSignal,
          freshGitea: (sub) => forgeAccounts.fresh('gitea', sub),
        }),
      );
      stopAccounts = () => {
        accountsStopped = true;
        unwireDriveLocations?.();
        for (const stop of lateStops.splice(0)) stop();
        accounts.close();
        forgeAccounts.close();
        registerDriveHandlers(undefined);
        accountsSignal.close();
      };
      // The sync's code, and the GitHub account it needs, come after the first screen, once the
      // accounts are shown (a change of the signed-in account is followed from what they say).
      const startedWorkspaces = workspaces;
      sync = new LaterSync(() =>
        import('../services/sync-start').then(({ startSync }) =>
          startSync({
            store,
            workspace,
            workspaces: startedWorkspaces,
            explorer: treeActions,
            modals,
            announcer,
            flushEditor: () => saveEditorFirst(editor),
            forgeAccounts,
            googleAccounts,
          }),
        ),
      );
      // "Add a Google Drive workspace" with no Folder ID: a new folder (Drive's code loaded then).
      registerDriveHandlers({
        createWorkspaceFolder: (sub) =>
          import('../providers/google-drive/drive-workspace-sync').then(
            ({ driveWorkspaceFolderMaker }) =>
              driveWorkspaceFolderMaker(store, { googleAccounts })(sub),
          ),
      });
      exposeOpenPath(treeActions);
      const transfer = new LaterTransfer({
        workspace,
        store,
        modals,
        workspaceName: () => started.workspaces.current.name,
        flushEditor: () => saveEditorFirst(editor),
        announcer,
      });
      cancelPreload = idleAfterFirstScreen(() => {
        transfer.preload();
        // The merge of two tabs' edits (and its diff library), before a save needs it.
        preloadMerging().catch((error: unknown) =>
          console.error('The merge could not be loaded; it is tried again when needed.', error),
        );
      });
      const appServices: AppServices = {
        workspace,
        workspaces,
        document: new DocumentChannel(),
        scrollSync: new ScrollSync(),
        modals,
        notifier: new Notifier(store),
        confirmer,
        explorer: treeActions,
        sync,
        announcer,
        transfer,
        editor,
        accounts,
        forgeAccounts,
        googleAccounts,
      };
      setServices(appServices);
      // Neither is waited for: the app works without them, and each keeps its own failure.
      // Persistent storage is asked for once the editor shows its file (and the preview its
      // first screen): on a slow start the warning's 5 s could otherwise pass before there is
      // anything on screen to read it by.
      afterPreviewFirstScreen()
        .then(() => checkPersistentStorage(store))
        .catch((error: unknown) => console.error('Asking for persistent storage failed.', error));
      // The accounts show at once; the sponsorship of the signed-in one is asked once the
      // server has said whether it sells any.
      const accountsRead = accounts.load();
      const forgeAccountsRead = forgeAccounts.load();
      forgeAccountsRead.catch((error: unknown) =>
        console.error('Reading the forge accounts failed.', error),
      );
      const startedSync = sync;
      // Embedded mode: the page's file, and no sync (spec core §5 "Light mode disables sync").
      const { embed } = started;
      if (embed) {
        startEmbedded(embed, appServices, store)
          .then((messenger) => {
            embedSession.messenger = messenger;
          })
          .catch((error: unknown) => {
            console.error('The embedded file could not be opened.', error);
            store.dispatch(notified('error', LOCAL_DB_ERROR));
          });
      }
      // (The sync follows who is signed in, with GitHub or Gitee: both are read first.)
      Promise.allSettled([accountsRead, forgeAccountsRead, afterPreviewFirstScreen()])
        .then(() => (embed ? undefined : startedSync.start()))
        .catch((error: unknown) => console.error('The sync could not be started.', error));
      // The login's sponsorship, GitHub's or Google's (one login at a time: the other has none).
      // (Google's is followed from its start.)
      stopSponsorWatch = accounts.watchSponsorship();
      Promise.all([accountsRead, confRead])
        .then(() => accounts.refreshSponsorship())
        .catch((error: unknown) =>
          console.error('Reading the server configuration or the accounts failed.', error),
        );
      // The offline app (docs/how-to/offline.md): the service worker, registered once the
      // first screen is up and the page quiet, and the updates it brings, taken between
      // keystrokes.
      if (process.env.NODE_ENV === 'production') {
        afterPreviewFirstScreen()
          .then(() => {
            if (cancelled) return;
            const busy = watchBusy();
            const stop = startAppUpdates(
              {
                store,
                storage: window.localStorage,
                save: () => saveEditorFirst(editor),
                sync: () => {
                  if (appServices.sync.canSyncNow) appServices.sync.requestNow();
                },
                lastKeyAt: busy.lastKeyAt,
                lastBusyAt: busy.lastBusyAt,
                now: Date.now,
                wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
                reload: () => window.location.reload(),
              },
              () => confirmer.ask('installApp'),
            );
            stopUpdates = () => {
              stop();
              busy.stop();
            };
          })
          .catch((error: unknown) => console.error(error));
      }
      // Back from PayPal: thanks, and the sponsorship read again (spec core §2 paymentSuccess).
      Promise.allSettled([accountsRead, confRead])
        .then(() => welcomeBackFromPayment(appServices, window.location, window.history))
        .catch((error: unknown) => console.error(error));
    });
    opening.catch((error: unknown) => {
      // The workspace could not be read or written: say so, rather than leave the splash
      // screen's "Opening your workspace…" up for good.
      console.error('The workspace could not be opened.', error);
      dismissEarlyEditor();
      if (!cancelled) store.dispatch(workspaceFailed(LOCAL_DB_ERROR));
    });
    return () => {
      cancelled = true;
      cancelPreload?.();
      sync?.stop();
      stopSponsorWatch?.();
      stopUpdates?.();
      setBadgeService(undefined);
      stopBadgeWatch?.();
      stopAccounts?.();
      explorer?.stop();
      opened?.close();
      workspaces?.close();
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
// interface §4), so the app starts fresh with a new Welcome file. Then the workspace the query
// string names opens (spec providers §2), joining the list when new; without one, or when it
// cannot be used (the error is shown), the main workspace opens.
async function startUp(
  store: AppStore,
): Promise<
  | { workspace: WorkspaceService; workspaces: WorkspaceList; embed: EmbedRequest | undefined }
  | undefined
> {
  try {
    if (typeof indexedDB !== 'undefined')
      await resetIfRequested({ storage: localStorage, indexedDB });
  } catch (error) {
    // The flag stays: the reset runs again at the next start.
    console.error('The reset could not delete the local databases.', error);
    store.dispatch(notified('error', RESET_FAILED));
  }
  const search = window.location.search;
  // Embedded mode (spec interface §4): light mode in the main workspace, on a temporary file.
  const embedRequest = readEmbedRequest(search);
  const embed = embedRequest && !('error' in embedRequest) ? embedRequest : undefined;
  if (embedRequest && 'error' in embedRequest) {
    store.dispatch(notified('error', embedRequest.error));
  }
  if (embed) store.dispatch(embedStarted(embed.origin));
  // A GitHub workspace's page is on the GitHub the server names (github.com by default).
  const githubUrl = isGithubWorkspaceQuery(search)
    ? (await loadGithubOrigins()).githubUrl
    : undefined;
  // A Gitee workspace's page is on the Gitee the server names (gitee.com by default).
  const giteeUrl = isGiteeWorkspaceQuery(search)
    ? readForgeConf(await fetchServerConf()).giteeUrl
    : undefined;
  const request = parseWorkspaceQuery(search, githubUrl, giteeUrl);
  if (request.kind === 'error') store.dispatch(notified('error', request.message));
  // Drive's "Open with" or "New" (a state parameter): kept for the Drive sync, or its error said.
  const driveState = readDriveStartState(search);
  if (driveState && 'error' in driveState) store.dispatch(notified('error', driveState.error));
  else keepDriveStartState(driveState);
  const current = request.kind === 'workspace' ? request.workspace : MAIN_WORKSPACE;
  const workspaces = new WorkspaceList(current);
  if (request.kind === 'workspace') workspaces.add(current);
  const workspace = await WorkspaceService.open(store, current.id);
  if (!workspace) {
    workspaces.close();
    return undefined;
  }
  return { workspace, workspaces, embed };
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

// Reads the server's public configuration (spec core §7); a static host without the server
// answers nothing usable, and the app then offers every export to everyone.
async function loadServerConf(store: AppStore): Promise<void> {
  try {
    const answer = await fetchServerConf();
    if (answer === undefined) return;
    store.dispatch(serverConfLoaded(readServerConf(answer)));
  } catch {
    // Unknown: nobody is told to sponsor.
  }
}

function Ready({ ready }: { ready: boolean }) {
  const status = useAppSelector((state) => state.workspace.status);
  const error = useAppSelector((state) => state.workspace.error);
  // A workspace that failed shows why: not under an early editor (what was typed there is kept
  // in the journal).
  useEffect(() => {
    if (status === 'failed') dismissEarlyEditor();
  }, [status]);
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
