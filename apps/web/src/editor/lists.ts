import {
  deleteMarkupBackward,
  insertNewlineContinueMarkupCommand,
} from '@codemirror/lang-markdown/base';
import {
  type ChangeSpec,
  EditorState,
  type Extension,
  Prec,
  type StateCommand,
  type Text,
} from '@codemirror/state';
import { keymap } from '@codemirror/view';
import { type TextEdit } from '@inkstone/core';
import { applyFormat } from './commands/registry';
import { indentListItem } from './commands/indent-list';
import { type Lines, renumberAround } from './commands/renumber-list';

// CodeMirror's list continuation, except that Enter on an empty item always ends the list (its
// own default makes the list loose on an empty second item instead).
const continueMarkup = insertNewlineContinueMarkupCommand({ nonTightLists: false });

/**
 * Lists as one types them: Enter continues a list item (same marker and indentation, `- [ ] `
 * for tasks, the next number), Enter on an empty item ends the list, Backspace after a marker
 * removes it, Tab puts an item under the one before. With `autoNumber` (the setting
 * `editor.listAutoNumber`) ordered lists are renumbered when items come or go.
 */
export function listEditing(autoNumber: boolean): Extension {
  return [
    Prec.high(
      keymap.of([
        { key: 'Enter', run: continueList(autoNumber) },
        { key: 'Backspace', run: deleteMarkupBackward },
        { key: 'Tab', run: (view) => applyFormat(view, indentListItem, 'input.indent') },
      ]),
    ),
    autoNumber ? renumberOnLineChanges : [],
  ];
}

/** Enter in a list. CodeMirror renumbers the items after a new one itself; without automatic
 * numbering only the edit at the cursor is kept (the others are after it, so the new selection
 * holds). */
export function continueList(autoNumber: boolean): StateCommand {
  return ({ state, dispatch }) =>
    continueMarkup({
      state,
      dispatch: (tr) => {
        if (autoNumber) return dispatch(tr);
        const pos = state.selection.main.head;
        const kept: ChangeSpec[] = [];
        tr.changes.iterChanges((from, to, _fromB, _toB, insert) => {
          if (from <= pos && to >= pos) kept.push({ from, to, insert });
        });
        dispatch(
          state.update({
            changes: kept,
            selection: tr.selection,
            userEvent: 'input',
            scrollIntoView: true,
          }),
        );
      },
    });
}

// After a user's edit that adds or removes lines, or indents them: the ordered lists around
// it renumbered, in the same transaction (one undo step).
/** Renumbers ordered lists after edits that add, remove or indent lines. */
export const renumberOnLineChanges = EditorState.transactionFilter.of((tr) => {
  if (!tr.docChanged || !(tr.isUserEvent('input') || tr.isUserEvent('delete'))) return tr;
  let linesChanged = tr.isUserEvent('input.indent') || tr.isUserEvent('delete.dedent');
  const touched: number[] = [];
  tr.changes.iterChanges((fromA, toA, fromB, toB, inserted) => {
    if (inserted.lines > 1 || tr.startState.doc.sliceString(fromA, toA).includes('\n')) {
      linesChanged = true;
    }
    touched.push(fromB, toB);
  });
  if (!linesChanged) return tr;
  const doc = tr.newDoc;
  const lines = docLines(doc);
  const edits = new Map<number, TextEdit>();
  for (const pos of touched) {
    const line = doc.lineAt(pos).number - 1;
    for (const index of [line - 1, line, line + 1]) {
      for (const edit of renumberAround(lines, index)) edits.set(edit.from, edit);
    }
  }
  if (edits.size === 0) return tr;
  return [tr, { changes: [...edits.values()], sequential: true }];
});

function docLines(doc: Text): Lines {
  return {
    count: doc.lines,
    text: (index) => doc.line(index + 1).text,
    start: (index) => doc.line(index + 1).from,
  };
}
