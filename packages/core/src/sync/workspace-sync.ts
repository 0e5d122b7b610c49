import { type ContentLimit } from './content-limit.js';
import { WELCOME_FILE_NAME } from '../constants.js';
import { type ItemRepository, type StoredItem } from '../db/repository.js';
import { itemIds } from '../items/item-ids.js';
import { type ContentItem, type FileItem } from '../items/types.js';
import { type Timers } from '../ports/timers.js';
import { applyRemoteChanges } from './apply-remote.js';
import {
  askingCommitMessage,
  type CommitMessagePort,
  UploadCancelledError,
} from './commit-message.js';
import { type ImageUploader, uploadPendingImages } from './pending-images.js';
import { SaveQueue } from './save-queue.js';
import { syncContent } from './sync-content.js';
import {
  type AbortFlag,
  acknowledge,
  checkAborted,
  persist,
  type SyncContext,
} from './sync-context.js';
import { loadSyncState } from './sync-state.js';
import { localSyncView, SYNCED_ITEM_TYPES, type SyncScope } from './syncable.js';
import { uploadItems } from './upload-items.js';
import { syncWorkspaceImages, type WorkspaceImagesStep } from './workspace-images.js';
import { TooLateError, type WorkspaceProvider } from './workspace-provider.js';

/** A sync step is restarted at most this many times on 'TOO_LATE' (rule S7). */
export const MAX_SYNC_ATTEMPTS = 5;

/** The error of a sync that met 'TOO_LATE' {@link MAX_SYNC_ATTEMPTS} times in a row (S7). */
export const SYNC_KEPT_CHANGING = 'Synchronization failed: the workspace kept changing remotely.';

/** Raised when the remote kept changing during every attempt of a sync (S7). */
export class SyncKeptChangingError extends Error {
  constructor() {
    super(SYNC_KEPT_CHANGING);
    this.name = 'SyncKeptChangingError';
  }
}

/** What a workspace synchronizer needs. */
export interface WorkspaceSyncOptions extends SyncScope {
  repository: ItemRepository;
  provider: WorkspaceProvider;
  /** Told of each file merged with conflicts. */
  onConflict?: (fileId: string, conflicts: number) => void;
  /** Told of each file too large for the remote: not uploaded, kept local (ADR 0006). */
  onTooLarge?: (fileId: string, limit: ContentLimit) => void;
  /** The images step (S13, issue 30). A remote that holds images (a git workspace) has its
   * images brought down into the images store, and, with `toWorkspace`, the pending images
   * committed into it; otherwise the pending images go to `uploader` one at a time, 500 ms
   * apart (without an uploader they wait). */
  images?: Partial<WorkspaceImagesStep> & {
    uploader?: ImageUploader;
    timers?: Timers;
  };
  /** Asks for a commit message before the first upload of a sync (git workspaces with autoSync
   * off, S14); cancelling skips the uploads of that sync. */
  askCommitMessage?: CommitMessagePort;
  /** Most items a batch save sends in one request (default `BATCH_MAX_ITEMS`, rule S13). */
  batchSize?: number;
}

/** Syncs one workspace's local database with its remote (spec core §4 "Synchronisation", rules
 * S1–S8 of SPEC.md). One `sync()` at a time per workspace: the task queue sees to it. */
export class WorkspaceSynchronizer {
  constructor(private readonly options: WorkspaceSyncOptions) {}

  /** One sync: remote changes applied, content merged and uploaded, items uploaded, pending
   * images uploaded, then synced trashed files deleted. Restarts on 'TOO_LATE' (S7); `signal` stops it when going offline. */
  async sync(signal?: AbortFlag): Promise<void> {
    const { askCommitMessage } = this.options;
    // One question per sync, whatever the attempts (S14).
    const provider = askCommitMessage
      ? askingCommitMessage(this.options.provider, askCommitMessage)
      : this.options.provider;
    for (let attempt = 1; ; attempt += 1) {
      const state = await loadSyncState(this.options.repository);
      const context: SyncContext = {
        repository: this.options.repository,
        provider,
        state,
        saved: JSON.stringify(state),
        scope: this.options,
        signal,
        onConflict: this.options.onConflict,
        onTooLarge: this.options.onTooLarge,
        batchSize: this.options.batchSize,
      };
      // A provider that commits (git) buffers the sync's writes and makes them one commit (S16);
      // deleting synced trashed files, which needs that commit recorded, is a second one.
      const buffered = provider.beginSync !== undefined;
      try {
        if (buffered) this.buffer(context);
        await this.syncOnce(context);
        const { images } = this.options;
        if (images) {
          await syncWorkspaceImages(context, {
            ...images,
            toWorkspace: images.toWorkspace ?? false,
          });
        }
        if (images?.uploader && images.timers && !images.toWorkspace) {
          await uploadPendingImages(
            this.options.repository,
            images.uploader,
            images.timers,
            signal,
          );
        }
        if (buffered) {
          await this.commit(context);
          this.buffer(context);
        }
        await this.purgeTrash(context);
        if (buffered) await this.commit(context);
        return;
      } catch (error) {
        if (buffered) {
          provider.discardSync?.();
          context.acknowledgements = undefined;
        }
        // The commit message was cancelled: what the remote had is applied here, nothing goes up.
        if (error instanceof UploadCancelledError) return;
        if (!(error instanceof TooLateError)) throw error;
        if (attempt >= MAX_SYNC_ATTEMPTS) throw new SyncKeptChangingError();
      } finally {
        // What the remote acknowledged is kept even when the attempt failed. A tab closed before
        // this loses only acknowledgements, which the next sync reads back from the changes.
        await persist(context);
      }
    }
  }

