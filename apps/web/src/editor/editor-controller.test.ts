// @vitest-environment jsdom
import {
  type ContentItem,
  type ContentStateItem,
  createFile,
  itemIds,
  type ItemRepository,
  LocalHistory,
  MemoryDatabase,
  observeWrites,
  type RepositoryWrite,
} from '@inkstone/core';
import { undo } from '@codemirror/commands';
import { EditorSelection } from '@codemirror/state';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type WorkspaceService } from '../services/workspace';
import { EditorController, type EditorEvents } from './editor-controller';
import { JournalDatabase } from './journal-database';
import { JOURNAL_DELAY } from './unsaved-journal';

const TEXT = 'First line.\nSecond line.\n';

// The workspace an editor needs: its repository and the local history kept in it.
const workspaceOf = (repo: ItemRepository) => {
  let next = 0;
  const history = new LocalHistory(repo, {
    newId: () => `rev${(next += 1)}`,
    settings: () => ({ local: true, maxBytes: 1_000_000 }),
  });
  return { repo, history, onContentChange: () => () => undefined } as unknown as WorkspaceService;
};

// An editor on a file of an in-memory workspace, and every write it makes.
async function setUp() {
  const writes: RepositoryWrite[] = [];
  const repo = observeWrites(new MemoryDatabase('inkstone-db').connect(), (write) => {
    if (write.tx > 0) writes.push(write);
  });
  let next = 0;
  const file = await createFile(repo, () => `file${(next += 1)}`.padEnd(16, '0'), { text: TEXT });
  const workspace = workspaceOf(repo);
  const errors: string[] = [];
  const events = new Proxy({} as EditorEvents, {
    get: (_target, name) => (name === 'onError' ? (m: string) => errors.push(m) : () => false),
  });
  const controller = new EditorController(document.createElement('div'), workspace, events);
  await controller.open(file.id);
  writes.length = 0;
  const type = (text: string, at: number) =>
    controller.view.dispatch({
      changes: { from: at, insert: text },
      selection: EditorSelection.cursor(at + text.length),
      userEvent: 'input.type',
    });
  const state = () => repo.get<ContentStateItem>(itemIds.contentState(file.id));
  return { controller, repo, file, writes, errors, type, state, workspace };
}

let open: EditorController | undefined;
afterEach(() => {
  open?.destroy();
  open = undefined;
});

