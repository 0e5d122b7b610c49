import { MAX_HISTORY_ENTRIES } from '../constants.js';
import { type ItemRepository } from '../db/repository.js';
import { withHash } from '../items/hash.js';
import { itemIds } from '../items/item-ids.js';
import {
  type ContentItem,
  type LocationItem,
  type SyncedContentItem,
  type SyncHistoryEntry,
} from '../items/types.js';
import { EMPTY_SNAPSHOT, mergeContent, toSnapshot } from './merge-content.js';
import { type AbortFlag, OfflineError, replaceIf, withoutTx } from './sync-context.js';

/** A provider that keeps one file at a sync location (a git path, a drive file): the sync of the
 * current file's locations (spec core §4 rule 2, rule S15). */
export interface FileLocationProvider {
  /** The content at the location, or null when the location holds nothing yet. */
  download(location: LocationItem): Promise<ContentItem | null>;
  /** Writes the content at the location. */
  upload(location: LocationItem, content: ContentItem): Promise<void>;
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

const unique = (hashes: readonly (string | null | undefined)[]) => [
  ...new Set(hashes.filter((hash): hash is string => typeof hash === 'string')),
];

/**
 * Syncs a file with each of its sync locations in turn (rule S15), as the workspace sync does
 * with its own ('main'), with the location's id as the sync history's key: the location's
 * version is taken when the text did not change here since the last sync with it, kept out when
 * it is a version this file already had, and otherwise merged three-way from the last version
 * synced with that location; then the result is written here and uploaded when the location
 * does not have it. The hash about to be uploaded is recorded first ("last unsynced"), so a
 * version whose upload reply was lost is recognised next time.
 */
export async function syncFileLocations(
  fileId: string,
  options: FileLocationSyncOptions,
): Promise<void> {
  const { repository } = options;
  const locations = ((await repository.getAll('syncLocation')) as LocationItem[]).filter(
    (location) => location.fileId === fileId,
  );
  for (const location of locations) {
    const provider = options.providers[location.providerId];
    if (provider) await syncLocation(fileId, location, provider, options);
  }
}

async function syncLocation(
  fileId: string,
  location: LocationItem,
  provider: FileLocationProvider,
  { repository, signal, onConflict }: FileLocationSyncOptions,
): Promise<void> {
  const contentId = itemIds.content(fileId);
  const local = await repository.get<ContentItem>(contentId);
  if (!local) return;
  const synced = await repository.get<SyncedContentItem>(itemIds.syncedContent(fileId));
  const slots: SyncHistoryEntry = synced?.syncHistory[location.id] ?? [null, null, null];
  const historyData = { ...synced?.historyData };

  if (signal?.aborted) throw new OfflineError();
  const downloaded = await provider.download(location);
  const remote =
    downloaded &&
    withHash<ContentItem>({
      ...toSnapshot(downloaded),
      id: contentId,
      type: 'content',
      history: downloaded.history ?? [],
    });

  let next: ContentItem = withoutTx(local);
  if (remote && remote.hash !== local.hash) {
    const known = new Set(unique([...slots, ...local.history]));
    if (local.hash === slots[0] || remote.history.includes(local.hash)) {
      next = remote;
    } else if (!known.has(remote.hash)) {
      const base = (slots[0] && historyData[slots[0]]) || EMPTY_SNAPSHOT;
      const merged = mergeContent(base, toSnapshot(local), toSnapshot(remote));
      next = withHash<ContentItem>({
        ...merged.snapshot,
        id: contentId,
        type: 'content',
        history: unique([local.hash, remote.hash, ...local.history, ...remote.history]).slice(
          0,
          MAX_HISTORY_ENTRIES,
        ),
      });
      if (merged.conflicts > 0) onConflict?.(fileId, merged.conflicts);
    }
    // Typed here meanwhile: this location waits for the next sync.
    if (next.hash !== local.hash && !(await replaceIf(repository, contentId, local.hash, next))) {
      return;
    }
  }

  historyData[next.hash] = toSnapshot(next);
  if (remote?.hash !== next.hash) {
    await writeSlots(repository, fileId, location.id, [slots[0], slots[1], next.hash], historyData);
    if (signal?.aborted) throw new OfflineError();
    await provider.upload(location, {
      ...next,
      history: unique([slots[0], ...next.history])
        .filter((hash) => hash !== next.hash)
        .slice(0, MAX_HISTORY_ENTRIES),
    });
  }
  const previous = slots[0] === next.hash ? slots[1] : slots[0];
  await writeSlots(repository, fileId, location.id, [next.hash, previous, null], historyData);
}

// Writes one location's slots into the file's synced content, keeping the other locations' and
// the snapshots some slot still names. Read again here: the workspace's own slots may have
// moved since this location's sync began.
async function writeSlots(
  repository: ItemRepository,
  fileId: string,
  locationId: string,
  slots: SyncHistoryEntry,
  historyData: SyncedContentItem['historyData'],
): Promise<void> {
  const current = await repository.get<SyncedContentItem>(itemIds.syncedContent(fileId));
  const syncHistory = { ...current?.syncHistory, [locationId]: slots };
  const named = unique(Object.values(syncHistory).flat());
  const snapshots = { ...current?.historyData, ...historyData };
  const kept = Object.fromEntries(
    named.flatMap((hash) => (snapshots[hash] ? [[hash, snapshots[hash]]] : [])),
  );
  await repository.put([
    withHash<SyncedContentItem>({
      id: itemIds.syncedContent(fileId),
      type: 'syncedContent',
      syncHistory,
      historyData: kept,
      v: 1,
    }),
  ]);
}
