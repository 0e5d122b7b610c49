import {
  BACKUP_MAX_BYTES,
  BACKUP_TOO_LARGE_MESSAGE,
  BackupError,
  type ChangeBatch,
  ChangeFeed,
  type ChangeSignal,
  type ContentItem,
  createIdGenerator,
  databaseName,
  type DataItem,
  defaultSettings,
  type FileItem,
  type FolderItem,
  type ImportResult,
  importWorkspace,
  type ItemRepository,
  LocalHistory,
  type LayoutSettings,
  MAIN_WORKSPACE_ID,
  observeWrites,
  itemIds,
  readCustomSettings,
  readLayoutSettings,
  recordOpened,
  renameFile,
  saveCustomSettings,
  saveProperties,
  resolveCurrentFile,
  type StoredItem,
  TextIndex,
  type UserSettings,
  withChangeSignal,
  withHash,
  withSnapshotsBeforeOverwrite,
  importStackeditBackup,
  type ImportReport,
  NOT_A_BACKUP_MESSAGE,
} from '@inkstone/core';
import { openDexieRepository } from '@inkstone/core/dexie';
import { type AppStore } from '../store';
import { layoutLoaded } from '../store/layout-slice';
import { localSettingsLoaded } from '../store/local-settings-slice';
import { notified } from '../store/notifications-slice';
import { customSettingsLoaded } from '../store/settings-slice';
import { templatesLoaded } from '../store/templates-slice';
import { themesLoaded } from '../store/themes-slice';
import { readTemplates, storedTemplates, type Templates } from '../templates/templates';
import { readThemeSettings, type ThemeSettings } from '../themes/theme-settings';
import {
  currentFileChanged,
  itemsChanged,
  propertiesLoaded,
  workspaceFailed,
  workspaceReady,
} from '../store/workspace-slice';
import { WELCOME_TEXT } from '../welcome/welcome-text';
import { EARLY_DB_NAME } from '../early/early-document';
import { earlyWelcomeId } from '../early/early-handle';
import { broadcastSignal, browserTimers } from './broadcast-signal';
import { settingsOf } from './custom-settings';
import { decodeUtf8 } from './file-transfer';
import { type LocalSettings, readLocalSettings } from './local-settings';

/** Messages of the spec's error catalogue met while opening the workspace. */
export const UNSUPPORTED_BROWSER =
  'Your browser is not supported. Please upgrade to the latest version.';
export const LOCAL_DB_ERROR = 'Local DB access error.';

type ContentListener = (item: StoredItem<ContentItem>) => void;

/** The open workspace of this tab: its local database, the cross-tab change feed, and the
 * wiring between them and the store. The editor and preview attach to it. */
export class WorkspaceService {
  readonly newId = createIdGenerator((length) => crypto.getRandomValues(new Uint8Array(length)));
  private readonly contentListeners = new Set<ContentListener>();
  private lastLayoutJson = '';
  private unsubscribeStore: () => void = () => {};
  // How many settings texts were read, to show only the last one asked (see showSettings).
  private settingsRead = 0;

  private readonly feed: ChangeFeed;

  /** The local revisions of the workspace's files (docs/how-to/history.md), as the `history`
   * settings say. */
  readonly history: LocalHistory;

  private constructor(
    readonly repo: ItemRepository,
    private readonly store: AppStore,
    private readonly signal: ChangeSignal & { close(): void },
    /** The files' texts in memory for the explorer's search, kept current from every write. */
    readonly texts: TextIndex,
  ) {
    this.history = new LocalHistory(repo, {
      newId: this.newId,
      settings: () => this.store.getState().settings.settings.history,
      onError: (error) => console.error('A local revision could not be kept.', error),
    });
    const observed = observeWrites(repo, (write) => {
      if (write.tx === 0) return;
      const items = write.items.map((item) => ({ ...item, tx: write.tx }) as StoredItem);
      this.applyChanges({
        tx: write.tx,
        items,
        deletedIds: [...write.deletedIds],
        ownTx: new Set(),
      });
    });
    // A sync that changes a file's text (a merge, a newer version) keeps the text it replaces.
    this.syncRepo = withSnapshotsBeforeOverwrite(observed, this.history, 'merge');
    this.feed = new ChangeFeed({
      repo,
      signal,
      timers: browserTimers,
      onChanges: (batch) => this.applyChanges(batch),
      onReload: () => window.location.reload(),
      onError: (error) => console.error('Reading changes from the local database failed.', error),
    });
  }

