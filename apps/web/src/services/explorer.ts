import {
  createFolder,
  createNamedFile,
  deleteNode,
  type FileItem,
  findPathConflict,
  GITEA_PROVIDER_IDS,
  GITEE_PROVIDER_IDS,
  GITHUB_PROVIDER_IDS,
  GITLAB_PROVIDER_IDS,
  isFolderNameAllowed,
  nameWasStripped,
  nameWithSuffix,
  sanitizeFilename,
  type FolderItem,
  matchFiles,
  moveItem,
  type NodeId,
  purgeTrash,
  renameItem,
  resolveCurrentFile,
  type TreeChange,
  UnauthorizedNameError,
} from '@inkstone/core';
import { type AppStore } from '../store';
import { notified } from '../store/notifications-slice';
import { itemsChanged } from '../store/workspace-slice';
import { WELCOME_TEXT } from '../welcome/welcome-text';
import { type Confirmer } from './confirm';
import { earnBadge } from '../badges/badges';
import { LOCAL_DB_ERROR, type WorkspaceService } from './workspace';

/** The workspaces that keep one item per path: the git ones, which store items by path
 * (spec core §5 "workspaces with unique paths"). */
export const UNIQUE_PATH_PROVIDERS: readonly string[] = [
  GITHUB_PROVIDER_IDS.workspace,
  GITLAB_PROVIDER_IDS.workspace,
  GITEA_PROVIDER_IDS.workspace,
  GITEE_PROVIDER_IDS.workspace,
];

/** How often the trash purge runs while the page is open (it also runs at start). */
export const TRASH_PURGE_INTERVAL = 3_600_000;

/** Delay before a file opened by path becomes current (spec interface §4: "after 10 ms"). */
export const OPEN_PATH_DELAY = 10;

/** The explorer's actions on the open workspace: each writes through core, then tells the
 * store (the cross-tab feed only reports other tabs' writes). Errors the user can meet
 * ('Unauthorized name.') become error notifications. */