  // Writes from here on are buffered by the provider and recorded once committed (S16).
  private buffer(context: SyncContext): void {
    context.provider.beginSync!();
    context.acknowledgements = [];
  }

  // The buffered writes made at once (S16), then recorded: the records, the synced contents and
  // the trash purged here follow only a commit the remote has. When the commit is exactly the
  // cursor's commit plus these writes, the cursor moves to it: the records now describe it, and
  // changes read from the older cursor would miss an item someone else put back as it was.
  private async commit(context: SyncContext): Promise<void> {
    checkAborted(context);
    const committed = await context.provider.commitSync!();
    const acknowledgements = context.acknowledgements ?? [];
    context.acknowledgements = undefined;
    for (const record of acknowledgements) await record();
    if (committed && committed.from === context.state.cursor) {
      context.state.cursor = committed.to;
    }
    await persist(context);
  }

  private async syncOnce(context: SyncContext): Promise<void> {
    await applyRemoteChanges(context);
    const view = localSyncView(await syncedItems(context), context.scope);
    const files = [...view.items.values()].filter(
      (item) => item.type === 'file' && !view.excludedFileIds.has(item.id),
    );
    // The texts changed remotely are about to be downloaded, in this order.
    const remote = context.remoteContents;
    if (remote && context.provider.prefetchContent) {
      context.provider.prefetchContent(
        files.flatMap((file) => (remote.has(file.id) ? [file.id] : [])),
      );
    }
    // Each file's content step decides what to upload; the uploads go in batches (S12).
    const uploads = new SaveQueue(context);
    for (const file of files) {
      const upload = await syncContent(context, file as FileItem);
      if (upload) await uploads.add(upload);
    }
    await uploads.flush();
    const after = localSyncView(await syncedItems(context), context.scope);
    await uploadItems(context, after.items, after.excludedFileIds);
  }

  // Spec core §4 rule 2, rule S8: files trashed here whose trashing and content are synced are
  // deleted, here and remotely. A 'TOO_LATE' leaves the file for the next sync.
  private async purgeTrash(context: SyncContext): Promise<void> {
    const { repository, provider, state } = context;
    for (const file of (await repository.getAll('file')) as FileItem[]) {
      const record = state.records[file.id];
      if (file.parentId !== 'trash' || !record?.uploaded || record.syncData.hash !== file.hash) {
        continue;
      }
      const contentId = itemIds.content(file.id);
      const content = await repository.get<ContentItem>(contentId);
      const contentRecord = state.records[contentId];
      if (content && content.hash !== contentRecord?.syncData.hash) continue;
      try {
        checkAborted(context);
        if (contentRecord) await provider.removeItem(contentRecord.syncData);
        await acknowledge(context, () => {
          delete state.records[contentId];
          return Promise.resolve();
        });
        await provider.removeItem(state.records[file.id]!.syncData);
      } catch (error) {
        if (error instanceof TooLateError) continue;
        throw error;
      }
      await acknowledge(context, async () => {
        delete state.records[file.id];
        await repository.delete([
          file.id,
          contentId,
          itemIds.contentState(file.id),
          itemIds.syncedContent(file.id),
        ]);
      });
    }
  }
}

// The local items that take part in sync, read by type, and the content of the files named
// like the Welcome file, whose hash the S6 check needs. Other content, the sync state and the
// synced contents, large, are left unread: each file's content step reads its own.
async function syncedItems(context: SyncContext): Promise<StoredItem[]> {
  const { repository } = context;
  const items = (
    await Promise.all(SYNCED_ITEM_TYPES.map((type) => repository.getAll(type)))
  ).flat();
  const welcome = items.filter((item) => item.type === 'file' && item.name === WELCOME_FILE_NAME);
  const contents = await Promise.all(
    welcome.map((file) => repository.get(itemIds.content(file.id))),
  );
  return [...items, ...contents.filter((content) => content !== undefined)];
}
