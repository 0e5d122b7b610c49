import {
  type Extension,
  type Range as TextRange,
  StateEffect,
  StateField,
} from '@codemirror/state';
import { Decoration, type DecorationSet, EditorView } from '@codemirror/view';
import { type Range } from './matches';

/** Sets the matches the editor highlights (at most FIND_HIGHLIGHT_LIMIT of them; the caller
 * chooses which) and the one that is selected, if any. */
export const setFindHighlights = StateEffect.define<{ matches: Range[]; current: Range | null }>();

const matchMark = Decoration.mark({ class: 'cm-find-match' });
const currentMark = Decoration.mark({ class: 'cm-find-match cm-find-match--current' });

interface Highlights {
  matches: Range[];
  current: Range | null;
  decorations: DecorationSet;
}

const none: Highlights = { matches: [], current: null, decorations: Decoration.none };

// Until the next recomputation (FIND_HIGHLIGHT_DEBOUNCE after an edit), the highlights follow
// the text they cover; a match the edit shrank to nothing is dropped.
const highlightField = StateField.define<Highlights>({
  create: () => none,
  update(value, tr) {
    for (const effect of tr.effects) {
      if (effect.is(setFindHighlights)) {
        return build(effect.value.matches, effect.value.current);
      }
    }
    if (!tr.docChanged || value === none) return value;
    const map = (range: Range): Range | null => {
      const from = tr.changes.mapPos(range.from, 1);
      const to = tr.changes.mapPos(range.to, -1);
      return from < to || range.from === range.to ? { from, to: Math.max(from, to) } : null;
    };
    const matches = value.matches.map(map).filter((range): range is Range => range !== null);
    return build(matches, value.current && map(value.current));
  },
  provide: (field) => EditorView.decorations.from(field, (value) => value.decorations),
});

function build(matches: Range[], current: Range | null): Highlights {
  if (matches.length === 0 && !current) return none;
  const marks: TextRange<Decoration>[] = [];
  for (const { from, to } of matches) {
    // An empty match has nothing to colour.
    if (from === to || (current && current.from === from && current.to === to)) continue;
    marks.push(matchMark.range(from, to));
  }
  if (current && current.from < current.to) marks.push(currentMark.range(current.from, current.to));
  return { matches, current, decorations: Decoration.set(marks, true) };
}

/** The find bar's highlights in the editor: a field of marks that `setFindHighlights` sets, and
 * their colours. */
export function findHighlights(): Extension {
  return [
    highlightField,
    EditorView.baseTheme({
      '.cm-find-match': { backgroundColor: 'rgba(255, 213, 0, 0.35)', borderRadius: '2px' },
      '.cm-find-match--current': {
        backgroundColor: 'rgba(255, 150, 0, 0.55)',
        outline: '1px solid rgba(200, 110, 0, 0.8)',
      },
    }),
  ];
}
