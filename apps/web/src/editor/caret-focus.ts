import { type EditorState, type Extension, StateField } from '@codemirror/state';
import { Decoration, type DecorationSet, EditorView } from '@codemirror/view';

// A paragraph longer than this many lines each way from the caret is not followed further.
const PARAGRAPH_REACH = 200;

/** Keeps the caret line at least `ratio` × half the editor's height above its bottom edge
 * whenever the editor scrolls to the caret (typing, moving). The spec's cursor focus ratio:
 * 0.15 normally; 1 in focus mode, where the caret line stays in the middle as the text grows,
 * typewriter style, and the other paragraphs are dimmed (`dimOthers`). */
export function caretFocus(ratio: number, dimOthers: boolean): Extension {
  return [
    EditorView.scrollMargins.of((view) => ({ bottom: (ratio * view.scrollDOM.clientHeight) / 2 })),
    dimOthers ? [currentParagraph, EditorView.editorAttributes.of({ class: 'cm-focus-mode' })] : [],
  ];
}

const currentLine = Decoration.line({ class: 'cm-focus-current' });

// The lines of the paragraph the caret is in (the lines around it up to a blank one), marked.
const currentParagraph = StateField.define<DecorationSet>({
  create: (state) => paragraphAround(state),
  update: (value, tr) => (tr.docChanged || tr.selection ? paragraphAround(tr.state) : value),
  provide: (field) => EditorView.decorations.from(field),
});

function paragraphAround(state: EditorState): DecorationSet {
  const doc = state.doc;
  const caret = doc.lineAt(state.selection.main.head).number;
  const blank = (number: number) => doc.line(number).text.trim() === '';
  let first = caret;
  let last = caret;
  if (!blank(caret)) {
    while (first > 1 && caret - first < PARAGRAPH_REACH && !blank(first - 1)) first -= 1;
    while (last < doc.lines && last - caret < PARAGRAPH_REACH && !blank(last + 1)) last += 1;
  }
  const marks = [];
  for (let number = first; number <= last; number += 1) {
    marks.push(currentLine.range(doc.line(number).from));
  }
  return Decoration.set(marks);
}
