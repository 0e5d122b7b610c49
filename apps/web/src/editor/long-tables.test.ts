import { markdown, markdownLanguage } from '@codemirror/lang-markdown';
import { ensureSyntaxTree } from '@codemirror/language';
import { EditorState, type Extension } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { longParagraphs } from './long-paragraphs';
import { longTables } from './long-tables';

const lines = (count: number, make: (i: number) => string) =>
  Array.from({ length: count }, (_, i) => make(i + 1)).join('\n');

const withCuts = markdown({ base: markdownLanguage, extensions: [longParagraphs, longTables] });
const withoutCuts = markdown({ base: markdownLanguage, extensions: [longParagraphs] });

// Every node of the editor's syntax tree of `state`, as name@from-to, in document order.
function treeOf(state: EditorState): string[] {
  const tree = ensureSyntaxTree(state, state.doc.length, 60_000)!;
  const found: string[] = [];
  tree.iterate({ enter: (node) => void found.push(`${node.name}@${node.from}-${node.to}`) });
  return found;
}
const parse = (doc: string, extensions: Extension = withCuts) =>
  treeOf(EditorState.create({ doc, extensions }));

// The tables of a tree, as their first and last lines.
const tables = (doc: string, nodes: string[]) => {
  const state = EditorState.create({ doc });
  return nodes
    .filter((node) => node.startsWith('Table@'))
    .map((node): [number, number] => {
      const [from, to] = node.slice('Table@'.length).split('-').map(Number);
      return [state.doc.lineAt(from!).number, state.doc.lineAt(to!).number];
    });
};
// What the highlighting reads: every node but the tables and the document around them.
const content = (nodes: string[]) =>
  nodes.filter((node) => !node.startsWith('Table@') && !node.startsWith('Document@'));

const rows = (count: number, margin = '') =>
  lines(count, (i) =>
    i % 97 === 0
      ? `${margin}|---|---|`
      : `${margin}| ${i} | row ${i} of the table, with *some* \`code\` and a \\| pipe |`,
  );
const table = (count: number, margin = '') =>
  `${margin}| n | text |\n${margin}|--:|---|\n${rows(count, margin)}`;

describe("long tables in the editor's syntax tree", () => {
  it('cuts a table of thousands of rows into runs of at most 128 lines, parsed as one table', () => {
    const doc = `# Data\n\n${table(2500)}\n\nAfter.\n`;
    const cut = parse(doc);
    const runs = tables(doc, cut);
    expect(runs.length).toBeGreaterThan(2502 / 128);
    expect(runs[0]![0]).toBe(3);
    expect(runs.at(-1)![1]).toBe(2504);
    runs.forEach(([first, last], k) => {
      if (k > 0) expect(first).toBe(runs[k - 1]![1] + 1);
      expect(last - first + 1).toBeLessThanOrEqual(128);
      if (k < runs.length - 1) expect(last - first + 1).toBeGreaterThanOrEqual(30);
    });
    // The same head, rows, cells, pipes and inline content as one table: the same colours.
    const whole = parse(doc, withoutCuts);
    expect(tables(doc, whole)).toEqual([[3, 2504]]);
    expect(content(cut)).toEqual(content(whole));
    expect(cut.filter((node) => node.startsWith('TableHeader@'))).toHaveLength(1);
    // Rows of dashes in the body are rows, as in one table, not the head of a new one.
    expect(content(cut).filter((node) => node.startsWith('TableRow@'))).toHaveLength(2500);
  });

  it('cuts a table in a list item or a quote the same way, inside its container', () => {
    for (const doc of [
      `1. Data:\n\n${table(600, '   ')}\n2. After.\n`,
      `> Data:\n>\n${table(600, '> ')}\n\nAfter.\n`,
      `- > ${table(400, '  > ').slice(4)}\n`,
    ]) {
      const cut = parse(doc);
      expect(tables(doc, cut).length).toBeGreaterThan(600 / 128);
      expect(content(cut)).toEqual(content(parse(doc, withoutCuts)));
    }
  });

  it('leaves short tables, pipe lines that are not a table, and a new table, as they were', () => {
    for (const doc of [
      table(20),
      `Text\n| a | b |\n\n${table(10)}\n| not | a head |\n|---|---|\n| x | y |\n`,
      `${rows(300)}\n`,
    ]) {
      expect(parse(doc)).toEqual(parse(doc, withoutCuts));
    }
    // Rows after a long table and a blank line are a paragraph, not more of it.
    const after = `${table(200)}\n\n${rows(5)}\n`;
    expect(content(parse(after))).toEqual(content(parse(after, withoutCuts)));
    expect(tables(after, parse(after)).at(-1)![1]).toBe(202);
  });

  it('cuts where the rows say, so that an edit leaves the cuts away from it in place', () => {
    const doc = table(1000);
    const before = tables(doc, parse(doc));
    const edited = doc.replace('| 500 | row 500 of', '| 500 | row 500 (edited) of');
    const far = (runs: [number, number][]) => runs.filter(([first]) => first < 400 || first > 700);
    expect(far(tables(edited, parse(edited)))).toEqual(far(before));
  });

  it.each([7, 11, 23])(
    'after any series of edits, the tree is the one a fresh parse gives (%i)',
    (seed) => {
      let random = seed;
      const next = (n: number) => {
        random = (random * 1103515245 + 12345) % 2 ** 31;
        return random % n;
      };
      const edits: ((doc: string, at: number) => { from: number; to?: number; insert: string })[] =
        [
          (_, at) => ({ from: at, insert: 'x' }),
          (_, at) => ({ from: at, insert: ' | ' }),
          (_, at) => ({ from: at, insert: '\n| new | row |' }),
          (_, at) => ({ from: at, insert: '\n\n' }),
          (_, at) => ({ from: at, insert: '\n|---|---|' }),
          (doc, at) => ({ from: at, to: Math.min(doc.length, at + 1 + next(200)), insert: '' }),
        ];
      let state = EditorState.create({
        doc: `Intro.\n\n${table(700)}\n\n> ${table(300, '> ').slice(2)}\n\nAfter.\n`,
        extensions: withCuts,
      });
      treeOf(state);
      for (let step = 0; step < 150; step += 1) {
        const doc = state.doc.toString();
        const at = next(doc.length);
        const change = edits[next(edits.length)]!(doc, at);
        state = state.update({ changes: change }).state;
        if (step % 5 === 4) {
          expect(treeOf(state)).toEqual(parse(state.doc.toString()));
        } else {
          treeOf(state);
        }
      }
    },
    // 150 edits each checked against a fresh parse: 1.6 to 3.1 s alone, past vitest's 5 s
    // default when the machine is busy (22.8 s at load 18): the test command's 60 s.
    60_000,
  );
});
