import { describe, expect, it } from 'vitest';
import { createConverter } from './converter.js';
import { buildToc, type TocNode } from './toc.js';

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
