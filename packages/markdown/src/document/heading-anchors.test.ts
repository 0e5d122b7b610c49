import { describe, expect, it } from 'vitest';
import { parsedBlocks } from '../testing/parsed-blocks.js';
import { HeadingAnchors } from './heading-anchors.js';

describe('HeadingAnchors', () => {
  it('gives repeated headings -1, -2 in document order, with their absolute lines', () => {
    const { blocks } = parsedBlocks('# Notes\n\nText.\n\n## Notes\n\n### Notes!\n\n# Other\n', {
      toc: true,
    });
    const anchors = new HeadingAnchors();
    anchors.assign(blocks.units);
    expect(anchors.list).toEqual([
      { level: 1, text: 'Notes', id: 'notes', line: 0 },
      { level: 2, text: 'Notes', id: 'notes-1', line: 4 },
      { level: 3, text: 'Notes!', id: 'notes-2', line: 6 },
      { level: 1, text: 'Other', id: 'other', line: 8 },
    ]);
    expect(blocks.units[3]!.parts[0]!.tokens[0]!.attrGet('id')).toBe('notes-2');
  });

  it('marks for rendering only the headings whose anchor changed, and a table of contents', () => {
    const text = '[TOC]\n\n# A\n\nText.\n\n# B\n\n# B\n\n# C\n';
    const { blocks, edit, rendered } = parsedBlocks(text, { toc: true });
    const anchors = new HeadingAnchors();
    anchors.assign(blocks.units);
    expect(anchors.list.map((heading) => heading.id)).toEqual(['a', 'b', 'b-1', 'c']);
    rendered();
    // "A" becomes "B": the two "B" after it are renamed, "C" keeps its anchor.
    edit(text.indexOf('A'), text.indexOf('A') + 1, 'B');
    rendered();
    anchors.assign(blocks.units);
    expect(anchors.list.map((heading) => heading.id)).toEqual(['b', 'b-1', 'b-2', 'c']);
    expect(blocks.units.map((unit) => unit.needsRender)).toEqual([
      true, // [TOC]
      true, // # B, parsed again: its anchor is new
      false, // Text.
      true, // # B, was b
      true, // # B, was b-1
      false, // # C
    ]);
    // The same headings again: nothing to render.
    rendered();
    anchors.assign(blocks.units);
    expect(blocks.units.some((unit) => unit.needsRender)).toBe(false);
  });
});
