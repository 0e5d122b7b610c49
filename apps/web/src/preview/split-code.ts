import { SPLIT_CLASS } from '@inkstone/markdown/essentials';

/** The code of the block `pre` belongs to. A long fenced code block shows in parts, one `<pre>`
 * each, joined by the split classes (docs/concepts/rendering.md): its code is theirs in order. */
export function codeOfBlock(pre: HTMLElement): string {
  const { continued, continues } = SPLIT_CLASS;
  if (!pre.classList.contains(continued) && !pre.classList.contains(continues)) {
    return pre.textContent ?? '';
  }
  const all = [...(pre.closest('.preview__content')?.querySelectorAll('pre') ?? [])];
  let first = all.indexOf(pre as HTMLPreElement);
  let last = first;
  while (first > 0 && all[first]!.classList.contains(continued)) first -= 1;
  while (last < all.length - 1 && all[last]!.classList.contains(continues)) last += 1;
  return all
    .slice(first, last + 1)
    .map((part) => part.textContent ?? '')
    .join('');
}