export class ExplorerService {
  private purgeTimer: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly workspace: WorkspaceService,
    private readonly store: AppStore,
    private readonly confirmer: Confirmer,
    private readonly now: () => number = Date.now,
    /** Whether the open workspace keeps one item per path (git workspaces, spec core §5). */
    private readonly uniquePaths: () => boolean = () => false,
  ) {}

  /**
   * The name `typed` is stored as, after the spec's dialogs (core §5), for `item` about to be
   * created, renamed or moved under `parentId`; undefined when the user declines:
   * - a reserved folder name opens unauthorizedName, then fails with 'Unauthorized name.';
   * - a name sanitising changed opens stripName: Ok keeps the stripped name;
   * - in a workspace with unique paths, a path taken opens pathConflict: Ok adds `.1`, `.2`…
   */
  private async settleName(
    typed: string,
    item: { id: string; type: 'file' | 'folder'; parentId: string | null },
  ): Promise<string | undefined> {
    const sanitized = sanitizeFilename(typed);
    if (item.type === 'folder' && !isFolderNameAllowed(sanitized)) {
      await this.confirmer.ask('unauthorizedName', sanitized);
      throw new UnauthorizedNameError(sanitized);
    }
    if (nameWasStripped(typed, sanitized) && !(await this.confirmer.ask('stripName', typed))) {
      return undefined;
    }
    if (!this.uniquePaths() || item.parentId === 'temp') return sanitized;
    const { files, folders } = this.store.getState().workspace;
    const fileList = Object.values(files);
    const folderList = Object.values(folders);
    const stored = files[item.id] ?? folders[item.id];
    const candidate = (name: string) =>
      stored
        ? { ...stored, name, parentId: item.parentId }
        : item.type === 'folder'
          ? ({ id: item.id, type: 'folder', name, parentId: item.parentId, hash: '' } as FolderItem)
          : ({ id: item.id, type: 'file', name, parentId: item.parentId, hash: '' } as FileItem);
    if (!findPathConflict(candidate(sanitized), fileList, folderList)) return sanitized;
    if (!(await this.confirmer.ask('pathConflict', sanitized))) return undefined;
    let n = 1;
    while (findPathConflict(candidate(nameWithSuffix(sanitized, n)), fileList, folderList)) n += 1;
    return nameWithSuffix(sanitized, n);
  }

  /** Creates a file with the settings' new file content and properties, and opens it; a blank
   * name creates nothing. */
  async createFile(typed: string, parentId: string | null): Promise<FileItem | undefined> {
    if (typed.trim() === '') return undefined;
    const name = await this.settleName(typed, { id: '', type: 'file', parentId });
    if (name === undefined) return undefined;
    const { newFileContent, newFileProperties } = this.store.getState().settings.settings;
    const file = await createNamedFile(this.workspace.repo, this.workspace.newId, name, parentId, {
      text: newFileContent,
      properties: newFileProperties,
    });
    if (!file) return undefined;
    earnBadge('createFile');
    this.changed({ items: [file], deletedIds: [] });
    await this.workspace.openFile(file.id);
    return file;
  }

  /** Creates a folder; a blank name creates nothing. */
  async createFolder(typed: string, parentId: string | null): Promise<FolderItem | undefined> {
    if (typed.trim() === '') return undefined;
    return this.guard(async () => {
      const name = await this.settleName(typed, { id: '', type: 'folder', parentId });
      if (name === undefined) return undefined;
      const folder = await createFolder(this.workspace.repo, this.workspace.newId, name, parentId);
      this.changed({ items: [folder], deletedIds: [] });
      earnBadge('createFolder');
      return folder;
    });
  }

  /** Renames a file or folder (ignored when blank or unchanged). */
  async rename(id: string, typed: string): Promise<void> {
    await this.guard(async () => {
      const { files, folders } = this.store.getState().workspace;
      const stored = files[id] ?? folders[id];
      if (!stored || typed.trim() === '' || sanitizeFilename(typed) === stored.name) return;
      const name = await this.settleName(typed, stored);
      if (name === undefined) return;
      const item = await renameItem(this.workspace.repo, id, name);
      if (item) {
        this.changed({ items: [item], deletedIds: [] });
        earnBadge(item.type === 'folder' ? 'renameFolder' : 'renameFile');
      }
    });
  }

  /** Moves a file or folder under `target` when the drag-and-drop rules allow it. */
  async move(id: string, target: NodeId): Promise<void> {
    const { files, folders } = this.store.getState().workspace;
    const stored = files[id] ?? folders[id];
    // In a workspace with unique paths, a move onto a taken path asks pathConflict first.
    const name =
      stored && target !== 'trash'
        ? await this.settleName(stored.name, { ...stored, parentId: target })
        : stored?.name;
    if (name === undefined) return;
    let item: FileItem | FolderItem | undefined = await moveItem(
      this.workspace.repo,
      id,
      target,
      this.now(),
    );
    if (!item) return;
    if (name !== item.name) item = (await renameItem(this.workspace.repo, id, name)) ?? item;
    this.changed({ items: [item], deletedIds: [] });
    if (target === 'trash') earnBadge(item.type === 'folder' ? 'removeFolder' : 'removeFile');
    else earnBadge(item.type === 'folder' ? 'moveFolder' : 'moveFile');
    await this.replaceCurrentIfGone();
  }

  /** Deletes a node, asking the spec's confirmation where it needs one. */
  async delete(node: string): Promise<void> {
    const isFolder = this.store.getState().workspace.folders[node] !== undefined;
    const change = await deleteNode(
      this.workspace.repo,
      node,
      (type, subject) => this.confirmer.ask(type, subject),
      this.now(),
    );
    this.changed(change);
    if (change.items.length > 0 || change.deletedIds.length > 0) {
      earnBadge(isFolder ? 'removeFolder' : 'removeFile');
    }
    await this.replaceCurrentIfGone();
  }

  /** Files matching `query` by name or text, at most 50. */
  async search(query: string): Promise<FileItem[]> {
    if (query.trim() === '') return [];
    earnBadge('searchFile');
    const { texts, repo } = this.workspace;
    await texts.load(repo);
    // The tree is already in the store: only the texts need the index.
    const files = Object.values(this.store.getState().workspace.files);
    return matchFiles(files, query, (id) => texts.textOf(id));
  }

  /** Reads the texts for search ahead of the first query (when search mode opens). */
  prepareSearch(): void {
    this.workspace.texts
      .load(this.workspace.repo)
      .catch((error: unknown) => console.error('Reading the texts for search failed.', error));
  }

  /** Purges the trash now and every TRASH_PURGE_INTERVAL until `stop`. */
  startTrashPurge(): void {
    const purge = () => {
      purgeTrash(this.workspace.repo, this.now())
        .then((change) => this.changed(change))
        .catch((error: unknown) => console.error('Purging the trash failed.', error));
    };
    purge();
    this.purgeTimer = setInterval(purge, TRASH_PURGE_INTERVAL);
  }

  /** Stops the periodic trash purge. */
  stop(): void {
    clearInterval(this.purgeTimer);
  }

  /**
   * Opens a link's target (spec interface §4): a path ending in '.md' names a file by its path
   * in the tree ('/Folder/Name.md'); it is selected and becomes current after 10 ms. Other paths
   * have no workspace provider to resolve them yet: an http(s) URL opens in a new tab, anything
   * else shows an error. Resolves to whether something was opened.
   */
  async openPath(path: string): Promise<boolean> {
    if (/\.md$/i.test(path)) {
      const file = this.findByPath(path);
      if (!file) {
        this.store.dispatch(notified('error', `${path} was not found.`));
        return false;
      }
      await new Promise((resolve) => setTimeout(resolve, OPEN_PATH_DELAY));
      await this.workspace.openFile(file.id);
      return true;
    }
    if (/^https?:\/\//i.test(path)) {
      window.open(path, '_blank', 'noopener');
      return true;
    }
    this.store.dispatch(notified('error', `${path} cannot be opened.`));
    return false;
  }

  private findByPath(path: string): FileItem | undefined {
    const { files, folders } = this.store.getState().workspace;
    const segments = path.replace(/^\/+/, '').slice(0, -'.md'.length).split('/');
    const name = segments.pop();
    let parentId: string | null = null;
    for (const segment of segments) {
      const folder = Object.values(folders).find(
        (f) => f.parentId === parentId && f.name === segment,
      );
      if (!folder) return undefined;
      parentId = folder.id;
    }
    return Object.values(files).find((f) => f.parentId === parentId && f.name === name);
  }

  private changed(change: TreeChange): void {
    if (change.items.length > 0 || change.deletedIds.length > 0) {
      this.store.dispatch(itemsChanged(change));
    }
  }

  // After the current file is deleted or trashed, the first recently opened file outside the
  // trash becomes current (spec interface §4).
  private async replaceCurrentIfGone(): Promise<void> {
    const { currentFileId, files } = this.store.getState().workspace;
    const current = currentFileId ? files[currentFileId] : undefined;
    if (current && current.parentId !== 'trash') return;
    const next = await resolveCurrentFile(this.workspace.repo, this.workspace.newId, WELCOME_TEXT);
    if (!files[next.id]) this.changed({ items: [next], deletedIds: [] });
    await this.workspace.openFile(next.id);
  }

  // A refused name is told in the spec's words ('Unauthorized name.'); a write the local
  // database failed is 'Local DB access error.', its own words (a QuotaExceededError) logged.
  private async guard<T>(action: () => Promise<T>): Promise<T | undefined> {
    try {
      return await action();
    } catch (error) {
      if (error instanceof UnauthorizedNameError) {
        this.store.dispatch(notified('error', error.message));
      } else {
        console.error(error);
        this.store.dispatch(notified('error', LOCAL_DB_ERROR));
      }
      return undefined;
    }
  }
}
