import { SOURCE_LINE_ATTRIBUTE } from '@inkstone/markdown/essentials';
import { type ShownSection } from './section-patcher';

/** A place in the preview and the source line it shows. */
export interface Anchor {
  line: number;
  element: HTMLElement;
}

/** An anchor and the next one (none after the last). */
export interface AnchorsAround {
  before: Anchor;
  after: Anchor | undefined;
}

/**
 * The preview's anchors for scroll sync: each section at its first line, and the blocks inside
 * it at theirs (their data-line counts from the section's first line), lines growing; nested
 * blocks that repeat a line are skipped.
 *
 * Looked up section by section: a binary search over the sections, then the anchors of the one
 * or two sections it lands on. Listing every anchor of the preview, as scroll sync did at its
 * first sync after each change of the preview, took 16-26 ms of the main thread with a
 * 1,000,000-character text shown (5,881 sections, 8,169 anchors: docs/adr/0003, "Scroll sync's
 * anchors"). A section's anchors are kept until `forget` (the preview changed).
 */
export class PreviewAnchors {
  // The anchors of each section looked at, their lines relative to the section's first line
  // (a section that moves keeps its element).
  private readonly relative = new Map<HTMLElement, { line: number; element: HTMLElement }[]>();

  constructor(private readonly sections: () => readonly ShownSection[]) {}

  /** The preview changed: anchors are looked up again. */
  forget(): void {
    this.relative.clear();
  }

  /** The last anchor at or before `line` and the one after it; undefined when none is. */
  aroundLine(line: number): AnchorsAround | undefined {
    return this.around((anchor) => anchor.line <= line);
  }

  /** The last anchor whose element's `offset` is at or above `top` and the one after it;
   * undefined when none is. */
  aroundOffset(top: number, offset: (element: HTMLElement) => number): AnchorsAround | undefined {
    return this.around((anchor) => offset(anchor.element) <= top);
  }

  // `atOrBefore` holds for the anchors up to some point, in document order, and not after it.
  private around(atOrBefore: (anchor: Anchor) => boolean): AnchorsAround | undefined {
    const sections = this.sections();
    const index = lastWhere(sections.length, (i) => atOrBefore(this.first(sections[i]!)));
    if (index < 0) return undefined;
    const anchors = this.of(sections[index]!);
    const k = lastWhere(anchors.length, (i) => atOrBefore(anchors[i]!));
    const next = sections[index + 1];
    return {
      before: anchors[Math.max(0, k)]!,
      after: anchors[k + 1] ?? (next ? this.first(next) : undefined),
    };
  }

  private first(section: ShownSection): Anchor {
    return { line: section.line, element: section.element };
  }

  // A section's anchors, lines absolute.
  private of(section: ShownSection): Anchor[] {
    let relative = this.relative.get(section.element);
    if (!relative) {
      relative = [{ line: 0, element: section.element }];
      for (const element of section.element.querySelectorAll<HTMLElement>(
        `[${SOURCE_LINE_ATTRIBUTE}]`,
      )) {
        const line = Number(element.getAttribute(SOURCE_LINE_ATTRIBUTE));
        if (Number.isFinite(line) && line > relative.at(-1)!.line) relative.push({ line, element });
      }
      this.relative.set(section.element, relative);
    }
    return relative.map(({ line, element }) => ({ line: section.line + line, element }));
  }
}

// The last index below `length` for which `holds` is true, given it holds up to some index and
// not after; -1 when it holds for none.
function lastWhere(length: number, holds: (index: number) => boolean): number {
  let low = 0;
  let high = length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (holds(mid)) {
      found = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  return found;
}
