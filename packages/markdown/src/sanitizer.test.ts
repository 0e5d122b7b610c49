import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { createConverter } from './converter.js';
import { createSanitizer } from './sanitizer.js';

const window = new JSDOM('').window;
const sanitizer = createSanitizer(window);
const sanitize = (html: string) => sanitizer.sanitize(html);
const converter = createConverter();

// How the browser itself serialises `html`: what an untouched fragment looks like.
function reserialize(html: string): string {
  const container = window.document.createElement('div');
  container.innerHTML = html;
  return container.innerHTML;
}

describe('sanitizer: what it removes', () => {
  it('removes scripts, styles, frames, forms and document-level elements', () => {
    expect(sanitize('<script>alert(1)</script><p>ok</p>')).toBe('<p>ok</p>');
    expect(sanitize('<style>p{color:red}</style>text')).toBe('text');
    expect(sanitize('<iframe src="https://x.test"></iframe>after')).toBe('after');
    expect(sanitize('<object data="x"></object><embed src="x">')).toBe('');
    expect(sanitize('<form action="/x"><button formaction="/y">b</button></form>')).toBe('b');
    expect(sanitize('<base href="/"><meta http-equiv="refresh"><link href="x">')).toBe('');
  });

  it('keeps nothing of a body or html tag in the markup, nor its attributes', () => {
    for (const html of [
      '<body onload="alert(1)" class="x" id="y"><p>ok</p></body>',
      '<html onmouseover="alert(1)"><head></head><body style="color:red" onload="alert(1)"><p>ok</p>',
      '<p>ok</p><body onpageshow="alert(1)">',
    ]) {
      expect(sanitize(html)).toBe('<p>ok</p>');
      const fragment = sanitizer.sanitizeToFragment(html);
      expect(Array.from(fragment.childNodes, (node) => node.nodeName)).toEqual(['P']);
      const owner = fragment.firstChild!.ownerDocument!;
      expect(owner.body?.attributes.length ?? 0).toBe(0);
    }
  });

  it('removes script inside SVG and MathML tricks', () => {
    expect(sanitize('<svg><script>alert(1)</script></svg>')).not.toContain('script');
    const html = sanitize('<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>');
    expect(html).not.toContain('onerror');
    expect(html).not.toContain('<style');
  });

  it('removes event handlers and unknown attributes', () => {
    expect(sanitize('<img src="a.png" onerror="alert(1)">')).toBe('<img src="a.png">');
    expect(sanitize('<div onclick="x()" srcdoc="y" data-x="1">d</div>')).toBe('<div>d</div>');
    expect(sanitize('<a href="https://x.test" target="_blank">x</a>')).not.toContain('target');
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    '&#106;avascript:alert(1)',
    '&#x6A;&#x61;vascript&colon;alert(1)',
    'java&#9;script:alert(1)',
    ' javascript:alert(1)',
    'vbscript:msgbox(1)',
    'VBScript:msgbox(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'DATA:text/html,<script>alert(1)</script>',
    'data:image/png;base64,AAAA',
    'blob:https://x.test/1',
  ])('drops the link target %s', (href) => {
    expect(sanitize(`<a href="${href}">x</a>`)).toBe('<a>x</a>');
  });

  it('drops image sources outside the policy', () => {
    expect(sanitize('<img src="javascript:alert(1)">')).toBe('<img>');
    expect(sanitize('<img src="data:text/html;base64,AAAA">')).toBe('<img>');
    expect(sanitize('<img src="data:image/png,AAAA">')).toBe('<img>');
    expect(sanitize('<img srcset="a.png 1x, javascript:alert(1) 2x">')).toBe('<img>');
  });

  it('drops styles that load URLs or run script, keeps plain ones', () => {
    expect(sanitize('<p style="background:url(https://x.test/t.png)">s</p>')).toBe('<p>s</p>');
    expect(sanitize('<p style="background:\\75 rl(x)">s</p>')).toBe('<p>s</p>');
    expect(sanitize('<p style="width:expression(alert(1))">s</p>')).toBe('<p>s</p>');
    expect(sanitize('<p style="color:red">s</p>')).toBe('<p style="color:red">s</p>');
  });

  it('drops styles that could lift an element out of the preview', () => {
    expect(sanitize('<div style="position:fixed;inset:0">x</div>')).toBe('<div>x</div>');
    expect(sanitize('<div style="position:absolute;top:0">x</div>')).toBe('<div>x</div>');
    expect(sanitize('<div style="--p:fixed;position:var(--p)">x</div>')).toBe('<div>x</div>');
    const relative = '<div style="position:relative;top:2px">x</div>';
    expect(sanitize(relative)).toBe(relative);
  });

  it('keeps only checkbox inputs', () => {
    expect(sanitize('<input type="text" value="x"><input><input type="password">')).toBe('');
    expect(sanitize('<input type="checkbox" checked disabled name="n">')).toBe(
      '<input type="checkbox" checked="" disabled="">',
    );
  });
});

