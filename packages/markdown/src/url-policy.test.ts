import { describe, expect, it } from 'vitest';
import { isSafeSrcset, isSafeUrl } from './url-policy.js';

describe('isSafeUrl', () => {
  it.each([
    'https://x.test/a',
    'HTTP://x.test',
    'ftp://x.test/f',
    'mailto:me@x.test',
    'tel:+123',
    'file:///home/me/a.md',
    'notes/a.md',
    '../a.md',
    '/abs/path',
    '?q=1',
    '#section',
    '//cdn.x.test/a.png',
    '',
  ])('allows %s for links and images', (url) => {
    expect(isSafeUrl(url, 'link')).toBe(true);
    expect(isSafeUrl(url, 'image')).toBe(true);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' \tjava\nscript:alert(1)',
    '\u0000javascript:alert(1)',
    'vbscript:x',
    'data:text/html,<script>',
    'data:image/svg+xml,<svg onload=alert(1)>',
    'livescript:x',
    'chrome://settings',
  ])('refuses %j everywhere', (url) => {
    expect(isSafeUrl(url, 'link')).toBe(false);
    expect(isSafeUrl(url, 'image')).toBe(false);
  });

  it.each([
    'blob:https://x.test/0b1',
    'data:image/png;base64,iVBORw0KGgo=',
    'data:image/jpeg;base64,AAAA',
    'data:image/gif;base64,AAAA',
    'data:image/webp;base64,AAAA',
    'data:image/svg+xml;base64,PHN2Zz4=',
  ])('allows %s for images only', (url) => {
    expect(isSafeUrl(url, 'image')).toBe(true);
    expect(isSafeUrl(url, 'link')).toBe(false);
  });
});

describe('isSafeSrcset', () => {
  it('checks every candidate', () => {
    expect(isSafeSrcset('a.png 1x, https://x.test/b.png 2x')).toBe(true);
    expect(isSafeSrcset('a.png 1x, javascript:alert(1) 2x')).toBe(false);
    expect(isSafeSrcset('data:image/png;base64,AAAA 1x')).toBe(false);
  });
});
