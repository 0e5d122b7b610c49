import { describe, expect, it } from 'vitest';
import { type FootnoteEntry } from './footnote-numbers.js';
import { FootnotesSection } from './footnotes-section.js';
import { type DocumentSection } from './sections.js';
import { createUnit } from './unit.js';

// A block defining footnotes with the given rendered content.
function owner(content: Record<string, string>) {
  const unit = createUnit(0, 1, '', [], {});
  unit.footnoteHtml = new Map(Object.entries(content));
  return unit;
}

const backref = (href: string) => `<a href="#${href}" class="footnote-backref">\u21a9\uFE0E</a>`;

describe('FootnotesSection', () => {
  it('lists each footnote in order of number, with a link back to each reference', () => {
    const notes = owner({ a: '<p>Note a.</p>\n', b: '<pre>code</pre>\n' });
    const section = new FootnotesSection();
    section.render(
      new Map<string, FootnoteEntry>([
        ['a', [1, 2, notes]],
        ['b', [2, 1, notes]],
        ['missing', [3, 1, undefined]],
      ]),
    );
    expect(section.html).toBe(
      '<hr class="footnotes-sep">\n<section class="footnotes">\n<ol class="footnotes-list">\n' +
        `<li id="fn1" class="footnote-item"><p>Note a. ${backref('fnref1')} ${backref('fnref1:1')}</p>\n</li>\n` +
        `<li id="fn2" class="footnote-item"><pre>code</pre>\n${backref('fnref2')}</li>\n` +
        `<li id="fn3" class="footnote-item">${backref('fnref3')}</li>\n` +
        '</ol>\n</section>\n',
    );
  });

  it('keeps its id while its footnotes are the same, and hands its HTML out once', () => {
    const notes = owner({ a: '<p>Note a.</p>\n' });
    const section = new FootnotesSection();
    const sections: DocumentSection[] = [];
    const html: Record<number, string> = {};
    section.render(new Map<string, FootnoteEntry>([['a', [1, 1, notes]]]));
    section.list(sections, html, 7, true);
    const id = section.id;
    expect(sections).toEqual([{ id, line: 7 }]);
    expect(html).toEqual({ [id]: section.html });
    // The same footnotes: the same section, its HTML known already.
    const again: Record<number, string> = {};
    section.render(new Map<string, FootnoteEntry>([['a', [1, 1, notes]]]));
    section.list([], again, 7, true);
    expect(section.id).toBe(id);
    expect(again).toEqual({});
    // A note's content changed: a new id, handed out once the blocks are all prepared.
    notes.footnoteHtml.set('a', '<p>Note A.</p>\n');
    section.render(new Map<string, FootnoteEntry>([['a', [1, 1, notes]]]));
    expect(section.id).not.toBe(id);
    const unfinished: DocumentSection[] = [];
    section.list(unfinished, again, 7, false);
    expect(unfinished).toEqual([]);
    section.list(unfinished, again, 7, true);
    expect(unfinished).toEqual([{ id: section.id, line: 7 }]);
    expect(again[section.id]).toContain('Note A.');
  });

  it('shows nothing without footnotes, and what it showed while the blocks are not prepared', () => {
    const section = new FootnotesSection();
    const sections: DocumentSection[] = [];
    section.render(new Map());
    section.list(sections, {}, 3, true);
    expect(section.html).toBe('');
    expect(sections).toEqual([]);
    section.render(new Map<string, FootnoteEntry>([['a', [1, 1, owner({ a: '<p>A</p>\n' })]]]));
    section.list(sections, {}, 3, true);
    section.list(sections, {}, 4, false);
    expect(sections).toEqual([
      { id: section.id, line: 3 },
      { id: section.id, line: 4 },
    ]);
  });
});
