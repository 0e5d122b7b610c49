import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encodeBase64Url, encodeWtf8 } from './encoding.js';

const utf8 = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));

describe('encodeWtf8', () => {
  it.each([
    ['', []],
    ['A', [0x41]],
    ['é', [0xc3, 0xa9]],
    ['€', [0xe2, 0x82, 0xac]],
    ['😀', [0xf0, 0x9f, 0x98, 0x80]],
    ['\u{10FFFF}', [0xf4, 0x8f, 0xbf, 0xbf]],
    ['\u07FF\u0800\uFFFF', [0xdf, 0xbf, 0xe0, 0xa0, 0x80, 0xef, 0xbf, 0xbf]],
  ])('encodes %j as UTF-8', (text, expected) => {
    expect([...encodeWtf8(text)]).toEqual(expected);
  });

  it('matches the platform UTF-8 encoder on well-formed text of every plane', () => {
    const text = 'Plain, ünïcödé, 日本語, emoji 👩‍👩‍👧 and math 𝔸𝔹ℂ, NUL \u0000 and DEL \u007f';
    expect(encodeWtf8(text)).toEqual(utf8(text));
    expect(encodeWtf8(text)).toEqual(new TextEncoder().encode(text));
  });

  it('keeps lone surrogates apart from U+FFFD so that distinct strings stay distinct', () => {
    expect([...encodeWtf8('a\uD800')]).toEqual([0x61, 0xed, 0xa0, 0x80]);
    expect([...encodeWtf8('\uDC00b')]).toEqual([0xed, 0xb0, 0x80, 0x62]);
    expect(encodeWtf8('a\uD800')).not.toEqual(encodeWtf8('a\uFFFD'));
    // A low surrogate before a high one is two lone surrogates, not a pair.
    expect(encodeWtf8('\uDC00\uD800')).toHaveLength(6);
  });
});

describe('encodeBase64Url', () => {
  it.each([
    // RFC 4648 §10 test vectors, without padding.
    ['', ''],
    ['f', 'Zg'],
    ['fo', 'Zm8'],
    ['foo', 'Zm9v'],
    ['foob', 'Zm9vYg'],
    ['fooba', 'Zm9vYmE'],
    ['foobar', 'Zm9vYmFy'],
  ])('encodes %j as %j', (text, expected) => {
    expect(encodeBase64Url(utf8(text))).toBe(expected);
  });

  it('uses - and _ where base64 uses + and /', () => {
    expect(encodeBase64Url(Uint8Array.of(0xfb, 0xff, 0xbf))).toBe('-_-_');
  });

  it('matches the platform encoder on random bytes of every length mod 3', () => {
    for (let length = 0; length < 64; length += 1) {
      const bytes = new Uint8Array(randomBytes(length));
      expect(encodeBase64Url(bytes)).toBe(Buffer.from(bytes).toString('base64url'));
    }
  });
});
