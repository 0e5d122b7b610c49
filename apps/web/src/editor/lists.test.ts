import { markdown, markdownLanguage } from '@codemirror/lang-markdown';
import { EditorState } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { continueList, renumberOnLineChanges } from './lists';

// Presses Enter at `|` in `marked`, with or without automatic numbering; returns the text with
// the cursor marked.
function enter(marked: string, autoNumber = true): string {
  const cursor = marked.indexOf('|');
  let state = EditorState.create({
    doc: marked.replace('|', ''),
    selection: { anchor: cursor },
    extensions: [markdown({ base: markdownLanguage }), autoNumber ? renumberOnLineChanges : []],
  });
  continueList(autoNumber)({ state, dispatch: (tr) => (state = tr.state) });
  const head = state.selection.main.head;
  const text = state.doc.toString();
  return text.slice(0, head) + '|' + text.slice(head);
}

describe('Enter in a list', () => {
  it('continues the item with the same marker, a new task box or the next number', () => {
    expect(enter('- one|')).toBe('- one\n- |');
    expect(enter('  * [x] done|')).toBe('  * [x] done\n  * [ ] |');
    expect(enter('1. one|\n2. two')).toBe('1. one\n2. |\n3. two');
  });

  it('ends the list on an empty item, also the second', () => {
    expect(enter('- one\n- |')).toBe('- one\n|');
    expect(enter('- one\n- two\n- |')).toBe('- one\n- two\n|');
  });

  it('leaves the numbers after it alone without automatic numbering', () => {
    expect(enter('1. one|\n2. two', false)).toBe('1. one\n2. |\n2. two');
  });
});

describe('renumbering', () => {
  it('closes up the numbers when a line of a list is removed', () => {
    let state = EditorState.create({
      doc: '1. a\n2. b\n3. c\n4. d',
      extensions: renumberOnLineChanges,
    });
    state = state.update({ changes: { from: 4, to: 9 }, userEvent: 'delete.line' }).state;
    expect(state.doc.toString()).toBe('1. a\n2. c\n3. d');
  });

  it('does not renumber while typing inside a line, nor remote edits', () => {
    const state = EditorState.create({ doc: '1. a\n5. b', extensions: renumberOnLineChanges });
    const typed = state.update({ changes: { from: 4, insert: 'x' }, userEvent: 'input.type' });
    expect(typed.state.doc.toString()).toBe('1. ax\n5. b');
    const remote = state.update({ changes: { from: 4, insert: '\n' } });
    expect(remote.state.doc.toString()).toBe('1. a\n\n5. b');
  });
});
