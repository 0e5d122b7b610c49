import { history, isolateHistory, redo, undo } from '@codemirror/commands';
import { EditorState, type Transaction } from '@codemirror/state';
import { type Discussion } from '@inkstone/core';
import { describe, expect, it } from 'vitest';
import { setTalk, talkExtension, talkOf } from './talk-field';

// The editor's side of the anchors' property test (packages/core/src/discussions): random
// typing, deleting and replacing runs of words, undo and redo in a real CodeMirror state with
// its history, over a text carrying 50 discussions. An undo puts every range back exactly as it
// was (one whose text was deleted included), a redo as it was after; each range covers the words
// it was started on that are left, or, with none left, is not locatable; none is lost.

const WORD = /[tn]\d+/g;

// A seeded generator (mulberry32): a failing seed replays exactly.
class SimRandom {
  constructor(private state: number) {}
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
}

function start(random: SimRandom) {
  const tokens = Array.from({ length: 250 }, (_, i) => `t${i}`);
  const starts: number[] = [];
  let text = '';
  tokens.forEach((token, i) => {
    if (i > 0) text += random.chance(0.1) ? '\n' : ' ';
    starts.push(text.length);
    text += token;
  });
  const discussions: Record<string, Discussion> = {};
  const words = new Map<string, string[]>();
  for (let d = 0; d < 50; d += 1) {
    const first = random.int(tokens.length);
    const last = Math.min(tokens.length - 1, first + random.int(4));
    const from = starts[first]!;
    const to = starts[last]! + tokens[last]!.length;
    discussions[`d${d}`] = { text: text.slice(from, to), start: from, end: to };
    words.set(`d${d}`, tokens.slice(first, last + 1));
  }
  let state = EditorState.create({ doc: text, extensions: [history(), talkExtension()] });
  state = state.update({ effects: setTalk.of({ discussions, comments: {} }) }).state;
  return { state, words };
}

describe('discussions in the editor', () => {
  it('keep their ranges through random typing, undo and redo', () => {
    for (let seed = 1; seed <= 3; seed += 1) {
      const random = new SimRandom(seed);
      const world = start(random);
      let { state } = world;
      const dispatch = (tr: Transaction) => {
        state = tr.state;
      };
      let counter = 0;
      // What undo must give back, and redo.
      const done: { before: string; after: string }[] = [];
      const undone: { before: string; after: string }[] = [];
      const snapshot = () =>
        JSON.stringify({ text: state.doc.toString(), talk: talkOf(state).discussions });
      for (let step = 0; step < 120; step += 1) {
        const label = `seed ${seed} step ${step}`;
        const action = random.int(10);
        if (action < 6) {
          const words = [...state.doc.toString().matchAll(WORD)];
          const at = random.int(words.length - 1);
          const last = Math.min(words.length - 2, at + random.int(6));
          const fresh = () =>
            Array.from({ length: 1 + random.int(3) }, () => `n${(counter += 1)}`).join(' ');
          const from = words[at]!.index;
          const kind = random.int(3);
          const to = kind === 0 ? from : words[last + 1]!.index;
          const insert = kind === 1 ? '' : `${fresh()} `;
          const before = snapshot();
          state = state.update({
            changes: { from, to, insert },
            annotations: isolateHistory.of('full'),
          }).state;
          done.push({ before, after: snapshot() });
          undone.length = 0;
        } else if (action < 8 && done.length > 0) {
          const expected = done.pop()!;
          expect(undo({ state, dispatch }), label).toBe(true);
          expect(snapshot(), label).toBe(expected.before);
          undone.push(expected);
        } else if (undone.length > 0) {
          const expected = undone.pop()!;
          expect(redo({ state, dispatch }), label).toBe(true);
          expect(snapshot(), label).toBe(expected.after);
          done.push(expected);
        }
        // Each range on what is left of its words (words typed back by an undo are its own).
        const text = state.doc.toString();
        const discussions = talkOf(state).discussions;
        expect(Object.keys(discussions), label).toHaveLength(50);
        for (const [id, d] of Object.entries(discussions)) {
          const inRange = text.slice(d.start, d.end).match(WORD) ?? [];
          const own = world.words.get(id)!;
          if (d.start === d.end) {
            expect(
              own.filter((w) => new RegExp(`\\b${w}\\b`).test(text)),
              label,
            ).toEqual([]);
          } else {
            expect(
              inRange.filter((w) => w.startsWith('t')),
              `${label} ${id}`,
            ).toEqual(own.filter((w) => new RegExp(`\\b${w}\\b`).test(text)));
          }
        }
      }
    }
  }, 60_000);
});
