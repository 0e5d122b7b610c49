import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { createConverter } from './converter.js';
import { createSanitizer } from './sanitizer.js';

// The benchmark corpus (bench/corpus in the repository): real READMEs and parts of the
// CommonMark spec with math, tables, task lists and footnotes mixed in.
const corpus = fileURLToPath(new URL('../../../bench/corpus/', import.meta.url));
if (!existsSync(join(corpus, 'manifest.json'))) {
  throw new Error(`The benchmark corpus is missing at ${corpus}.`);
}
const read = (name: string) => readFileSync(join(corpus, name), 'utf8');
const manifest = JSON.parse(read('manifest.json')) as {
  docs: Record<string, { heading: number; math: number; inlineMath: number; taskItem: number }>;
};

// ATX heading lines outside fenced code, found without markdown-it: the count to match.
function atxHeadingLines(markdown: string): number[] {
  const lines: number[] = [];
  let fence: string | null = null;
  markdown.split('\n').forEach((line, index) => {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence === null && marker !== undefined) fence = marker;
    else if (fence !== null && marker !== undefined && marker.startsWith(fence)) fence = null;
    else if (fence === null && /^ {0,3}#{1,6}(?:[ \t]|$)/.test(line)) lines.push(index);
  });
  return lines;
}

const count = (html: string, pattern: RegExp) => html.match(pattern)?.length ?? 0;

describe.each(['doc-10k', 'doc-50k', 'doc-250k'])('benchmark corpus %s', (name) => {
  const markdown = read(`${name}.md`);
  const expected = manifest.docs[name]!;
  const { html, headings } = createConverter().render(markdown);

  it('renders one heading per ATX heading line, on that line', () => {
    const lines = atxHeadingLines(markdown);
    expect(lines.length).toBe(expected.heading);
    expect(headings.map((heading) => heading.line)).toEqual(lines);
    expect(count(html, /<h[1-6] id="[^"]+" data-line="\d+">/g)).toBe(lines.length);
    expect(new Set(headings.map((heading) => heading.id)).size).toBe(headings.length);
  });

  it('typesets every formula and task item the corpus holds', () => {
    expect(count(html, /class="katex"/g)).toBe(expected.math + expected.inlineMath);
    expect(count(html, /class="math-block"/g)).toBe(expected.math);
    expect(count(html, /katex-error/g)).toBe(0);
    expect(count(html, /class="task-list-item-checkbox"/g)).toBe(expected.taskItem);
  });

  it('renders block by block to exactly the same HTML, one section per top-level block or part', () => {
    const update = createConverter().createDocument(markdown).update();
    expect(update.complete).toBe(true);
    expect(update.headings).toEqual(headings);
    // Section HTML has lines relative to the section: made absolute, it is the whole document.
    const joined = update.sections
      .map((section) =>
        update.html[section.id]!.replace(
          /data-line="(\d+)"/g,
          (_, line: string) => `data-line="${section.line + Number(line)}"`,
        ),
      )
      .join('')
      // Long fenced code shows in parts, one section each, but is one block in the whole HTML...
      .replace(
        /<\/code><\/pre>\n<pre class="split-continued[^"]*" data-line="\d+"><code[^>]*>/g,
        '',
      )
      .replace(/<pre class="split-continues" /g, '<pre ')
      // So does a long paragraph (the 250k document has one of 100 lines of linked images).
      .replace(/<\/p>\n<p class="split-continued[^"]*" data-line="\d+">/g, '')
      .replace(/<p class="split-continues" /g, '<p ');
    expect(joined).toBe(html);
    const headingSections = update.sections.filter((section) =>
      /^<h[1-6] id="[^"]+" data-line="0">/.test(update.html[section.id]!),
    );
    expect(headingSections).toHaveLength(headings.length);
    expect(update.sections.length).toBeGreaterThan(headings.length * 2);
    expect(new Set(update.sections.map((section) => section.id)).size).toBe(update.sections.length);
  });
});

describe('sanitising the corpus', () => {
  it('keeps every heading, its id and its line', () => {
    const { html, headings } = createConverter().render(read('doc-10k.md'));
    const clean = createSanitizer(new JSDOM('').window).sanitize(html);
    const document = new JSDOM('').window.document;
    const container = document.createElement('div');
    container.innerHTML = clean;
    const kept = Array.from(container.querySelectorAll('h1, h2, h3, h4, h5, h6'), (element) => ({
      id: element.id,
      line: Number(element.getAttribute('data-line')),
    }));
    expect(kept).toEqual(headings.map(({ id, line }) => ({ id, line })));
    expect(kept.length).toBe(manifest.docs['doc-10k']!.heading);
  });
});
