// Unique ids (spec core §9: 16 characters, base62), drawn from a random byte source passed in.

import { ID_LENGTH } from '../constants.js';

/** The 62 characters an id is made of, in the order a byte value maps to them. */
export const ID_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** A source of cryptographically random bytes, e.g. one wrapping `crypto.getRandomValues`. */
export type RandomBytes = (length: number) => Uint8Array;

// The largest multiple of 62 that fits in a byte: bytes 0..247 map to a character by `% 62`, each
// character from exactly four byte values; bytes 248..255 are thrown away so that no character is
// more likely than another (no modulo bias).
const ACCEPT_BELOW = Math.floor(256 / ID_ALPHABET.length) * ID_ALPHABET.length;

// Rounds of drawing before a source that keeps yielding only rejected bytes is called broken. A
// true random source fails a round with probability at most 8/256, so 100 rounds in a row do not
// happen.
const MAX_ROUNDS = 100;

/**
 * Makes an id generator: each call returns a new {@link ID_LENGTH}-character base62 id whose
 * characters are independent and uniformly distributed, provided `randomBytes` is.
 *
 * Throws if `randomBytes` returns no bytes, or only bytes above 247 for 100 rounds in a row (a
 * broken source), rather than looping for ever.
 */
export function createIdGenerator(randomBytes: RandomBytes): () => string {
  return () => {
    let id = '';
    for (let round = 0; id.length < ID_LENGTH; round += 1) {
      if (round === MAX_ROUNDS) {
        throw new Error('The random byte source yields no usable bytes.');
      }
      const bytes = randomBytes(ID_LENGTH - id.length);
      if (bytes.length === 0) {
        throw new Error('The random byte source returned no bytes.');
      }
      for (const byte of bytes) {
        if (byte < ACCEPT_BELOW && id.length < ID_LENGTH) {
          id += ID_ALPHABET[byte % ID_ALPHABET.length];
        }
      }
    }
    return id;
  };
}
