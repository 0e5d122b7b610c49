import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import hljs from 'highlight.js/lib/core';
import javascript from 'highlight.js/lib/languages/javascript';
import { describe, expect, it } from 'vitest';
import { type Converter, createConverter } from '../converter.js';
import { createMarkdownIt } from '../create-markdown-it.js';
import { type DocumentUpdate, type MarkdownDocument } from './markdown-document.js';

const converter = createConverter({ abbr: true, toc: true });
hljs.registerLanguage('javascript', javascript);
hljs.registerAliases(['js'], { languageName: 'javascript' });

/** What a preview holds: section HTML by id, and the current order. */
class Client {
  private readonly known = new Map<number, string>();
  ids: number[] = [];

  take(update: DocumentUpdate): DocumentUpdate {
    for (const [id, html] of Object.entries(update.html)) this.known.set(Number(id), html);
    this.ids = update.sections.map((section) => section.id);
    return update;
  }

  html(): string[] {
    return this.ids.map((id) => {
      const html = this.known.get(id);
      if (html === undefined) throw new Error(`Section ${id} was never handed out.`);
      return html;
    });
  }
}

const open = (text: string, using: Converter = converter) => {
  const document = using.createDocument(text);
  const client = new Client();
  client.take(document.update());
  return { document, client };
};

/** The section HTML a preview holding `update` shows, in order. */
const htmlOf = (update: DocumentUpdate) => {
  const client = new Client();
  client.take(update);
  return client.html();
};

const freshHtml = (text: string, using: Converter = converter) =>
  htmlOf(using.createDocument(text).update());

const edit = (
  document: MarkdownDocument,
  client: Client,
  from: number,
  to: number,
  insert: string,
) => {
  document.edit([{ from, to, insert }]);
  return client.take(document.update());
};

const idOf = (client: Client, pattern: RegExp) => {
  const index = client.html().findIndex((html) => pattern.test(html));
  expect(index).toBeGreaterThanOrEqual(0);
  return client.ids[index];
};

