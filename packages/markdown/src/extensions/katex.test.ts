import { describe, expect, it } from 'vitest';
import { createConverter } from '../converter.js';

const converter = createConverter();
const render = (markdown: string) => converter.render(markdown).html;
const count = (html: string, text: string) => html.split(text).length - 1;
const tex = (source: string) => `<annotation encoding="application/x-tex">${source}</annotation>`;

describe('inline math', () => {
  it('typesets $…$ with KaTeX, HTML and MathML', () => {
    const html = render('Energy: $E=mc^2$.');
    expect(html).toContain('<span class="katex"><span class="katex-mathml"><math');
    expect(html).toContain(tex('E=mc^2'));
    expect(html).toContain('<span class="katex-html" aria-hidden="true">');
    expect(html).not.toContain('katex-display');
  });

  it('typesets $$…$$ inside a line as display math', () => {
    const html = render('so $$\\sum_i x_i$$ holds');
    expect(html).toContain('<p data-line="0">so <span class="katex-display">');
    expect(html).toContain(tex('\\sum_i x_i'));
  });

  it('escapes what the TeX source shows', () => {
    expect(render('$a<b$')).toContain(tex('a&lt;b'));
  });

  it.each([
    ['prices', 'costs 5$ and 6$ today'],
    ['amounts', 'from $5 to $6'],
    ['thousands', 'between $20,000 and $30,000'],
    ['a space after the opener', '$ x$'],
    ['a space before the closer', '$x $'],
    ['a digit after the closer', '$x$5'],
    ['escaped dollars', '\\$x\\$'],
    ['a lone dollar', 'just $'],
  ])('leaves %s as text', (_, markdown) => {
    const html = render(markdown);
    expect(html).not.toContain('katex');
    expect(html).toContain('$');
  });

  it('keeps an escaped dollar inside math', () => {
    expect(render('$a \\$ b$')).toContain(tex('a \\$ b'));
  });

  it('never starts inside code', () => {
    expect(render('`$x$` and `$$y$$`')).toBe(
      '<p data-line="0"><code>$x$</code> and <code>$$y$$</code></p>\n',
    );
    expect(render('```\n$x$\n$$\ny\n$$\n```')).not.toContain('katex');
    expect(render('    $x$')).not.toContain('katex');
  });

  it('works in table cells, quotes and list items', () => {
    const html = render('| cost |\n|---|\n| $\\alpha$ |\n\n> $\\beta$\n\n- $\\gamma$\n');
    expect(count(html, 'class="katex"')).toBe(3);
  });

  it('renders a TeX error in place instead of throwing', () => {
    const html = render('bad $\\frac{1}{$ math');
    expect(html).toContain('katex-error');
  });

  it('puts math into heading text and ids', () => {
    const { headings } = converter.render('# Energy $E=mc^2$');
    expect(headings[0]).toMatchObject({ text: 'Energy E=mc^2', id: 'energy-emc2' });
  });
});

describe('display math blocks', () => {
  it('typesets $$ lines as a display block with its source line', () => {
    const html = render('text\n\n$$\n\\int_0^1 x\\,dx\n$$\n\nafter');
    expect(html).toContain('<div class="math-block" data-line="2"><span class="katex-display">');
    expect(html).toContain('<math xmlns="http://www.w3.org/1998/Math/MathML" display="block">');
    expect(html).toContain(tex('\\int_0^1 x\\,dx'));
    expect(html).toContain('<p data-line="6">after</p>');
  });

  it('accepts a one-line block and delimiters sharing lines with the TeX', () => {
    expect(render('$$ a+b $$')).toContain('<div class="math-block" data-line="0">');
    const html = render('$$a\n+ b$$');
    expect(html).toContain('<div class="math-block" data-line="0">');
    expect(html).toContain(tex('a\n+ b'));
  });

  it('interrupts a paragraph, like a fence', () => {
    const html = render('Where:\n$$\nx\n$$\nend');
    expect(html).toContain('<p data-line="0">Where:</p>\n<div class="math-block" data-line="1">');
    expect(html).toContain('<p data-line="4">end</p>');
  });

  it('works inside quotes and list items', () => {
    const html = render('> $$\n> x^2\n> $$\n\n- item\n\n  $$\n  y^2\n  $$\n');
    expect(count(html, 'class="math-block"')).toBe(2);
    expect(html).toContain(tex('x^2'));
    expect(html).toContain(tex('y^2'));
  });

  it('shows an unclosed $$ as written, up to the end of its container, marked unclosed', () => {
    const html = render('Text.\n\n$$\nx < y\n\n# Not yet\n');
    expect(html).not.toContain('katex');
    expect(html).toContain(
      '<div class="math-block math-block--unclosed" data-line="2"><pre><code>$$\nx &lt; y\n\n# Not yet</code></pre></div>',
    );
    expect(html).toContain('<p data-line="0">Text.</p>');
    // Closing it typesets it, and what follows is markdown again.
    const closed = render('Text.\n\n$$\nx < y\n$$\n\n# Now\n');
    expect(closed).toContain('class="katex"');
    expect(closed).toContain('<h1 id="now" data-line="6">Now</h1>');
  });

  it('ends an unclosed block at the end of its container, so later blocks still work', () => {
    const quoted = render('> $$a\n\n$$\nx\n$$\n\n> $$b\n');
    expect(count(quoted, 'class="math-block"')).toBe(1);
    expect(quoted).toContain('<div class="math-block" data-line="2">');
    expect(count(quoted, 'math-block--unclosed')).toBe(2);
    const listed = render('- $$\n  a\n- next item\n');
    expect(listed).toContain('math-block--unclosed');
    expect(listed).toContain('next item</li>');
  });

  it('keeps data-line right across a document mixing math with other blocks', () => {
    const html = render('# T\n$$\na\n$$\n- $b$\n\n$$c$$\n| x |\n|---|\n| $d$ |\n');
    expect(html).toContain('<h1 id="t" data-line="0">');
    expect(html).toContain('<div class="math-block" data-line="1">');
    expect(html).toContain('<ul data-line="4">');
    expect(html).toContain('<div class="math-block" data-line="6">');
    expect(html).toContain('<table data-line="7">');
  });
});
