import { markdown, markdownLanguage } from '@codemirror/lang-markdown';
import { ensureSyntaxTree } from '@codemirror/language';
import { EditorState } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { longParagraphs } from './long-paragraphs';

const lines = (count: number, make: (i: number) => string) =>
  Array.from({ length: count }, (_, i) => make(i + 1)).join('\n');

// The editor's syntax tree of `doc`: each node of `name`, as its first and last line.
function nodes(doc: string, name: string, cut = true): [number, number][] {
  const state = EditorState.create({
    doc,
    extensions: markdown({ base: markdownLanguage, extensions: cut ? [longParagraphs] : [] }),
  });
  const tree = ensureSyntaxTree(state, state.doc.length, 10_000)!;
  const found: [number, number][] = [];
  tree.iterate({
    enter: (node) => {
      if (node.name === name) {
        found.push([state.doc.lineAt(node.from).number, state.doc.lineAt(node.to).number]);
      }
    },
  });
  return found;
}

describe("long paragraphs in the editor's syntax tree", () => {
  it('cuts a paragraph of thousands of lines into runs of 32 to 128 lines, covering all', () => {
    const doc = `# Prose\n\n${lines(2500, (i) => `Line ${i} of one long paragraph, with *some* words`)}\n\nAfter.\n`;
    const runs = nodes(doc, 'Paragraph');
    // The long paragraph in runs, then "After.".
    expect(runs.length).toBeGreaterThan(2500 / 128);
    expect(runs.at(-1)).toEqual([2504, 2504]);
    const prose = runs.slice(0, -1);
    expect(prose[0]![0]).toBe(3);
    expect(prose.at(-1)![1]).toBe(2502);
    prose.forEach(([first, last], k) => {
      if (k > 0) expect(first).toBe(prose[k - 1]![1] + 1);
      const count = last - first + 1;
      if (k < prose.length - 1) expect(count).toBeGreaterThanOrEqual(32);
      expect(count).toBeLessThanOrEqual(128);
    });
    // Emphasis is still found on every line.
    expect(nodes(doc, 'Emphasis')).toHaveLength(2500);
    // Without the cut, one paragraph.
    expect(nodes(doc, 'Paragraph', false)).toEqual([
      [3, 2502],
      [2504, 2504],
    ]);
  });

  it('cuts where the text says, so that an edit leaves the cuts away from it in place', () => {
    const text = lines(1000, (i) => `Line ${i} of the paragraph`);
    const before = nodes(text, 'Paragraph');
    const edited = nodes(text.replace('Line 500 of', 'Line 500 (edited) of'), 'Paragraph');
    const far = (runs: [number, number][]) => runs.filter(([first]) => first < 400 || first > 700);
    expect(far(edited)).toEqual(far(before));
    // A line added above moves the cuts below it by one line.
    const added = nodes(text.replace('Line 10 of', 'New line\nLine 10 of'), 'Paragraph');
    expect(far(added).filter(([first]) => first > 700)).toEqual(
      far(before)
        .filter(([first]) => first > 700)
        .map(([first, last]) => [first + 1, last + 1]),
    );
  });

  it('leaves a long table, a quote with lazy lines and short paragraphs whole', () => {
    const table = `| n | text |\n|---|---|\n${lines(300, (i) => `row ${i} | text ${i}`)}\n`;
    expect(nodes(table, 'Table')).toEqual([[1, 302]]);
    const lazy = `> ${lines(300, (i) => `lazy line ${i}`)}\n`;
    expect(nodes(lazy, 'Blockquote')).toEqual([[1, 300]]);
    const short = lines(32, (i) => `Line ${i}`);
    expect(nodes(short, 'Paragraph')).toEqual([[1, 32]]);
    // Lines that would start another block if a paragraph began there are never cut before.
    // ("2." cannot start a list inside a paragraph: these are all lines of one.)
    const numbered = `Numbers:\n${lines(400, (i) => `${i + 1}. is a number, not a list item`)}`;
    expect(nodes(numbered, 'Paragraph')).toEqual([[1, 401]]);
  });
});
