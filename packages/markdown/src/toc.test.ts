import { describe, expect, it } from 'vitest';
import { createConverter } from './converter.js';
import { buildToc, sameToc, type TocNode } from './toc.js';

// The tree as nested ids, easy to read in a failure.
type Shape = [string, Shape[]];
const shape = (nodes: TocNode[]): Shape[] =>
  nodes.map((node) => [node.heading.id, shape(node.children)]);
const tocOf = (markdown: string) => shape(buildToc(createConverter().render(markdown).headings));

describe('buildToc', () => {
  it('nests headings by level', () => {
    expect(tocOf('# A\n## B\n### C\n## D\n# E\n')).toEqual([
      [
        'a',
        [
          ['b', [['c', []]]],
          ['d', []],
        ],
      ],
      ['e', []],
    ]);
  });

  it('tolerates skipped levels', () => {
    expect(tocOf('# A\n### B\n## C\n#### D\n')).toEqual([
      [
        'a',
        [
          ['b', []],
          ['c', [['d', []]]],
        ],
      ],
    ]);
  });

  it('starts wherever the document starts', () => {
    expect(tocOf('### Deep\n## Less\n# Top\n')).toEqual([
      ['deep', []],
      ['less', []],
      ['top', []],
    ]);
    expect(buildToc([])).toEqual([]);
  });

  it('keeps each heading whole in its node', () => {
    const [node] = buildToc(createConverter().render('text\n\n## Two *words*').headings);
    expect(node?.heading).toEqual({ level: 2, text: 'Two words', id: 'two-words', line: 2 });
  });
});

describe('sameToc', () => {
  const headingsOf = (markdown: string) => createConverter().render(markdown).headings;

  it('is the same table of contents when only the lines of the headings moved', () => {
    expect(sameToc(headingsOf('# A\n\n## B'), headingsOf('text\n\n# A\n\ntext\n\n## B'))).toBe(
      true,
    );
  });

  it('differs when a heading is added, renamed or changes level', () => {
    const toc = headingsOf('# A\n\n## B');
    expect(sameToc(toc, headingsOf('# A\n\n## B\n\n## C'))).toBe(false);
    expect(sameToc(toc, headingsOf('# A\n\n## Bee'))).toBe(false);
    expect(sameToc(toc, headingsOf('# A\n\n### B'))).toBe(false);
  });
});
