import { type ContentLimit } from './content-limit.js';
import { type ItemRepository } from '../db/repository.js';
import { type Item } from '../items/types.js';
import { OFFLINE_MESSAGE } from './offline.js';
import { saveSyncState, type SyncState } from './sync-state.js';
import { type SyncScope } from './syncable.js';
import { type WorkspaceProvider } from './workspace-provider.js';

/** A flag that tells a running task to stop: set when the app goes offline (the task queue
 * passes one to each task). */
export interface AbortFlag {
  readonly aborted: boolean;
}

/** Raised by a sync that was stopped because the app went offline (spec core §8). */
export class OfflineError extends Error {
  constructor() {
    super(OFFLINE_MESSAGE);
    this.name = 'OfflineError';
  }
}

/** The sync location id of the workspace sync in `syncHistory` (providers §3: 'main'). */
export const MAIN_LOCATION_ID = 'main';

/** What the steps of one workspace sync share. */
export interface SyncContext {
  repository: ItemRepository;
  provider: WorkspaceProvider;
  state: SyncState;
  scope: SyncScope;
  signal?: AbortFlag;
  /** Most items a batch save sends in one request (default `BATCH_MAX_ITEMS`, rule S12). */
  batchSize?: number;
  /** The state as last saved (JSON), so that an unchanged state is not written again. */
  saved?: string;
  /** Told of each file merged with conflicts (the app shows that the file had conflicts and was
   * merged). */
  onConflict?: (fileId: string, conflicts: number) => void;
  /** Told of each file too large for the remote (`WorkspaceProvider.contentLimit`): it was not
   * uploaded, and stays local. */
  onTooLarge?: (fileId: string, limit: ContentLimit) => void;
  /** Set while the provider buffers the sync's writes (`beginSync`, S16): what to record once
   * `commitSync` made them, in order. A write is recorded only when the remote has it. */
  acknowledgements?: (() => Promise<void>)[];
  /** Files whose content changed remotely, as the changes of this attempt said. */
  remoteContents?: Set<string>;
}

/** Throws {@link OfflineError} when the sync was stopped; called before each remote call. */
export function checkAborted(context: SyncContext): void {
  if (context.signal?.aborted) throw new OfflineError();
}

/** Records what a remote write changed (`record`): at once, or, while the provider buffers the
 * sync's writes, once they are committed (S16), so that a refused commit leaves no record of
 * writes the remote never made. */
export async function acknowledge(
  context: SyncContext,
  record: () => Promise<void>,
): Promise<void> {
  if (context.acknowledgements) context.acknowledgements.push(record);
  else await record();
}

/** Saves the context's sync state, when it changed since last saved. */
export async function persist(context: SyncContext): Promise<void> {
  const json = JSON.stringify(context.state);
  if (json === context.saved) return;
  await saveSyncState(context.repository, context.state);
  context.saved = json;
}

/** An item without the database's `tx` field, as it is uploaded or recorded. */
export function withoutTx<T extends Item>(item: T): T {
  const { tx: _tx, ...rest } = item as T & { tx?: number };
  return rest as T;
}

/** Writes `next` in place of the item, only if the item still has hash `expected` (undefined:
 * absent), so that a write of another tab in between is never overwritten. Returns whether it
 * wrote. */
export async function replaceIf(
  repository: ItemRepository,
  id: string,
  expected: string | undefined,
  next: Item,
): Promise<boolean> {
  let wrote = false;
  await repository.update<Item>(id, (current) => {
    if (current?.hash !== expected) return undefined;
    wrote = true;
    return next;
  });
  return wrote;
}
