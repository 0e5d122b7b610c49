import { describe, expect, it } from 'vitest';
import { JSDOM } from 'jsdom';
import {
  cleanDeclarations,
  isLocalReference,
  isSafeStyle,
  isScopedSelectorList,
  scopeStyleSheet,
} from './style-policy.js';

describe('isSafeStyle', () => {
  it.each([
    'height:0.6833em;',
    'top:-3.063em;margin-right:0.05em;',
    'color:#cc0000',
    'text-align:right',
    'position:relative',
    'position: sticky; top: 0',
    'position: relative !important',
    'background-position: 0 0; object-position: center',
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
    'POSITION:FIXED',
    'position:absolute;top:0;left:0;width:100vw;height:100vh;z-index:9',
    'color:red;position : absolute',
    '--p:fixed;position:var(--p)',
  ])('refuses %j', (style) => {
    expect(isSafeStyle(style)).toBe(false);
  });
});

describe('isLocalReference', () => {
  it.each(['url(#a)', 'url( "#mermaid-1_flowchart-v2-pointEnd" )', "url('#clip-1')"])(
    'accepts %j',
    (value) => {
      expect(isLocalReference(value)).toBe(true);
    },
  );

  it.each(['url(a.svg#a)', 'url(#a) url(b)', 'url(//x.test/#a)', 'url(javascript:a)', '#a'])(
    'refuses %j',
    (value) => {
      expect(isLocalReference(value)).toBe(false);
    },
  );
});

describe('isScopedSelectorList', () => {
  it.each([
    '#d',
    '#d .a',
    '#d > g',
    '#d .a ~ .b',
    '#d .a + .b',
    '#d:hover .a',
    '#d[data-x] .a',
    '#d .a:not(.b, .c ~ .d)',
    '#d .a, #d .b',
  ])('keeps %j', (selectors) => {
    expect(isScopedSelectorList(selectors, 'd')).toBe(true);
  });

  it.each([
    'body',
    '.a #d',
    '#dd .a',
    '#d-1 .a',
    '#d ~ p',
    '#d + p',
    '#d:not(.x) ~ p',
    '#d .a, p',
    '#d &',
    '#d .\\61',
  ])('refuses %j', (selectors) => {
    expect(isScopedSelectorList(selectors, 'd')).toBe(false);
  });
});

describe('scopeStyleSheet and cleanDeclarations', () => {
  const window = new JSDOM('').window;

  it('write out what they keep from the parsed CSS', () => {
    expect(scopeStyleSheet('#d .a{fill:red;behavior:url(x)} p{color:red}', 'd', window)).toBe(
      '#d .a { fill: red; }',
    );
    expect(cleanDeclarations('fill:red;marker-end:url(#m);mask:url(x.svg#m)', window)).toBe(
      'fill: red; marker-end: url("#m")',
    );
  });

  it('read only the declarations of one element', () => {
    expect(cleanDeclarations('fill:red} p{color:red', window)).toBe('fill: red');
  });

  it('keep nothing without a CSS parser', () => {
    expect(scopeStyleSheet('#d .a{fill:red}', 'd', {})).toBe('');
    expect(cleanDeclarations('fill:red', {})).toBe('');
  });
});
