// Bytes for the git engine without the DOM's TextDecoder or atob (core has no DOM types).
import { sha1 } from '@noble/hashes/legacy.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { encodeWtf8 } from '../../items/encoding.js';

/** The UTF-8 bytes of a text (lone surrogates as WTF-8, as hashes are computed). */
export const utf8Bytes = (text: string): Uint8Array => encodeWtf8(text);

/** A text from its UTF-8 bytes; invalid sequences become U+FFFD. */
export function utf8Text(bytes: Uint8Array): string {
  let out = '';
  let chunk: number[] = [];
  for (let i = 0; i < bytes.length;) {
    const b = bytes[i]!;
    let code = 0xfffd;
    let size = 1;
    if (b < 0x80) code = b;
    else if (b >= 0xc2 && b < 0xe0 && cont(bytes, i + 1)) {
      code = ((b & 0x1f) << 6) | (bytes[i + 1]! & 0x3f);
      size = 2;
    } else if (b >= 0xe0 && b < 0xf0 && cont(bytes, i + 1) && cont(bytes, i + 2)) {
      code = ((b & 0x0f) << 12) | ((bytes[i + 1]! & 0x3f) << 6) | (bytes[i + 2]! & 0x3f);
      size = 3;
      if (code < 0x800) code = 0xfffd;
    } else if (
      b >= 0xf0 &&
      b < 0xf5 &&
      cont(bytes, i + 1) &&
      cont(bytes, i + 2) &&
      cont(bytes, i + 3)
    ) {
      code =
        ((b & 0x07) << 18) |
        ((bytes[i + 1]! & 0x3f) << 12) |
        ((bytes[i + 2]! & 0x3f) << 6) |
        (bytes[i + 3]! & 0x3f);
      size = 4;
      if (code < 0x10000 || code > 0x10ffff) code = 0xfffd;
    }
    if (code > 0xffff) {
      code -= 0x10000;
      chunk.push(0xd800 + (code >> 10), 0xdc00 + (code & 0x3ff));
    } else chunk.push(code);
    i += size;
    if (chunk.length > 8000) {
      out += String.fromCharCode(...chunk);
      chunk = [];
    }
  }
  return out + String.fromCharCode(...chunk);
}

const cont = (bytes: Uint8Array, i: number) => i < bytes.length && (bytes[i]! & 0xc0) === 0x80;

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const BASE64_VALUES = new Map([...BASE64].map((char, index) => [char, index]));

/** Bytes from standard base64 (line breaks and padding allowed, as forges send blobs). */
export function base64Bytes(base64: string): Uint8Array {
  const clean = base64.replace(/[\s=]/g, '');
  const out = new Uint8Array(Math.floor((clean.length * 3) / 4));
  let bits = 0;
  let value = 0;
  let index = 0;
  for (const char of clean) {
    const digit = BASE64_VALUES.get(char);
    if (digit === undefined) throw new Error('Invalid base64 in a git blob.');
    value = (value << 6) | digit;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[index++] = (value >> bits) & 0xff;
    }
  }
  return out.subarray(0, index);
}

/** Git's blob id of some bytes: SHA-1 of `blob {length}\0` and the bytes, so the sha of a file
 * about to be written is known before the forge answers. */
export function gitBlobSha(bytes: Uint8Array): string {
  const header = utf8Bytes(`blob ${bytes.length}\0`);
  const all = new Uint8Array(header.length + bytes.length);
  all.set(header);
  all.set(bytes, header.length);
  return bytesToHex(sha1(all));
}
