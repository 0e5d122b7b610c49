import { EMPTY_SLUG } from './constants.js';

// Kept: letters, combining marks, digits, connector punctuation (`_`), hyphens and spaces.
// Everything else (punctuation, symbols, emoji) is dropped, as GitHub does for its anchors.
const DROPPED = /[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu;

/**
 * The anchor slug of a heading's text: lower case, letters and digits of any script kept,
 * each space turned into `-`, punctuation dropped (`_` and `-` kept). This matches GitHub's
 * anchors, so `#links` copied from a README keep working; an empty result becomes `section`.
 */
export function slugify(text: string): string {
  const slug = text
    .trim()
    .toLowerCase()
    .replace(/\s/g, ' ')
    .replace(DROPPED, '')
    .replace(/ /g, '-');
  return slug === '' ? EMPTY_SLUG : slug;
}

/** Hands out unique slugs within one document. */
export interface Slugger {
  /** The slug of `text`, suffixed `-1`, `-2`… when an earlier heading already took it. */
  slug(text: string): string;
  /** The same for a slug already computed (`slugify(text)`). */
  unique(base: string): string;
}

/** A slugger for one render: same headings in the same order always get the same ids. */
export function createSlugger(): Slugger {
  const taken = new Map<string, number>();
  const unique = (base: string) => {
    let slug = base;
    let count = taken.get(base) ?? 0;
    while (taken.has(slug)) {
      count += 1;
      slug = `${base}-${count}`;
    }
    taken.set(base, count);
    taken.set(slug, taken.get(slug) ?? 0);
    return slug;
  };
  return { slug: (text) => unique(slugify(text)), unique };
}
