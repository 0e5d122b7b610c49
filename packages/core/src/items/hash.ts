// Content hashes: SHA-256, so that equal hashes mean equal content (spec core §4 merges on them,
// and a 32-bit hash would let two different versions pass for one).

import { sha256 } from '@noble/hashes/sha2.js';
import { canonicalJson } from './canonical-json.js';
import { encodeBase64Url, encodeWtf8 } from './encoding.js';
import { type BaseItem, type Unhashed } from './types.js';

/**
 * Hashes a string: the SHA-256 digest of its UTF-8 bytes (see {@link encodeWtf8} for lone
 * surrogates), whole (256 bits), as unpadded base64url, 43 characters. For well-formed text this
 * is the standard SHA-256 of the UTF-8 text, so any tool can recompute it.
 */
export function hashText(text: string): string {
  return encodeBase64Url(sha256(encodeWtf8(text)));
}

/**
 * The content hash of an item: {@link hashText} of the item's {@link canonicalJson} without its
 * `id`, `hash` and `history` fields. It changes exactly when the item's content does:
 *
 * - `hash` is the result, and `history` lists earlier hashes: neither is content.
 * - `id` is identity, not content, so the same content hashes alike under any id. This is what
 *   lets spec core §5 find duplicate locations by "same file and hash": two location items with
 *   different ids and the same fields have the same hash.
 * - Key order does not matter; a field set to `undefined` counts as absent.
 */
export function hashItem(item: object): string {
  return hashText(itemHashSource(item));
}

/** The text {@link hashItem} hashes: the canonical JSON of the item without `id`, `hash` and
 * `history`. With {@link digestToHash}, it lets a caller hash with a faster SHA-256 of its own
 * (the browser's native one) and get the same hash. */
export function itemHashSource(item: object): string {
  const { id: _id, hash: _hash, history: _history, ...content } = item as Record<string, unknown>;
  return canonicalJson(content);
}

/** A SHA-256 digest written as the hashes of this module are (unpadded base64url). */
export function digestToHash(digest: Uint8Array): string {
  return encodeBase64Url(digest);
}

/** Hashes an item somewhere else than on the calling thread's time: an async SHA-256 of
 * {@link itemHashSource}'s text, written with {@link digestToHash}. It must give what
 * {@link hashItem} gives. */
export type ItemHasher = (item: object) => Promise<string>;

/** Returns a copy of the item with its `hash` set to {@link hashItem} of it. */
export function withHash<T extends BaseItem>(item: Unhashed<T>): T {
  return { ...item, hash: hashItem(item) } as T;
}
