import { readStorageChoice, uploadPendingImagesNow } from '../images/app-images';
import { localImages } from '../images/local-images';
import {
  type ContentLimit,
  contentTooLargeMessage,
  AutoSyncScheduler,
  autoSyncPeriod,
  base64ByteLength,
  COUCHDB_WORKSPACE_PROVIDER_ID,
  type CouchdbCredentials,
  CouchdbWorkspaceProvider,
  hashItem,
  HttpClient,
  imageTooLargeMessage,
  isAutoSyncOn,
  isUserActive,
  OfflineDetector,
  OfflineError,
  sanitizeText,
  SYNC_NOT_POSSIBLE,
  SyncRequester,
  TaskQueue,
  type Timers,
  type Workspace,
  type WorkspaceProvider,
  type WorkspaceSyncOptions,
  WorkspaceSynchronizer,
} from '@inkstone/core';
import { type AppStore } from '../store';
import { type Announcer } from './announcer';
import { notified } from '../store/notifications-slice';
import {
  fileLocationsCounted,
  offlineChanged,
  queueBusyChanged,
  syncFailed,
  syncRequestChanged,
  syncSucceeded,
  syncTargetSet,
} from '../store/sync-slice';
import { WELCOME_TEXT } from '../welcome/welcome-text';
import { browserTimers } from './broadcast-signal';
import { isCancelled, type ModalStack } from './modals';
import { type WorkspaceService } from './workspace';
import { startAfreshForAccount } from './sync-account';
import { SyncSkipped } from './sync-skipped';
import { readCredentials, writeCredentials } from './workspaces';

/** The localStorage key, per workspace, of the last sync activity of any of its tabs (spec core
 * §4 rule 1: a sync waits until it is over 3 s old). */
export const syncActivityKey = (workspaceId: string) => `inkstone-sync-activity:${workspaceId}`;

/** The notice of a file merged with conflicts (spec core §4 rule 4). */
export const conflictNotice = (fileName: string) =>
  `${fileName} had conflicts and was merged automatically: both versions are kept, between conflict markers. “Resolve conflicts” above the text shows them side by side.`;

/** What the sync service needs. */
export interface SyncServiceOptions {
  store: AppStore;
  workspace: WorkspaceService;
  /** The workspace this tab has open, with its provider parameters. */
  current: Workspace;
  modals: ModalStack;
  /** Says when a sync the user asked for starts and ends ("Syncing…", "Synced"). */
  announcer: Pick<Announcer, 'start'>;
  /** Writes what the editor holds, so that a sync carries the last words typed. */
  flushEditor: () => Promise<void>;
  /** The remote of a workspace that does not sync with CouchDB (a GitHub repository), made
   * beforehand with the account it needs; CouchDB workspaces make theirs here. */
  remote?: SyncRemote;
  /** Whether the workspace's auto sync is on now (it can be switched in any tab); by default,
   * its flag as opened. */
  autoSyncOn?: () => boolean;
  /** The current file's own sync locations (GitHub files, gists), synced after each sync of the
   * workspace (spec core §4 rule 2); without it, only the workspace syncs. */
  fileLocations?: CurrentFileLocations;
  timers?: Timers;
}

/** The current file's own sync locations, for the sync service. */
export interface CurrentFileLocations {
  /** How many the file `fileId` has. */
  count(fileId: string): Promise<number>;
  /** Syncs the file `fileId` with them, telling a merge with conflicts. */
  sync(fileId: string, onConflict: (fileId: string) => void): Promise<void>;
}

/** Where a workspace syncs: its provider, what the interface shows as its target (the
 * repository's web page), and whether it is a git host, whose syncs with auto sync off ask for a
 * commit message (spec core §4 rule 7). */
