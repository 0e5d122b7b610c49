import {
  type ChangesPage,
  type ForgeId,
  type ForgeToken,
  GiteaAuthError,
  GiteeAuthError,
  GitlabAuthError,
  GitlabWorkspaceProvider,
  type WorkspaceProvider,
} from '@inkstone/core';

/** What {@link FreshTokenProvider} asks of the accounts (`services.forgeAccounts`). */
export interface FreshTokenPort {
  /** The account's token with more than 5 minutes to live: asked before each sync; it
   * refreshes, asks to sign in again, or throws offline. */
  fresh(forge: ForgeId, sub: string): Promise<ForgeToken>;
  /** A token the forge refused: the providerRedirection confirmation, then the popup (spec
   * providers §4); resolves to the new token. */
  signInAgain(forge: ForgeId, sub: string): Promise<ForgeToken>;
  /** Told a GitLab project's numeric id once the first sync read it (spec providers §3). */
  onProjectId?(projectId: string): void;
}

// A 401 of any of the three forges' clients (Gitee's GiteeSignInError is one).
const isRefusedToken = (error: unknown) =>
  error instanceof GitlabAuthError ||
  error instanceof GiteaAuthError ||
  error instanceof GiteeAuthError;

/**
 * The forge's workspace provider, remade whenever the account's token changes: each sync's
 * first call (getChanges from the start of the sync) asks `fresh` for the token, so a token
 * about to expire is refreshed before any request. A token the forge refuses while the changes
 * are read (a 401: revoked, or Gitee's on the user or the tree, spec providers §4) signs in
 * again (the providerRedirection confirmation first) and reads once more; declined, the sync
 * fails before any write and nothing local is touched.
 */
export class FreshTokenProvider implements WorkspaceProvider {
  readonly id: string;
  readonly contentLimit: WorkspaceProvider['contentLimit'];
  private inner: WorkspaceProvider | undefined;
  private token: string | undefined;
  private buffering = false;

  /** `make` gives the provider over a client signed with a token (called again when the token
   * changes); `options` the token's port. */
  constructor(
    private readonly forge: ForgeId,
    private readonly sub: string,
    private readonly make: (token: string) => WorkspaceProvider,
    private readonly options: FreshTokenPort,
  ) {
    // (The id and limit do not depend on the token.)
    const probe = make('');
    this.id = probe.id;
    this.contentLimit = probe.contentLimit;
  }

  private use(token: string): WorkspaceProvider {
    if (this.inner && this.token === token) return this.inner;
    this.token = token;
    this.inner = this.make(token);
    if (this.buffering) this.inner.beginSync?.();
    return this.inner;
  }

  private async current(): Promise<WorkspaceProvider> {
    const token = await this.options.fresh(this.forge, this.sub);
    return this.use(token.accessToken);
  }

  // Within a sync, the provider its changes were read with (its token had more than 5 minutes
  // left then, and a new one would drop the sync's buffered writes); else a fresh one.
  private async writer(): Promise<WorkspaceProvider> {
    return this.inner ?? (await this.current());
  }

  async getChanges(cursor: string | undefined): Promise<ChangesPage> {
    const provider = await this.current();
    let page: ChangesPage;
    try {
      page = await provider.getChanges(cursor);
    } catch (error) {
      if (!isRefusedToken(error)) throw error;
      const token = await this.options.signInAgain(this.forge, this.sub);
      page = await this.use(token.accessToken).getChanges(cursor);
    }
    if (this.inner instanceof GitlabWorkspaceProvider && this.options.onProjectId) {
      this.options.onProjectId(await this.inner.git.project());
    }
    return page;
  }

  saveItem: WorkspaceProvider['saveItem'] = async (item, syncData) =>
    (await this.writer()).saveItem(item, syncData);

  saveItems: NonNullable<WorkspaceProvider['saveItems']> = async (entries) => {
    const provider = await this.writer();
    if (!provider.saveItems) throw new Error('saveItems is not supported.');
    return provider.saveItems(entries);
  };

  removeItem: WorkspaceProvider['removeItem'] = async (syncData) =>
    (await this.writer()).removeItem(syncData);

  downloadContent: WorkspaceProvider['downloadContent'] = async (fileId, syncData) =>
    (await this.writer()).downloadContent(fileId, syncData);

  uploadContent: WorkspaceProvider['uploadContent'] = async (content, syncData) =>
    (await this.writer()).uploadContent(content, syncData);

  prefetchContent(fileIds: readonly string[]): void {
    this.inner?.prefetchContent?.(fileIds);
  }

  listRevisions: NonNullable<WorkspaceProvider['listRevisions']> = async (fileId, syncData) =>
    (await this.current()).listRevisions?.(fileId, syncData) ?? [];

  revisionText: NonNullable<WorkspaceProvider['revisionText']> = async (
    fileId,
    syncData,
    revisionId,
  ) => {
    const provider = await this.current();
    if (!provider.revisionText) throw new Error('This workspace keeps no revisions.');
    return provider.revisionText(fileId, syncData, revisionId);
  };

  // The repository's images (issue 30), through the provider the changes were read with.
  listImages: NonNullable<WorkspaceProvider['listImages']> = async () =>
    (await this.writer()).listImages?.() ?? [];

  downloadImage: NonNullable<WorkspaceProvider['downloadImage']> = async (image) => {
    const provider = await this.writer();
    if (!provider.downloadImage) throw new Error('downloadImage is not supported.');
    return provider.downloadImage(image);
  };

  saveImage: NonNullable<WorkspaceProvider['saveImage']> = async (path, content) => {
    const provider = await this.writer();
    if (!provider.saveImage) throw new Error('saveImage is not supported.');
    return provider.saveImage(path, content);
  };

  withCommitMessage(message: string): WorkspaceProvider {
    // Asked at a sync's first write, after the changes were read.
    return this.inner?.withCommitMessage ? this.inner.withCommitMessage(message) : this;
  }

  beginSync(): void {
    this.buffering = true;
    this.inner?.beginSync?.();
  }

  commitSync(): Promise<{ from: string; to: string } | undefined> {
    this.buffering = false;
    return this.inner?.commitSync ? this.inner.commitSync() : Promise.resolve(undefined);
  }

  discardSync(): void {
    this.buffering = false;
    this.inner?.discardSync?.();
  }
}