describe('MarkdownDocument', () => {
  it('re-renders only the block that changed; the others keep their ids', () => {
    const text = '# Title\n\nFirst paragraph.\n\nSecond paragraph.\n\nThird.\n';
    const { document, client } = open(text);
    const before = [...client.ids];
    const update = edit(
      document,
      client,
      text.indexOf('Second') + 6,
      text.indexOf('Second') + 6,
      ' changed',
    );
    expect(Object.keys(update.html)).toHaveLength(1);
    expect(client.ids[0]).toBe(before[0]);
    expect(client.ids[1]).toBe(before[1]);
    expect(client.ids[2]).not.toBe(before[2]);
    expect(client.ids[3]).toBe(before[3]);
    expect(client.html()[2]).toBe('<p data-line="0">Second changed paragraph.</p>\n');
  });

  it('keeps a moved block as it was: its lines are relative to the block', () => {
    const text = 'Intro.\n\n## Later\n';
    const { document, client } = open(text);
    const heading = client.ids[1];
    const update = edit(document, client, 0, 0, 'New line.\n\n');
    expect(client.ids[2]).toBe(heading);
    expect(update.sections[2]!.line).toBe(4);
    expect(update.headings).toEqual([{ level: 2, text: 'Later', id: 'later', line: 4 }]);
  });

  it('resolves link references defined in a later block, and follows their changes', () => {
    const text = 'See [the docs][d].\n\nMore text.\n\n[d]: https://example.org/one\n';
    const { document, client } = open(text);
    expect(client.html()[0]).toContain('<a href="https://example.org/one">the docs</a>');
    const at = text.indexOf('one');
    edit(document, client, at, at + 3, 'two');
    expect(client.html()[0]).toContain('<a href="https://example.org/two">the docs</a>');
    edit(document, client, text.indexOf('[d]:'), text.length, '');
    expect(client.html()[0]).toBe('<p data-line="0">See [the docs][d].</p>\n');
  });

  it('numbers footnotes in order of first reference across blocks', () => {
    const text = 'A[^b].\n\nB[^a] and again[^b].\n\n[^a]: Note a.\n\n[^b]: Note b.\n';
    const { document, client } = open(text);
    const html = () => client.html().join('');
    expect(client.html()[0]).toContain('<a href="#fn1" id="fnref1">[1]</a>');
    expect(client.html()[1]).toContain('<a href="#fn2" id="fnref2">[2]</a>');
    expect(client.html()[1]).toContain('<a href="#fn1" id="fnref1:1">[1]</a>');
    expect(html()).toMatch(/<li id="fn1" class="footnote-item"><p>Note b\. <a href="#fnref1"/);
    // A new first reference renumbers the blocks after it.
    edit(document, client, 0, 0, 'Z[^a]. ');
    expect(client.html()[0]).toContain('<a href="#fn1" id="fnref1">[1]</a>');
    expect(client.html()[0]).toContain('<a href="#fn2" id="fnref2">[2]</a>');
    expect(html()).toMatch(/<li id="fn1" class="footnote-item"><p>Note a\./);
  });

  it('shows a footnote’s new content, and keeps the footnotes section while edits elsewhere leave it alone', () => {
    const text = 'A[^a].\n\nPlain words.\n\n[^a]: Note a.\n';
    const { document, client } = open(text);
    const footnotes = () => client.html().at(-1)!;
    expect(footnotes()).toMatch(/<li id="fn1" class="footnote-item"><p>Note a\. <a href="#fnref1"/);
    const before = client.ids.at(-1);
    edit(document, client, text.indexOf('words'), text.indexOf('words'), 'more ');
    expect(client.ids.at(-1)).toBe(before);
    const edited = `${text.slice(0, text.indexOf('words'))}more ${text.slice(text.indexOf('words'))}`;
    const at = edited.indexOf('Note a') + 'Note a'.length;
    const update = edit(document, client, at, at, ', changed');
    expect(client.ids.at(-1)).not.toBe(before);
    expect(update.html[client.ids.at(-1)!]).toContain('Note a, changed.');
    expect(footnotes()).toMatch(/<p>Note a, changed\. <a href="#fnref1"/);
  });

  it('hands out the sections a keystroke did not change as the same objects, and new ones where lines moved', () => {
    const text = Array.from({ length: 6 }, (_, i) => `Paragraph ${i}.`).join('\n\n');
    const { document, client } = open(text);
    const first = document.update().sections;
    const at = text.indexOf('Paragraph 2') + 'Paragraph 2'.length;
    const typed = edit(document, client, at, at, ' more').sections;
    expect(typed.map((section, i) => (i === 2 ? 'changed' : section === first[i]))).toEqual([
      true,
      true,
      'changed',
      true,
      true,
      true,
    ]);
    // A line break typed: the sections below move down a line, in new objects (the ones handed
    // out before are never changed).
    const lines = first.map((section) => section.line);
    const broken = edit(document, client, at, at, '\n').sections;
    expect(broken.map((section) => section.line)).toEqual(
      lines.map((line, i) => (i <= 2 ? line : line + 1)),
    );
    expect(broken[0]).toBe(first[0]);
    expect(broken[4]).not.toBe(first[4]);
    expect(first.map((section) => section.line)).toEqual(lines);
    expect(client.html()[2]).toBe('<p data-line="0">Paragraph 2\nmore.</p>\n');
  });

  it('applies abbreviations defined anywhere to every block', () => {
    const text = 'The HTML spec.\n\n*[HTML]: Hyper Text Markup Language\n';
    const { document, client } = open(text);
    expect(client.html()[0]).toBe(
      '<p data-line="0">The <abbr title="Hyper Text Markup Language">HTML</abbr> spec.</p>\n',
    );
    edit(document, client, text.indexOf('Hyper'), text.indexOf('Hyper') + 5, 'Huge');
    expect(client.html()[0]).toContain('<abbr title="Huge Text Markup Language">');
  });

  it('keeps heading anchors unique in document order as headings come and go', () => {
    const text = '# Intro\n\n# Intro\n';
    const { document, client } = open(text);
    expect(client.html().join('')).toContain('id="intro-1"');
    const second = idOf(client, /intro-1/);
    edit(document, client, 0, 0, '# Intro\n\n');
    expect(client.html().map((html) => /id="([^"]+)"/.exec(html)?.[1])).toEqual([
      'intro',
      'intro-1',
      'intro-2',
    ]);
    expect(client.ids).not.toContain(second);
  });

  it('updates a [TOC] when a heading elsewhere changes', () => {
    const text = '[TOC]\n\n# One\n\n## Two\n';
    const { document, client } = open(text);
    expect(client.html()[0]).toContain('<a href="#one">One</a>');
    expect(client.html()[0]).toContain('<a href="#two">Two</a>');
    const at = text.indexOf('Two');
    edit(document, client, at, at + 3, 'Deux');
    expect(client.html()[0]).toContain('<a href="#deux">Deux</a>');
  });

  it('turns the rest of the document into code when a fence opens, and back when it closes', () => {
    const text = 'Before.\n\nMiddle.\n\n# After\n';
    const { document, client } = open(text);
    edit(document, client, text.indexOf('Middle'), text.indexOf('Middle'), '```\n');
    expect(client.html()).toHaveLength(2);
    expect(client.html()[1]).toContain(
      '<pre data-line="0"><code>Middle.\n\n# After\n</code></pre>',
    );
    const closeAt = document.text.indexOf('Middle.') + 'Middle.\n'.length;
    edit(document, client, closeAt, closeAt, '```\n');
    expect(client.html()).toEqual(freshHtml(document.text));
    expect(client.html().at(-1)).toContain('<h1 id="after"');
  });

  it('prepares the first screen first when given a budget, then the rest', () => {
    const text = Array.from({ length: 200 }, (_, i) => `Paragraph ${i}.`).join('\n\n');
    const document = converter.createDocument(text);
    const first = document.update({ budget: 300 });
    expect(first.complete).toBe(false);
    expect(first.sections.length).toBeGreaterThan(5);
    expect(first.sections.length).toBeLessThan(50);
    const rest = document.update();
    expect(rest.complete).toBe(true);
    expect(rest.sections).toHaveLength(200);
    expect(rest.sections.slice(0, first.sections.length)).toEqual(first.sections);
    expect(Object.keys(rest.html)).toHaveLength(200 - first.sections.length);
  });

  it('highlights code when its language arrives, re-rendering only the blocks that hold it', () => {
    const loaded = new Set<string>();
    const highlighting = createConverter({}, (code, language) =>
      loaded.has(language) ? `<span class="hljs-keyword">${code.trim()}</span>` : null,
    );
    const document = highlighting.createDocument('Intro.\n\n```JS\nconst\n```\n\n```py\nx\n```\n');
    const client = new Client();
    client.take(document.update());
    expect(client.html()[1]).toBe(
      '<pre data-line="0"><code class="language-JS">const\n</code></pre>\n',
    );
    loaded.add('js');
    document.refreshLanguage('js');
    const update = client.take(document.update());
    expect(Object.keys(update.html)).toHaveLength(1);
    expect(client.html()[1]).toBe(
      '<pre data-line="0"><code class="language-JS hljs"><span class="hljs-keyword">const</span></code></pre>\n',
    );
    expect(client.html()[2]).toContain('<code class="language-py">');
  });

  it('lists ahead of a paste the code its rendering asks the highlighter for', () => {
    // Every shape of fence: plain, tilde, indented, in a list and a quote, with an escaped or
    // upper-case info string, a diagram, one with no language, and long code split in parts.
    const long = Array.from({ length: 150 }, (_, i) => `let v${i} = "line ${i}"; // /*`).join('\n');
    const shapes = [
      '```js\nconst a = 1;\n```',
      '~~~ Python extra words\nprint(1)\n~~~',
      '  ```ts\n  const b: number = 2;\n    indented\n  ```',
      '- item\n\n  ```bash\n  echo hi\n  ```',
      '> ```css\n> a { color: red }\n> ```',
      '```c\\+\\+\nint x;\n```',
      '```JSON\n{ "upper": "case" }\n```',
      '```mermaid\ngraph TD; A-->B\n```',
      '```\nno language\n```',
      '```js\n' + long + '\n```',
      'A paragraph with `inline code`.',
    ];
    const text = Array.from({ length: 33 }, (_, i) => shapes[i % shapes.length]).join('\n\n');
    const asked: string[] = [];
    const recording = createConverter({}, (code, language) => {
      asked.push(`${language}\u0000${code}`);
      return null;
    });
    const document = recording.createDocument('Before.\n');
    document.update();
    asked.length = 0;
    document.edit(
      [{ from: 0, to: 0, insert: `${text}\n\n${'Filler paragraph.\n\n'.repeat(1200)}` }],
      {
        inSlices: true,
      },
    );
    while (!document.split(() => false));
    const ahead = document.codeAhead().map(({ code, language }) => `${language}\u0000${code}`);
    document.update();
    expect(asked.length).toBeGreaterThan(30);
    expect(ahead.filter((entry) => !entry.startsWith('mermaid'))).toEqual(asked);
    // The long code is asked for in parts (each after its lead-in), not whole.
    // (3 blocks of 150 lines, parts of at most 32 lines.)
    expect(asked.filter((entry) => entry.includes('let v')).length).toBeGreaterThanOrEqual(15);
    expect(asked.some((entry) => entry.includes('let v149 ') && entry.includes('let v0 '))).toBe(
      false,
    );
    // Once rendered, nothing is left to ask for.
    expect(document.codeAhead()).toEqual([]);
  });

  it('gives the thread back between blocks when asked, then goes on', () => {
    const text = Array.from({ length: 100 }, (_, i) => `Paragraph ${i} with [a link][r].`).join(
      '\n\n',
    );
    const document = converter.createDocument(`${text}\n\n[r]: /one\n`);
    let asked = 0;
    const first = document.update({ shouldYield: () => (asked += 1) > 10 });
    expect(first.complete).toBe(false);
    expect(first.sections.length).toBeLessThan(20);
    const client = new Client();
    client.take(first);
    client.take(document.update());
    expect(client.html()).toHaveLength(101);
    // A definition changes every block: an unfinished update keeps the rest as they were.
    const before = [...client.ids];
    const at = document.text.indexOf('/one');
    document.edit([{ from: at, to: at + 4, insert: '/two' }]);
    asked = 0;
    const partial = client.take(document.update({ shouldYield: () => (asked += 1) > 10 }));
    expect(partial.complete).toBe(false);
    expect(client.ids).toHaveLength(101);
    // (The blocks re-read around the edit, at the end, are prepared first.)
    expect(client.ids.slice(20, 95)).toEqual(before.slice(20, 95));
    expect(client.html()[0]).toContain('href="/two"');
    expect(client.html()[50]).toContain('href="/one"');
    client.take(document.update());
    expect(client.html()[50]).toContain('href="/two"');
  });

  describe('a long list or table', () => {
    const bullets = (n: number, from = 0) =>
      Array.from({ length: n }, (_, i) => `- item ${from + i} with *some* text\n`).join('');

    it('shows as several sections, and an edit in one item re-renders only its part', () => {
      const text = `# List\n\n${bullets(300)}\nAfter.\n`;
      const { document, client } = open(text);
      expect(client.ids.length).toBeGreaterThan(6);
      const sections = client.html().slice(1, -1);
      // Every item once, in order, across the parts.
      const items = sections.join('').match(/item \d+/g) ?? [];
      expect(items).toEqual(Array.from({ length: 300 }, (_, i) => `item ${i}`));
      // Each part a list of its own; the ones after the first continue it, seamlessly.
      expect(sections.every((html) => html.startsWith('<ul'))).toBe(true);
      expect(sections[0]).toMatch(/^<ul class="split-continues" data-line="0">/);
      expect(sections.at(-1)).toMatch(/^<ul class="split-continued" data-line="0">/);

      const before = [...client.ids];
      const at = text.indexOf('item 150') + 'item 150'.length;
      const update = edit(document, client, at, at, '1');
      // (Where parts end depends on the items' text: the part before may change too.)
      expect(Object.keys(update.html).length).toBeLessThanOrEqual(2);
      expect(client.ids.filter((id, i) => id !== before[i]).length).toBeLessThanOrEqual(2);
      expect(Object.values(update.html).join('')).toContain('item 1501 with');
      expect(client.html()).toEqual(freshHtml(document.text));

      // A new item changes only the part it falls in, not the ones after it.
      const next = document.text.indexOf('- item 200');
      edit(document, client, next, next, '- a new item\n');
      expect(client.ids.filter((id) => !before.includes(id)).length).toBeLessThanOrEqual(3);
      expect(client.html()).toEqual(freshHtml(document.text));
    });

    it('keeps counting an ordered list across parts, and keeps a loose list loose', () => {
      const numbered = Array.from({ length: 200 }, (_, i) => `${i + 3}. entry ${i + 3}\n`);
      const { client } = open(numbered.join(''));
      const starts = client.html().map((html) => /^<ol( start="(\d+)")?/.exec(html)?.[2]);
      const counts = client.html().map((html) => (html.match(/<li/g) ?? []).length);
      expect(starts[0]).toBe('3');
      for (let k = 1; k < starts.length; k += 1) {
        expect(Number(starts[k])).toBe(Number(starts[k - 1]) + counts[k - 1]!);
      }

      // One blank line between two items makes the whole list loose: every part shows
      // paragraphs.
      numbered[10] += '\n';
      const loose = open(numbered.join('')).client.html();
      expect(loose.length).toBeGreaterThan(3);
      expect(loose.every((html) => /<p data-line="\d+">entry/.test(html))).toBe(true);
      expect(client.html().some((html) => html.includes('<p'))).toBe(false);
    });

    it('splits a long table by rows, with the head in the first part and aligned columns', () => {
      const rows = Array.from({ length: 150 }, (_, i) => `| ${i} | *r${i}* |\n`).join('');
      const { client } = open(`| n | name |\n|--:|:--|\n${rows}`);
      const parts = client.html();
      expect(parts.length).toBeGreaterThan(3);
      expect(
        parts.every((html) => /^<table class="split-table[^"]*" data-line="0">/.test(html)),
      ).toBe(true);
      expect(parts[0]).toContain('<thead');
      expect(parts.slice(1).some((html) => html.includes('<thead'))).toBe(false);
      expect(parts[1]).toMatch(/<tbody data-line="0">\n<tr data-line="0">/);
      expect((parts.join('').match(/<tr/g) ?? []).length).toBe(151);
      expect(parts.at(-1)).toContain('<td style="text-align:right">149</td>');
    });

    it('splits a long block quote between the blocks in it, each part a quote', () => {
      const blocks = Array.from({ length: 150 }, (_, i) =>
        i % 10 === 5 ? `> - point ${i}\n> - more ${i}\n` : `> Paragraph ${i} *said*\n> lazily.\n`,
      );
      const text = `Intro.\n\n${blocks.join('>\n')}\nAfter.\n`;
      const { document, client } = open(text);
      const parts = client.html().slice(1, -1);
      expect(parts.length).toBeGreaterThan(3);
      expect(parts.every((html) => html.startsWith('<blockquote'))).toBe(true);
      expect(parts[0]).toMatch(/^<blockquote class="split-continues" data-line="0">/);
      expect(parts.at(-1)).toMatch(/^<blockquote class="split-continued" data-line="0">/);
      expect(parts.join('').match(/Paragraph \d+|point \d+/g)).toEqual(
        Array.from({ length: 150 }, (_, i) => (i % 10 === 5 ? `point ${i}` : `Paragraph ${i}`)),
      );

      const before = [...client.ids];
      const at = text.indexOf('Paragraph 80') + 'Paragraph 80'.length;
      const update = edit(document, client, at, at, '0');
      expect(Object.keys(update.html).length).toBeLessThanOrEqual(2);
      expect(client.ids.filter((id, i) => id !== before[i]).length).toBeLessThanOrEqual(2);
      expect(Object.values(update.html).join('')).toContain('Paragraph 800 <em>said</em>');
      expect(client.html()).toEqual(freshHtml(document.text));
      // The whole document's HTML has the same blocks, each with its line.
      const whole = document.renderHtml().html;
      expect(whole).toContain(
        `<p data-line="${document.text.split('\n').indexOf('> Paragraph 800 *said*')}">`,
      );
    });

    it('splits a long list nested in one item, the item going on across the parts', () => {
      const points = Array.from({ length: 200 }, (_, i) => `   - point ${i} *here*\n`).join('');
      const text = `1. First\n2. Outline\n\n${points}\n   Closing words.\n3. Third\n`;
      const { document, client } = open(text);
      const parts = client.html();
      expect(parts.length).toBeGreaterThan(3);
      expect(parts.every((html) => html.startsWith('<ol'))).toBe(true);
      expect(parts.join('').match(/point \d+/g)).toEqual(
        Array.from({ length: 200 }, (_, i) => `point ${i}`),
      );
      // The first part holds the items before and the carrying item's own text; every later
      // one carries that item on, unmarked, numbered as it so that the items after count on.
      expect(parts[0]).toMatch(/^<ol class="split-continues" data-line="0">\n<li data-line="0">/);
      expect(parts[0]).toContain('Outline');
      for (const html of parts.slice(1)) {
        expect(html).toMatch(
          /^<ol start="2" class="split-continued[^"]*" data-line="0">\n<li class="split-continued" data-line="0">\n<ul class="split-continued/,
        );
      }
      expect(parts.at(-1)).toContain('Closing words.');
      expect(parts.at(-1)).toMatch(/<\/li>\n<li data-line="\d+">\n<p data-line="\d+">Third/);

      const before = [...client.ids];
      const at = text.indexOf('point 120') + 'point 120'.length;
      const update = edit(document, client, at, at, '0');
      expect(Object.keys(update.html).length).toBeLessThanOrEqual(2);
      expect(client.ids.filter((id, i) => id !== before[i]).length).toBeLessThanOrEqual(2);
      expect(Object.values(update.html).join('')).toContain('point 1200 <em>here</em>');
      expect(client.html()).toEqual(freshHtml(document.text));
      const lines = document.text.split('\n');
      expect(document.renderHtml().html).toContain(
        `<li data-line="${lines.indexOf('   - point 1200 *here*')}">`,
      );
    });

    it('splits a long list nested deeper, and one in a quote, along that list', () => {
      const tasks = Array.from({ length: 200 }, (_, i) => `    - task ${i} *x*\n`).join('');
      const rows = Array.from({ length: 150 }, (_, i) => `> 1. q ${i}\n`).join('');
      const text = `- Project\n  - Tasks\n\n${tasks}  - Notes\n- Other\n\n> Quoted:\n>\n${rows}>\n> end\n`;
      const { document, client } = open(text);
      const parts = client.html();
      const deep = parts.filter((html) => html.startsWith('<ul'));
      const quoted = parts.filter((html) => html.startsWith('<blockquote'));
      expect(deep.length).toBeGreaterThan(3);
      expect(quoted.length).toBeGreaterThan(3);
      expect(deep.length + quoted.length).toBe(parts.length);
      expect(deep.join('').match(/task \d+/g)).toEqual(
        Array.from({ length: 200 }, (_, i) => `task ${i}`),
      );
      expect(quoted.join('').match(/q \d+/g)).toEqual(
        Array.from({ length: 150 }, (_, i) => `q ${i}`),
      );
      // Each later part goes on inside both items, their markers hidden, and the quote.
      for (const html of deep.slice(1)) {
        expect(html).toMatch(
          /^<ul class="split-continued[^"]*" data-line="0">\n<li class="split-continued" data-line="0">\n<ul class="split-continued[^"]*" data-line="0">\n<li class="split-continued" data-line="0">\n<ul class="split-continued/,
        );
      }
      expect(deep.at(-1)).toMatch(/Notes[\s\S]*Other/);
      for (const html of quoted.slice(1)) {
        expect(html).toMatch(
          /^<blockquote class="split-continued[^"]*" data-line="0">\n<ol (start="\d+" )?class="split-continued/,
        );
      }
      expect(quoted.at(-1)).toContain('end');

      for (const [word, typed] of [
        ['task 150', 'task 1500 <em>x</em>'],
        ['q 90', 'q 900'],
      ] as const) {
        const before = [...client.ids];
        const at = document.text.indexOf(word) + word.length;
        const update = edit(document, client, at, at, '0');
        expect(Object.keys(update.html).length).toBeLessThanOrEqual(2);
        expect(client.ids.filter((id, i) => id !== before[i]).length).toBeLessThanOrEqual(2);
        expect(Object.values(update.html).join('')).toContain(typed);
      }
      expect(client.html()).toEqual(freshHtml(document.text));
      // Exports: each block in one piece.
      const whole = document.renderHtml().html;
      expect(whole).not.toContain('split-');
      expect(whole.match(/<ul/g)).toHaveLength(3);
      expect(whole.match(/<blockquote/g)).toHaveLength(1);
      expect(whole.match(/<ol/g)).toHaveLength(1);
    });

    it("has each split block in one piece in the whole document's HTML (exports)", () => {
      const text = [
        Array.from({ length: 100 }, (_, i) => `${i + 3}. entry ${i + 3}\n`).join(''),
        '\n| n | text |\n|---|---|\n',
        Array.from({ length: 100 }, (_, i) => `| ${i} | row ${i} |\n`).join(''),
        '\n',
        Array.from({ length: 80 }, (_, i) => `> Thought ${i}\n`).join('>\n'),
        '\n- Topic\n',
        Array.from({ length: 100 }, (_, i) => `  - point ${i}\n`).join(''),
      ].join('');
      const document = converter.createDocument(text);
      expect(document.update().sections.length).toBeGreaterThan(12);
      const whole = document.renderHtml().html;
      expect(whole).not.toContain('split-');
      const count = (pattern: RegExp) => (whole.match(pattern) ?? []).length;
      expect(count(/<ol/g)).toBe(1);
      expect(whole).toContain('<ol start="3" data-line="0">');
      expect(count(/<table/g)).toBe(1);
      expect(count(/<tbody/g)).toBe(1);
      expect(count(/<tr/g)).toBe(101);
      expect(count(/<blockquote/g)).toBe(1);
      expect(count(/<p data-line="\d+">Thought/g)).toBe(80);
      expect(count(/<ul/g)).toBe(2);
      expect(count(/<li data-line="\d+">point/g)).toBe(100);
      // Every line still the block's line in the source.
      const lines = text.split('\n');
      for (const match of whole.matchAll(/data-line="(\d+)">(?:<p data-line="\d+">)?([^<\n]+)/g)) {
        expect(lines[Number(match[1])]).toContain(match[2]!.trim());
      }
    });

    it('gives each line of a part, with the section line, its line in the source', () => {
      const text = `Intro.\n\n${bullets(120).replace('item 70 ', 'item 70\n  - [ ] task ')}`;
      const document = converter.createDocument(text);
      const client = new Client();
      const update = client.take(document.update());
      const lines = text.split('\n');
      update.sections.forEach((section, index) => {
        for (const match of client.html()[index]!.matchAll(/<li data-line="(\d+)">([^<\n]*)/g)) {
          const line = section.line + Number(match[1]);
          expect(lines[line]).toContain(match[2]!.trim());
        }
      });
      const whole = document.renderHtml().html;
      expect(whole).toMatch(/<li data-line="72">item 70/);
      expect(whole).toMatch(
        /<input type="checkbox" class="task-list-item-checkbox" data-line="73" aria-label=/,
      );
    });
  });

  describe('long fenced code', () => {
    const highlighting = createConverter({}, (code, language) =>
      hljs.getLanguage(language) ? hljs.highlight(code, { language }).value : null,
    );
    const code = (n: number) =>
      Array.from({ length: n }, (_, i) => `const v${i} = f(${i}, "t${i}"); // n${i}\n`).join('');
    // The text of a section's code, as the preview shows it.
    const codeText = (html: string) =>
      (/<code[^>]*>([\s\S]*)<\/code><\/pre>/.exec(html)?.[1] ?? '')
        .replace(/<[^>]+>/g, '')
        .replaceAll('&quot;', '"');

    it('shows as several code blocks that hold its lines in order; an edit re-renders its part', () => {
      const text = `# Code\n\n\`\`\`js\n${code(400)}\`\`\`\n\nAfter.\n`;
      const document = highlighting.createDocument(text);
      const client = new Client();
      client.take(document.update());
      const parts = client.html().slice(1, -1);
      expect(parts.length).toBeGreaterThan(6);
      expect(parts.every((html) => /^<pre[^>]*><code class="language-js hljs">/.test(html))).toBe(
        true,
      );
      expect(parts[0]).toMatch(/^<pre class="split-continues" data-line="0">/);
      expect(parts.at(-1)).toMatch(/^<pre class="split-continued" data-line="0">/);
      expect(parts.map(codeText).join('')).toBe(code(400));
      // Highlighted as before: every part has its keywords, strings and comments coloured.
      expect(parts.every((html) => html.includes('<span class="hljs-keyword">const</span>'))).toBe(
        true,
      );

      const before = [...client.ids];
      const at = text.indexOf('// n200') + '// n200'.length;
      document.edit([{ from: at, to: at, insert: ' typed' }]);
      const update = client.take(document.update());
      // Its part, and the next one, whose highlighting reads the lines just above it.
      expect(Object.keys(update.html).length).toBeLessThanOrEqual(2);
      expect(client.ids.filter((id, i) => id !== before[i]).length).toBeLessThanOrEqual(2);
      expect(Object.values(update.html).join('')).toContain('// n200 typed');
      const fresh = new Client();
      fresh.take(highlighting.createDocument(document.text).update());
      expect(client.html()).toEqual(fresh.html());
    });

    it('colours a comment that runs across two parts as a comment in both', () => {
      // Where parts end depends on the lines' text: place a 14-line comment (shorter than the
      // lead-in a part is highlighted after) so that a part starts inside it.
      let found: { update: DocumentUpdate; inside: number } | undefined;
      for (let opening = 40; opening < 100 && !found; opening += 1) {
        const lines = code(300).split(/(?<=\n)/);
        const comment = Array.from({ length: 12 }, (_, k) => `still comment ${k} ${opening}\n`);
        lines.splice(opening, 14, '/* a long comment\n', ...comment, '*/\n');
        const update = highlighting.createDocument(`\`\`\`js\n${lines.join('')}\`\`\`\n`).update();
        // Sections' first lines are source lines; code line j is source line j + 1.
        const inside = update.sections.findIndex(
          (section) => section.line > opening + 1 && section.line <= opening + 13,
        );
        if (inside !== -1) found = { update, inside };
      }
      expect(found).toBeDefined();
      const { update, inside } = found!;
      const part = update.html[update.sections[inside]!.id]!;
      expect(part).toMatch(
        /<code class="language-js hljs"><span class="hljs-comment">still comment \d+ \d+\n/,
      );
      // The part's own text only: the lines read before it are not shown again.
      expect(codeText(part)).toMatch(/^still comment \d+ \d+\n/);
      expect(codeText(part)).not.toContain('a long comment');
    });

    it("is one block again in the whole document's HTML, with its line", () => {
      const text = `Intro.\n\n\`\`\`js\n${code(200)}\`\`\`\n`;
      const whole = highlighting.createDocument(text).renderHtml().html;
      expect(whole.match(/<pre/g)).toHaveLength(1);
      expect(whole).toContain('<pre data-line="2"><code class="language-js hljs">');
      expect(codeText(whole)).toBe(code(200));
      expect(whole).not.toContain('split-');
    });

    it('splits long code in a list item, or in a quote, the same way', () => {
      const indent = (text: string, by: string) => text.replace(/^(?=.)/gm, by);
      const text = `1. Write it:\n\n   \`\`\`js\n${indent(code(200), '   ')}   \`\`\`\n2. Run it.\n\n> \`\`\`js\n${indent(code(150), '> ')}> \`\`\`\n`;
      const document = highlighting.createDocument(text);
      const client = new Client();
      client.take(document.update());
      const listed = client.html().filter((html) => html.startsWith('<ol'));
      const quoted = client.html().filter((html) => html.startsWith('<blockquote'));
      expect(listed.length).toBeGreaterThan(4);
      expect(quoted.length).toBeGreaterThan(4);
      expect(listed.map(codeText).join('')).toBe(code(200));
      expect(quoted.map(codeText).join('')).toBe(code(150));
      for (const html of listed.slice(1)) {
        expect(html).toMatch(
          /^<ol class="split-continued[^"]*" data-line="0">\n<li class="split-continued" data-line="0">\n<pre class="split-continued[^"]*" data-line="0"><code class="language-js hljs">/,
        );
      }
      expect(listed.at(-1)).toContain('Run it.');

      const before = [...client.ids];
      const at = document.text.indexOf('// n120') + '// n120'.length;
      document.edit([{ from: at, to: at, insert: ' typed' }]);
      const update = client.take(document.update());
      expect(Object.keys(update.html).length).toBeLessThanOrEqual(2);
      expect(client.ids.filter((id, i) => id !== before[i]).length).toBeLessThanOrEqual(2);
      expect(Object.values(update.html).join('')).toContain('// n120 typed');
      const fresh = new Client();
      fresh.take(highlighting.createDocument(document.text).update());
      expect(client.html()).toEqual(fresh.html());
      // Exports: one block each, highlighted at once.
      const whole = document.renderHtml().html;
      expect(whole.match(/<pre/g)).toHaveLength(2);
      expect(whole).not.toContain('split-');
      expect(whole).toContain('<pre data-line="2"><code class="language-js hljs">');
      expect(codeText(whole.slice(0, whole.indexOf('<blockquote')))).toBe(
        code(200).replace('// n120', '// n120 typed'),
      );
    });

    it('typing at the end of a part changes the next one only where its colours change', () => {
      const indent = (text: string, by: string) => text.replace(/^(?=.)/gm, by);
      const texts: [string, string][] = [
        [`# Code\n\n\`\`\`js\n${code(300)}\`\`\`\n\nAfter.\n`, ''],
        [`1. Write it:\n\n   \`\`\`js\n${indent(code(300), '   ')}   \`\`\`\n2. Run it.\n`, '   '],
      ];
      for (const [text, margin] of texts) {
        const document = highlighting.createDocument(text);
        const client = new Client();
        const first = client.take(document.update());
        // The last line of a part in the middle: the next part's highlighting reads it first.
        const next = Math.floor(first.sections.length / 2);
        const line = first.sections[next]!.line - 1;
        const lineEnd = () => {
          const lines = document.text.split('\n');
          return lines.slice(0, line + 1).join('\n').length;
        };
        // Typed a key at a time. A section that shows the same HTML as before keeps its id (the
        // preview leaves it alone); the next part is rendered again at each key, its lead-in
        // having changed, and keeps its section where it looks the same.
        let kept = 0;
        for (const typed of ' typed here') {
          const ids = [...client.ids];
          const was = new Map(client.html().map((html, i) => [html, ids[i]!]));
          const at = lineEnd();
          document.edit([{ from: at, to: at, insert: typed }]);
          client.take(document.update());
          client.html().forEach((html, i) => {
            if (was.has(html)) expect(client.ids[i]).toBe(was.get(html));
          });
          if (client.ids[next] === ids[next]) kept += 1;
        }
        expect(kept).toBeGreaterThanOrEqual(8);
        expect(client.html()).toEqual(freshHtml(document.text, highlighting));

        // A comment opened on a line of its own there runs on into the next part, which is
        // coloured again.
        const at = lineEnd();
        const ids = [...client.ids];
        document.edit([{ from: at, to: at, insert: `\n${margin}/* opened` }]);
        const update = client.take(document.update());
        const after = update.sections.findIndex((section) => section.line > line + 1);
        expect(ids).not.toContain(update.sections[after]!.id);
        expect(client.html()[after]).toMatch(
          /<code class="language-js hljs"><span class="hljs-comment">/,
        );
        expect(client.html()).toEqual(freshHtml(document.text, highlighting));
      }
    });

    it("keeps a diagram's source, and a short block, whole", () => {
      const flow = Array.from({ length: 150 }, (_, i) => `  A${i} --> A${i + 1}\n`).join('');
      const diagrams = createConverter({ mermaid: true });
      expect(
        diagrams.createDocument(`\`\`\`mermaid\ngraph TD\n${flow}\`\`\`\n`).update().sections,
      ).toHaveLength(1);
      expect(open(`\`\`\`\n${code(63)}\`\`\`\n`).client.ids).toHaveLength(1);
      expect(open(`\`\`\`\n${code(64)}\`\`\`\n`).client.ids.length).toBeGreaterThan(1);
    });
  });

  describe('long paragraphs', () => {
    const prose = (
      n: number,
      make = (i: number) => `Line ${i} of the *paragraph*, a "said" word`,
    ) => Array.from({ length: n }, (_, i) => make(i)).join('\n');
    const text = (n: number) => `# Prose\n\n${prose(n)}\n\nAfter.\n`;
    // A paragraph's runs joined, as one paragraph.
    const joined = (parts: string[]) =>
      parts
        .join('')
        .replace(/<\/p>\n<p class="split-continued[^"]*" data-line="\d+">/g, '')
        .replace(/^<p class="split-continues" /, '<p ');

    it('shows as runs of its lines, each a paragraph; an edit re-renders its run only', () => {
      const { document, client } = open(text(300));
      const runs = client.html().slice(1, -1);
      expect(runs.length).toBeGreaterThan(4);
      expect(runs[0]).toMatch(/^<p class="split-continues" data-line="0">Line 0 /);
      expect(runs.at(-1)).toMatch(/^<p class="split-continued" data-line="0">Line /);
      // (markdown-it's own HTML of the paragraph alone.)
      const alone = createMarkdownIt(converter.options).render(`${prose(300)}\n`);
      expect(joined(runs).replace(/ data-line="0"/, '')).toBe(alone);
      expect(runs.join('').match(/<em>paragraph<\/em>/g)).toHaveLength(300);
      // Each run starts on its line.
      const lines = document.text.split('\n');
      client.ids.slice(1, -1).forEach((_, k) => {
        const first = /^<p[^>]*>([^<]+)/.exec(runs[k]!)![1]!.split('\n')[0]!;
        const line = document.update().sections[k + 1]!.line;
        expect(lines[line]).toContain(first.trim().replace(/[“”]/g, '"'));
      });

      const before = [...client.ids];
      const at = document.text.indexOf('Line 150 ') + 'Line 150'.length;
      const update = edit(document, client, at, at, '0');
      expect(Object.keys(update.html)).toHaveLength(1);
      expect(client.ids.filter((id, i) => id !== before[i])).toHaveLength(1);
      expect(Object.values(update.html)[0]).toContain('Line 1500 of');
      expect(client.html()).toEqual(freshHtml(document.text));
      // Exports: one paragraph.
      const whole = document.renderHtml().html;
      expect(whole).not.toContain('split-');
      expect(whole.match(/<p/g)).toHaveLength(2);
    });

    it('never cuts inside emphasis, a link, a code span or a raw HTML element', () => {
      // Groups of three lines: one opens an element, the next closes it, then a plain one.
      const kinds = [
        ['opens *emphasis', 'closing* it'],
        ['opens [a link', 'text](/u) after'],
        ['opens `code', 'code` after'],
        ['opens <span title="t">raw', 'raw</span> after'],
      ];
      const lines = Array.from({ length: 480 }, (_, i) => {
        const [opens, closes] = kinds[Math.floor(i / 3) % kinds.length]!;
        return `Line ${i} ${[opens, closes, 'is plain'][i % 3]}`;
      });
      const { client } = open(lines.join('\n'));
      const runs = client.html();
      expect(runs.length).toBeGreaterThan(4);
      for (const run of runs) {
        const count = (pattern: RegExp) => (run.match(pattern) ?? []).length;
        expect(count(/<em>/g)).toBe(count(/<\/em>/g));
        expect(count(/<a /g)).toBe(count(/<\/a>/g));
        expect(count(/<code>/g)).toBe(count(/<\/code>/g));
        expect(count(/<span /g)).toBe(count(/<\/span>/g));
      }
      for (const element of ['<em>', '<a href', '<code>', '<span ']) {
        expect(runs.join('').split(element)).toHaveLength(41);
      }
    });

    it('gives each run its own section when runs hold the same lines', () => {
      const same = `${prose(400, () => 'The same line.')}\n`;
      const { document, client } = open(same);
      expect(client.ids.length).toBeGreaterThan(4);
      for (const at of [same.length / 2, same.length / 3, 40]) {
        edit(document, client, at, at, 'x');
        expect(new Set(client.ids).size).toBe(client.ids.length);
        expect(client.html()).toEqual(freshHtml(document.text));
      }
    });

    it('re-renders a run whose quotes pair with another run when that pairing changes', () => {
      const lines = prose(200, (i) => `Line ${i} of prose`).split('\n');
      lines[40] = 'Line 40 "opens a quote';
      lines[160] = 'Line 160 closes it" here';
      const { document, client } = open(lines.join('\n'));
      const runs = client.html();
      const opening = runs.findIndex((run) => run.includes('opens a quote'));
      const closing = runs.findIndex((run) => run.includes('closes it'));
      expect(closing).toBeGreaterThan(opening);
      expect(runs[opening]).toContain('\u201copens a quote');
      // The closing quote deleted: the run with the opening one shows it straight now.
      const at = document.text.indexOf('it" here') + 2;
      edit(document, client, at, at + 1, '');
      expect(client.html()[opening]).toContain('&quot;opens a quote');
      expect(client.html()).toEqual(freshHtml(document.text));
    });
  });

  it('gives every section again after reannounce', () => {
    const { document } = open('a\n\nb\n');
    document.reannounce();
    expect(Object.keys(document.update().html)).toHaveLength(2);
  });
});

