import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import MarkdownIt from 'markdown-it';
import { full as emojiPlugin } from 'markdown-it-emoji';
import { describe, expect, it } from 'vitest';
import { createConverter } from '../converter.js';
import { emojiExtension, NAME_SHAPE } from './emoji.js';

const render = (markdown: string, emoji = true) => createConverter({ emoji }).render(markdown).html;

describe('emoji', () => {
  it('renders :name: as the Unicode emoji', () => {
    expect(render('Hi :smile: :+1: :heart:')).toBe('<p data-line="0">Hi 😄 👍 ❤️</p>\n');
  });

  it('leaves unknown names, shortcuts and code alone', () => {
    expect(render(':nope: :) :-( :D <3 `:smile:`')).toBe(
      '<p data-line="0">:nope: :) :-( :D &lt;3 <code>:smile:</code></p>\n',
    );
  });

  it('is off when switched off', () => {
    expect(render(':smile:', false)).toBe('<p data-line="0">:smile:</p>\n');
  });
});

describe('emoji names found only where a block holds their shape', () => {
  // The plugin as it comes, beside the extension: the same HTML for every text, the emoji
  // rule skipped or not.
  const plain = new MarkdownIt().use(emojiPlugin, { shortcuts: {} });
  const guarded = new MarkdownIt();
  emojiExtension.apply(guarded);
  const corpus = fileURLToPath(new URL('../../../../bench/corpus/', import.meta.url));

  it.each([
    'Hi :smile: and :+1:, :-1: :100: :e-mail: :copyright:',
    'Time 10:30:00, ratio 3:4:5, a::smile: b :foo:smile: c :smile::smile:',
    ':not a name: and : smile : and :smile :smile: here',
    'https://example.com/:smile: <https://x.example/:smile:> [a :smile: link](https://x.example)',
    '`:smile:` in code\n\n```\n:smile:\n```\n\n> quoted :heart: text',
    '| a | :smile: |\n|---|---|\n| :x: | b |\n',
  ])('renders %j as the plugin does', (markdown) => {
    expect(guarded.render(markdown)).toBe(plain.render(markdown));
  });

  it('renders the benchmark corpus as the plugin does', () => {
    const markdown = readFileSync(join(corpus, 'doc-250k.md'), 'utf8');
    const html = guarded.render(markdown);
    expect(html).toBe(plain.render(markdown));
    expect(html).toMatch(/\p{Extended_Pictographic}/u);
  });

  it('skips a block that holds no name shape', () => {
    expect(NAME_SHAPE.test('Note: the ratio is 3 : 4, see: here')).toBe(false);
    expect(NAME_SHAPE.test('see :smile: here')).toBe(true);
  });
});
