import { describe, expect, it } from 'vitest';
import { createConverter } from '../converter.js';

const render = (markdown: string, sup = true) => createConverter({ sup }).render(markdown).html;

describe('sup', () => {
  it('renders ^text^ as <sup>', () => {
    expect(render('29^th^ and 2^10^')).toBe(
      '<p data-line="0">29<sup>th</sup> and 2<sup>10</sup></p>\n',
    );
  });

  it('needs escaped spaces inside, and leaves math alone', () => {
    expect(render('^a b^ ^a\\ b^ $x^2$')).toContain('^a b^ <sup>a b</sup> <span class="katex">');
  });

  it('leaves inline footnotes to the footnote extension', () => {
    expect(render('a^[note]')).toContain('class="footnote-ref"');
  });

  it('is off when switched off', () => {
    expect(render('29^th^', false)).toBe('<p data-line="0">29^th^</p>\n');
  });
});
