import { canonicalJson } from '../items/canonical-json.js';

/** Whether two JSON values are equal; undefined (an absent key) equals only itself. */
export const same = (a: unknown, b: unknown): boolean =>
  a === undefined || b === undefined ? a === b : canonicalJson(a) === canonicalJson(b);

/** Three-way merge of a record, key by key: a key takes the side that changed it; a key changed
 * on both sides keeps the local value; a key removed on one side and unchanged on the other is
 * removed. Key order follows the local record, then the remote's new keys. */
export function mergeRecords<T>(
  base: Record<string, T>,
  local: Record<string, T>,
  remote: Record<string, T>,
): Record<string, T> {
  const merged: Record<string, T> = {};
  for (const key of new Set([...Object.keys(local), ...Object.keys(remote)])) {
    const value = same(local[key], base[key]) ? remote[key] : local[key];
    if (value !== undefined) merged[key] = value;
  }
  return merged;
}