export interface SyncRemote {
  provider: WorkspaceProvider;
  target: string;
  git: boolean;
  /** The account whose repository this is, when it follows who is signed in (the main
   * workspace): another account than the sync state's starts the state afresh. */
  account?: string;
  /** Where the connectivity check asks when the sync's requests go elsewhere than `target`
   * (a Drive workspace's target is its folder's page on drive.google.com, or words; its
   * requests go to Google's API, or to the origin the server's /conf names). */
  probe?: string;
}

/** The message suggested in the commitMessage dialog. */
export const DEFAULT_COMMIT_MESSAGE = 'Sync from Inkstone';

/**
 * Synchronises the open workspace with its remote (spec core §4, interface §2): one task queue
 * for the tab, sync requests checked against the conditions of rule 1, automatic sync, offline
 * detection, the couchdbCredentials dialog on a 401, conflict notices and error notifications.
 * A workspace kept only in this browser has no remote: the service then only follows the
 * browser's online status.
 */
export class SyncService {
  readonly queue: TaskQueue;
  private readonly offline: OfflineDetector;
  private readonly requester: SyncRequester;
  private readonly autoSync: AutoSyncScheduler;
  private remote: SyncRemote | undefined;
  private readonly timers: Timers;
  private lastInputAt: number;
  private readonly cleanups: (() => void)[] = [];
  private storedLoginTried = false;
  // The current file's own sync locations, as last counted.
  private fileLocationCount = 0;
  private countedFor: string | null | undefined;
  // Whether the running sync is one the user asked for (the button, the panel, Ctrl+S).
  private runningAsked = false;

  constructor(private readonly options: SyncServiceOptions) {
    const { store, current } = options;
    this.timers = options.timers ?? browserTimers;
    this.lastInputAt = this.timers.now();
    this.queue = new TaskQueue({ onError: (error) => this.failed(error) });
    this.offline = new OfflineDetector({
      timers: this.timers,
      check: () => this.checkConnectivity(),
      isUserActive: () => this.isUserActive(),
      random: Math.random,
      onChange: (offline, message) => {
        store.dispatch(offlineChanged(offline));
        store.dispatch(notified(offline ? 'error' : 'info', message));
        if (offline) this.queue.goOffline();
      },
    });
    this.remote = options.remote ?? this.createCouchdbRemote(current);
    store.dispatch(syncTargetSet(this.remote?.target ?? null));
    const autoSyncOn = options.autoSyncOn ?? (() => isAutoSyncOn(current));
    // One synchronizer per sync: whether it asks for a commit message is decided then, as the
    // workspace's auto sync is now.
    const synchronizer = (remote: SyncRemote) =>
      new WorkspaceSynchronizer({
        repository: options.workspace.syncRepo,
        provider: remote.provider,
        welcomeFileHashes: new Set([welcomeContentHash()]),
        onConflict: (fileId) => this.conflicted(fileId),
        onTooLarge: (fileId, limit) => this.tooLarge(fileId, limit),
        askCommitMessage: remote.git && !autoSyncOn() ? () => this.askCommitMessage() : undefined,
        // A git workspace's images: the repository's come down into the images store, and with
        // "the workspace itself" as storage the pending ones go up in the sync's commit.
        images: remote.git ? this.imagesStep() : undefined,
      });
    this.requester = new SyncRequester({
      timers: this.timers,
      activity: {
        lastInputAt: () => this.lastInputAt,
        isFocused: () => document.hasFocus(),
      },
      lastSyncActivity: sharedTimestamp(syncActivityKey(current.id)),
      queue: this.queue,
      isOffline: () => this.offline.offline,
      hasSyncTarget: () => this.hasTarget,
      onPendingChange: (pending) => store.dispatch(syncRequestChanged(pending)),
      // A sync the user asked for (the button, the panel, Ctrl+S) is announced; automatic ones
      // are not: they would speak every minute and a half.
      sync: async (signal, asked) => {
        const announced = asked ? options.announcer.start('Syncing…') : undefined;
        this.runningAsked = asked;
        try {
          await options.flushEditor();
          const remote = this.remote;
          if (remote?.account !== undefined) {
            await startAfreshForAccount(options.workspace.syncRepo, remote.account);
          }
          if (remote) await synchronizer(remote).sync(signal);
          await this.syncFileLocations(remote === undefined);
        } catch (error) {
          const told =
            error instanceof OfflineError || isCancelled(error) || error instanceof SyncSkipped;
          if (!told) store.dispatch(syncFailed(errorMessage(error)));
          // (The error itself is shown and read as an alert.)
          announced?.end();
          throw error;
        } finally {
          this.runningAsked = false;
        }
        this.storedLoginTried = false;
        store.dispatch(syncSucceeded(this.timers.now()));
        announced?.end('Synced');
        // Then the images that wait go up, 500 ms apart (spec core §4 rule 2, issue 30).
        uploadPendingImagesNow
          .current?.()
          .catch((error: unknown) => console.error('Pending images could not upload.', error));
      },
    });
    this.autoSync = new AutoSyncScheduler({
      timers: this.timers,
      random: Math.random,
      period: () => autoSyncPeriod(store.getState().settings.settings.autoSyncEvery),
      enabled: () => this.hasTarget && autoSyncOn(),
      request: () => this.request(),
    });
  }

