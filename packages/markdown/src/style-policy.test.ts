import { describe, expect, it } from 'vitest';
import { isSafeStyle } from './style-policy.js';

describe('isSafeStyle', () => {
  it.each([
    'height:0.6833em;',
    'top:-3.063em;margin-right:0.05em;',
    'color:#cc0000',
    'text-align:right',
    'position:relative',
  ])('keeps %j', (style) => {
    expect(isSafeStyle(style)).toBe(true);
  });

  it.each([
    'background:url(https://x.test/t.png)',
    'background: URL ("x")',
    'background-image:image-set("a.png" 1x)',
    'width:expression(alert(1))',
    '@import "x.css"',
    'background:javascript:alert(1)',
    'behavior:url(x.htc)',
    '-moz-binding:x',
    'background:\\75 rl(x)',
    'background:u/**/rl(x)',
    'position: fixed; inset: 0',
  ])('refuses %j', (style) => {
    expect(isSafeStyle(style)).toBe(false);
  });
});
