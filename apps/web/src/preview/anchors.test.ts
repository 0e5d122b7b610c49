// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { type Anchor, PreviewAnchors } from './anchors';
import { type ShownSection } from './section-patcher';

// Sections as the patcher shows them: each an element at its first line, holding blocks with
// `data-line` relative to it (nested blocks may repeat a line).
function sectionsOf(layout: number[][], firstLines: number[]): ShownSection[] {
  return layout.map((lines, index) => {
    const element = document.createElement('div');
    let parent: HTMLElement = element;
    for (const line of lines) {
      const block = document.createElement('p');
      block.setAttribute('data-line', String(line));
      // Every other block nested in the one before: the walk is in document order.
      (line % 2 === 0 ? element : parent).append(block);
      parent = block;
    }
    return { id: index, line: firstLines[index]!, element };
  });
}

// Every anchor, listed the way scroll sync listed them before: the whole preview at once.
function allAnchors(sections: readonly ShownSection[]): Anchor[] {
  const anchors: Anchor[] = [];
  const add = (line: number, element: HTMLElement) => {
    if (anchors.length === 0 || line > anchors.at(-1)!.line) anchors.push({ line, element });
  };
  for (const section of sections) {
    add(section.line, section.element);
    for (const element of section.element.querySelectorAll<HTMLElement>('[data-line]'))
      add(section.line + Number(element.getAttribute('data-line')), element);
  }
  return anchors;
}

// The last index of `list` whose item passes `test`; -1 when none does.
function lastIndex<T>(list: readonly T[], test: (item: T) => boolean): number {
  for (let i = list.length - 1; i >= 0; i -= 1) if (test(list[i]!)) return i;
  return -1;
}

// A pseudo-random layout: `count` sections of a few blocks each, lines growing.
function randomSections(count: number, seed: number): ShownSection[] {
  let state = seed;
  const next = (n: number) => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state % n;
  };
  const layout: number[][] = [];
  const firsts: number[] = [];
  let line = next(3);
  for (let i = 0; i < count; i += 1) {
    firsts.push(line);
    const blocks: number[] = [];
    let relative = 0;
    for (let k = next(4); k > 0; k -= 1) {
      relative += next(3); // 0: a nested block repeating its parent's line
      blocks.push(relative);
    }
    layout.push(blocks);
    line += relative + 1 + next(3);
  }
  return sectionsOf(layout, firsts);
}

describe('PreviewAnchors', () => {
  it('finds, by line, the same anchors around a line as a list of every anchor', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const sections = randomSections(60, seed);
      const all = allAnchors(sections);
      const anchors = new PreviewAnchors(() => sections);
      const last = all.at(-1)!.line + 3;
      for (let line = -1; line <= last; line += 0.5) {
        const k = lastIndex(all, (anchor) => anchor.line <= line);
        const found = anchors.aroundLine(line);
        if (k < 0) expect(found).toBeUndefined();
        else expect(found).toEqual({ before: all[k], after: all[k + 1] });
      }
    }
  });

  it('finds, by position, the same anchors around a scroll position', () => {
    const sections = randomSections(40, 7);
    const all = allAnchors(sections);
    // Each anchor 10 px below the one before it, in document order.
    const offsets = new Map(all.map((anchor, index) => [anchor.element, index * 10] as const));
    const offset = (element: HTMLElement) => offsets.get(element) ?? Number.NaN;
    const anchors = new PreviewAnchors(() => sections);
    for (let top = -5; top <= all.length * 10 + 5; top += 5) {
      const k = lastIndex(all, (anchor) => offset(anchor.element) <= top);
      const found = anchors.aroundOffset(top, offset);
      if (k < 0) expect(found).toBeUndefined();
      else expect(found).toEqual({ before: all[k], after: all[k + 1] });
    }
  });

  it('reads the blocks of one or two sections, not of the whole preview', () => {
    const sections = randomSections(2000, 11);
    const reads = sections.map((section) => vi.spyOn(section.element, 'querySelectorAll'));
    const anchors = new PreviewAnchors(() => sections);
    anchors.aroundLine(sections[1234]!.line + 0.5);
    const read = reads.filter((spy) => spy.mock.calls.length > 0).length;
    expect(read).toBeGreaterThan(0);
    expect(read).toBeLessThanOrEqual(2);
  });

  it('follows a section that moved, and forgets what it read once told the preview changed', () => {
    let sections = sectionsOf([[1, 2]], [10]);
    const anchors = new PreviewAnchors(() => sections);
    expect(anchors.aroundLine(11)!.before.line).toBe(11);
    // The same element, three lines further down (lines added above it): no need to forget.
    sections = [{ ...sections[0]!, line: 13 }];
    expect(anchors.aroundLine(14)!.before.line).toBe(14);
    expect(anchors.aroundLine(12)).toBeUndefined();
    // Its blocks changed in place: read again after `forget`.
    sections[0]!.element.querySelector('[data-line="2"]')!.setAttribute('data-line', '5');
    expect(anchors.aroundLine(20)!.before.line).toBe(15);
    anchors.forget();
    expect(anchors.aroundLine(20)!.before.line).toBe(18);
  });
});