describe('sanitizer: what it keeps', () => {
  it('keeps markdown and README HTML', () => {
    const html =
      '<details open=""><summary>More</summary><p>Press <kbd>Ctrl</kbd>+<kbd>K</kbd></p></details>' +
      '<p align="center"><img src="logo.png" alt="Logo" width="120"></p>' +
      '<dl><dt>t</dt><dd><mark>m</mark> <sub>1</sub><sup>2</sup> <abbr title="x">X</abbr></dd></dl>' +
      '<table><tbody><tr><td colspan="2" rowspan="1" style="text-align:right">c</td></tr></tbody></table>' +
      '<picture><source srcset="dark.png" media="(prefers-color-scheme: dark)"><img src="l.png"></picture>';
    expect(sanitize(html)).toBe(html);
  });

  // What READMEs write in raw HTML, through the converter as a user would type it.
  it.each([
    ['details and summary', '<details open><summary>More</summary>\n\nHidden.\n\n</details>'],
    ['kbd, sub and sup', 'Press <kbd>Ctrl</kbd>+<kbd>K</kbd>: H<sub>2</sub>O, x<sup>2</sup>.'],
    [
      'a table with align',
      '<table align="center"><tr><td align="right" width="50">r</td></tr></table>',
    ],
    [
      'an image with a size',
      '<img src="logo.png" alt="Logo" width="120" height="40" align="right">',
    ],
    // (with the rel the sanitiser gives every outgoing link, so that input and output match)
    [
      'a link with a title',
      '<a href="https://x.test" title="Site" rel="noopener noreferrer">s</a>',
    ],
    ['a definition list', '<dl><dt>Term</dt><dd>Definition</dd></dl>'],
    ['an abbreviation', '<abbr title="HyperText Markup Language">HTML</abbr>'],
    [
      'a picture',
      '<picture><source media="(prefers-color-scheme: dark)" srcset="d.png"><img src="l.png" alt="x"></picture>',
    ],
    ['a figure', '<figure><img src="a.png" alt="a"><figcaption>Caption</figcaption></figure>'],
    [
      'a centred paragraph',
      '<p align="center"><b>b</b> <mark>m</mark> <q cite="https://x.test">q</q></p>',
    ],
  ])('keeps raw HTML in markdown: %s', (_, markdown) => {
    const { html } = converter.render(markdown);
    expect(sanitize(html)).toBe(reserialize(html));
  });

  it('keeps markdown table alignment', () => {
    const { html } = converter.render('| L | C | R |\n|:--|:-:|--:|\n| a | b | c |');
    expect(sanitize(html)).toBe(reserialize(html));
    expect(sanitize(html)).toContain('<td style="text-align:center">b</td>');
  });

  it('keeps ids and data-line, even ids named like document properties', () => {
    const html = '<h2 id="images" data-line="3">Images</h2><h2 id="title" data-line="5">Title</h2>';
    expect(sanitize(html)).toBe(html);
  });

  it('keeps file:, mailto:, tel:, relative and fragment links', () => {
    const html =
      '<a href="file:///home/me/a.md">f</a><a href="mailto:me@x.test">m</a>' +
      '<a href="tel:+4412345">t</a><a href="../notes/b.md">r</a><a href="#usage">h</a>';
    expect(sanitize(html)).toBe(html);
  });

  it('marks outgoing http(s) links noopener noreferrer', () => {
    expect(sanitize('<a href="https://x.test" rel="opener">x</a>')).toBe(
      '<a href="https://x.test" rel="noopener noreferrer">x</a>',
    );
    expect(sanitize('<a href="#local">x</a>')).toBe('<a href="#local">x</a>');
  });

  it('keeps data:image and blob: sources on images only', () => {
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    const svg = 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=';
    expect(sanitize(`<img src="${png}">`)).toBe(`<img src="${png}">`);
    expect(sanitize(`<img src="${svg}">`)).toBe(`<img src="${svg}">`);
    expect(sanitize('<img src="blob:https://x.test/1">')).toBe('<img src="blob:https://x.test/1">');
    expect(sanitize(`<a href="${png}">x</a>`)).toBe('<a>x</a>');
  });

  it('keeps rendered markdown intact: headings, lines, tasks, footnotes', () => {
    const { html } = converter.render('# Hi\n\n- [x] done\n\nNote[^1]\n\n[^1]: Foot.\n');
    expect(sanitize(html)).toBe(reserialize(html));
  });

  it('keeps the [TOC] table of contents and its links', () => {
    const { html } = converter.render('[TOC]\n\n# One\n\n## Two\n');
    expect(html).toContain('<nav');
    expect(sanitize(html)).toBe(reserialize(html));
  });

  it('keeps KaTeX output intact: classes, styles, MathML and SVG', () => {
    const formulas = [
      '$E=mc^2$',
      '$$\\sqrt{x^2+1} + \\sqrt[3]{\\frac{a}{b}}$$',
      '$\\widehat{abc} + \\overrightarrow{AB} + \\cancel{y} + \\xrightarrow{f}$',
      '$\\begin{pmatrix}a&b\\\\c&d\\end{pmatrix} \\begin{array}{c|c}1&2\\\\\\hline 3&4\\end{array}$',
      '$\\color{red}{r} \\mathbb{R} \\underbrace{x+y}_{n} \\boxed{z} \\text{text}$',
      '$$\\begin{aligned}a&=b\\tag{1}\\\\c&=d\\end{aligned}$$',
    ];
    for (const formula of formulas) {
      const { html } = converter.render(formula);
      const clean = sanitize(html);
      expect(clean).toBe(reserialize(html));
      expect(clean).toContain('class="katex"');
      expect(clean).toContain('<annotation encoding="application/x-tex">');
    }
    const sqrt = sanitize(converter.render('$\\sqrt{x}$').html);
    expect(sqrt).toContain('<svg xmlns="http://www.w3.org/2000/svg"');
    expect(sqrt).toContain('<path d="');
  });
});

