// @vitest-environment jsdom
import {
  type ContentItem,
  type ContentStateItem,
  createFile,
  type DataItem,
  DB_NAME,
  type FileItem,
  isBlankYaml as coreIsBlankYaml,
  type ItemRepository,
  itemIds,
  LocalHistory,
  recordOpened,
  withHash,
} from '@inkstone/core';
import { openDexieRepository } from '@inkstone/core/dexie';
import { EditorSelection } from '@codemirror/state';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EditorController, type EditorEvents, textChange } from '../editor/editor-controller';
import { RESET_FLAG_KEY } from '../services/reset';
import { type WorkspaceService } from '../services/workspace';
import {
  EARLY_DB_NAME,
  EARLY_JOURNAL_KEY,
  EARLY_RESET_FLAG_KEY,
  type EarlyEnvironment,
  isBlankYaml,
  readEarlyDocument,
} from './early-document';
import { isAppShortcut, showEarlyEditor } from './early-editor';
import { takeEarlyEditor } from './early-handle';

const TEXT = '# Chapter one\n\nIt was a dark night.\n';
const WELCOME = '# Welcome\n';

let factory: IDBFactory;
const environment = (change: Partial<EarlyEnvironment> = {}): EarlyEnvironment => ({
  search: '',
  storage: localStorage,
  indexedDB: factory,
  welcomeText: () => Promise.resolve(WELCOME),
  newId: () => 'welcome000000000',
  ...change,
});

// The main workspace's database as the app leaves it: a file, opened last, its caret stored.
async function storedWorkspace(text = TEXT) {
  const repo = await openDexieRepository(DB_NAME, { indexedDB: factory, IDBKeyRange });
  let next = 0;
  const file = await createFile(repo, () => `file${(next += 1)}`.padEnd(16, '0'), { text });
  await recordOpened(repo, file.id);
  await repo.put([
    withHash<ContentStateItem>({
      id: itemIds.contentState(file.id),
      type: 'contentState',
      selectionStart: 16,
      selectionEnd: 18,
      scrollPosition: { pos: 15, offset: 4 },
    }),
  ]);
  return { repo, file };
}

const silentEvents = new Proxy({} as EditorEvents, { get: () => () => false });
const workspaceOf = (repo: unknown) =>
  ({
    repo,
    history: new LocalHistory(repo as ItemRepository, {
      newId: () => `rev${Math.random()}`,
      settings: () => ({ local: true, maxBytes: 1_000_000 }),
    }),
    onContentChange: () => () => undefined,
  }) as unknown as WorkspaceService;

// (jsdom lays nothing out: CodeMirror's measuring of the page finds empty rectangles.)
Range.prototype.getClientRects = () => [] as unknown as DOMRectList;
Range.prototype.getBoundingClientRect = () => new DOMRect();

