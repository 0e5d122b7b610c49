import { markdown, markdownLanguage } from '@codemirror/lang-markdown';
import { ensureSyntaxTree } from '@codemirror/language';
import { EditorState, type TransactionSpec } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { longParagraphs } from './long-paragraphs';

const extensions = markdown({ base: markdownLanguage, extensions: [longParagraphs] });

// The whole syntax tree of a state, parsed to the end.
function treeOf(state: EditorState): string {
  return ensureSyntaxTree(state, state.doc.length, 10_000)!.toString();
}

// A text with long lines (unwrapped paragraphs, a long list item, a long table row) between
// short blocks, the shapes a re-parse after an edit at the end of a line walks back over.
function sample(): string {
  const sentence =
    'A sentence of prose with *emphasis*, `code` and a [link](https://example.com). ';
  const long = (n: number) => sentence.repeat(n).trim();
  return [
    '# Title',
    '',
    long(30),
    '',
    `- ${long(20)}`,
    '- short item',
    '',
    '| a | b |',
    '|---|---|',
    `| ${long(12)} | x |`,
    '',
    '```js',
    'const x = 1;',
    '```',
    '',
    long(60),
    '',
    '> quoted',
    '',
    'Last line.',
  ].join('\n');
}

// Where the longest line of `doc` starts, and its length.
function longest(doc: string): { from: number; length: number } {
  let best = { from: 0, length: 0 };
  let from = 0;
  for (const line of doc.split('\n')) {
    if (line.length > best.length) best = { from, length: line.length };
    from += line.length + 1;
  }
  return best;
}

describe("the editor's incremental parse (with the patch of @lezer/markdown)", () => {
  // Each edit is applied to the state the previous one left, and the tree CodeMirror keeps (the
  // old tree's pieces reused around the edit) must equal a fresh parse of the new text.
  const edits: [string, (doc: string) => TransactionSpec][] = [
    [
      'typing at the end of a long paragraph line',
      (doc) => {
        const at = doc.indexOf('\n', doc.indexOf('A sentence'));
        return { changes: { from: at, insert: 'x' } };
      },
    ],
    [
      'typing in the middle of the longest line',
      (doc) => {
        const line = longest(doc);
        return { changes: { from: line.from + (line.length >> 1), insert: 'y' } };
      },
    ],
    [
      'typing at the end of a long list item',
      (doc) => {
        const at = doc.indexOf('\n', doc.indexOf('- A sentence'));
        return { changes: { from: at, insert: ' more' } };
      },
    ],
    [
      'splitting the longest line in two',
      (doc) => {
        const line = longest(doc);
        return { changes: { from: line.from + (line.length >> 1), insert: '\n\n' } };
      },
    ],
    [
      'joining two blocks',
      (doc) => {
        const at = doc.indexOf('\n\n', doc.indexOf('```\n'));
        return { changes: { from: at, to: at + 2 } };
      },
    ],
    [
      'typing at the end of a long table row',
      (doc) => {
        const at = doc.indexOf(' | x |');
        return { changes: { from: at, insert: 'z' } };
      },
    ],
    ['typing on the first line', () => ({ changes: { from: 7, insert: '!' } })],
  ];

  it('gives the tree a fresh parse gives, after each of a series of edits', () => {
    let state = EditorState.create({ doc: sample(), extensions });
    treeOf(state);
    for (const [label, edit] of edits) {
      for (let key = 0; key < 5; key += 1) {
        state = state.update(edit(state.doc.toString())).state;
        const fresh = EditorState.create({ doc: state.doc.toString(), extensions });
        expect(treeOf(state), `${label}, edit ${key + 1}`).toBe(treeOf(fresh));
      }
    }
  });
});
