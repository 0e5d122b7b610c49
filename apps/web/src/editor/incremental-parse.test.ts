import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { markdown, markdownLanguage } from '@codemirror/lang-markdown';
import { ensureSyntaxTree } from '@codemirror/language';
import { EditorState } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { longParagraphs } from './long-paragraphs';
import { longTables } from './long-tables';

const extensions = markdown({ base: markdownLanguage, extensions: [longParagraphs, longTables] });

// A tree as Lezer prints it (node names and nesting): Tree.toString, which Lezer's type
// declarations leave out.
const printTree = (tree: NonNullable<ReturnType<typeof ensureSyntaxTree>>) =>
  (tree as { toString(): string }).toString();

// The whole syntax tree of a state, parsed to the end.
function treeOf(state: EditorState): string {
  return printTree(ensureSyntaxTree(state, state.doc.length, 10_000)!);
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
  // Each edit: where it goes in the current text, what it removes there and what it inserts.
  type Edit = [label: string, at: (doc: string) => number, remove: number, insert: string];
  const endOfLineAfter = (marker: string) => (doc: string) =>
    doc.indexOf('\n', doc.indexOf(marker));
  const middleOfLongest = (doc: string) => {
    const line = longest(doc);
    return line.from + (line.length >> 1);
  };
  const edits: Edit[] = [
    ['typing at the end of a long paragraph line', endOfLineAfter('A sentence'), 0, 'x'],
    ['typing in the middle of the longest line', middleOfLongest, 0, 'y'],
    ['typing at the end of a long list item', endOfLineAfter('- A sentence'), 0, ' more'],
    ['splitting the longest line in two', middleOfLongest, 0, '\n\n'],
    ['joining two blocks', (doc) => doc.indexOf('\n\n', doc.indexOf('```\n')), 2, ''],
    ['typing at the end of a long table row', (doc) => doc.indexOf(' | x |'), 0, 'z'],
    ['typing on the first line', () => 7, 0, '!'],
  ];

  it('gives the tree a fresh parse gives, after each of a series of edits', () => {
    let state = EditorState.create({ doc: sample(), extensions });
    treeOf(state);
    for (const [label, at, remove, insert] of edits) {
      for (let key = 0; key < 5; key += 1) {
        const from = at(state.doc.toString());
        state = state.update({ changes: { from, to: from + remove, insert } }).state;
        const fresh = EditorState.create({ doc: state.doc.toString(), extensions });
        expect(treeOf(state), `${label}, edit ${key + 1}`).toBe(treeOf(fresh));
      }
    }
  });

  // How deep a tree goes, its anonymous grouping nodes included (a buffer of small nodes counts
  // as one level).
  type Tree = NonNullable<ReturnType<typeof ensureSyntaxTree>>;
  const depth = (tree: Tree): number => {
    let deepest = 0;
    for (const child of tree.children) {
      deepest = Math.max(deepest, 'children' in child ? depth(child as Tree) : 1);
    }
    return deepest + 1;
  };

  // The benchmark corpus of the repository (bench/corpus).
  const corpus = fileURLToPath(new URL('../../../../bench/corpus/doc-50k.md', import.meta.url));
  it('gives the tree a fresh parse gives under random typing in a long document, no deeper than it should', () => {
    expect(existsSync(corpus), `the benchmark corpus at ${corpus}`).toBe(true);
    const snippets = [
      'x',
      ' ',
      '\n',
      '\n\n',
      '# ',
      '- ',
      '```\n',
      '> ',
      '[a]',
      '[a]: /u\n',
      '**',
      '`',
    ];
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 48271) % 2147483647;
      return seed % n;
    };
    let state = EditorState.create({ doc: readFileSync(corpus, 'utf8'), extensions });
    treeOf(state);
    let at = random(state.doc.length);
    let deepest = 0;
    for (let edit = 1; edit <= 1200; edit += 1) {
      // Bursts of typing in one place, jumping elsewhere now and then.
      if (random(10) === 0) at = random(state.doc.length + 1);
      at = Math.min(at, state.doc.length);
      const remove = random(5) === 0 ? Math.min(state.doc.length - at, random(30)) : 0;
      const insert = random(4) === 0 ? snippets[random(snippets.length)]! : 'a';
      state = state.update({ changes: { from: at, to: at + remove, insert } }).state;
      at += insert.length;
      const tree = ensureSyntaxTree(state, state.doc.length, 10_000)!;
      deepest = Math.max(deepest, depth(tree));
      if (edit % 50 === 0) {
        const fresh = EditorState.create({ doc: state.doc.toString(), extensions });
        expect(printTree(tree), `edit ${edit}`).toBe(treeOf(fresh));
      }
    }
    // Reusing the old tree in pieces nests them deeper than a fresh parse would, a little, not
    // at every edit: 16 levels at most here (14 with @lezer/markdown unpatched).
    expect(deepest).toBeLessThanOrEqual(24);
  });
});
