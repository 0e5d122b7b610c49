import { createSlugger, slugify } from '../slug.js';
import { sameToc } from '../toc.js';
import { type Heading } from '../types.js';
import { invalidatePart, type Unit } from './unit.js';

// Heading texts whose slugs are remembered, at most (then they are forgotten at once).
const SLUGS_KEPT = 10_000;

/**
 * The anchors of a document's headings, unique in document order (`-1`, `-2`… for repeats), and
 * the list of its headings that updates hand out and tables of contents show. A heading whose
 * anchor changed (a heading of the same text came above it) is rendered again, and so is every
 * table of contents when the list changed.
 */
export class HeadingAnchors {
  /** The headings, in order, with their anchors and absolute lines. */
  list: Heading[] = [];
  // The slug of each heading text met: slugs are pure, and computing one is not free.
  private readonly slugs = new Map<string, string>();

  /** Works out the anchors of the headings of `units` (as last parsed) and the list. */
  assign(units: readonly Unit[]): void {
    const slugger = createSlugger();
    const headings: Heading[] = [];
    for (const unit of units) {
      if (unit.headings.length === 0 && unit.headingIds.length === 0) continue;
      unit.headings.forEach((heading, index) => {
        const id = slugger.unique(this.slugOf(heading.text));
        if (unit.headingIds[index] !== id) {
          unit.headingIds[index] = id;
          heading.token.attrSet('id', id);
          invalidatePart(unit, heading.part);
        }
        headings.push({
          level: heading.level,
          text: heading.text,
          id,
          line: unit.start + heading.part.offset + heading.line,
        });
      });
      unit.headingIds.length = unit.headings.length;
    }
    const tocChanged = !sameToc(this.list, headings);
    this.list = headings;
    if (tocChanged) {
      for (const unit of units) {
        if (unit.hasToc) for (const part of unit.parts) if (part.hasToc) invalidatePart(unit, part);
      }
    }
  }

  // The slug of a heading text, remembered.
  private slugOf(text: string): string {
    let slug = this.slugs.get(text);
    if (slug === undefined) {
      slug = slugify(text);
      if (this.slugs.size > SLUGS_KEPT) this.slugs.clear();
      this.slugs.set(text, slug);
    }
    return slug;
  }
}
