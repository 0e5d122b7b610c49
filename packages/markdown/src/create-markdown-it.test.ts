import { describe, expect, it } from 'vitest';
import { createConverter } from './converter.js';
import { type MarkdownPreset } from './converter-options.js';

const render = (markdown: string, preset: MarkdownPreset) =>
  createConverter({ preset }).render(markdown).html;

describe('preset bases', () => {
  it('zero parses paragraphs and plain text only', () => {
    const html = render('# Title\n\n*a* `b` [c](d) <b>e</b>\n\n```\nf\n```\n', 'zero');
    expect(html).toBe(
      '<p data-line="0"># Title</p>\n' +
        '<p data-line="2">*a* `b` [c](d) &lt;b&gt;e&lt;/b&gt;</p>\n' +
        '<p data-line="4">```\nf\n```</p>\n',
    );
  });

  it('zero takes switches and raw HTML on top', () => {
    const html = createConverter({ preset: 'zero', html: true, table: true, breaks: true }).render(
      'a\n<b>b</b>\n\n| x |\n|---|\n| 1 |\n',
    ).html;
    expect(html).toContain('<p data-line="0">a<br>\n<b>b</b></p>');
    expect(html).toContain('<td>1</td>');
  });

  it('commonmark parses CommonMark and no extension', () => {
    const html = render('# T\n\n~~a~~ $b$ www.c.org\n\n| x |\n|---|\n', 'commonmark');
    expect(html).toContain('<h1 id="t" data-line="0">T</h1>');
    expect(html).toContain('<p data-line="2">~~a~~ $b$ www.c.org</p>');
    expect(html).toContain('<p data-line="4">| x |\n|---|</p>');
  });

  it('gfm adds tables, strikethrough, task lists and autolinks, not math or emoji', () => {
    const html = render('~~a~~ $b$ www.c.org :smile:\n\n- [x] d\n\n| x |\n|---|\n', 'gfm');
    expect(html).toContain('<del>a</del> $b$ <a href="http://www.c.org">www.c.org</a> :smile:');
    expect(html).toContain('class="task-list-item-checkbox" checked');
    expect(html).toContain('<table data-line="4">');
  });

  it('commonmark and gfm close void elements as both specs print them; zero and default do not', () => {
    expect(render('a  \nb\n\n---\n', 'commonmark')).toContain('a<br />\nb');
    expect(render('---', 'gfm')).toBe('<hr data-line="0" />\n');
    expect(render('---', 'default')).toBe('<hr data-line="0">\n');
    expect(render('![a](b)', 'zero')).toBe('<p data-line="0">![a](b)</p>\n');
    expect(render('![a](b)', 'default')).toBe('<p data-line="0"><img src="b" alt="a"></p>\n');
  });
});

describe('block quotes', () => {
  it('prints an empty quote on two lines, as CommonMark does', () => {
    expect(render('>\n', 'default')).toBe('<blockquote data-line="0">\n</blockquote>\n');
  });

  it('leaves other quotes as markdown-it prints them', () => {
    expect(render('- a\n  > b\n', 'default')).toBe(
      '<ul data-line="0">\n<li data-line="0">a\n<blockquote data-line="1">\n' +
        '<p data-line="1">b</p>\n</blockquote>\n</li>\n</ul>\n',
    );
  });
});
