import { describe, expect, it } from 'vitest';
import { createConverter } from '../converter.js';
import { type ConverterOptions } from '../converter-options.js';

const render = (markdown: string, options: Partial<ConverterOptions> = {}) =>
  createConverter(options).render(markdown).html;

describe('breaks', () => {
  it('keeps newlines soft by default', () => {
    expect(render('a\nb')).toBe('<p data-line="0">a\nb</p>\n');
  });

  it('makes every newline a line break when on', () => {
    expect(render('a\nb', { breaks: true })).toBe('<p data-line="0">a<br>\nb</p>\n');
  });
});

describe('fence', () => {
  it('renders fenced code when on', () => {
    expect(render('~~~js\nx\n~~~')).toBe(
      '<pre data-line="0"><code class="language-js">x\n</code></pre>\n',
    );
  });

  it('leaves fences as paragraphs with code spans when off, in every preset', () => {
    expect(render('```js\nx\n```', { fence: false })).toBe(
      '<p data-line="0"><code>js x </code></p>\n',
    );
    expect(render('~~~\nx\n~~~', { preset: 'commonmark', fence: false })).toBe(
      '<p data-line="0">~~~\nx\n~~~</p>\n',
    );
  });

  it('keeps indented code when off', () => {
    expect(render('    x', { fence: false })).toBe('<pre data-line="0"><code>x\n</code></pre>\n');
  });
});

describe('linkify', () => {
  it('links bare URLs, www addresses and e-mail addresses', () => {
    const html = render('https://a.org/x www.b.com c@d.com');
    expect(html).toContain('<a href="https://a.org/x">https://a.org/x</a>');
    expect(html).toContain('<a href="http://www.b.com">www.b.com</a>');
    expect(html).toContain('<a href="mailto:c@d.com">c@d.com</a>');
  });

  it('applies the URL policy to what it links', () => {
    expect(render('see javascript:alert(1)')).not.toContain('<a');
  });

  it('leaves code alone', () => {
    expect(render('`https://a.org`')).toBe('<p data-line="0"><code>https://a.org</code></p>\n');
  });

  it('links nothing when off', () => {
    expect(render('https://a.org www.b.com', { linkify: false })).not.toContain('<a');
  });
});

describe('table', () => {
  it('renders pipe tables with alignment', () => {
    const html = render('| a | b |\n|:-:|---|\n| 1 | 2 |');
    expect(html).toContain('<th style="text-align:center">a</th>');
    expect(html).toContain('<td>2</td>');
  });

  it('leaves pipes as text when off', () => {
    expect(render('| a |\n|---|\n| 1 |', { table: false, typographer: false })).toBe(
      '<p data-line="0">| a |\n|---|\n| 1 |</p>\n',
    );
  });
});

describe('typographer', () => {
  it('replaces quotes, dashes, ellipses and symbols', () => {
    expect(render('"a" \'b\' c -- d --- e... (c) (tm)')).toBe(
      '<p data-line="0">“a” ‘b’ c – d — e… © ™</p>\n',
    );
  });

  it('never touches code', () => {
    expect(render('`"a" --`')).toBe('<p data-line="0"><code>&quot;a&quot; --</code></p>\n');
  });

  it('changes nothing when off', () => {
    expect(render('"a" -- (c)', { typographer: false })).toBe(
      '<p data-line="0">&quot;a&quot; -- (c)</p>\n',
    );
  });
});
