import { isolateHistory } from '@codemirror/commands';
import { EditorSelection } from '@codemirror/state';
import { type EditorView } from '@codemirror/view';
import {
  type ConflictBlock,
  type ConflictChoice,
  conflictResolution,
  findConflictBlocks,
  mayHaveConflicts,
} from '@inkstone/core';

/** The conflict blocks of the text in `view` (none, cheaply, when it holds no start marker). */
export function editorConflicts(view: EditorView): ConflictBlock[] {
  const text = view.state.doc.toString();
  return mayHaveConflicts(text) ? findConflictBlocks(text) : [];
}

/**
 * Resolves `block` (found in the text now in `view`) by `choice`, as one undoable step of its
 * own: undo brings the block back, and typing just after does not join the same step. The
 * caret goes to the start of what was kept. Returns false when the block is no longer there.
 */
export function resolveInEditor(
  view: EditorView,
  block: ConflictBlock,
  choice: ConflictChoice,
): boolean {
  const still = editorConflicts(view).some(
    (found) => found.from === block.from && found.to === block.to,
  );
  if (!still) return false;
  const edit = conflictResolution(block, choice);
  view.dispatch({
    changes: edit,
    selection: EditorSelection.cursor(edit.from),
    annotations: isolateHistory.of('full'),
    userEvent: 'input.resolve',
    scrollIntoView: true,
  });
  return true;
}
