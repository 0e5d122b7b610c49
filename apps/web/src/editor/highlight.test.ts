import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { markdown, markdownLanguage } from '@codemirror/lang-markdown';
import { ensureSyntaxTree } from '@codemirror/language';
import { languages } from '@codemirror/language-data';
import { EditorState, type TransactionSpec } from '@codemirror/state';
import type { Tree } from '@lezer/common';
import { highlightTree } from '@lezer/highlight';
import { beforeAll, describe, expect, it } from 'vitest';
import { markdownHighlight } from './colours';
import { type Highlighted, highlightAll, highlightEdit, MarkCache, type Span } from './highlight';
import { longParagraphs } from './long-paragraphs';
import { longTables } from './long-tables';

// The editor's language, code blocks included (their marks come from mounted inner trees).
const extensions = markdown({
  base: markdownLanguage,
  codeLanguages: languages,
  extensions: [longParagraphs, longTables],
});

const treeOf = (state: EditorState): Tree => ensureSyntaxTree(state, state.doc.length, 10_000)!;

// The marks CodeMirror's own highlighter gives `ranges`: Lezer's highlighter from the root.
function reference(tree: Tree, ranges: readonly Span[]): string[] {
  const out: string[] = [];
  for (const { from, to } of ranges) {
    highlightTree(
      tree,
      markdownHighlight,
      (a, b, classes) => out.push(`${a}-${b} ${classes}`),
      from,
      to,
    );
  }
  return out;
}

function marksOf(highlighted: Highlighted): string[] {
  const out: string[] = [];
  highlighted.decorations.between(0, Number.MAX_SAFE_INTEGER, (from, to, mark) => {
    out.push(`${from}-${to} ${String(mark.spec.class)}`);
  });
  return out;
}

// Applies an edit the way the editor sees it: the new state, its tree, the shown stretches moved
// with the text, and the marks brought up to date (again from scratch when they cannot be).
function edit(
  current: { state: EditorState; ranges: Span[]; highlighted: Highlighted },
  spec: TransactionSpec,
  marks: MarkCache,
) {
  const tr = current.state.update(spec);
  const tree = treeOf(tr.state);
  const ranges = current.ranges.map((span) => ({
    from: tr.changes.mapPos(span.from, -1),
    to: tr.changes.mapPos(span.to, 1),
  }));
  const incremental = highlightEdit(
    current.highlighted,
    tree,
    tr.changes,
    ranges,
    markdownHighlight,
    marks,
  );
  return { state: tr.state, ranges, tree, incremental };
}

const codeLanguagesOf = (text: string) =>
  new Set([...text.matchAll(/^\s*(?:```|~~~)\s*([\w+#-]+)/gm)].map((match) => match[1]!));

describe('syntax highlighting after an edit', () => {
  beforeAll(async () => {
    // The code languages a text uses load on demand in the editor; here, before the parse.
    const wanted = codeLanguagesOf(readFileSync(corpus, 'utf8'));
    for (const name of wanted)
      await languages
        .find((lang) => lang.alias.concat(lang.name.toLowerCase()).includes(name.toLowerCase()))
        ?.load();
  });

  // The benchmark corpus of the repository (bench/corpus).
  const corpus = fileURLToPath(new URL('../../../../bench/corpus/doc-50k.md', import.meta.url));

  it('gives the marks a full highlighting gives, under random typing in a long document', () => {
    expect(existsSync(corpus), `the benchmark corpus at ${corpus}`).toBe(true);
    const snippets = [
      'x',
      ' ',
      '\n',
      '\n\n',
      '# ',
      '- ',
      '```\n',
      '```js\n',
      '> ',
      '**',
      '`',
      '*',
      '|a|b|\n|-|-|\n',
      '$$\n',
      '<div>\n',
    ];
    let seed = 11;
    const random = (n: number) => {
      seed = (seed * 48271) % 2147483647;
      return seed % n;
    };
    const marks = new MarkCache();
    let state = EditorState.create({ doc: readFileSync(corpus, 'utf8'), extensions });
    // A window of text around where the typing is, as CodeMirror's viewport would be.
    const windowAt = (at: number) => [
      { from: Math.max(0, at - 2500), to: Math.min(state.doc.length, at + 2500) },
    ];
    let at = random(state.doc.length);
    let ranges = windowAt(at);
    let highlighted = highlightAll(treeOf(state), ranges, markdownHighlight, marks);
    for (let step = 1; step <= 600; step += 1) {
      // Bursts of typing in one place, jumping elsewhere now and then (a new viewport).
      if (random(12) === 0) {
        at = random(state.doc.length + 1);
        ranges = windowAt(at);
        highlighted = highlightAll(treeOf(state), ranges, markdownHighlight, marks);
      }
      at = Math.min(at, state.doc.length);
      const remove = random(5) === 0 ? Math.min(state.doc.length - at, random(40)) : 0;
      const insert = random(3) === 0 ? snippets[random(snippets.length)]! : 'a';
      const next = edit(
        { state, ranges, highlighted },
        { changes: { from: at, to: at + remove, insert } },
        marks,
      );
      state = next.state;
      ranges = next.ranges;
      at += insert.length;
      expect(next.incremental, `step ${step}: the viewport only moved with the text`).toBeDefined();
      highlighted = next.incremental!;
      expect(marksOf(highlighted), `step ${step}`).toEqual(reference(next.tree, ranges));
    }
  });

  it('highlights again what an edit changes far from itself: an opened fence turns the rest into code', () => {
    const text = [
      'Intro paragraph.',
      '',
      'Some *slanted* words.',
      '',
      '# A heading',
      '',
      '- a list with **strong** text',
    ].join('\n');
    const marks = new MarkCache();
    const state = EditorState.create({ doc: text, extensions });
    const ranges = [{ from: 0, to: text.length }];
    const before = highlightAll(treeOf(state), ranges, markdownHighlight, marks);
    const next = edit(
      { state, ranges, highlighted: before },
      { changes: { from: text.indexOf('Some'), insert: '```\n' } },
      marks,
    );
    const after = marksOf(next.incremental!);
    expect(after).toEqual(reference(next.tree, next.ranges));
    // What follows the edit is code now: the marks of the heading and the list below it changed.
    const classesFrom = (list: string[], from: number) =>
      list.filter((mark) => Number(mark.split('-')[0]) >= from).map((mark) => mark.split(' ')[1]);
    const headingBefore = text.indexOf('# A heading');
    const headingAfter = next.state.doc.toString().indexOf('# A heading');
    expect(classesFrom(marksOf(before), headingBefore).length).toBeGreaterThan(0);
    expect(classesFrom(after, headingAfter)).not.toEqual(
      classesFrom(marksOf(before), headingBefore),
    );
  });

  it('builds everything again when the stretches shown are not those before, moved by the edit', () => {
    const text = 'One *two* three.\n\nFour **five** six.';
    const marks = new MarkCache();
    const state = EditorState.create({ doc: text, extensions });
    const before = highlightAll(treeOf(state), [{ from: 0, to: 10 }], markdownHighlight, marks);
    const tr = state.update({ changes: { from: 0, insert: 'x' } });
    const scrolled = highlightEdit(
      before,
      treeOf(tr.state),
      tr.changes,
      [{ from: 0, to: tr.state.doc.length }],
      markdownHighlight,
      marks,
    );
    expect(scrolled).toBeUndefined();
  });
});
