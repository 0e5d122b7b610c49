import type { SyncService } from './sync';

/** What the panes ask of the workspace's synchronisation (see `SyncService`). */
export type Sync = Pick<
  SyncService,
  'syncable' | 'canSyncNow' | 'requestNow' | 'fileLocationsChanged' | 'remoteProvider'
> & {
  /** Resolves once the service is built (its remote known), at once when it is. */
  whenBuilt?(): Promise<void>;
};

/** A sync service once built, and what stops what was started with it. */
export interface StartedSync {
  service: SyncService;
  stop(): void;
}

/**
 * The workspace's sync service, built once the first screen is shown: its code (the sync
 * engine, the CouchDB and GitHub remotes, offline detection, auto sync) and the reading of the
 * GitHub account it needs are not in the way of the editor becoming editable. Until then the
 * workspace is not synced and nothing asks for a sync; the service's start then syncs a
 * workspace that has a remote (what was typed meanwhile is saved, so it goes with that sync).
 * A sync asked for before (the sync button) is asked of the service once it is built.
 */
export class LaterSync implements Sync {
  private started: StartedSync | undefined;
  private building: Promise<StartedSync | undefined> | undefined;
  private stopped = false;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly build: () => Promise<StartedSync>) {}

  /** Whether this workspace syncs at all (not known, so false, before the service is built). */
  get syncable(): boolean {
    return this.started?.service.syncable ?? false;
  }

  /** Whether a sync can be asked for now (false before the service is built). */
  get canSyncNow(): boolean {
    return this.started?.service.canSyncNow ?? false;
  }

  /** The workspace remote's provider (undefined before the service is built). */
  get remoteProvider(): SyncService['remoteProvider'] {
    return this.started?.service.remoteProvider;
  }

  /** Resolves once the service is built, at once when it is (never when stopped first). It
   * starts nothing itself. */
  whenBuilt(): Promise<void> {
    if (this.started) return Promise.resolve();
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  requestNow(): void {
    if (this.started) this.started.service.requestNow();
    else {
      this.start()
        .then((started) => started?.service.requestNow())
        .catch((error: unknown) => console.error('The sync could not be asked for.', error));
    }
  }

  fileLocationsChanged(): void {
    // (Before it is built there is nothing to tell: the service counts them as it starts.)
    this.started?.service.fileLocationsChanged();
  }

  /** Builds and starts the service, once; a failure is logged and the next call tries again. */
  start(): Promise<StartedSync | undefined> {
    if (this.stopped) return Promise.resolve(undefined);
    this.building ??= this.build().then(
      (started) => {
        if (this.stopped) {
          started.stop();
          return undefined;
        }
        this.started = started;
        for (const resolve of this.waiting.splice(0)) resolve();
        return started;
      },
      (error: unknown) => {
        this.building = undefined;
        console.error('The sync could not be started.', error);
        return undefined;
      },
    );
    return this.building;
  }

  /** Stops the service, or keeps it from starting. */
  stop(): void {
    this.stopped = true;
    this.started?.stop();
    this.started = undefined;
  }
}
