// What the early editor shows, read straight from the main workspace's IndexedDB database
// before the app's code (Dexie, the core) has loaded: the file the app would open first, its
// text and where the caret was. Only in the plain case: the main workspace (no query string), no
// reset asked for, the editor shown. Anything else, or anything unexpected in the database, and
// the app starts as before, without an early editor.
//
// The names below are the core's (DB_NAME, itemIds, the lastOpened and layoutSettings items,
// RESET_FLAG_KEY); early-document.test.ts checks that they still are.

export const EARLY_DB_NAME = 'inkstone-db';
export const EARLY_RESET_FLAG_KEY = 'inkstone-reset';
/** The localStorage key of the early editor's journal (the unsaved journal's own prefix, so that
 * the app's journal takes it back: unsaved-journal.ts). */
export const EARLY_JOURNAL_KEY = `${EARLY_DB_NAME}:unsaved:early`;

/** A stored file to show, or the Welcome file of a first visit. */
export interface EarlyDocument {
  fileId: string;
  text: string;
  welcome: boolean;
  selection?: { anchor: number; head: number };
  /** Where the editor was scrolled (the core's ScrollPosition). */
  scroll?: { pos: number; offset: number };
  layout: EarlyLayout;
}

/** The layout settings the early editor places itself by (spec interface §3's defaults). */
export interface EarlyLayout {
  showNavigationBar: boolean;
  showSidePreview: boolean;
  showStatusBar: boolean;
  showSideBar: boolean;
  showExplorer: boolean;
}

const DEFAULT_LAYOUT: EarlyLayout = {
  showNavigationBar: true,
  showSidePreview: true,
  showStatusBar: true,
  showSideBar: false,
  showExplorer: false,
};

/** What the early start reads from the browser (replaced in tests). */
export interface EarlyEnvironment {
  search: string;
  storage: Pick<Storage, 'getItem'> | undefined;
  indexedDB: IDBFactory | undefined;
  welcomeText: () => Promise<string>;
  newId: () => string;
}

type Row = Record<string, unknown> | undefined;

/** The document the early editor shows, or null when the app should start without one. */
export async function readEarlyDocument(env: EarlyEnvironment): Promise<EarlyDocument | null> {
  if (env.search !== '' || !env.indexedDB || !env.storage) return null;
  if (env.storage.getItem(EARLY_RESET_FLAG_KEY) !== null) return null;
  const db = await openExisting(env.indexedDB, EARLY_DB_NAME);
  if (db === 'absent') {
    // A first visit: the app will create the Welcome file. Its id is the one an early journal
    // names, if a first visit's page closed before the app had loaded.
    const journal = readJournal(env.storage);
    return {
      fileId: journal?.fileId ?? env.newId(),
      text: await env.welcomeText(),
      welcome: true,
      layout: DEFAULT_LAYOUT,
    };
  }
  try {
    if (!db.objectStoreNames.contains('objects')) return null;
    const [lastOpened, layoutItem, settings] = await getRows(db, [
      'lastOpened',
      'layoutSettings',
      'settings',
    ]);
    const layout = readLayout(layoutItem?.data);
    if (!layout) return null;
    // Settings the user wrote (font size, text width, keys…) apply from the first screen: the
    // app reads them, without an early editor.
    if (isLive(settings) && typeof settings.data === 'string' && !isBlankYaml(settings.data))
      return null;
    const fileIds = (lastOpened?.data as { fileIds?: unknown } | undefined)?.fileIds;
    const fileId = Array.isArray(fileIds) && typeof fileIds[0] === 'string' ? fileIds[0] : null;
    if (!fileId) return null;
    const [file, content, state] = await getRows(db, [
      fileId,
      `${fileId}/content`,
      `${fileId}/contentState`,
    ]);
    if (!isLive(file) || file.type !== 'file' || file.parentId === 'trash') return null;
    if (!isLive(content) || typeof content.text !== 'string') return null;
    const text = content.text;
    return {
      fileId,
      text,
      welcome: false,
      selection: readSelection(state, text.length),
      scroll: readScroll(state, text.length),
      layout,
    };
  } finally {
    db.close();
  }
}

// Opens a database only if it exists: a new one's creation is undone (the app creates it, with
// its schema, through Dexie).
function openExisting(factory: IDBFactory, name: string): Promise<IDBDatabase | 'absent'> {
  return new Promise((resolve, reject) => {
    let created = false;
    const request = factory.open(name);
    request.onupgradeneeded = () => {
      created = true;
      request.transaction?.abort();
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => {
      if (created) resolve('absent');
      else reject(request.error ?? new Error('The database could not be opened.'));
    };
    request.onblocked = () => reject(new Error('The database is blocked.'));
  });
}

function getRows(db: IDBDatabase, ids: string[]): Promise<Row[]> {
  return new Promise((resolve, reject) => {
    const store = db.transaction('objects', 'readonly').objectStore('objects');
    const rows: Row[] = [];
    let left = ids.length;
    ids.forEach((id, index) => {
      const request = store.get(id);
      request.onsuccess = () => {
        rows[index] = request.result as Row;
        left -= 1;
        if (left === 0) resolve(rows);
      };
      request.onerror = () => reject(request.error ?? new Error(`${id} could not be read.`));
    });
  });
}

// A live item (a deleted one leaves a tombstone, `deleted: 1`, for a while).
function isLive(row: Row): row is Record<string, unknown> {
  return typeof row === 'object' && row !== null && !('deleted' in row);
}

// The layout the editor shows in, or null when it does not show (the editor hidden: the app
// shows the preview alone).
function readLayout(stored: unknown): EarlyLayout | null {
  const layout = { ...DEFAULT_LAYOUT };
  if (typeof stored !== 'object' || stored === null) return layout;
  const record = stored as Record<string, unknown>;
  if (record.showEditor === false) return null;
  for (const key of Object.keys(DEFAULT_LAYOUT) as (keyof EarlyLayout)[]) {
    if (typeof record[key] === 'boolean') layout[key] = record[key];
  }
  return layout;
}

function readSelection(state: Row, length: number): EarlyDocument['selection'] {
  if (!isLive(state)) return undefined;
  const { selectionStart, selectionEnd } = state;
  if (typeof selectionStart !== 'number' || typeof selectionEnd !== 'number') return undefined;
  const clamp = (pos: number) => Math.max(0, Math.min(length, Math.floor(pos)));
  return { anchor: clamp(selectionStart), head: clamp(selectionEnd) };
}

function readScroll(state: Row, length: number): EarlyDocument['scroll'] {
  if (!isLive(state)) return undefined;
  const scroll = state.scrollPosition as { pos?: unknown; offset?: unknown } | null | undefined;
  if (typeof scroll?.pos !== 'number' || typeof scroll.offset !== 'number') return undefined;
  return { pos: Math.max(0, Math.min(length, Math.floor(scroll.pos))), offset: scroll.offset };
}

/** Whether a settings text holds only blank lines and comments (the core's isBlankYaml). */
export function isBlankYaml(text: string): boolean {
  return text.split('\n').every((line) => {
    const start = line.trimStart();
    return start === '' || start.startsWith('#');
  });
}

function readJournal(storage: Pick<Storage, 'getItem'>): { fileId: string } | undefined {
  try {
    const parsed = JSON.parse(storage.getItem(EARLY_JOURNAL_KEY) ?? 'null') as unknown;
    const fileId = (parsed as { fileId?: unknown } | null)?.fileId;
    return typeof fileId === 'string' && /^[0-9a-zA-Z]{16}$/.test(fileId) ? { fileId } : undefined;
  } catch {
    return undefined;
  }
}
