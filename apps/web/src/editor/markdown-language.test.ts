import {
  ensureSyntaxTree,
  language as languageFacet,
  LanguageDescription,
  syntaxTree,
} from '@codemirror/language';
import { languages } from '@codemirror/language-data';
import { Compartment, EditorState, type Extension } from '@codemirror/state';
import { highlightTree } from '@lezer/highlight';
import { beforeAll, describe, expect, it } from 'vitest';
import { markdownHighlight } from './colours';
import { continueList } from './lists';
import {
  createEditorMarkdown,
  firstMarkdown,
  loadFullMarkdown,
  markdownSupport,
} from './markdown-language';

const TEXT = [
  '# Title',
  '',
  'Some *stress* and a [link](https://example.com/).',
  '',
  '<span class="note">inline HTML</span>',
  '',
  '```js',
  'const answer = 42;',
  '```',
  '',
  '| a | b |',
  '|---|---|',
  '| 1 | 2 |',
  '',
].join('\n');

// The highlighter's classes over the whole text, as "from-to:class" strings.
function marks(language: Extension, text = TEXT): string[] {
  const state = EditorState.create({ doc: text, extensions: language });
  const tree = ensureSyntaxTree(state, state.doc.length, 10_000)!;
  const out: string[] = [];
  highlightTree(tree, markdownHighlight, (from, to, classes) =>
    out.push(`${from}-${to} ${text.slice(from, to)}:${classes}`),
  );
  return out;
}

describe('the editor’s markdown support', () => {
  // A code block's language loads when a block of it is parsed first: loaded here beforehand.
  beforeAll(async () => {
    await LanguageDescription.matchLanguageName(languages, 'js')!.load();
  });

  it('first highlights markdown as the full support does, but not HTML nor code blocks', async () => {
    const first = marks(firstMarkdown());
    const full = marks(await loadFullMarkdown());
    // The marks differ only inside the HTML and the code block…
    const html = TEXT.slice(TEXT.indexOf('<span'), TEXT.indexOf('</span>') + 7);
    const code = TEXT.slice(TEXT.indexOf('const'), TEXT.indexOf('42;') + 3);
    const inside = (mark: string) => {
      const token = mark.slice(mark.indexOf(' ') + 1, mark.lastIndexOf(':'));
      return html.includes(token) || code.includes(token);
    };
    expect(first.filter((mark) => !inside(mark)).length).toBeGreaterThan(5);
    for (const mark of first.filter((each) => !inside(each))) expect(full).toContain(mark);
    for (const mark of full.filter((each) => !inside(each))) expect(first).toContain(mark);
    // …where only the full one marks the HTML's attribute and the code's keyword.
    const has = (list: string[], token: string) => list.some((mark) => mark.includes(` ${token}:`));
    expect(has(full, 'class')).toBe(true);
    expect(has(full, 'const')).toBe(true);
    expect(has(first, 'class')).toBe(false);
    expect(has(first, 'const')).toBe(false);
  });

  it('gives new editors the full support once it has loaded, the same one each time', async () => {
    const full = await loadFullMarkdown();
    expect(markdownSupport()).toBe(full);
    expect(await loadFullMarkdown()).toBe(full);
    expect(full).not.toBe(firstMarkdown());
  });

  it('continues lists with the first support as with the full one', async () => {
    for (const language of [firstMarkdown(), await loadFullMarkdown()]) {
      let state = EditorState.create({
        doc: '1. one\n2. two',
        selection: { anchor: '1. one'.length },
        extensions: language,
      });
      expect(continueList(true)({ state, dispatch: (tr) => (state = tr.state) })).toBe(true);
      expect(state.doc.toString()).toBe('1. one\n2. \n3. two');
    }
  });
});

describe('the editor’s one markdown language', () => {
  // A long text with inline HTML and a code block at its start: parsing it from the start again
  // (as replacing the language did) would show in the tree's identity.
  const LONG = `${TEXT}\n${'A paragraph of *plain* words, long enough to matter.\n\n'.repeat(4000)}`;

  // The marks of the text's start, from the tree parsed on to the end of the text.
  function marksOfStart(state: EditorState): string[] {
    const out: string[] = [];
    highlightTree(
      ensureSyntaxTree(state, state.doc.length, 10_000)!,
      markdownHighlight,
      (from, to, classes) => out.push(`${LONG.slice(from, to)}:${classes}`),
      0,
      TEXT.length,
    );
    return out;
  }
  const marked = (marks: string[], word: string) =>
    marks.some((mark) => mark.startsWith(`${word}:`));

  it('keeps the syntax tree when the full support arrives, then highlights the HTML and code it skipped', async () => {
    const { markdownNesting } = await import('./markdown-full');
    let arrive = () => {};
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    const markdown = createEditorMarkdown(() => arrived.then(() => markdownNesting()));
    const language = new Compartment();
    const before = EditorState.create({ doc: LONG, extensions: language.of(markdown.support()) });
    const tree = ensureSyntaxTree(before, before.doc.length, 10_000)!;
    expect(tree.length).toBe(LONG.length);
    const first = marksOfStart(before);
    expect(marked(first, 'class')).toBe(false);
    expect(marked(first, 'const')).toBe(false);

    const loading = markdown.load();
    arrive();
    const full = await loading;
    expect(full.language === markdown.language).toBe(true);
    const after = before.update({ effects: language.reconfigure(full) }).state;
    // The same language, and a tree of the whole text at once: a new language would start
    // again from an empty tree, parsed for 20 ms up to 3,000 characters.
    expect(after.facet(languageFacet) === before.facet(languageFacet)).toBe(true);
    expect(syntaxTree(after).length).toBe(LONG.length);
    // Parsed on, the HTML's attribute and the code's keyword get their marks, as in a state
    // made with the full support from the start, and the rest keeps its marks.
    const then = marksOfStart(after);
    expect(marked(then, 'class')).toBe(true);
    expect(marked(then, 'const')).toBe(true);
    expect(then).toEqual(marksOfStart(EditorState.create({ doc: LONG, extensions: full })));
    for (const mark of first) expect(then).toContain(mark);
  });
});