  /** Opens a workspace (the main one unless told) in this tab, creating the Welcome file when
   * its local database is new. */
  static async open(
    store: AppStore,
    workspaceId: string = MAIN_WORKSPACE_ID,
  ): Promise<WorkspaceService | undefined> {
    if (typeof indexedDB === 'undefined') {
      store.dispatch(workspaceFailed(UNSUPPORTED_BROWSER));
      return undefined;
    }
    const name = databaseName(workspaceId);
    let dexie;
    try {
      dexie = await openDexieRepository(name, { indexedDB, IDBKeyRange });
    } catch (error) {
      console.error(error);
      store.dispatch(workspaceFailed(LOCAL_DB_ERROR));
      return undefined;
    }
    const signal = broadcastSignal(name);
    const texts = new TextIndex();
    const repo = observeWrites(withChangeSignal(dexie, signal), (write) => texts.written(write));
    // Another tab upgraded the database: this one reloads onto the new schema (spec core §4).
    repo.onVersionChange(() => window.location.reload());
    const service = new WorkspaceService(repo, store, signal, texts);
    await service.load();
    await service.feed.start();
    return service;
  }

  /** The repository the sync writes through. The change feed leaves out this tab's own
   * writes, so what the sync writes is shown here as it is written, as another tab's writes
   * are: the tree, the open text (merged with what is being typed), properties and settings. */
  readonly syncRepo: ItemRepository;

  /** Calls `listener` with each content item another tab saved. */
  onContentChange(listener: ContentListener): () => void {
    this.contentListeners.add(listener);
    return () => this.contentListeners.delete(listener);
  }

  /** Makes a file the current one, and the most recently opened. */
  async openFile(fileId: string): Promise<void> {
    if (this.store.getState().workspace.currentFileId === fileId) return;
    await recordOpened(this.repo, fileId);
    this.store.dispatch(currentFileChanged(fileId));
  }

  /** Saves a file's properties; invalid YAML is refused with the parser's message. */
  async saveProperties(fileId: string, properties: string): Promise<void> {
    await saveProperties(this.repo, fileId, properties);
    this.store.dispatch(propertiesLoaded({ fileId, properties }));
  }

  /** Saves the custom settings; invalid YAML is refused with the parser's message. */
  async saveSettings(text: string): Promise<void> {
    await saveCustomSettings(this.repo, text);
    await this.showSettings(text);
  }

  /** Stores local settings (the dialogs' choices, the chosen themes, custom styles) in the
   * `localSettings` data item, keeping the item's other fields. */
  async saveLocalSettings(changes: Partial<ThemeSettings & LocalSettings>): Promise<void> {
    const saved = await this.repo.update<DataItem>('localSettings', (current) => {
      const data = current?.data;
      const kept = typeof data === 'object' && data !== null ? data : {};
      return withHash<DataItem>({
        id: 'localSettings',
        type: 'data',
        data: { ...kept, ...changes },
      });
    });
    // (The theme panel shows its choices at once; the dialogs read theirs from the store.)
    this.store.dispatch(localSettingsLoaded(readLocalSettings(saved?.data)));
  }

  /** Stores the user's templates in the `templates` data item (the built-in ones are never
   * stored) and shows them. */
  async saveTemplates(templates: Templates): Promise<void> {
    const data = storedTemplates(templates);
    await this.repo.put([withHash<DataItem>({ id: 'templates', type: 'data', data })]);
    this.store.dispatch(templatesLoaded(readTemplates(data)));
  }

