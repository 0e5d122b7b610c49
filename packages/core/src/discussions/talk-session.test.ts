import { describe, expect, it } from 'vitest';
import { MemoryDatabase } from '../db/memory-repository.js';
import { withHash } from '../items/hash.js';
import { itemIds } from '../items/item-ids.js';
import { type ContentItem } from '../items/types.js';
import { type TextEdit } from '../merge/text-edit.js';
import { ContentSession, preloadMerging } from '../session/content-session.js';
import { FakeEditor } from '../testing/text-host.js';
import { mapDiscussions } from './anchors.js';
import { type Talk } from './merge-talk.js';

const FILE = 'file0000000000001';

// A stand-in editor that also holds the file's discussions and comments, mapped through every
// edit as the app's editor maps them.
class TalkEditor extends FakeEditor {
  talk: Talk = { discussions: {}, comments: {} };
  getTalk = () => this.talk;
  setTalk = (talk: Talk) => {
    this.talk = talk;
  };
  override applyEdits(edits: TextEdit[]): void {
    super.applyEdits(edits);
    this.talk = { ...this.talk, discussions: mapDiscussions(this.talk.discussions, edits) };
  }
  override type(at: number, insert: string, remove = 0): void {
    super.type(at, insert, remove);
    const edit = { from: at, to: at + remove, insert };
    this.talk = { ...this.talk, discussions: mapDiscussions(this.talk.discussions, [edit]) };
  }
  discuss(id: string, word: string, comment: string, sub: string) {
    const start = this.text.indexOf(word);
    this.talk = {
      discussions: {
        ...this.talk.discussions,
        [id]: { text: word, start, end: start + word.length },
      },
      comments: {
        ...this.talk.comments,
        [`${id}c`]: { discussionId: id, sub, text: comment, created: 1 },
      },
    };
  }
}

const covered = (editor: TalkEditor) =>
  Object.fromEntries(
    Object.entries(editor.talk.discussions).map(([id, d]) => [
      id,
      editor.text.slice(d.start, d.end),
    ]),
  );

describe('discussions in a content session', () => {
  it('saves discussions with the text and merges two tabs commenting at once', async () => {
    await preloadMerging();
    const db = new MemoryDatabase('inkstone-db');
    const repo = db.connect();
    await repo.put([
      withHash<ContentItem>({
        id: itemIds.content(FILE),
        type: 'content',
        text: 'alpha beta gamma\n',
        properties: '',
        discussions: {},
        comments: {},
        history: [],
      }),
    ]);
    const open = async () => {
      const editor = new TalkEditor('');
      const session = await ContentSession.open({ repo: db.connect(), fileId: FILE, host: editor });
      editor.text = session.text;
      editor.talk = session.content;
      return { editor, session };
    };
    const a = await open();
    const b = await open();
    a.editor.type(0, 'x ');
    a.editor.discuss('d1', 'beta', 'first', 'ann');
    expect(a.session.isDirty()).toBe(true);
    await a.session.save();
    b.editor.discuss('d2', 'gamma', 'second', 'bob');
    b.editor.type(b.editor.text.length - 1, ' delta');
    await b.session.save();
    // B's save merged A's: both discussions, both comments, each on its word.
    expect(b.editor.text).toBe('x alpha beta gamma delta\n');
    expect(covered(b.editor)).toEqual({ d1: 'beta', d2: 'gamma' });
    const stored = (await repo.get<ContentItem>(itemIds.content(FILE)))!;
    expect(Object.keys(stored.comments).sort()).toEqual(['d1c', 'd2c']);
    // A takes in B's version: the discussion B started shows in A on the same word.
    await a.session.receive(stored);
    expect(covered(a.editor)).toEqual({ d1: 'beta', d2: 'gamma' });
    expect(a.session.isDirty()).toBe(false);
  });
});
