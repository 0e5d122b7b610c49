import { describe, expect, it } from 'vitest';
import { createConverter } from '../converter.js';
import { type ConverterOptions } from '../converter-options.js';

const render = (markdown: string, options: Partial<ConverterOptions> = {}) =>
  createConverter(options).render(markdown).html;
const gfm = (markdown: string) => render(markdown, { preset: 'gfm' });

describe('del', () => {
  it('renders ~~text~~ as <del>, with markup inside', () => {
    expect(render('~~gone *now*~~')).toBe('<p data-line="0"><del>gone <em>now</em></del></p>\n');
  });

  it('strikes one tilde too when sub is off, as GFM does', () => {
    expect(gfm('~~Hi~~ Hello, ~there~ world!')).toBe(
      '<p data-line="0"><del>Hi</del> Hello, <del>there</del> world!</p>\n',
    );
  });

  it('never pairs one tilde with two', () => {
    expect(gfm('~a~~ b')).toBe('<p data-line="0">~a~~ b</p>\n');
    expect(gfm('~~a~ b')).toBe('<p data-line="0">~~a~ b</p>\n');
    expect(gfm('~a~~ ~~b~')).toBe('<p data-line="0"><del>a~~ ~~b</del></p>\n');
  });

  it('leaves three or more tildes as text', () => {
    expect(gfm('This will ~~~not~~~ strike.')).toBe(
      '<p data-line="0">This will ~~~not~~~ strike.</p>\n',
    );
  });

  it('follows the flanking rules: no strike across spaces next to the tildes', () => {
    expect(gfm('a ~~ b ~~ c')).toBe('<p data-line="0">a ~~ b ~~ c</p>\n');
  });

  it('does not cross paragraphs', () => {
    expect(gfm('a ~~b\n\nc~~ d')).toBe('<p data-line="0">a ~~b</p>\n<p data-line="2">c~~ d</p>\n');
  });

  it('nests inside links and emphasis', () => {
    expect(gfm('[~~a~~](b) *~c~*')).toBe(
      '<p data-line="0"><a href="b"><del>a</del></a> <em><del>c</del></em></p>\n',
    );
  });

  it('keeps ~~text~~ a strikethrough and ~text~ a subscript when sub is on', () => {
    expect(render('~~x~~ H~2~O')).toBe('<p data-line="0"><del>x</del> H<sub>2</sub>O</p>\n');
  });

  it('is off when switched off', () => {
    expect(render('~~x~~ ~y~', { del: false, sub: false })).toBe(
      '<p data-line="0">~~x~~ ~y~</p>\n',
    );
  });
});