  /** Renames a file (the name is sanitised by core). */
  async rename(fileId: string, name: string): Promise<void> {
    const file = await renameFile(this.repo, fileId, name);
    if (file) this.store.dispatch(itemsChanged({ items: [file], deletedIds: [] }));
  }

  /** Writes a workspace backup file's items into this workspace (merged by id) and shows them
   * as if another tab had written them: the tree, the open text, properties and settings
   * follow. Only the first BACKUP_MAX_BYTES (100,000,000) bytes are read (ADR 0006); a
   * file that is not a backup, or is larger than that, throws a BackupError saying so. */
  async importBackup(file: Blob): Promise<ImportResult> {
    const text = decodeUtf8(await file.slice(0, BACKUP_MAX_BYTES).arrayBuffer());
    let result: ImportResult;
    try {
      // A backup's file written over one of this workspace keeps the text it replaces.
      const repo = withSnapshotsBeforeOverwrite(this.repo, this.history, 'backup');
      result = await importWorkspace(repo, text);
    } catch (error) {
      if (error instanceof BackupError && file.size > BACKUP_MAX_BYTES) {
        throw new BackupError(BACKUP_TOO_LARGE_MESSAGE);
      }
      throw error;
    }
    this.applyChanges({ tx: 0, items: result.items, deletedIds: [], ownTx: new Set() });
    return result;
  }

  /** Writes the files and folders of a StackEdit workspace backup into this workspace, beside
   * what is there (issue 33; its trashed files into the trash), and shows them; a zip backup's
   * images too. Undefined, writing nothing, when the file is not a StackEdit backup. Reads as
   * much as {@link importBackup} does. */
  /** Imports a backup file: Inkstone's ({@link importBackup}) or else StackEdit's
   * ({@link importStackeditBackup}); a file that is neither throws Inkstone's BackupError. */
  async importAnyBackup(
    file: Blob,
  ): Promise<{ inkstone: ImportResult } | { stackedit: ImportReport }> {
    try {
      return { inkstone: await this.importBackup(file) };
    } catch (error) {
      // Not an Inkstone backup: perhaps StackEdit's (docs/how-to/move-from-stackedit.md).
      if (!(error instanceof BackupError) || error.message !== NOT_A_BACKUP_MESSAGE) throw error;
      const report = await this.importStackeditBackup(file);
      if (!report) throw error;
      return { stackedit: report };
    }
  }

  async importStackeditBackup(file: Blob): Promise<ImportReport | undefined> {
    const bytes = new Uint8Array(await file.slice(0, BACKUP_MAX_BYTES).arrayBuffer());
    // StackEdit+'s zip backup, with images (its reader loaded only for it).
    const zip = await (await import('./stackedit-zip')).readStackeditZip(bytes);
    return importStackeditBackup(this.repo, this.newId, zip?.workspaceJson ?? decodeUtf8(bytes), {
      onWritten: (items) => this.store.dispatch(itemsChanged({ items, deletedIds: [] })),
      images: zip?.images ?? [],
    });
  }

  /** Closes the database connection and stops following other tabs. */
  close(): void {
    this.unsubscribeStore();
    this.feed.stop();
    this.signal.close();
    this.repo.close();
  }

  // Shows a custom settings text and the settings it gives. Reading them may wait for the YAML
  // parser's code: a text read later (another tab's, a save) is never overtaken by an earlier
  // one. Should that code not arrive, the text is kept and the defaults apply meanwhile.
  private async showSettings(custom: string): Promise<void> {
    const turn = ++this.settingsRead;
    let settings: UserSettings;
    try {
      settings = await settingsOf(custom);
    } catch (error) {
      console.error('The settings could not be read; the defaults apply.', error);
      settings = defaultSettings();
    }
    if (turn === this.settingsRead) this.store.dispatch(customSettingsLoaded({ custom, settings }));
  }