// The property that matters: however the text is edited, the incremental document shows
// exactly what a fresh conversion of the same text shows.
describe('MarkdownDocument under random edits', () => {
  const corpus = fileURLToPath(new URL('../../../../bench/corpus/', import.meta.url));
  const snippets = [
    'x',
    ' ',
    '\n',
    '\n\n',
    '# ',
    '## Heading\n',
    '* ',
    '- [ ] task\n',
    '1. ',
    '> ',
    '```\n',
    '~~~',
    '$$\n',
    '$x^2$',
    '^[inline note]',
    '| a | b |\n|---|---|\n',
    '[^1]',
    '[^1]: note\n',
    '[ref]',
    '[ref]: /u\n',
    '*[HTML]: markup\n',
    '[TOC]\n',
    '<div>\n',
    '</div>\n',
    '    code\n',
    '===\n',
    '---\n',
    '**',
    '`',
    '<!--',
    '-->',
    '\t',
    'HTML ',
  ];

  // Without the extensions the document does its own way (footnotes, abbreviations, the table
  // of contents) its whole HTML is exactly markdown-it's, but for lines and anchors.
  const plain = createConverter({ footnote: false, abbr: false, toc: false });
  const plainMd = createMarkdownIt(plain.options);
  const withoutLinesAndIds = (html: string) => html.replace(/ (data-line|id)="[^"]*"/g, '');

  const run = (
    name: string,
    text: string,
    edits: number,
    every: number,
    seed: number,
    using = converter,
  ) => {
    it(`matches a fresh conversion after ${edits} random edits of ${name}`, () => {
      let state = seed;
      const random = (n: number) => {
        state = (state * 48271) % 2147483647;
        return state % n;
      };
      const { document, client } = open(text, using);
      for (let i = 1; i <= edits; i += 1) {
        const current = document.text;
        // Edits cluster, as typing does, but jump around the document too.
        const from = random(current.length + 1);
        const to = random(3) === 0 ? Math.min(current.length, from + random(40)) : from;
        const insert = random(4) === 0 ? '' : snippets[random(snippets.length)]!;
        const update = edit(document, client, from, to, insert);
        if (i % every === 0 || i === edits) {
          // One fresh conversion gives both what a fresh preview shows and its outline.
          const expected = using.createDocument(document.text).update();
          expect(client.html(), `${name}, edit ${i} (seed ${seed})`).toEqual(htmlOf(expected));
          expect(update.headings).toEqual(expected.headings);
          if (using === plain) {
            expect(withoutLinesAndIds(document.renderHtml().html), `${name}, edit ${i}`).toEqual(
              withoutLinesAndIds(plainMd.render(document.text)),
            );
          }
          expect(update.sections.map((s) => s.line)).toEqual(expected.sections.map((s) => s.line));
        }
      }
    });
  };

  run(
    'a short mixed document',
    'Intro [ref] and [^1].\n\n# Title\n\n- a\n- b\n\n[ref]: /x\n',
    400,
    1,
    11,
  );
  run(
    'another seed',
    '> quote\n\n```js\ncode\n```\n\n$$\nx\n$$\n\n| a |\n|---|\n| 1 |\n',
    400,
    1,
    29,
  );
  run(
    'long lists and a long table',
    [
      '# Lists\n\n',
      Array.from({ length: 150 }, (_, i) => `- item ${i}${i % 9 === 0 ? ' [^n]' : ''}\n`).join(''),
      '\n[^n]: a note\n\n',
      Array.from(
        { length: 120 },
        (_, i) => `${i + 1}. step ${i}\n${i % 25 === 0 ? '\n' : ''}`,
      ).join(''),
      '\n| a | b |\n|---|---|\n',
      Array.from({ length: 100 }, (_, i) => `| ${i} | [ref] |\n`).join(''),
      '\n## Tail\n\n[TOC]\n\n[ref]: /r\n',
    ].join(''),
    250,
    1,
    17,
  );
  const outline = [
    '- Topic [ref]\n',
    Array.from({ length: 130 }, (_, i) => `  - point ${i}\n`).join(''),
    Array.from({ length: 80 }, (_, i) => `  ${i + 1}. step ${i}\n${i % 30 === 0 ? '\n' : ''}`).join(
      '',
    ),
    '- Next item\n\n[ref]: /o\n',
  ].join('');
  run('an outline: a long list inside one item', outline, 200, 1, 31);
  run(
    'a long block quote',
    [
      'Intro.\n\n',
      Array.from({ length: 140 }, (_, i) => `> Line ${i} [ref]\n${i % 4 === 0 ? '' : '>\n'}`).join(
        '',
      ),
      '\n[ref]: /q\n',
    ].join(''),
    150,
    1,
    29,
  );
  run(
    'long fenced code',
    [
      'Intro.\n\n```js\n',
      Array.from({ length: 200 }, (_, i) => `let x${i} = ${i}; /* c${i}\n`).join(''),
      '```\n\n~~~\n',
      Array.from({ length: 90 }, (_, i) => `plain ${i}\n`).join(''),
      '~~~\n\n## Tail\n',
    ].join(''),
    250,
    1,
    23,
  );
  run(
    'lists, quotes and tables nested in each other',
    [
      '- Project\n  - Tasks\n\n',
      Array.from({ length: 120 }, (_, i) => `    - task ${i} *x*\n`).join(''),
      '  - Notes\n- Other\n\n> Quoted:\n>\n',
      Array.from({ length: 90 }, (_, i) => `> ${i + 1}. q ${i}\n${i % 40 === 0 ? '>\n' : ''}`).join(
        '',
      ),
      '>\n> end\n\n1. Data\n\n   ```\n',
      Array.from({ length: 90 }, (_, i) => `   let c${i} = '${i}'; /* ${i}\n`).join(''),
      '   ```\n\n   | n | v |\n   |---|---|\n',
      Array.from({ length: 80 }, (_, i) => `   | ${i} | \`v\` |\n`).join(''),
      '2. After\n',
    ].join(''),
    250,
    1,
    37,
    plain,
  );
  run('the outline, with a whole-document check', outline, 150, 1, 41, plain);
  run(
    'a long paragraph',
    `Intro.\n\n${Array.from(
      { length: 240 },
      (_, i) => `Line ${i} with *em*, "quotes", \`code\` and [a](/l)${i % 7 === 0 ? '  ' : ''}`,
    ).join('\n')}\n\nAfter.\n`,
    250,
    1,
    43,
    plain,
  );
  it('makes every part of a long tight list loose when a blank line comes between two items', () => {
    const text = Array.from({ length: 300 }, (_, i) => `- item ${i}\n`).join('');
    const { document, client } = open(text, plain);
    expect(client.html().some((html) => /<p[ >]/.test(html))).toBe(false);
    // Between two items inside the third part.
    const line = document.update().sections[2]!.line + 3;
    const at = text.split('\n').slice(0, line).join('\n').length + 1;
    edit(document, client, at, at, '\n');
    expect(client.html()).toEqual(freshHtml(document.text, plain));
    expect(client.html().every((html) => /<p[ >]/.test(html))).toBe(true);
    // And tight again when it goes.
    edit(document, client, at, at + 1, '');
    expect(client.html()).toEqual(freshHtml(text, plain));
  });

  it('follows typing in a long list of the same item again and again', () => {
    const text = `${'- same [ref]\n'.repeat(300)}\nAfter.\n`;
    const { document, client } = open(text, plain);
    for (const at of [text.length / 2, text.length / 3, text.length / 2 + 5]) {
      edit(document, client, at, at, 'x');
      expect(new Set(client.ids).size).toBe(client.ids.length);
      expect(client.html()).toEqual(freshHtml(document.text, plain));
    }
  });

  it('follows a definition made in the same change as typing in a long list', () => {
    const after = '\nOne.\n\nTwo.\n\nThree.\n\nFour.\n';
    const text = `${Array.from({ length: 300 }, (_, i) => `- item ${i} [ref]\n`).join('')}${after}`;
    const { document, client } = open(text, plain);
    const at = text.length / 2;
    // (The definition away from the list, so that the list is not scanned again for it.)
    const end = text.length + 1;
    document.edit([
      { from: at, to: at, insert: 'y' },
      { from: end, to: end, insert: '\n[ref]: /r\n' },
    ]);
    client.take(document.update());
    expect(client.html()).toEqual(freshHtml(document.text, plain));
    const links =
      client
        .html()
        .join('')
        .match(/<a href="\/r">ref<\/a>/g) ?? [];
    expect(links).toHaveLength(300);
  });

  it('drops what an edit in one part of a long list takes away: its only footnote reference, its only heading', () => {
    const items = (extra: (i: number) => string) =>
      Array.from({ length: 300 }, (_, i) => `- item ${i}${extra(i)}\n`).join('');
    // A footnote referred to from one item only.
    const noted = `# Lists\n\n${items((i) => (i === 150 ? ' see[^a]' : ''))}\nAfter.\n\n[^a]: The note.\n`;
    let { document, client } = open(noted);
    expect(client.html().join('')).toContain('The note.');
    let from = document.text.indexOf(' see[^a]');
    edit(document, client, from, from + ' see[^a]'.length, '');
    expect(client.html()).toEqual(freshHtml(document.text));
    expect(client.html().join('')).not.toContain('The note.');
    // A heading inside one item, the only heading in the list.
    const headed = `# Lists\n\n${items((i) => (i === 150 ? '\n  ## Inside' : ''))}\nAfter.\n`;
    ({ document, client } = open(headed));
    expect(document.update().headings.map((heading) => heading.text)).toEqual(['Lists', 'Inside']);
    from = document.text.indexOf('## Inside');
    const update = edit(document, client, from, from + 3, '');
    expect(client.html()).toEqual(freshHtml(document.text));
    expect(update.headings.map((heading) => heading.text)).toEqual(['Lists']);
  });

  it('numbers no footnote once its definition is gone, in a text without headings', () => {
    const { document, client } = open('Text[^a] and more.\n\n[^a]: The note.\n\nAfter.\n');
    expect(client.html().join('')).toContain('The note.');
    const from = document.text.indexOf('[^a]: The note.');
    edit(document, client, from, from + '[^a]: The note.\n\n'.length, '');
    expect(client.html()).toEqual(freshHtml(document.text));
    expect(client.html().join('')).not.toContain('The note.');
    expect(client.html().join('')).toContain('Text[^a] and more.');
  });

  it('matches a fresh conversion while typing in long tight lists', () => {
    const text = [
      '# Lists\n\n',
      Array.from({ length: 300 }, (_, i) => `- item ${i} with *words*\n`).join(''),
      '\nBetween.\n\n',
      Array.from({ length: 300 }, (_, i) => `${i + 1}) step ${i} [link](/s${i})\n`).join(''),
      '\nAfter.\n',
    ].join('');
    const typed = [
      ...['x', 'y', ' ', '*', '`', '\n', '\n\n', '> '],
      ...['\n- new ', '\n7) new ', '\n  - sub ', '\n\n- loose ', '\n\n7) loose ', '\n    code'],
    ];
    let state = 53;
    const random = (n: number) => {
      state = (state * 48271) % 2147483647;
      return state % n;
    };
    const { document, client } = open(text, plain);
    let at = 0;
    for (let i = 1; i <= 400; i += 1) {
      // A burst of typing at the end of some item, now and then a deletion.
      if (i % 8 === 1) {
        const lines = document.text.split('\n');
        const line = random(lines.length);
        at = lines.slice(0, line + 1).join('\n').length;
      }
      const current = document.text;
      at = Math.min(at, current.length);
      if (random(5) === 0) {
        const from = Math.max(0, at - 1 - random(3));
        edit(document, client, from, at, '');
        at = from;
      } else {
        const insert = random(3) === 0 ? typed[random(typed.length)]! : 'x';
        edit(document, client, at, at, insert);
        at += insert.length;
      }
      if (i % 4 === 0) {
        const fresh = plain.createDocument(document.text);
        const expected = fresh.update();
        expect(client.html(), `edit ${i}`).toEqual(htmlOf(expected));
        expect(document.update().sections.map((section) => section.line)).toEqual(
          expected.sections.map((section) => section.line),
        );
        const whole = document.renderHtml().html;
        expect(whole, `edit ${i}`).toEqual(fresh.renderHtml().html);
        expect(withoutLinesAndIds(whole), `edit ${i}`).toEqual(
          withoutLinesAndIds(plainMd.render(document.text)),
        );
      }
    }
  });
  if (existsSync(join(corpus, 'doc-10k.md'))) {
    const doc10k = readFileSync(join(corpus, 'doc-10k.md'), 'utf8');
    run('doc-10k', doc10k, 300, 5, 7);
    const doc50k = readFileSync(join(corpus, 'doc-50k.md'), 'utf8');
    run('doc-50k', doc50k, 150, 15, 13);
  } else {
    it('needs the benchmark corpus', () => {
      throw new Error(`The benchmark corpus is missing at ${corpus}.`);
    });
  }
});
