import { acknowledge, checkAborted, type SyncContext } from './sync-context.js';
import { type SaveEntry, type SyncData, TooLateError } from './workspace-provider.js';

/** Most items sent in one batch save (rule S12), unless the synchronizer is given another. */
export const BATCH_MAX_ITEMS = 100;
/** A batch is sent once its items' JSON reaches this many characters (rule S12), so that one
 * request stays well within the 30 s time-out on a slow line; a bigger item goes alone. */
export const BATCH_MAX_CHARS = 1_000_000;

/** An item to save, and what to do once the remote acknowledged it. */
export interface SaveRequest extends SaveEntry {
  saved(syncData: SyncData): Promise<void>;
}

/**
 * Collects the saves of a sync step and sends them (rule S12): in batches through the
 * provider's `saveItems` when it has one (at most `context.batchSize` items and about
 * {@link BATCH_MAX_CHARS} characters a request), else each at once with `saveItem` or
 * `uploadContent`, as the engine always did. Each acknowledged save runs its `saved`, in order.
 * A batch with a refused entry (TOO_LATE) records what it saved, then throws `TooLateError`:
 * the sync restarts (S7) and nothing more is sent.
 */
export class SaveQueue {
  private pending: SaveRequest[] = [];
  private chars = 0;

  constructor(private readonly context: SyncContext) {}

  /** Queues a save; sends the batch first when this one would not fit in it. */
  async add(request: SaveRequest): Promise<void> {
    if (!this.context.provider.saveItems) {
      await this.sendOne(request);
      return;
    }
    const size = JSON.stringify(request.item).length;
    const max = this.context.batchSize ?? BATCH_MAX_ITEMS;
    if (
      this.pending.length >= max ||
      (this.pending.length > 0 && this.chars + size > BATCH_MAX_CHARS)
    ) {
      await this.flush();
    }
    this.pending.push(request);
    this.chars += size;
  }

  /** Sends what is queued. */
  async flush(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    this.chars = 0;
    if (batch.length === 0) return;
    checkAborted(this.context);
    const results = await this.context.provider.saveItems!(
      batch.map(({ item, syncData }) => ({ item, syncData })),
    );
    if (results.length !== batch.length) throw new Error('A batch save answered for other items.');
    let tooLate = false;
    for (const [index, result] of results.entries()) {
      if ('tooLate' in result) tooLate = true;
      else await acknowledge(this.context, () => batch[index]!.saved(result.syncData));
    }
    if (tooLate) throw new TooLateError();
  }

  private async sendOne({ item, syncData, saved }: SaveRequest): Promise<void> {
    const { provider } = this.context;
    checkAborted(this.context);
    const result =
      item.type === 'content'
        ? await provider.uploadContent(item, syncData)
        : await provider.saveItem(item, syncData);
    await acknowledge(this.context, () => saved(result));
  }
}
