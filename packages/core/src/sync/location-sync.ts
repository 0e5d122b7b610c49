import { MAX_HISTORY_ENTRIES } from '../constants.js';
import { type ItemRepository } from '../db/repository.js';
import { itemIds } from '../items/item-ids.js';
import {
  type ContentItem,
  type LocationItem,
  type SyncedContentItem,
  type SyncHistoryEntry,
} from '../items/types.js';
import { chooseContent, remoteContent, unique, writeSyncHistory } from './content-versions.js';
import { toSnapshot } from './merge-content.js';
import { type AbortFlag, OfflineError, replaceIf, withoutTx } from './sync-context.js';
import { type RemoteRevision, TooLateError } from './workspace-provider.js';

/** A provider that keeps one file at a sync location (a git path, a drive file): the sync of the
 * current file's locations (spec core §4 rule 2, rule S15). */
export interface FileLocationProvider {
  /** The content at the location, or null when the location holds nothing yet. */
  download(location: LocationItem): Promise<ContentItem | null>;
  /** Writes the content at the location. */
  upload(location: LocationItem, content: ContentItem): Promise<void>;
  /** The revisions the location's service keeps of its file, newest first (a git host's
   * commits of the path, a drive's revisions; spec providers §4, §7); none when it has no file
   * yet. */
  listRevisions?(location: LocationItem): Promise<RemoteRevision[]>;
  /** The text of one of those revisions. */
  revisionText?(location: LocationItem, revisionId: string): Promise<string>;
}

/** What syncing a file's locations needs. */
export interface FileLocationSyncOptions {
  repository: ItemRepository;
  /** The providers by provider id; a location whose provider is missing is left alone. */
  providers: Readonly<Record<string, FileLocationProvider>>;
  signal?: AbortFlag;
  /** Told when a location's version was merged with conflicts. */
  onConflict?: (fileId: string, conflicts: number) => void;
}

// The syncs of each file's locations running on each database connection (a tab's): the
// promise that settles once the last one asked for is over.
const running = new WeakMap<ItemRepository, Map<string, Promise<void>>>();

/**
 * Syncs a file with each of its sync locations in turn (rule S15), as the workspace sync does
 * with its own ('main'), with the location's id as the sync history's key: the location's
 * version is taken when the text did not change here since the last sync with it, kept out when
 * it is a version this file already had, and otherwise merged three-way from the last version
 * synced with that location; then the result is written here and uploaded when the location
 * does not have it. The hash about to be uploaded is recorded first ("last unsynced"), so a
 * version whose upload reply was lost is recognised next time. An upload the provider refuses
 * as TOO_LATE (the location changed since it was read) is done again once from the download.
 *
 * One sync of a file's locations at a time per database connection: a call made while one runs
 * (the Synchronize panel's button while the app's sync service syncs the file) waits for it,
 * then runs with what it left. Two syncs that still meet (two tabs) cannot lose words either:
 * each reads the location's sync history before the text, and writes it only while it is still
 * what it read (see `syncLocation`).
 */
export function syncFileLocations(fileId: string, options: FileLocationSyncOptions): Promise<void> {
  const files = running.get(options.repository) ?? new Map<string, Promise<void>>();
  running.set(options.repository, files);
  const previous = files.get(fileId) ?? Promise.resolve();
  const run = previous.then(() => syncEachLocation(fileId, options));
  const settled = run.catch(() => undefined);
  files.set(fileId, settled);
  const forget = () => {
    if (files.get(fileId) === settled) files.delete(fileId);
  };
  settled.then(forget, forget);
  return run;
}

async function syncEachLocation(fileId: string, options: FileLocationSyncOptions): Promise<void> {
  const { repository } = options;
  const locations = ((await repository.getAll('syncLocation')) as LocationItem[]).filter(
    (location) => location.fileId === fileId,
  );
  for (const location of locations) {
    const provider = options.providers[location.providerId];
    if (!provider) continue;
    try {
      await syncLocation(fileId, location, provider, options);
    } catch (error) {
      // The location changed between the download and the upload (a stale sha): read it again
      // and merge it, once; its version is never overwritten unmerged.
      if (!(error instanceof TooLateError)) throw error;
      await syncLocation(fileId, location, provider, options);
    }
  }
}

// One location. The sync history is read before the text: a text read first could be older
// than a history another sync wrote in between, which names as known the location's version
// that this older text lacks, and that version would be overwritten unmerged. Each write of the
// history happens only while it is what this sync read (or last wrote): when another sync of
// the location wrote it meanwhile, this one's judgement is out of date and it stops, leaving
// the location to the next sync.
async function syncLocation(
  fileId: string,
  location: LocationItem,
  provider: FileLocationProvider,
  { repository, signal, onConflict }: FileLocationSyncOptions,
): Promise<void> {
  const contentId = itemIds.content(fileId);
  const synced = await repository.get<SyncedContentItem>(itemIds.syncedContent(fileId));
  const slots: SyncHistoryEntry = synced?.syncHistory[location.id] ?? [null, null, null];
  const historyData = { ...synced?.historyData };
  const local = await repository.get<ContentItem>(contentId);
  if (!local) return;

  if (signal?.aborted) throw new OfflineError();
  const downloaded = await provider.download(location);
  const remote = downloaded && remoteContent(downloaded, contentId);

  let next: ContentItem = withoutTx(local);
  if (remote && remote.hash !== local.hash) {
    const chosen = await chooseContent(next, remote, slots, historyData);
    next = chosen.next;
    if (chosen.conflicts > 0) onConflict?.(fileId, chosen.conflicts);
    // Typed here meanwhile: this location waits for the next sync.
    if (next.hash !== local.hash && !(await replaceIf(repository, contentId, local.hash, next))) {
      return;
    }
  }

  historyData[next.hash] = toSnapshot(next);
  const previous = slots[0] === next.hash ? slots[1] : slots[0];
  let written = slots;
  if (remote?.hash !== next.hash) {
    const unsynced: SyncHistoryEntry = [slots[0], slots[1], next.hash];
    if (!(await writeSyncHistory(repository, fileId, location.id, unsynced, historyData, slots))) {
      return;
    }
    written = unsynced;
    if (signal?.aborted) throw new OfflineError();
    await provider.upload(location, {
      ...next,
      history: unique([slots[0], ...next.history])
        .filter((hash) => hash !== next.hash)
        .slice(0, MAX_HISTORY_ENTRIES),
    });
  }
  await writeSyncHistory(
    repository,
    fileId,
    location.id,
    [next.hash, previous, null],
    historyData,
    written,
  );
}
