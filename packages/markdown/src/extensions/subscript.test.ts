import { describe, expect, it } from 'vitest';
import { createConverter } from '../converter.js';
import { type ConverterOptions } from '../converter-options.js';

const render = (markdown: string, options: Partial<ConverterOptions> = {}) =>
  createConverter(options).render(markdown).html;

describe('sub', () => {
  it('renders ~text~ as <sub>', () => {
    expect(render('H~2~O')).toBe('<p data-line="0">H<sub>2</sub>O</p>\n');
  });

  it('needs escaped spaces inside', () => {
    expect(render('~a b~ ~a\\ b~')).toBe('<p data-line="0">~a b~ <sub>a b</sub></p>\n');
  });

  it('leaves ~~text~~ to strikethrough, and without del reads no subscript in it', () => {
    expect(render('~~x~~')).toBe('<p data-line="0"><del>x</del></p>\n');
    expect(render('~~x~~', { del: false })).toBe('<p data-line="0">~<sub>x</sub>~</p>\n');
  });

  it('is off when switched off', () => {
    expect(render('H~2~O', { sub: false, del: false })).toBe('<p data-line="0">H~2~O</p>\n');
  });
});
