import { invertedEffects } from '@codemirror/commands';
import {
  type ChangeDesc,
  type EditorState,
  type Extension,
  StateEffect,
  StateField,
  type Transaction,
} from '@codemirror/state';
import { Decoration, type DecorationSet, EditorView } from '@codemirror/view';
import { type Discussion, type Talk } from '@inkstone/core';

/** Puts a file's discussions and comments in the editor (opening it, another tab's or a sync's
 * version merged in, a discussion started, a comment added or removed). */
export const setTalk = StateEffect.define<Talk>();

/** Which discussion is the current one (highlighted apart), or null. */
export const setCurrentDiscussion = StateEffect.define<string | null>();

/** Puts a discussion's range back where it was: what undoing an edit that changed it does. */
const setRange = StateEffect.define<{ id: string; start: number; end: number }>({
  map: (value, mapping: ChangeDesc) => ({
    id: value.id,
    start: mapping.mapPos(value.start, 1),
    end: Math.max(mapping.mapPos(value.start, 1), mapping.mapPos(value.end, -1)),
  }),
});

interface TalkState {
  talk: Talk;
  current: string | null;
  decorations: DecorationSet;
}

const EMPTY: Talk = { discussions: {}, comments: {} };

const mark = Decoration.mark({ class: 'cm-discussion' });
const currentMark = Decoration.mark({ class: 'cm-discussion cm-discussion--current' });

function decorate(talk: Talk, current: string | null, length: number): DecorationSet {
  const ranges = Object.entries(talk.discussions)
    .filter(([, d]) => d.start < d.end && d.end <= length)
    .sort(([, a], [, b]) => a.start - b.start || a.end - b.end)
    .map(([id, d]) => (id === current ? currentMark : mark).range(d.start, d.end));
  return Decoration.set(ranges, true);
}

// A range moved through a transaction's changes: its start after text typed at it, its end
// before; a range whose text was all deleted collapses (not locatable, still listed).
function mapRange(d: Discussion, changes: ChangeDesc): Discussion {
  const start = changes.mapPos(d.start, 1);
  const end = Math.max(start, changes.mapPos(d.end, -1));
  return start === d.start && end === d.end ? d : { ...d, start, end };
}

function mapTalk(talk: Talk, changes: ChangeDesc): Talk {
  let moved = false;
  const discussions: Record<string, Discussion> = {};
  for (const [id, d] of Object.entries(talk.discussions)) {
    discussions[id] = mapRange(d, changes);
    if (discussions[id] !== d) moved = true;
  }
  return moved ? { discussions, comments: talk.comments } : talk;
}

/** The open file's discussions, mapped through every change of the text (typing, undo and redo,
 * edits from elsewhere: CodeMirror's position mapping, a few additions per discussion), and
 * their ranges highlighted (`cm-discussion`). */
export const talkField = StateField.define<TalkState>({
  create: () => ({ talk: EMPTY, current: null, decorations: Decoration.none }),
  update(value, tr) {
    let { talk, current, decorations } = value;
    if (tr.docChanged && Object.keys(talk.discussions).length > 0) {
      talk = mapTalk(talk, tr.changes);
      decorations = decorations.map(tr.changes);
    }
    let redecorate = false;
    for (const effect of tr.effects) {
      if (effect.is(setTalk)) {
        talk = effect.value;
        redecorate = true;
      } else if (effect.is(setCurrentDiscussion)) {
        current = effect.value;
        redecorate = true;
      } else if (effect.is(setRange)) {
        const { id, start, end } = effect.value;
        const d = talk.discussions[id];
        if (d && end <= tr.newDoc.length) {
          talk = { ...talk, discussions: { ...talk.discussions, [id]: { ...d, start, end } } };
          redecorate = true;
        }
      }
    }
    // A range that collapsed leaves the marks; one put back comes back into them.
    if (redecorate || (tr.docChanged && talk !== value.talk && collapsed(value.talk, talk)))
      decorations = decorate(talk, current, tr.newDoc.length);
    if (talk === value.talk && current === value.current && decorations === value.decorations)
      return value;
    return { talk, current, decorations };
  },
  provide: (field) => EditorView.decorations.from(field, (value) => value.decorations),
});

// Whether a range that covered text covers none now.
function collapsed(before: Talk, after: Talk): boolean {
  for (const [id, d] of Object.entries(after.discussions)) {
    const was = before.discussions[id];
    if (d.start === d.end && was && was.start < was.end) return true;
  }
  return false;
}

// What undoing a transaction puts back: the ranges it changed as they were before it (a range
// whose text was deleted comes back with the text).
const restoreRanges = invertedEffects.of((tr: Transaction) => {
  const before = tr.startState.field(talkField, false);
  if (!before) return [];
  const touched = tr.docChanged || tr.effects.some((effect) => effect.is(setRange));
  if (!touched) return [];
  const after = tr.state.field(talkField).talk;
  const effects: StateEffect<unknown>[] = [];
  for (const [id, d] of Object.entries(before.talk.discussions)) {
    if (!after.discussions[id]) continue;
    const reset = tr.effects.some((effect) => effect.is(setRange) && effect.value.id === id);
    if (!reset && !tr.changes.touchesRange(d.start, d.end)) continue;
    effects.push(setRange.of({ id, start: d.start, end: d.end }));
  }
  return effects;
});

/** The field and what undo needs of it. */
export function talkExtension(): Extension {
  return [talkField, restoreRanges];
}

/** The discussions and comments the editor holds (empty until a file opens). */
export function talkOf(state: EditorState): Talk {
  return state.field(talkField, false)?.talk ?? EMPTY;
}
