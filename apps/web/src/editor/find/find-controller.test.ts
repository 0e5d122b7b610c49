// @vitest-environment jsdom
import { history, undo } from '@codemirror/commands';
import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIND_HIGHLIGHT_DEBOUNCE, FIND_HIGHLIGHT_LIMIT } from '../../constants';
import { FindController } from './find-controller';
import { findHighlights } from './find-highlight';

// An editor with undo history and the find highlights, and a find controller on it.
function setUp(doc: string) {
  // (The listener is there before the controller it calls.)
  const holder: { find?: FindController } = {};
  const view = new EditorView({
    state: EditorState.create({
      doc,
      extensions: [
        history(),
        findHighlights(),
        EditorView.updateListener.of((update) => holder.find?.viewUpdated(update)),
      ],
    }),
  });
  const find = new FindController(view);
  holder.find = find;
  const selected = () => {
    const { from, to } = view.state.selection.main;
    return view.state.sliceDoc(from, to);
  };
  const highlighted = () => view.contentDOM.querySelectorAll('.cm-find-match').length;
  return { view, find, selected, highlighted };
}

const query = (text: string, regexp = false) => ({ text, regexp, caseSensitive: false });

describe('FindController', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('highlights the matches after the debounce, at most the limit', () => {
    const { view, find, highlighted } = setUp('a '.repeat(FIND_HIGHLIGHT_LIMIT + 50));
    find.setQuery(query('a'));
    expect(highlighted()).toBe(0);
    vi.advanceTimersByTime(FIND_HIGHLIGHT_DEBOUNCE);
    expect(highlighted()).toBe(FIND_HIGHLIGHT_LIMIT);
    expect(find.status).toEqual({ count: FIND_HIGHLIGHT_LIMIT + 50, index: -1, error: null });
    // An edit recomputes them, the debounce after it.
    view.dispatch({ changes: { from: 0, insert: 'a ' } });
    vi.advanceTimersByTime(FIND_HIGHLIGHT_DEBOUNCE);
    expect(find.status.count).toBe(FIND_HIGHLIGHT_LIMIT + 51);
    find.setQuery(null);
    expect(highlighted()).toBe(0);
    view.destroy();
  });

  it('steps (F3, Ctrl+G) to the next and previous match, or says there is nothing to find', () => {
    const { view, find } = setUp('one two one two');
    expect(find.step('next')).toBe(false);
    find.setQuery(query(''));
    expect(find.step('previous')).toBe(false);
    expect(view.state.selection.main).toMatchObject({ from: 0, to: 0 });
    find.setQuery(query('two'));
    expect(find.step('next')).toBe(true);
    expect(view.state.selection.main).toMatchObject({ from: 4, to: 7 });
    expect(find.step('next')).toBe(true);
    expect(view.state.selection.main).toMatchObject({ from: 12, to: 15 });
    expect(find.step('previous')).toBe(true);
    expect(view.state.selection.main).toMatchObject({ from: 4, to: 7 });
    find.setQuery(null);
    expect(find.step('next')).toBe(false);
    view.destroy();
  });

  it('selects the next and previous match, wrapping', () => {
    const { view, find, selected } = setUp('one Two one two');
    find.setQuery(query('two'));
    find.next();
    expect(view.state.selection.main).toMatchObject({ from: 4, to: 7 });
    expect(find.status).toMatchObject({ count: 2, index: 0 });
    find.next();
    expect(find.status).toMatchObject({ count: 2, index: 1 });
    find.next();
    expect(view.state.selection.main.from).toBe(4);
    find.previous();
    expect(selected()).toBe('two');
    expect(find.status.index).toBe(1);
    view.destroy();
  });

  it('replaces the selected match and moves on, or only selects one first', () => {
    const { view, find, selected } = setUp('cat cat cat');
    find.setQuery(query('cat'));
    find.replace('dog');
    expect(view.state.doc.toString()).toBe('cat cat cat');
    expect(view.state.selection.main).toMatchObject({ from: 0, to: 3 });
    find.replace('dog');
    expect(view.state.doc.toString()).toBe('dog cat cat');
    expect(view.state.selection.main).toMatchObject({ from: 4, to: 7 });
    expect(selected()).toBe('cat');
    view.destroy();
  });

  it('replaces all in one change that one undo takes back', () => {
    const { view, find } = setUp('- ann@example.com\n- bob@example.com\n');
    find.setQuery(query('^- (\\w+)@example\\.com$', true));
    find.replaceAll('* $1');
    expect(view.state.doc.toString()).toBe('* ann\n* bob\n');
    undo(view);
    expect(view.state.doc.toString()).toBe('- ann@example.com\n- bob@example.com\n');
    view.destroy();
  });

  it('replaces empty matches without looping', () => {
    const { view, find } = setUp('one\ntwo\n');
    find.setQuery(query('^', true));
    find.replaceAll('> ');
    expect(view.state.doc.toString()).toBe('> one\n> two\n> ');
    view.destroy();
  });

  it('reports an invalid regular expression and finds nothing', () => {
    const { view, find } = setUp('a(b');
    find.setQuery(query('(', true));
    vi.advanceTimersByTime(FIND_HIGHLIGHT_DEBOUNCE);
    expect(find.status.count).toBe(0);
    expect(find.status.error).toMatch(/^Invalid regular expression/);
    find.next();
    find.replaceAll('x');
    expect(view.state.doc.toString()).toBe('a(b');
    view.destroy();
  });
});
