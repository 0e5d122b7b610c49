import { type WorkspaceProvider } from './workspace-provider.js';

/** Asks the user for a commit message (the commitMessage dialog); undefined when cancelled. */
export type CommitMessagePort = () => Promise<string | undefined>;

/** Raised at the first upload of a sync whose commit message was cancelled: the sync ends there,
 * having applied the remote's changes here, and uploads nothing (rule S14). */
export class UploadCancelledError extends Error {
  constructor() {
    super('The upload was cancelled.');
    this.name = 'UploadCancelledError';
  }
}

/**
 * A provider whose first write of a sync asks for a commit message (spec core §4 rule 7, rule
 * S14: git workspaces with autoSync off). Reads go straight through; writes wait for the answer,
 * asked once, and then go through the provider's `withCommitMessage(message)` when it has one;
 * a cancelled question makes every write throw {@link UploadCancelledError}.
 */
export function askingCommitMessage(
  provider: WorkspaceProvider,
  ask: CommitMessagePort,
): WorkspaceProvider {
  let writer: Promise<WorkspaceProvider> | undefined;
  const open = () => {
    writer ??= ask().then((message) => {
      if (message === undefined) throw new UploadCancelledError();
      return provider.withCommitMessage?.(message) ?? provider;
    });
    return writer;
  };
  const gated: WorkspaceProvider = {
    id: provider.id,
    ...(provider.contentLimit ? { contentLimit: provider.contentLimit } : {}),
    getChanges: (cursor) => provider.getChanges(cursor),
    downloadContent: (fileId, syncData) => provider.downloadContent(fileId, syncData),
    saveItem: async (item, syncData) => (await open()).saveItem(item, syncData),
    removeItem: async (syncData) => (await open()).removeItem(syncData),
    uploadContent: async (content, syncData) => (await open()).uploadContent(content, syncData),
  };
  if (provider.saveItems) {
    gated.saveItems = async (entries) => {
      const target = await open();
      return target.saveItems ? target.saveItems(entries) : provider.saveItems!(entries);
    };
  }
  if (provider.beginSync) {
    // One commit per sync (S16): the writes made through the message's provider are buffered
    // by the same remote, which commits them with the message.
    gated.beginSync = () => provider.beginSync!();
    gated.commitSync = () => provider.commitSync!();
    gated.discardSync = () => provider.discardSync?.();
  }
  if (provider.listImages && provider.downloadImage && provider.saveImage) {
    gated.listImages = () => provider.listImages!();
    gated.downloadImage = (image) => provider.downloadImage!(image);
    gated.saveImage = async (path, content) => {
      const target = await open();
      return target.saveImage
        ? target.saveImage(path, content)
        : provider.saveImage!(path, content);
    };
  }
  if (provider.prefetchContent) {
    gated.prefetchContent = (fileIds) => provider.prefetchContent!(fileIds);
  }
  if (provider.listRevisions) {
    gated.listRevisions = (fileId, syncData) => provider.listRevisions!(fileId, syncData);
  }
  if (provider.revisionText) {
    gated.revisionText = (fileId, syncData, revisionId) =>
      provider.revisionText!(fileId, syncData, revisionId);
  }
  return gated;
}