let controllers: EditorController[] = [];
// The app's editor, as the editor pane makes it (closed after the test).
function appEditor(repo: unknown, pane = document.createElement('div')): EditorController {
  const controller = new EditorController(pane, workspaceOf(repo), silentEvents);
  controllers.push(controller);
  return controller;
}
beforeEach(() => {
  factory = new IDBFactory();
  vi.stubGlobal('indexedDB', factory);
  localStorage.clear();
});
afterEach(() => {
  for (const controller of controllers) controller.destroy();
  controllers = [];
  takeEarlyEditor()?.dismiss();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('the early document', () => {
  it('names what the core names: the database, the reset flag, the journal prefix', () => {
    expect(EARLY_DB_NAME).toBe(DB_NAME);
    expect(EARLY_RESET_FLAG_KEY).toBe(RESET_FLAG_KEY);
    expect(EARLY_JOURNAL_KEY.startsWith(`${DB_NAME}:unsaved:`)).toBe(true);
  });

  it('is the last opened file, its text and its caret', async () => {
    const { repo, file } = await storedWorkspace();
    repo.close();
    expect(await readEarlyDocument(environment())).toEqual({
      fileId: file.id,
      text: TEXT,
      welcome: false,
      selection: { anchor: 16, head: 18 },
      scroll: { pos: 15, offset: 4 },
      layout: expect.objectContaining({ showSidePreview: true, showExplorer: false }),
    });
  });

  it('is the Welcome text on a first visit, and leaves no database behind', async () => {
    expect(await readEarlyDocument(environment())).toMatchObject({
      fileId: 'welcome000000000',
      text: WELCOME,
      welcome: true,
    });
    expect(await factory.databases()).toEqual([]);
  });

  it('is none for another workspace, a reset, settings the user wrote, a file in the trash, or the editor hidden', async () => {
    const { repo, file } = await storedWorkspace();
    // Comments only (the template every workspace starts with): the early editor shows.
    await repo.put([withHash<DataItem>({ id: 'settings', type: 'data', data: '# A comment\n' })]);
    expect(await readEarlyDocument(environment())).not.toBeNull();
    await repo.put([
      withHash<DataItem>({ id: 'settings', type: 'data', data: 'fontSizeFactor: 2\n' }),
    ]);
    expect(await readEarlyDocument(environment())).toBeNull();
    await repo.put([withHash<DataItem>({ id: 'settings', type: 'data', data: '' })]);
    expect(await readEarlyDocument(environment({ search: '?providerId=couchdb' }))).toBeNull();
    localStorage.setItem(RESET_FLAG_KEY, '1');
    expect(await readEarlyDocument(environment())).toBeNull();
    localStorage.clear();
    await repo.put([
      withHash<DataItem>({ id: 'layoutSettings', type: 'data', data: { showEditor: false } }),
    ]);
    expect(await readEarlyDocument(environment())).toBeNull();
    const { tx: _tx, hash: _hash, ...stored } = (await repo.get<FileItem>(file.id))!;
    await repo.put([
      withHash<DataItem>({ id: 'layoutSettings', type: 'data', data: {} }),
      withHash<FileItem>({ ...stored, parentId: 'trash' }),
    ]);
    expect(await readEarlyDocument(environment())).toBeNull();
    repo.close();
  });
});

describe('the early editor, taken over by the app', () => {
  it('keeps the words typed before the app loaded, with the caret, in the same view, and saves them', async () => {
    const { repo, file } = await storedWorkspace();
    const early = showEarlyEditor((await readEarlyDocument(environment()))!);
    expect(early.view.contentDOM.getAttribute('aria-label')).toBe('Editor');
    expect(performance.getEntriesByName('inkstone:editable')).toHaveLength(1);
    // Typed before the app's code arrived.
    early.view.dispatch({
      changes: { from: TEXT.length, insert: 'The end.' },
      selection: EditorSelection.cursor(TEXT.length + 8),
      userEvent: 'input.type',
    });
    const pane = document.createElement('div');
    const controller = appEditor(repo, pane);
    expect(controller.view).toBe(early.view);
    expect(pane.contains(early.view.dom)).toBe(true);
    expect(document.querySelector('.early-editor')).toBeNull();
    await controller.open(file.id);
    expect(controller.view.state.doc.toString()).toBe(`${TEXT}The end.`);
    expect(controller.view.state.selection.main.head).toBe(TEXT.length + 8);
    // The app's editor now: its save stores the words.
    expect(await controller.save()).toBe(true);
    // (A saved text ends with a line break.)
    expect((await repo.get<ContentItem>(itemIds.content(file.id)))?.text).toBe(`${TEXT}The end.\n`);
  });

  it('merges the words typed early with another tab’s save made meanwhile', async () => {
    const { repo, file } = await storedWorkspace();
    const early = showEarlyEditor((await readEarlyDocument(environment()))!);
    early.view.dispatch({ changes: { from: TEXT.length, insert: 'Mine.' } });
    // Another tab saves the file before this tab's app has opened it.
    const content = (await repo.get<ContentItem>(itemIds.content(file.id)))!;
    const { tx: _tx, hash: _hash, ...item } = content;
    await repo.put([withHash<ContentItem>({ ...item, text: `Theirs.\n${TEXT}` })]);
    const controller = appEditor(repo);
    await controller.open(file.id);
    await vi.waitFor(async () =>
      expect((await repo.get<ContentItem>(itemIds.content(file.id)))?.text).toBe(
        `Theirs.\n${TEXT}Mine.\n`,
      ),
    );
    expect(controller.view.state.doc.toString()).toBe(`Theirs.\n${TEXT}Mine.`);
  });

  it('keeps what was typed in the journal when the page closes before the app loaded, and the next start brings it back', async () => {
    const { repo, file } = await storedWorkspace();
    const early = showEarlyEditor((await readEarlyDocument(environment()))!);
    early.view.dispatch({ changes: { from: 0, insert: 'Kept. ' } });
    window.dispatchEvent(new Event('pagehide'));
    expect(JSON.parse(localStorage.getItem(EARLY_JOURNAL_KEY)!)).toMatchObject({
      fileId: file.id,
      baseText: TEXT,
      text: `Kept. ${TEXT}`,
    });
    // The page went: the next start's editor (with no early editor) opens the file.
    takeEarlyEditor();
    const controller = appEditor(repo);
    await controller.open(file.id);
    await vi.waitFor(async () =>
      expect((await repo.get<ContentItem>(itemIds.content(file.id)))?.text).toBe(`Kept. ${TEXT}`),
    );
    expect(localStorage.getItem(EARLY_JOURNAL_KEY)).toBeNull();
  });

  it('keeps what was typed for its file when the app opens another one', async () => {
    const { repo, file } = await storedWorkspace();
    const other = await createFile(repo, () => 'other00000000000', { text: 'Other.' });
    const early = showEarlyEditor((await readEarlyDocument(environment()))!);
    early.view.dispatch({ changes: { from: 0, insert: 'Early. ' } });
    const controller = appEditor(repo);
    await controller.open(other.id);
    expect(controller.view.state.doc.toString()).toBe('Other.\n');
    // Opened later, the file has the words typed early.
    await controller.open(file.id);
    await vi.waitFor(async () =>
      expect((await repo.get<ContentItem>(itemIds.content(file.id)))?.text).toBe(`Early. ${TEXT}`),
    );
    expect(controller.view.state.doc.toString()).toBe(`Early. ${TEXT}`);
  });
});

describe('isBlankYaml', () => {
  it('says what the core says', () => {
    for (const text of ['', '\n', '# a\n  # b\n\n', 'a: 1', '  key: x\n# c', '#', ' \t\n'])
      expect(isBlankYaml(text)).toBe(coreIsBlankYaml(text));
  });
});

describe('textChange', () => {
  it('is the one change between two texts', () => {
    expect(textChange('abcdef', 'abXYef')).toEqual({ from: 2, to: 4, insert: 'XY' });
    expect(textChange('aaa', 'aaaa')).toEqual({ from: 3, to: 3, insert: 'a' });
    expect(textChange('same', 'same')).toEqual({ from: 4, to: 4, insert: '' });
    expect(textChange('abc', '')).toEqual({ from: 0, to: 3, insert: '' });
  });
});

describe('the keys the early editor keeps for the app', () => {
  it('are Ctrl/Cmd with a character other than the editing keys, and F3; never the caret keys', () => {
    const key = (k: string, mod = true) => ({ key: k, ctrlKey: mod, metaKey: false });
    expect(isAppShortcut(key('k'))).toBe(true);
    expect(isAppShortcut(key('B'))).toBe(true);
    expect(isAppShortcut(key('F3', false))).toBe(true);
    for (const k of ['Home', 'End', 'ArrowLeft', 'Backspace', 'Enter', 'Control'])
      expect(isAppShortcut(key(k))).toBe(false);
    for (const k of ['a', 'c', 'v', 'x', 'z', 'y']) expect(isAppShortcut(key(k))).toBe(false);
    expect(isAppShortcut(key('k', false))).toBe(false);
  });
});
