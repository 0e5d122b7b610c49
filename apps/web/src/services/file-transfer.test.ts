import { defaultSettings, type TurndownSettings } from '@inkstone/core';
import { describe, expect, it } from 'vitest';
import { htmlToMarkdown } from './file-transfer';

const defaults = defaultSettings().turndown;
const convert = (html: string, options: Partial<TurndownSettings> = {}) =>
  htmlToMarkdown(html, { ...defaults, ...options });

describe('HTML import: GitHub extensions', () => {
  it('turns a table into a GFM table, with its alignment', async () => {
    const html = `<table>
      <thead><tr><th>Name</th><th align="right">Price</th></tr></thead>
      <tbody><tr><td>Tea</td><td align="right">3</td></tr><tr><td>Cake</td><td align="right">4.5</td></tr></tbody>
    </table>`;
    expect(await convert(html)).toBe(
      ['| Name | Price |', '| --- | ---: |', '| Tea | 3   |', '| Cake | 4.5 |'].join('\n'),
    );
  });

  it('gives a table without a head row an empty one, and escapes pipes in cells', async () => {
    const markdown = await convert('<table><tr><td>a | b</td><td>c</td></tr></table>');
    expect(markdown.split('\n')).toEqual(['|     |     |', '| --- | --- |', '| a \\| b | c   |']);
  });

  it('writes strikethrough as ~~, from <del>, <s> and <strike>', async () => {
    expect(await convert('<p><del>gone</del>, <s>wrong</s> and <strike>old</strike></p>')).toBe(
      '~~gone~~, ~~wrong~~ and ~~old~~',
    );
  });

  it('writes task list items with their boxes', async () => {
    const html = `<ul>
      <li><input type="checkbox" checked disabled> Done</li>
      <li><input type="checkbox"> To do</li>
      <li><label><input type="checkbox"> In a label</label></li>
    </ul>`;
    // (The plugin keeps the space after each box, so two separate it from the text.)
    expect((await convert(html)).split('\n')).toEqual([
      '-   [x]  Done',
      '-   [ ]  To do',
      '-    [ ]  In a label',
    ]);
  });

  it('keeps a table whose cells hold lists or code as HTML, with no wrapper of its own', async () => {
    const html = '<table><tr><th>Steps</th></tr><tr><td><ul><li>one</li></ul></td></tr></table>';
    expect(await convert(`<p>Before</p>${html}<p>After</p>`)).toBe(
      'Before\n\n<table><tbody><tr><th>Steps</th></tr><tr><td><ul><li>one</li></ul></td></tr></tbody></table>\n\nAfter',
    );
    const code = '<table><tr><td><pre><code>x | y</code></pre></td><td>b</td></tr></table>';
    expect(await convert(code)).toMatch(/^<table><tbody><tr><td><pre><code>x \| y/);
  });
});

describe('HTML import: a table kept as HTML', () => {
  it('keeps nothing that would run or load: scripts, styles, frames, on… attributes, javascript: URLs', async () => {
    const html = `<table onclick="steal()">
      <tr><th style="color: red">Steps</th></tr>
      <tr><td><ul>
        <li><a href="javascript:alert(1)" title="x">one</a></li>
        <li><a href=" JaVa&#x09;Script:alert(2)">two</a> <a href="https://example.com/">three</a></li>
        <li><img src="a.png" alt="pic" onerror="alert(3)"><img src="vbscript:msgbox(4)" alt="vb"></li>
      </ul>
      <script>alert(5)</script><style>body { display: none }</style>
      <iframe srcdoc="<script>alert(6)</script>" src="https://example.com/"></iframe>
      <object data="x.swf"></object><embed src="x.swf"><form action="javascript:alert(7)"><button formaction="javascript:alert(8)">Go</button></form>
      </td></tr></table>`;
    const markdown = await convert(html);
    expect(markdown.startsWith('<table>')).toBe(true);
    for (const active of [
      'script',
      'style>',
      'iframe',
      'object',
      'embed',
      'onclick',
      'onerror',
      'srcdoc',
      'alert',
      'msgbox',
      'javascript',
      'vbscript',
    ]) {
      expect(markdown.toLowerCase(), active).not.toContain(active);
    }
    // Everything else is kept as it was.
    expect(markdown).toContain('<th style="color: red">Steps</th>');
    expect(markdown).toContain('<a title="x">one</a>');
    expect(markdown).toContain('<a href="https://example.com/">three</a>');
    expect(markdown).toContain('<img src="a.png" alt="pic">');
    expect(markdown).toContain('<button>Go</button>');
  });
});

describe('HTML import: the turndown settings', () => {
  it('still shape headings, lists, emphasis, code and rules', async () => {
    const html =
      '<h1>Title</h1><ul><li><em>a</em> <strong>b</strong></li></ul><pre><code>x = 1</code></pre><hr>';
    expect(await convert(html)).toBe('# Title\n\n-   _a_ **b**\n\n```\nx = 1\n```\n\n---');
    expect(
      await convert(html, {
        headingStyle: 'setext',
        bulletListMarker: '*',
        emDelimiter: '*',
        strongDelimiter: '__',
        codeBlockStyle: 'fenced',
        fence: '~~~',
        hr: '***',
      }),
    ).toBe('Title\n=====\n\n*   *a* __b__\n\n~~~\nx = 1\n~~~\n\n***');
  });

  it('drops scripts, styles and the head', async () => {
    const html =
      '<html><head><title>T</title><style>p{}</style></head><body><p>Text</p><script>x()</script></body></html>';
    expect(await convert(html)).toBe('Text');
  });
});
