import { type Extension, StateEffect, StateField } from '@codemirror/state';
import { Decoration, type DecorationSet, EditorView, WidgetType } from '@codemirror/view';
import { diffEdits } from '@inkstone/core';

/** What a revision changes, shown over the current text (docs/how-to/history.md): the current
 * text stays in the editor, untouched; what restoring the revision would remove is struck
 * through (`cm-revision-deleted`), what it would add is shown where it would go
 * (`cm-revision-inserted`). Counts of both, for the panel to say. */
export interface RevisionDiff {
  decorations: DecorationSet;
  insertions: number;
  deletions: number;
}

class InsertedText extends WidgetType {
  constructor(readonly text: string) {
    super();
  }

  override eq(other: InsertedText): boolean {
    return other.text === this.text;
  }

  toDOM(): HTMLElement {
    const span = document.createElement('ins');
    span.className = 'cm-revision-inserted';
    span.textContent = this.text;
    return span;
  }
}

const deleted = Decoration.mark({ class: 'cm-revision-deleted', tagName: 'del' });

/** The decorations of the differences from `current` (the editor's text) to `revision`. */
export function revisionDiff(current: string, revision: string): RevisionDiff {
  const ranges = [];
  let insertions = 0;
  let deletions = 0;
  for (const edit of diffEdits(current, revision)) {
    if (edit.to > edit.from) {
      ranges.push(deleted.range(edit.from, edit.to));
      deletions += 1;
    }
    if (edit.insert !== '') {
      ranges.push(
        Decoration.widget({ widget: new InsertedText(edit.insert), side: 1 }).range(edit.to),
      );
      insertions += 1;
    }
  }
  return { decorations: Decoration.set(ranges, true), insertions, deletions };
}

/** Shows a revision's differences (a DecorationSet), or none. */
export const showRevision = StateEffect.define<DecorationSet | null>();

/** The revision shown: its decorations, or null. While one is shown the text is read-only (the
 * editor controller's readOnly facet reads this field). */
export const revisionField = StateField.define<DecorationSet | null>({
  create: () => null,
  update(value, transaction) {
    for (const effect of transaction.effects) if (effect.is(showRevision)) return effect.value;
    return value && transaction.docChanged ? value.map(transaction.changes) : value;
  },
  provide: (field) => [
    EditorView.decorations.from(field, (value) => value ?? Decoration.none),
    EditorView.editorAttributes.from(field, (value): Record<string, string> =>
      value === null ? {} : { class: 'cm-revision-shown' },
    ),
  ],
});

/** The revision view's part of the editor. */
export function revisionView(): Extension {
  return [
    revisionField,
    EditorView.baseTheme({
      '.cm-revision-deleted': {
        backgroundColor: 'rgba(220, 50, 47, 0.2)',
        textDecoration: 'line-through',
      },
      '.cm-revision-inserted': {
        backgroundColor: 'rgba(40, 160, 80, 0.25)',
        textDecoration: 'none',
        whiteSpace: 'pre-wrap',
      },
    }),
  ];
}
