/** The first index whose item satisfies `test` (false for a prefix of `items`, then true), or
 * the length: a binary search over blocks or parts in line order. */
export function lowerBound<T>(items: readonly T[], test: (item: T) => boolean): number {
  let low = 0;
  let high = items.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (test(items[mid]!)) high = mid;
    else low = mid + 1;
  }
  return low;
}
