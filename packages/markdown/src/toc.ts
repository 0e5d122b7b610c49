import { type Heading } from './types.js';

/** One entry of the table of contents: a heading and the headings nested under it. */
export interface TocNode {
  heading: Heading;
  children: TocNode[];
}

/**
 * Nests headings into a table of contents. A heading goes under the nearest earlier heading
 * of a smaller level, so skipped levels are tolerated: an h3 right after an h1 is the h1's
 * child, and a document that starts at h2 has h2 roots.
 */
export function buildToc(headings: readonly Heading[]): TocNode[] {
  const roots: TocNode[] = [];
  const open: TocNode[] = [];
  for (const heading of headings) {
    const node: TocNode = { heading, children: [] };
    while (open.length > 0 && open[open.length - 1]!.heading.level >= heading.level) {
      open.pop();
    }
    const parent = open[open.length - 1];
    (parent ? parent.children : roots).push(node);
    open.push(node);
  }
  return roots;
}

/** Whether two lists of headings make the same table of contents: the same levels, anchors and
 * texts in the same order (their lines may differ, which a table of contents does not show). */
export function sameToc(
  a: readonly Pick<Heading, 'level' | 'id' | 'text'>[],
  b: readonly Pick<Heading, 'level' | 'id' | 'text'>[],
): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) {
    const x = a[i]!;
    const y = b[i]!;
    if (x.level !== y.level || x.id !== y.id || x.text !== y.text) return false;
  }
  return true;
}
