import { digestToHash, hashItem, type ItemHasher, itemHashSource } from '@inkstone/core';

const encoder = new TextEncoder();
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Hashes items with the browser's native SHA-256 (a 250,000-character text in well under a
 * millisecond, against several on the main thread in JavaScript), giving what core's
 * `hashItem` gives. Where the browser has no SubtleCrypto (a page served over plain HTTP from
 * another host than localhost), or the text holds a lone surrogate (which TextEncoder would
 * replace), core's own hash is used. */
export const nativeItemHasher: ItemHasher = async (item) => {
  const source = itemHashSource(item);
  const subtle = globalThis.crypto?.subtle;
  if (!subtle || LONE_SURROGATE.test(source)) return hashItem(item);
  const digest = await subtle.digest('SHA-256', encoder.encode(source));
  return digestToHash(new Uint8Array(digest));
};

/** What the page asks of the hash worker. */
export interface HashRequest {
  id: number;
  item: object;
}

/** What the hash worker answers: the hash, or why there is none. */
export type HashResponse = { id: number; hash: string } | { id: number; error: string };

/** The hash worker's answer to one request (hash.worker.ts). */
export async function answerHashRequest({ id, item }: HashRequest): Promise<HashResponse> {
  try {
    return { id, hash: await nativeItemHasher(item) };
  } catch (error) {
    return { id, error: error instanceof Error ? error.message : String(error) };
  }
}
