import { describe, expect, it, vi } from 'vitest';
import { MemoryDatabase } from '../db/memory-repository.js';
import { withHash } from '../items/hash.js';
import { itemIds } from '../items/item-ids.js';
import { type ContentItem, type ContentStateItem } from '../items/types.js';
import { FakeEditor } from '../testing/text-host.js';

// Each test takes a fresh copy of the session's module, whose merge's code is not loaded yet: a
// fresh app whose first save, or first change received, follows another tab's save.
const FILE = 'file0000000000001';

async function freshSessions() {
  vi.resetModules();
  return (await import('./content-session.js')).ContentSession;
}

describe('a save that needs the merge before its code is loaded', () => {
  it('writes nothing, loads it, and merges: both tabs’ edits and the caret kept', async () => {
    const ContentSession = await freshSessions();
    const db = new MemoryDatabase('inkstone-db');
    await db.connect().put([
      withHash<ContentItem>({
        id: itemIds.content(FILE),
        type: 'content',
        text: 'Line one.\nLine two.\n',
        properties: '',
        discussions: {},
        comments: {},
        history: [],
      }),
    ]);
    const open = async () => {
      const repo = db.connect();
      const editor = new FakeEditor('');
      const session = await ContentSession.open({ repo, fileId: FILE, host: editor });
      editor.text = session.text;
      return { repo, editor, session };
    };
    const a = await open();
    const b = await open();
    // B saves first (no merge needed: nobody wrote since it read the file).
    b.editor.type(0, 'B was here.\n');
    await b.session.save();
    // A never heard of it: its save has to merge.
    a.editor.type('Line one.\nLine two.'.length, ' A');
    a.editor.at('Line one.\nLine two. A'.length);
    await a.session.save();
    const stored = await a.repo.get<ContentItem>(itemIds.content(FILE));
    expect(stored?.text).toBe('B was here.\nLine one.\nLine two. A\n');
    expect(a.editor.text).toBe('B was here.\nLine one.\nLine two. A\n');
    const state = await a.repo.get<ContentStateItem>(itemIds.contentState(FILE));
    expect(stored!.text.slice(0, state!.selectionStart)).toBe(
      'B was here.\nLine one.\nLine two. A',
    );
  });

  it('takes in another tab’s save received before the code is loaded, once it is', async () => {
    const ContentSession = await freshSessions();
    const db = new MemoryDatabase('inkstone-db');
    const repo = db.connect();
    await repo.put([
      withHash<ContentItem>({
        id: itemIds.content(FILE),
        type: 'content',
        text: 'Shared.\n',
        properties: '',
        discussions: {},
        comments: {},
        history: [],
      }),
    ]);
    const editor = new FakeEditor('');
    const session = await ContentSession.open({ repo, fileId: FILE, host: editor });
    editor.text = session.text;
    const other = db.connect();
    await other.update<ContentItem>(itemIds.content(FILE), (current) =>
      current ? withHash<ContentItem>({ ...current, text: 'Shared. Theirs.\n' }) : undefined,
    );
    // Typed here meanwhile: kept with theirs.
    editor.type(0, 'Mine. ');
    await session.receive((await other.get<ContentItem>(itemIds.content(FILE)))!);
    expect(editor.text).toBe('Mine. Shared. Theirs.\n');
    await session.save();
    expect((await repo.get<ContentItem>(itemIds.content(FILE)))?.text).toBe(
      'Mine. Shared. Theirs.\n',
    );
  });
});
