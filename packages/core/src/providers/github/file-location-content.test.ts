import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { base64ToText, textToBase64 } from './file-location-content.js';

const samples = ['', 'a', 'ab', 'abc', 'é', 'Grüße, 世界 🎉\n', '# Title\n\nText with `code`.\n'];

describe('base64 of the contents API', () => {
  it.each(samples)('writes %j as Node writes it, and reads it back', (text) => {
    const expected = Buffer.from(text, 'utf8').toString('base64');
    expect(textToBase64(text)).toBe(expected);
    expect(base64ToText(expected)).toBe(text);
  });

  it('reads base64 in lines of 60, as GitHub sends it', () => {
    const text = 'x'.repeat(200) + ' ünïcödé';
    const wrapped = Buffer.from(text)
      .toString('base64')
      .replace(/(.{60})/g, '$1\n');
    expect(base64ToText(wrapped)).toBe(text);
  });

  it('reads bytes that are not UTF-8 as U+FFFD, as TextDecoder does', () => {
    const bytes = Buffer.from([0x61, 0xff, 0x62, 0xc3]);
    expect(base64ToText(bytes.toString('base64'))).toBe(new TextDecoder().decode(bytes));
  });
});
