/** FNV-1a of `text`, or of `text.slice(from, to)`, as an unsigned 32-bit number. Its low bits
 * mix poorly: a caller deciding something on a few bits uses the high ones. */
export function textHash(text: string, from = 0, to = text.length): number {
  let h = 0x811c9dc5;
  for (let i = from; i < to; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
