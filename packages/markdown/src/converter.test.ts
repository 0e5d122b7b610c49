import { describe, expect, it } from 'vitest';
import { createConverter } from './converter.js';

const converter = createConverter();
const render = (markdown: string) => converter.render(markdown);

describe('headings', () => {
  it('renders an ATX heading with its anchor id and source line', () => {
    expect(render('# Hello').html).toBe('<h1 id="hello" data-line="0">Hello</h1>\n');
  });

  it('lists headings with level, plain text, id and 0-based line', () => {
    const { headings } = render('intro\n\n## Install *now*\n\ntext\n\nSetup `npm`\n---\n');
    expect(headings).toEqual([
      { level: 2, text: 'Install now', id: 'install-now', line: 2 },
      { level: 2, text: 'Setup npm', id: 'setup-npm', line: 6 },
    ]);
  });

  it('gives repeated headings unique ids in document order', () => {
    const { headings, html } = render('# Usage\n## Usage\n### Usage\n# Usage-1\n');
    expect(headings.map((heading) => heading.id)).toEqual([
      'usage',
      'usage-1',
      'usage-2',
      'usage-1-1',
    ]);
    expect(html).toContain('<h2 id="usage-1" data-line="1">');
  });

  it('gives the same ids for the same input, render after render', () => {
    const markdown = '# A\n# A\n# Ünïcode Überschrift\n# ???\n';
    const first = render(markdown);
    expect(render(markdown)).toEqual(first);
    expect(first.headings.map((heading) => heading.id)).toEqual([
      'a',
      'a-1',
      'ünïcode-überschrift',
      'section',
    ]);
  });
});

describe('source lines', () => {
  it('marks every block with its 0-based start line', () => {
    const markdown = [
      '# Title', // 0
      '', // 1
      'A paragraph', // 2
      'on two lines.', // 3
      '', // 4
      '> quoted', // 5
      '', // 6
      '1. one', // 7
      '2. two', // 8
      '', // 9
      '```', // 10
      'code', // 11
      '```', // 12
      '', // 13
      '---', // 14
      '', // 15
      '    indented code', // 16
    ].join('\n');
    const { html } = render(markdown);
    expect(html).toContain('<h1 id="title" data-line="0">');
    expect(html).toContain('<p data-line="2">A paragraph\non two lines.</p>');
    expect(html).toContain('<blockquote data-line="5">\n<p data-line="5">quoted</p>');
    expect(html).toContain('<ol data-line="7">\n<li data-line="7">one</li>\n<li data-line="8">');
    expect(html).toContain('<pre data-line="10"><code>code\n</code></pre>');
    expect(html).toContain('<hr data-line="14">');
    expect(html).toContain('<pre data-line="16"><code>indented code\n</code></pre>');
  });
});

describe('GFM', () => {
  it('renders tables with alignment', () => {
    const { html } = render('| a | b |\n|:--|--:|\n| 1 | 2 |\n');
    expect(html).toContain('<table data-line="0">');
    expect(html).toContain('<th style="text-align:left">a</th>');
    expect(html).toContain('<td style="text-align:right">2</td>');
  });

  it('renders ~~strikethrough~~', () => {
    expect(render('~~gone~~').html).toBe('<p data-line="0"><del>gone</del></p>\n');
  });

  it('renders footnotes with references and a notes section', () => {
    const { html } = render('Claim[^1].\n\n[^1]: Source.\n');
    expect(html).toContain('<sup class="footnote-ref"><a href="#fn1" id="fnref1">[1]</a></sup>');
    expect(html).toContain('<section class="footnotes">');
    expect(html).toContain(
      '<li id="fn1" class="footnote-item"><p>Source. <a href="#fnref1" class="footnote-backref">',
    );
  });
});

describe('code', () => {
  it('escapes fenced code and names its language', () => {
    const { html } = render('```ts\nconst a = 1 < 2 && "x";\n```\n');
    expect(html).toBe(
      '<pre data-line="0"><code class="language-ts">const a = 1 &lt; 2 &amp;&amp; &quot;x&quot;;\n' +
        '</code></pre>\n',
    );
  });
});

describe('links', () => {
  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'javascript&#58;alert(1)',
    'vbscript:msgbox(1)',
    'data:text/html;base64,PHNjcmlwdD4=',
  ])('does not make a link to %s', (url) => {
    const { html } = render(`[click](${url})`);
    expect(html).not.toContain('<a');
  });

  it.each(['https://example.com', 'mailto:a@b.c', 'tel:+123', 'file:///tmp/a.md', '#part', 'b.md'])(
    'links to %s',
    (url) => {
      expect(render(`[go](${url})`).html).toContain(`<a href="${url}">go</a>`);
    },
  );

  it('allows blob: and data:image sources for images only', () => {
    expect(render('![a](blob:https://x/1)').html).toContain('<img src="blob:https://x/1" alt="a">');
    expect(render('![a](data:image/png;base64,AAAA)').html).toContain(
      '<img src="data:image/png;base64,AAAA" alt="a">',
    );
    expect(render('![a](data:text/html;base64,AAAA)').html).not.toContain('<img');
  });
});

describe('options', () => {
  it('keeps raw HTML by default (the sanitiser cleans it)', () => {
    expect(render('<kbd>K</kbd>').html).toContain('<kbd>K</kbd>');
  });

  it('turns extensions off by name', () => {
    const plain = createConverter({ table: false, del: false, katex: false, html: false });
    const { html } = plain.render('~~x~~ $y$ <b>z</b>\n\n| a |\n|---|\n| 1 |\n');
    expect(html).not.toContain('<del>');
    expect(html).not.toContain('katex');
    expect(html).not.toContain('<table');
    expect(html).toContain('&lt;b&gt;z&lt;/b&gt;');
  });

  it('turns mermaid and abc fences into diagram placeholders that show the source', () => {
    const { html } = render('```mermaid\ngraph TD; A-->B\n```\n\n```abc\nX:1\n```\n');
    expect(html).toContain(
      '<div class="diagram" data-diagram="mermaid" data-line="0"><pre class="diagram__source"><code>graph TD; A--&gt;B\n</code></pre></div>',
    );
    expect(html).toContain('<div class="diagram" data-diagram="abc" data-line="4">');
    const plain = createConverter({ mermaid: false }).render('```mermaid\nA\n```\n').html;
    expect(plain).toContain('<code class="language-mermaid">');
  });
});
