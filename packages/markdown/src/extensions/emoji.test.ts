import { describe, expect, it } from 'vitest';
import { createConverter } from '../converter.js';

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
