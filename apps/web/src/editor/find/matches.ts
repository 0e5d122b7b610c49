import { type CompiledQuery } from './query';

/** One match in the text: where it is, and (for a regular expression) its groups, the whole
 * match first, for the replacement's `$1`. */
export interface FindMatch {
  from: number;
  to: number;
  groups: (string | undefined)[];
  named?: Record<string, string | undefined>;
}

/** A selection, or any range, in the text. */
export interface Range {
  from: number;
  to: number;
}

/** Every match of `query` in `text`, in order and without overlaps. An empty match (`^`, `a*`)
 * counts, and the search goes on one character after it, so it never loops. */
export function findMatches(text: string, query: CompiledQuery): FindMatch[] {
  if (query.kind !== 'ok') return [];
  // A copy, so that no caller's lastIndex is shared.
  const pattern = new RegExp(query.pattern.source, query.pattern.flags);
  const matches: FindMatch[] = [];
  for (let found = pattern.exec(text); found; found = pattern.exec(text)) {
    const from = found.index;
    const to = from + found[0].length;
    matches.push({ from, to, groups: [...found], named: found.groups });
    if (to === from) pattern.lastIndex = afterCharacter(text, to);
  }
  return matches;
}

/** The match the range selects exactly, as an index into `matches`, or -1. */
export function matchIndexAt(matches: readonly FindMatch[], range: Range): number {
  const index = firstAtOrAfter(matches, range.from);
  const match = matches[index];
  return match && match.from === range.from && match.to === range.to ? index : -1;
}

/** The index of the match to select going forward from `range` (the selection): the first that
 * starts at or after its end and is not the selection itself, else the first one (wrapping). */
export function nextMatchIndex(matches: readonly FindMatch[], range: Range): number {
  if (matches.length === 0) return -1;
  for (let i = firstAtOrAfter(matches, range.to); i < matches.length; i += 1) {
    if (!isRange(matches[i]!, range)) return i;
  }
  return 0;
}

/** The index of the match to select going backward from `range`: the last that ends at or
 * before its start and is not the selection itself, else the last one (wrapping). */
export function previousMatchIndex(matches: readonly FindMatch[], range: Range): number {
  if (matches.length === 0) return -1;
  for (let i = firstAtOrAfter(matches, range.from + 1) - 1; i >= 0; i -= 1) {
    const match = matches[i]!;
    if (match.to <= range.from && !isRange(match, range)) return i;
  }
  return matches.length - 1;
}

function isRange(match: FindMatch, range: Range): boolean {
  return match.from === range.from && match.to === range.to;
}

// The index of the first match that starts at or after `pos` (matches are sorted).
function firstAtOrAfter(matches: readonly FindMatch[], pos: number): number {
  let low = 0;
  let high = matches.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (matches[middle]!.from < pos) low = middle + 1;
    else high = middle;
  }
  return low;
}

// The position after the character at `pos`, a surrogate pair counting as one character.
function afterCharacter(text: string, pos: number): number {
  const code = text.charCodeAt(pos);
  return code >= 0xd800 && code <= 0xdbff && pos + 1 < text.length ? pos + 2 : pos + 1;
}
