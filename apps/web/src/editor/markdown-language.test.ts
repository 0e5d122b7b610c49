import { ensureSyntaxTree, LanguageDescription } from '@codemirror/language';
import { languages } from '@codemirror/language-data';
import { EditorState, type Extension } from '@codemirror/state';
import { highlightTree } from '@lezer/highlight';
import { beforeAll, describe, expect, it } from 'vitest';
import { markdownHighlight } from './colours';
import { continueList } from './lists';
import { firstMarkdown, loadFullMarkdown, markdownSupport } from './markdown-language';

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