  private showLocalSettings(data: unknown): void {
    this.store.dispatch(themesLoaded(readThemeSettings(data)));
    this.store.dispatch(localSettingsLoaded(readLocalSettings(data)));
  }

  private async load(): Promise<void> {
    const layout = await this.repo.get<DataItem<LayoutSettings>>('layoutSettings');
    this.showLayout(readLayoutSettings(layout?.data));
    await this.showSettings(await readCustomSettings(this.repo));
    const localSettings = await this.repo.get<DataItem>('localSettings');
    this.showLocalSettings(localSettings?.data);
    const templates = await this.repo.get<DataItem>('templates');
    this.store.dispatch(templatesLoaded(readTemplates(templates?.data)));
    // A first visit's Welcome file gets the id the early editor gave it (early/early-handle.ts).
    const welcomeId = this.repo.name === EARLY_DB_NAME ? earlyWelcomeId() : undefined;
    const newId = welcomeId ? firstThen(welcomeId, this.newId) : this.newId;
    const current = await resolveCurrentFile(this.repo, newId, WELCOME_TEXT);
    await recordOpened(this.repo, current.id);
    const files = (await this.repo.getAll('file')) as FileItem[];
    const folders = (await this.repo.getAll('folder')) as FolderItem[];
    this.store.dispatch(workspaceReady({ files, folders, currentFileId: current.id }));
    this.unsubscribeStore = this.store.subscribe(() => this.persistLayout());
  }

  private showLayout(layout: LayoutSettings): void {
    this.lastLayoutJson = JSON.stringify(layout);
    this.store.dispatch(layoutLoaded(layout));
  }

  // Layout changes made in this tab are stored; those loaded from another tab are not echoed.
  private persistLayout(): void {
    const layout = this.store.getState().layout;
    const json = JSON.stringify(layout);
    if (json === this.lastLayoutJson) return;
    this.lastLayoutJson = json;
    this.repo
      .put([
        withHash<DataItem<LayoutSettings>>({ id: 'layoutSettings', type: 'data', data: layout }),
      ])
      .catch((error: unknown) => {
        console.error(error);
        this.store.dispatch(notified('error', LOCAL_DB_ERROR));
      });
  }

  private applyChanges(batch: ChangeBatch): void {
    this.texts.written(batch);
    const treeItems = batch.items.filter(
      (item): item is StoredItem<FileItem | FolderItem> =>
        item.type === 'file' || item.type === 'folder',
    );
    if (treeItems.length > 0 || batch.deletedIds.length > 0) {
      this.store.dispatch(itemsChanged({ items: treeItems, deletedIds: batch.deletedIds }));
    }
    const currentFileId = this.store.getState().workspace.currentFileId;
    for (const item of batch.items) {
      if (item.type === 'content') {
        const content = item as StoredItem<ContentItem>;
        for (const listener of this.contentListeners) listener(content);
        if (currentFileId && content.id === itemIds.content(currentFileId)) {
          this.store.dispatch(
            propertiesLoaded({ fileId: currentFileId, properties: content.properties }),
          );
        }
      } else if (item.id === 'layoutSettings') {
        this.showLayout(readLayoutSettings((item as DataItem).data));
      } else if (item.id === 'settings' && typeof (item as DataItem).data === 'string') {
        this.showSettings((item as DataItem<string>).data).catch((error: unknown) =>
          console.error('The settings written in another tab could not be shown.', error),
        );
      } else if (item.id === 'localSettings') {
        this.showLocalSettings((item as DataItem).data);
      } else if (item.id === 'templates') {
        this.store.dispatch(templatesLoaded(readTemplates((item as DataItem).data)));
      }
    }
  }
}

// An id generator giving `first`, then the ids of `then`.
function firstThen(first: string, then: () => string): () => string {
  let given = false;
  return () => {
    if (given) return then();
    given = true;
    return first;
  };
}
