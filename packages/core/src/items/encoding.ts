// Byte encodings for hashing. Core's ES2022 typings have neither TextEncoder nor btoa, and core
// takes nothing from the world, so both encoders are written out here.

/**
 * Encodes a string as UTF-8 bytes for hashing. Well-formed strings give exactly their UTF-8
 * bytes (what `TextEncoder` gives). A lone surrogate, which UTF-8 cannot represent, is encoded as
 * its own three-byte sequence (the WTF-8 convention) instead of U+FFFD, so that two different
 * strings never give the same bytes: `'a\uD800'` and `'a\uFFFD'` must not hash alike.
 */
export function encodeWtf8(text: string): Uint8Array {
  // At most three bytes per UTF-16 code unit (a surrogate pair: four bytes for two units).
  const bytes = new Uint8Array(text.length * 3);
  let length = 0;
  for (let i = 0; i < text.length; i += 1) {
    let code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const low = text.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        code = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00);
        i += 1;
      }
    }
    if (code < 0x80) {
      bytes[length++] = code;
    } else if (code < 0x800) {
      bytes[length++] = 0xc0 | (code >> 6);
      bytes[length++] = 0x80 | (code & 0x3f);
    } else if (code < 0x10000) {
      bytes[length++] = 0xe0 | (code >> 12);
      bytes[length++] = 0x80 | ((code >> 6) & 0x3f);
      bytes[length++] = 0x80 | (code & 0x3f);
    } else {
      bytes[length++] = 0xf0 | (code >> 18);
      bytes[length++] = 0x80 | ((code >> 12) & 0x3f);
      bytes[length++] = 0x80 | ((code >> 6) & 0x3f);
      bytes[length++] = 0x80 | (code & 0x3f);
    }
  }
  return bytes.slice(0, length);
}

const BASE64URL_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** Encodes bytes as base64url (RFC 4648 §5) without padding: safe in URLs, paths and JSON. */
export function encodeBase64Url(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const b0 = bytes[i] ?? 0;
    const b1 = bytes[i + 1] ?? 0;
    const b2 = bytes[i + 2] ?? 0;
    const triple = (b0 << 16) | (b1 << 8) | b2;
    const chars = Math.min(4, Math.ceil(((bytes.length - i) * 8) / 6));
    for (let j = 0; j < chars; j += 1) {
      out += BASE64URL_ALPHABET[(triple >> (18 - 6 * j)) & 0x3f];
    }
  }
  return out;
}
