import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ensureSyntaxTree, LanguageDescription, syntaxTree } from '@codemirror/language';
import { languages } from '@codemirror/language-data';
import { EditorState, type Extension } from '@codemirror/state';
import type { Tree } from '@lezer/common';
import { beforeAll, describe, expect, it } from 'vitest';
import { markdownNesting } from './markdown-full';
import { createEditorMarkdown, type EditorMarkdown } from './markdown-language';

// The patch of @codemirror/language (patches/; docs/adr/0006-long-texts.md, "The editor's parse
// of a long text"): a transaction parses only what its 20 ms can finish, and the background
// parse's work survives the transactions that come while it runs.

// The benchmark corpus of the repository (bench/corpus): prose, tables, math and code blocks
// in several languages (a mixed parse, as every text in the editor is).
const corpus = fileURLToPath(new URL('../../../../bench/corpus/doc-250k.md', import.meta.url));

// A tree as Lezer prints it (node names and nesting): Tree.toString, which Lezer's type
// declarations leave out.
const printTree = (tree: Tree) => (tree as { toString(): string }).toString();

let markdown: EditorMarkdown;
let support: Extension;
let text: string;

// The whole tree of `doc`, parsed at once outside an editor (where the code blocks are all
// parsed, as they are in the states below, whose viewport covers the whole paste).
const freshTree = (doc: string) => printTree(markdown.language.parser.parse(doc));

// Runs the background parse's slices (what CodeMirror's parse worker does between tasks) on
// `state` until its tree is whole: that tree, and how many slices it took.
function finishInSlices(state: EditorState, sliceMs: number): { tree: string; slices: number } {
  for (let slices = 1; slices <= 10_000; slices += 1) {
    const tree = ensureSyntaxTree(state, state.doc.length, sliceMs);
    if (tree) return { tree: printTree(tree), slices };
  }
  throw new Error('The background parse never finished.');
}

// Whether two printed trees are the same (the trees themselves are too long to print).
const same = (a: string, b: string) => a.length > 0 && a === b;

describe("the editor's parse of a long paste (the patch of @codemirror/language)", () => {
  beforeAll(async () => {
    expect(existsSync(corpus), `the benchmark corpus at ${corpus}`).toBe(true);
    text = readFileSync(corpus, 'utf8');
    markdown = createEditorMarkdown(() => Promise.resolve(markdownNesting()));
    support = await markdown.load();
    // The code blocks' languages load as a block of each is parsed first: loaded beforehand,
    // so that every parse below sees the same parsers.
    const names = new Set([...text.matchAll(/^```(\w+)/gm)].map((match) => match[1]!));
    for (const name of names) await LanguageDescription.matchLanguageName(languages, name)?.load();
    // (Warms the parser up, so that the short paste below is parsed at its speed.)
    freshTree(text.slice(0, 20_000));
  }, 120_000);

  it('leaves a long paste to the background parse, which makes the tree a fresh parse makes', () => {
    const empty = EditorState.create({ doc: '', extensions: support });
    const pasted = empty.update({ changes: { from: 0, insert: text } }).state;
    // The paste's own transaction parsed none of it (20 ms would not have reached the
    // viewport, at the end of the paste)…
    expect(syntaxTree(pasted).length).toBe(0);
    // …the background parse does it all, in slices, and ends with the tree of a fresh parse.
    const { tree, slices } = finishInSlices(pasted, 10);
    expect(slices).toBeGreaterThan(1);
    expect(same(tree, freshTree(text)), 'the tree of a fresh parse').toBe(true);
  }, 120_000);

  it('still parses a short paste in its own transaction', () => {
    const short = text.slice(0, 3_000);
    const empty = EditorState.create({ doc: '', extensions: support });
    const pasted = empty.update({ changes: { from: 0, insert: short } }).state;
    expect(syntaxTree(pasted).length).toBe(short.length);
  });

  // Slices of the background parse (5 ms each), with a keystroke at `at(state)` after each,
  // until a slice finishes the tree or a keystroke finds it whole: how many rounds that took,
  // the tree's length after each keystroke, and the last state. Fails past `limit` rounds.
  function typeWhileParsing(start: EditorState, at: (state: EditorState) => number, limit: number) {
    let state = start;
    const lengths: number[] = [];
    for (let rounds = 1; ; rounds += 1) {
      if (ensureSyntaxTree(state, state.doc.length, 5)) return { rounds, lengths, state };
      expect(rounds, 'rounds of a slice and a keystroke').toBeLessThanOrEqual(limit);
      state = state.update({ changes: { from: at(state), insert: 'a' } }).state;
      lengths.push(syntaxTree(state).length);
      if (lengths.at(-1)! >= state.doc.length) return { rounds, lengths, state };
    }
  }

  const pasted = () =>
    EditorState.create({ doc: '', extensions: support }).update({
      changes: { from: 0, insert: text },
    }).state;

  it('keeps what the background parse did when the user types at the end of a paste', () => {
    // How many slices the background parse takes when nobody types: with the keystrokes, about
    // as many (they even do some of the work; the bound leaves room for a loaded machine, whose
    // 5 ms slices do less). When a keystroke threw the slice's work away, the parse went on only
    // when one slice happened to finish the whole rest of the text: it never finished here.
    const alone = finishInSlices(pasted(), 5).slices;
    const typed = typeWhileParsing(pasted(), (state) => state.doc.length, 10 * alone + 100);
    // The tree after each keystroke covers at least what it covered after the one before.
    typed.lengths.forEach((length, i) => {
      if (i > 0) expect(length).toBeGreaterThanOrEqual(typed.lengths[i - 1]!);
    });
    expect(typed.rounds).toBeGreaterThan(2);
    // And the tree pieced together across the keystrokes is the tree of a fresh parse.
    const { tree } = finishInSlices(typed.state, 60_000);
    expect(same(tree, freshTree(typed.state.doc.toString())), 'a fresh parse').toBe(true);
  }, 120_000);

  it('keeps what the background parse did when the user types at the top of an opened text', () => {
    // An opened text: its first screen parsed at once, the rest in the background, typed into
    // near its start (inside what is parsed). A keystroke took nothing of a mixed parse whose
    // markdown pass was unfinished once the tree covered anything.
    const opened = () => EditorState.create({ doc: text, extensions: support });
    expect(syntaxTree(opened()).length).toBeGreaterThan(0);
    const alone = finishInSlices(opened(), 5).slices;
    const typed = typeWhileParsing(opened(), () => 200, 10 * alone + 100);
    expect(typed.rounds).toBeGreaterThan(2);
    const { tree } = finishInSlices(typed.state, 60_000);
    expect(same(tree, freshTree(typed.state.doc.toString())), 'a fresh parse').toBe(true);
  }, 120_000);
});