describe('sanitizer: setup', () => {
  it('refuses a window without a DOM instead of passing HTML through', () => {
    expect(() => createSanitizer({} as Window & typeof globalThis)).toThrow(/window with a DOM/);
  });
});

describe('sanitizer: nodes for the preview', () => {
  // What the preview inserts: the same cleaning as the string form, never parsed a second time.
  const serialise = (html: string) => {
    const container = window.document.createElement('div');
    container.append(sanitizer.sanitizeToFragment(html));
    return container.innerHTML;
  };

  it('removes what the string form removes', () => {
    expect(serialise('<script>alert(1)</script><p>ok</p>')).toBe('<p>ok</p>');
    expect(serialise('<img src="a.png" onerror="alert(1)">')).toBe('<img src="a.png">');
    expect(serialise('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(serialise('<input type="text" value="x"><input type="checkbox" disabled>')).toBe(
      '<input type="checkbox" disabled="">',
    );
    expect(serialise('<svg><script>alert(1)</script></svg>')).not.toContain('script');
    expect(
      serialise('<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>'),
    ).not.toMatch(/onerror|<style/);
    expect(serialise('<a href="https://x.test">x</a>')).toBe(
      '<a href="https://x.test" rel="noopener noreferrer">x</a>',
    );
  });

  it('gives the same markup as the string form for rendered markdown', () => {
    const sources = [
      '# Title\n\nSome *text* with a [link](https://x.test "t") and `code`.',
      '| a | b |\n|:-:|---|\n| 1 | 2 |',
      '- [x] done\n- [ ] to do',
      '$$\\sqrt{x^2+1} + \\frac{a}{b}$$',
      'Text[^1].\n\n[^1]: A note.',
      '<div class="note" style="color:red" onclick="x()">raw <b>html</b></div>',
    ];
    for (const source of sources) {
      const { html } = converter.render(source);
      expect(serialise(html)).toBe(sanitize(html));
    }
  });

  it('gives an empty fragment, never null, where the string form gives nothing', () => {
    const html = '<frameset onload="alert(1)"><frame src="x"></frameset>';
    expect(sanitize(html)).toBe('');
    const fragment = sanitizer.sanitizeToFragment(html);
    expect(fragment.childNodes).toHaveLength(0);
  });
});
