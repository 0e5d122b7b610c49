import { type ChangesPage, type ContentLimit, type WorkspaceProvider } from '@inkstone/core';

/**
 * A workspace provider whose repository is found at its first use (a main workspace: who the
 * login is, and its app-data repository checked or created): `connect` runs at the first call,
 * again at the next one if it failed (offline, a 5xx…), and every call then goes to the provider
 * it gave. A sync begun before it connected buffers in that provider too.
 */
export class LazyWorkspaceProvider implements WorkspaceProvider {
  private opening: Promise<WorkspaceProvider> | undefined;
  private opened: WorkspaceProvider | undefined;
  // Between beginSync and commitSync or discardSync: the provider opened meanwhile buffers too.
  private buffering = false;

  constructor(
    readonly id: string,
    readonly contentLimit: ContentLimit | undefined,
    private readonly connect: () => Promise<WorkspaceProvider>,
  ) {}

  private open(): Promise<WorkspaceProvider> {
    this.opening ??= this.connect().then(
      (provider) => {
        this.opened = provider;
        if (this.buffering) provider.beginSync?.();
        return provider;
      },
      (error: unknown) => {
        this.opening = undefined;
        throw error;
      },
    );
    return this.opening;
  }

  async getChanges(cursor: string | undefined): Promise<ChangesPage> {
    return (await this.open()).getChanges(cursor);
  }

  saveItem: WorkspaceProvider['saveItem'] = async (item, syncData) =>
    (await this.open()).saveItem(item, syncData);

  saveItems: NonNullable<WorkspaceProvider['saveItems']> = async (entries) => {
    const provider = await this.open();
    if (!provider.saveItems) throw new Error('saveItems is not supported.');
    return provider.saveItems(entries);
  };

  removeItem: WorkspaceProvider['removeItem'] = async (syncData) =>
    (await this.open()).removeItem(syncData);

  downloadContent: WorkspaceProvider['downloadContent'] = async (fileId, syncData) =>
    (await this.open()).downloadContent(fileId, syncData);

  uploadContent: WorkspaceProvider['uploadContent'] = async (content, syncData) =>
    (await this.open()).uploadContent(content, syncData);

  prefetchContent(fileIds: readonly string[]): void {
    // (Asked after the changes were read: the repository is open by then.)
    this.opened?.prefetchContent?.(fileIds);
  }

  listRevisions: NonNullable<WorkspaceProvider['listRevisions']> = async (fileId, syncData) =>
    (await this.open()).listRevisions?.(fileId, syncData) ?? [];

  revisionText: NonNullable<WorkspaceProvider['revisionText']> = async (
    fileId,
    syncData,
    revisionId,
  ) => {
    const provider = await this.open();
    if (!provider.revisionText) throw new Error('This workspace keeps no revisions.');
    return provider.revisionText(fileId, syncData, revisionId);
  };

  // The repository's images (issue 30), through the provider the changes were read with.
  listImages: NonNullable<WorkspaceProvider['listImages']> = async () =>
    (await this.open()).listImages?.() ?? [];

  downloadImage: NonNullable<WorkspaceProvider['downloadImage']> = async (image) => {
    const provider = await this.open();
    if (!provider.downloadImage) throw new Error('downloadImage is not supported.');
    return provider.downloadImage(image);
  };

  saveImage: NonNullable<WorkspaceProvider['saveImage']> = async (path, content) => {
    const provider = await this.open();
    if (!provider.saveImage) throw new Error('saveImage is not supported.');
    return provider.saveImage(path, content);
  };

  withCommitMessage(message: string): WorkspaceProvider {
    // Asked at a sync's first write: the changes were read, so the repository is open.
    return this.opened?.withCommitMessage ? this.opened.withCommitMessage(message) : this;
  }

  beginSync(): void {
    this.buffering = true;
    this.opened?.beginSync?.();
  }

  commitSync(): Promise<{ from: string; to: string } | undefined> {
    this.buffering = false;
    return this.opened?.commitSync ? this.opened.commitSync() : Promise.resolve(undefined);
  }

  discardSync(): void {
    this.buffering = false;
    this.opened?.discardSync?.();
  }
}
