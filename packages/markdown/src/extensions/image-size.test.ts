import { describe, expect, it } from 'vitest';
import { createConverter } from '../converter.js';

const render = (markdown: string, imgsize = true) =>
  createConverter({ imgsize }).render(markdown).html;
const inline = (html: string) => `<p data-line="0">${html}</p>\n`;

describe('imgsize', () => {
  it('sets width and height', () => {
    expect(render('![a *b*](i.png =100x200)')).toBe(
      inline('<img src="i.png" alt="a b" width="100" height="200">'),
    );
  });

  it('sets only the width or only the height', () => {
    expect(render('![a](i.png =100x) ![b](i.png =x50)')).toBe(
      inline('<img src="i.png" alt="a" width="100"> <img src="i.png" alt="b" height="50">'),
    );
  });

  it('reads =s{size}, as the image dialog writes it, as a width', () => {
    expect(render('![a](i.png =s320 "T")')).toBe(
      inline('<img src="i.png" alt="a" title="T" width="320">'),
    );
  });

  it('takes a title before or after the size', () => {
    expect(render('![a](i.png "T" =1x2) ![b](<i 2.png> =3x4 \'U\')')).toBe(
      inline(
        '<img src="i.png" alt="a" title="T" width="1" height="2"> ' +
          '<img src="i%202.png" alt="b" title="U" width="3" height="4">',
      ),
    );
  });

  it('works inside links', () => {
    expect(render('[![a](i.png =10x10)](page.md)')).toBe(
      inline('<a href="page.md"><img src="i.png" alt="a" width="10" height="10"></a>'),
    );
  });

  it('leaves images without a size to the usual rule', () => {
    expect(render('![a](i.png "t")')).toBe(inline('<img src="i.png" alt="a" title="t">'));
  });

  it.each([
    ['no space before the size', '![a](i.png=1x2)', inline('<img src="i.png=1x2" alt="a">')],
    ['no number', '![a](i.png =x)', inline('![a](i.png =x)')],
    ['a unit', '![a](i.png =1px)', inline('![a](i.png =1px)')],
    ['two sizes', '![a](i.png =1x2 =3x4)', inline('![a](i.png =1x2 =3x4)')],
    ['no closing parenthesis', '![a](i.png =1x2', inline('![a](i.png =1x2')],
  ])('declines %s', (_name, markdown, html) => {
    expect(render(markdown)).toBe(html);
  });

  it('applies the URL policy', () => {
    expect(render('![a](javascript:x =1x2)')).not.toContain('<img');
  });

  it('is off when switched off', () => {
    expect(render('![a](i.png =100x200)', false)).toBe(inline('![a](i.png =100x200)'));
  });
});