describe('EditorController', () => {
  it('stores the caret with the text it goes with, in one write (a crash keeps both or neither)', async () => {
    const { controller, file, writes, errors, type, state } = await setUp();
    open = controller;
    const end = 'First line.'.length;
    type(' More words', end);
    expect(await controller.save()).toBe(true);
    expect(errors).toEqual([]);
    // One transaction held the text and the place; nothing was written after it.
    expect(writes).toHaveLength(1);
    const ids = writes[0]!.items.map((item) => item.id).sort();
    expect(ids).toEqual([itemIds.content(file.id), itemIds.contentState(file.id)].sort());
    const content = writes[0]!.items.find((item) => item.type === 'content') as ContentItem;
    expect(content.text).toBe('First line. More words\nSecond line.\n');
    expect(await state()).toMatchObject({
      selectionStart: end + ' More words'.length,
      tx: writes[0]!.tx,
    });
  });

  it('stores a caret moved without typing by itself, and only once', async () => {
    const { controller, writes, state } = await setUp();
    open = controller;
    controller.view.dispatch({ selection: EditorSelection.single(3, 8) });
    // The place's own save, once the caret has stayed put for a moment…
    await vi.waitFor(() => expect(writes).toHaveLength(1));
    // …after which saving writes nothing more.
    await controller.save();
    expect(writes).toHaveLength(1);
    expect(writes[0]!.items.map((item) => item.type)).toEqual(['contentState']);
    expect(await state()).toMatchObject({ selectionStart: 3, selectionEnd: 8 });
  });

  it('keeps edits the database refused in the unsaved-changes journal, which the next start brings back, caret included, and clears', async () => {
    // (jsdom has no IndexedDB: the journal's database is fake-indexeddb's, in memory.)
    vi.stubGlobal('indexedDB', new IDBFactory());
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const { controller, repo, file, errors, type } = await setUp();
      const updateWith = repo.updateWith.bind(repo);
      repo.updateWith = () => Promise.reject(new DOMException('Refused.', 'QuotaExceededError'));
      type(' Refused words', 'First line.'.length);
      expect(await controller.save()).toBe(false);
      expect(errors).toEqual(['Local DB access error.']);
      // Written JOURNAL_DELAY after the change, the save having failed.
      const journal = new JournalDatabase();
      await vi.waitFor(
        async () => expect(await journal.entriesOf('inkstone-db', file.id)).toHaveLength(1),
        { timeout: JOURNAL_DELAY * 3 },
      );
      // Closed: its last save fails too, as the page goes.
      controller.destroy();
      await vi.waitFor(() => expect(errors).toHaveLength(2));

      // The next start: the database works again, the file opens with the edits.
      repo.updateWith = updateWith;
      const next = new EditorController(
        document.createElement('div'),
        workspaceOf(repo),
        new Proxy({} as EditorEvents, { get: () => () => false }),
      );
      open = next;
      await next.open(file.id);
      await vi.waitFor(async () =>
        expect((await repo.get<ContentItem>(itemIds.content(file.id)))?.text).toBe(
          'First line. Refused words\nSecond line.\n',
        ),
      );
      expect(next.view.state.doc.toString()).toBe('First line. Refused words\nSecond line.\n');
      // The caret where it was after the words the journal brought back, not where the last
      // stored place had it (no save stored one: the top of the file).
      expect(next.view.state.selection.main).toMatchObject({
        from: 'First line. Refused words'.length,
        to: 'First line. Refused words'.length,
      });
      await expect(journal.entriesOf('inkstone-db', file.id)).resolves.toEqual([]);
    } finally {
      error.mockRestore();
      vi.unstubAllGlobals();
    }
  });

  it('writes no journal while saves keep up with typing', async () => {
    vi.stubGlobal('indexedDB', new IDBFactory());
    try {
      const { controller, file, type } = await setUp();
      open = controller;
      for (let i = 0; i < 4; i += 1) {
        type('.', 0);
        expect(await controller.save()).toBe(true);
        await new Promise((resolve) => setTimeout(resolve, JOURNAL_DELAY / 2));
      }
      await new Promise((resolve) => setTimeout(resolve, JOURNAL_DELAY * 1.5));
      await expect(new JournalDatabase().entriesOf('inkstone-db', file.id)).resolves.toEqual([]);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('shows a revision read-only over the text, and restores it as one edit Ctrl+Z undoes', async () => {
    const { controller, type } = await setUp();
    open = controller;
    type(' More words', 'First line.'.length);
    const view = controller.view;
    const counts = controller.showRevision('First line.\nSecond line.\nThird line.\n');
    expect(counts).toEqual({ insertions: 1, deletions: 1 });
    expect(view.dom.querySelector('del.cm-revision-deleted')?.textContent).toBe(' More words');
    expect(
      [...view.dom.querySelectorAll('ins.cm-revision-inserted')].map((each) => each.textContent),
    ).toEqual(['Third line.\n']);
    // Read-only: typing changes nothing, and the text is still the current one.
    expect(view.state.readOnly).toBe(true);
    controller.closeRevision();
    expect(view.state.readOnly).toBe(false);
    expect(view.dom.querySelector('.cm-revision-deleted')).toBeNull();

    type('!', 0);
    controller.replaceText('Restored.\n');
    expect(controller.currentText()).toBe('Restored.\n');
    undo(view);
    expect(controller.currentText()).toBe('!First line. More words\nSecond line.\n');
  });

  it('keeps the text of a changed file as a revision when another file opens', async () => {
    const { controller, type, repo, workspace } = await setUp();
    open = controller;
    const other = await createFile(repo, () => 'other'.padEnd(16, '0'), { text: 'Other.\n' });
    const [first] = await repo.getAll('file');
    type('New ', 0);
    await controller.open(other.id);
    await vi.waitFor(async () => expect(await workspace.history.list(first!.id)).toHaveLength(2));
    const [left, before] = await workspace.history.list(first!.id);
    expect(await workspace.history.text(left!.id)).toBe(`New ${TEXT}`);
    expect(left!.reason).toBe('leave');
    expect(await workspace.history.text(before!.id)).toBe(TEXT);
    // Opened and left without a change: nothing more.
    await controller.open(first!.id);
    await controller.open(other.id);
    expect(await workspace.history.list(other.id)).toEqual([]);
    expect(await workspace.history.list(first!.id)).toHaveLength(2);
  });

  it('keeps words typed while another file is being opened, in the file they were typed in', async () => {
    const { controller, type, repo, file } = await setUp();
    open = controller;
    const other = await createFile(repo, () => 'other'.padEnd(16, '0'), { text: 'Other.\n' });
    // The other file's text comes from the database when the test lets it.
    let release = () => {};
    let reading = () => {};
    const read = new Promise<void>((resolve) => (reading = resolve));
    const get = repo.get.bind(repo);
    vi.spyOn(repo, 'get').mockImplementation(async (id) => {
      if (id !== itemIds.content(other.id)) return get(id);
      reading();
      await new Promise<void>((resolve) => (release = resolve));
      return get(id);
    });
    type('Before ', 0);
    const opening = controller.open(other.id);
    // The text left is saved, the other file is being read: a key comes meanwhile.
    await read;
    type('Between ', 0);
    release();
    await opening;
    expect(controller.view.state.doc.toString()).toBe('Other.\n');
    await controller.flush();
    const stored = await repo.get<ContentItem>(itemIds.content(file.id));
    expect(stored?.text).toBe(`Between Before ${TEXT}`);
  });

  it('opens another file when the one left was deleted elsewhere with words typed in it', async () => {
    const { controller, type, repo, file } = await setUp();
    open = controller;
    const other = await createFile(repo, () => 'other'.padEnd(16, '0'), { text: 'Other.\n' });
    type('Unsaved ', 0);
    // Another tab deleted the file: its saves write nothing, and its text stays unsaved.
    await repo.delete([itemIds.content(file.id)]);
    const opened = await Promise.race([
      controller.open(other.id).then(() => true),
      new Promise((resolve) => setTimeout(() => resolve(false), 2_000)),
    ]);
    expect(opened).toBe(true);
    expect(controller.view.state.doc.toString()).toBe('Other.\n');
  });
});