  /** Starts following the user's activity and the network, auto sync, and a first sync of a
   * workspace that has a remote (what other clients wrote shows on opening). */
  start(): void {
    const input = () => {
      this.lastInputAt = this.timers.now();
    };
    const online = () => this.offline.networkStatus(true);
    const offline = () => this.offline.networkStatus(false);
    for (const type of ['keydown', 'pointerdown', 'wheel', 'touchstart'] as const) {
      window.addEventListener(type, input, { capture: true, passive: true });
      this.cleanups.push(() => window.removeEventListener(type, input, { capture: true }));
    }
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    this.cleanups.push(() => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    });
    this.cleanups.push(
      this.queue.onBusyChange((busy) => this.options.store.dispatch(queueBusyChanged(busy))),
    );
    // Another file opened: its own locations are counted.
    this.cleanups.push(
      this.options.store.subscribe(() => {
        const fileId = this.options.store.getState().workspace.currentFileId;
        if (fileId !== this.countedFor) this.fileLocationsChanged();
      }),
    );
    this.fileLocationsChanged();
    if (!navigator.onLine) this.offline.networkStatus(false);
    this.offline.start();
    this.autoSync.start();
    this.request();
  }

  /** Whether the sync running now is one the user asked for (the sync button, the
   * Synchronize panel, Ctrl+S), not an automatic one. */
  get userAsked(): boolean {
    return this.runningAsked;
  }

  /** Whether this workspace syncs at all. */
  get syncable(): boolean {
    return this.remote !== undefined;
  }

  /** The provider of the workspace's remote, for the History panel's revisions (undefined
   * when the workspace syncs nowhere). */
  get remoteProvider(): WorkspaceProvider | undefined {
    return this.remote?.provider;
  }

  /** Counts the current file's own sync locations again (one was added, removed, or another
   * file opened): a workspace kept only here syncs while the file has some. */
  fileLocationsChanged(): void {
    const { store } = this.options;
    const fileId = store.getState().workspace.currentFileId;
    this.countedFor = fileId;
    const counting =
      fileId && this.options.fileLocations
        ? this.options.fileLocations.count(fileId)
        : Promise.resolve(0);
    counting.then(
      (count) => {
        if (this.countedFor !== fileId) return;
        this.fileLocationCount = count;
        store.dispatch(fileLocationsCounted(count));
      },
      (error: unknown) => console.error('The file’s locations could not be read.', error),
    );
  }

  // Where a sync goes: the workspace's remote, or the current file's own locations.
  private get hasTarget(): boolean {
    return this.remote !== undefined || this.fileLocationCount > 0;
  }

  // After the workspace's sync, the current file's own locations (rule 2). Their failure is
  // told, and fails the sync only when they are all it does (a workspace kept here): the
  // workspace's sync went well. The words of the file are never lost: a location's version is
  // merged, never taken over the local one unmerged.
  private async syncFileLocations(onlyLocations: boolean): Promise<void> {
    const { fileLocations, store } = this.options;
    const fileId = store.getState().workspace.currentFileId;
    if (!fileLocations || !fileId || this.fileLocationCount === 0) return;
    try {
      await fileLocations.sync(fileId, (id) => this.conflicted(id));
    } catch (error) {
      if (onlyLocations) throw error;
      console.error('Synchronizing the file’s locations failed.', error);
      store.dispatch(notified('error', errorMessage(error)));
    }
  }

  /** Syncs with another remote from now on (the main workspace once signed in with GitHub),
   * or with none (signed out): the interface shows it, and a sync follows. */
  setRemote(remote: SyncRemote | undefined): void {
    this.remote = remote;
    this.options.store.dispatch(syncTargetSet(remote?.target ?? null));
    if (remote) this.request();
  }

  /** The sync button (interface §2): asks for a sync, announced, or says 'Sync not
   * possible.'. Asked while a sync runs, one more follows it (Ctrl+S's words may have come too
   * late for the running one). */
  requestNow(): void {
    if (!this.canSyncNow) {
      this.options.store.dispatch(notified('error', SYNC_NOT_POSSIBLE));
      return;
    }
    this.requester.request(true);
  }

  /** Whether a sync can be asked for now: the workspace has a remote and the app is online. */
  get canSyncNow(): boolean {
    return this.hasTarget && !this.offline.offline;
  }

  /** Stops everything; a sync request not started is dropped. */
  stop(): void {
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    this.offline.stop();
    this.autoSync.stop();
    this.requester.cancel();
  }

  /** Counts now as the user's activity (spec core §4 rule 1): a folder workspace's window got
   * the focus back, the user is looking at it, and what other tools wrote is read at once. */
  userReturned(): void {
    this.lastInputAt = this.timers.now();
  }

  /** Asks for an automatic sync (not announced): it runs once the conditions of rule 1 hold.
   * (A folder workspace asks every few seconds and on focus, to read what other tools wrote.) */
  request(): void {
    this.requester.request();
  }

  private isUserActive(): boolean {
    return isUserActive(this.timers.now(), this.lastInputAt, document.hasFocus());
  }

  // The connectivity check (spec core §4): a request to the workspace's server, or to the app's
  // own, that gets any answer. An opaque answer will do: only the network is in question.
  private async checkConnectivity(): Promise<boolean> {
    const target = this.remote?.probe ?? this.options.store.getState().sync.target;
    const own = new URL('conf', window.location.href).href;
    let url = own;
    try {
      if (target) url = new URL('/', target).href;
    } catch {
      // A target in words (“Google Drive (application data)”): the app's own server.
    }
    try {
      await fetch(url, { mode: 'no-cors', cache: 'no-store' });
      return true;
    } catch {
      return false;
    }
  }

  private failed(error: unknown): void {
    // Going offline is told once, by the detector.
    if (error instanceof OfflineError) return;
    if (isCancelled(error)) return;
    // Skipped for a reason already told.
    if (error instanceof SyncSkipped) return;
    this.offline.requestFailed(error);
    console.error('Synchronization failed.', error);
    this.options.store.dispatch(notified('error', errorMessage(error)));
  }

  /** Files already said to be too large for the remote, this session: said once, not at every
   * automatic sync (ADR 0006). */
  private readonly saidTooLarge = new Set<string>();

  // A file over the remote's limit was not uploaded (it stays whole here): said once per file.
  private tooLarge(fileId: string, limit: ContentLimit): void {
    if (this.saidTooLarge.has(fileId)) return;
    this.saidTooLarge.add(fileId);
    const file = this.options.store.getState().workspace.files[fileId];
    this.options.store.dispatch(
      notified('error', contentTooLargeMessage(file?.name ?? 'A file', limit)),
    );
  }

  // The images step of a git workspace's sync (issue 30): the storage as chosen now.
  private imagesStep(): WorkspaceSyncOptions['images'] {
    const { store } = this.options;
    const choice = readStorageChoice(store.getState().localSettings.imageStorage);
    return {
      toWorkspace: choice?.type === 'workspace',
      onImagesChanged: (added, removed) => {
        localImages.update(added);
        for (const path of removed) localImages.remove(path);
      },
      onImageUnavailable: (path, message) => {
        if (this.saidTooLarge.has(`image:${path}`)) return;
        this.saidTooLarge.add(`image:${path}`);
        store.dispatch(notified('error', `The image ${path} was not brought down: ${message}`));
      },
      onImageTooLarge: (image, limit) => {
        if (this.saidTooLarge.has(`image:${image.path}`)) return;
        this.saidTooLarge.add(`image:${image.path}`);
        store.dispatch(
          notified(
            'error',
            imageTooLargeMessage(image.path, base64ByteLength(image.content), limit),
          ),
        );
      },
    };
  }

  private conflicted(fileId: string): void {
    const file = this.options.store.getState().workspace.files[fileId];
    this.options.store.dispatch(notified('info', conflictNotice(file?.name ?? 'A file')));
  }

  // The commitMessage dialog: the message, or undefined when cancelled (the sync then uploads
  // nothing, rule S14).
  private async askCommitMessage(): Promise<string | undefined> {
    try {
      return await this.options.modals.open('commitMessage', {
        workspaceName: this.options.current.name,
        message: DEFAULT_COMMIT_MESSAGE,
      });
    } catch (error) {
      if (isCancelled(error)) return undefined;
      throw error;
    }
  }

  private createCouchdbRemote(current: Workspace): SyncRemote | undefined {
    if (current.providerId !== COUCHDB_WORKSPACE_PROVIDER_ID || typeof current.dbUrl !== 'string') {
      return undefined;
    }
    const dbUrl = current.dbUrl;
    const http = new HttpClient({
      fetch: (url, init) => fetch(url, init as RequestInit),
      withCredentials: true,
      timers: this.timers,
    });
    const provider = new CouchdbWorkspaceProvider({
      dbUrl,
      http,
      timers: this.timers,
      credentials: () => this.credentials(dbUrl),
    });
    return { provider, target: provider.dbUrl, git: false };
  }

  // A 401: the name and password kept for this database are tried once, then the
  // couchdbCredentials dialog asks (spec providers §4); what it gets is kept for the next time.
  private async credentials(dbUrl: string): Promise<CouchdbCredentials> {
    const { repo } = this.options.workspace;
    if (!this.storedLoginTried) {
      this.storedLoginTried = true;
      const stored = await readCredentials(repo, dbUrl);
      if (stored) return stored;
    }
    const credentials = await this.options.modals.open('couchdbCredentials', { dbUrl });
    await writeCredentials(repo, dbUrl, credentials);
    return credentials;
  }
}

/** The hash of the content of a Welcome file as the app creates it: such a file, unmodified, is
 * never synchronised (spec core §4). */
export function welcomeContentHash(): string {
  return hashItem({
    type: 'content',
    text: sanitizeText(WELCOME_TEXT),
    properties: '',
    discussions: {},
    comments: {},
  });
}

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

// The last sync activity of any tab of the workspace, in localStorage.
function sharedTimestamp(key: string) {
  return {
    get(): number | undefined {
      try {
        const value = Number(localStorage.getItem(key));
        return Number.isFinite(value) && value > 0 ? value : undefined;
      } catch {
        return undefined;
      }
    },
    set(time: number): void {
      try {
        localStorage.setItem(key, String(time));
      } catch {
        // Unwritable storage: other tabs just do not see this one's activity.
      }
    },
  };
}
