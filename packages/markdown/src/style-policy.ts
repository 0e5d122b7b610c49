// Anything that can load a resource, run script (old IE), or spell either through CSS escapes
// or comments. KaTeX's own styles (sizes, offsets, colours) never contain these.
const UNSAFE_STYLE = [
  /url\s*\(/i,
  /image-set\s*\(/i,
  /image\s*\(/i,
  /expression\s*\(/i,
  /@import/i,
  /javascript:/i,
  /vbscript:/i,
  /behavior/i,
  /-moz-binding/i,
  // CSS escapes (`\75 rl(` is `url(`) and comments (`ur/**/l`) could hide all of the above.
  /\\/,
  /\/\*/,
];

// The preview scrolls and clips what it shows; only `absolute` and `fixed` positioning could
// lift an element out of it, over the app, as a look-alike of its interface. Any other value,
// `var(…)` included (it could hold `fixed`), is refused too. KaTeX never positions inline.
const CONTAINED_POSITIONS: ReadonlySet<string> = new Set(['static', 'relative', 'sticky']);
const POSITION_DECLARATION = /(?<![\w-])position\s*:([^;}]*)/gi;
const IMPORTANT = /!\s*important\s*$/i;

/**
 * Whether an inline `style` attribute value may be kept. Styles are allowed because KaTeX's
 * HTML output positions glyphs with them; values that could load a URL, run script or lift an
 * element out of the preview (`position` other than static, relative or sticky) are refused
 * whole.
 */
export function isSafeStyle(style: string): boolean {
  if (UNSAFE_STYLE.some((pattern) => pattern.test(style))) return false;
  for (const [, value = ''] of style.matchAll(POSITION_DECLARATION)) {
    const position = value.trim().replace(IMPORTANT, '').trim().toLowerCase();
    if (!CONTAINED_POSITIONS.has(position)) return false;
  }
  return true;
}

const LOCAL_REFERENCE = /^url\(\s*(["']?)#[a-z_][\w.:-]*\1\s*\)$/i;

/**
 * Whether a value is a reference to an element of the same document, `url(#id)` (quoted or
 * not): how SVG points at its markers, gradients, clip paths and filters. It loads nothing.
 */
export function isLocalReference(value: string): boolean {
  return LOCAL_REFERENCE.test(value.trim());
}

// CSS properties whose `url(#id)` points at an SVG paint server, marker, clip path, mask or
// filter of the drawing.
const REFERENCE_PROPERTIES: ReadonlySet<string> = new Set([
  ...['fill', 'stroke', 'filter', 'clip-path', 'mask', 'mask-image'],
  ...['marker', 'marker-start', 'marker-mid', 'marker-end'],
]);

/** What `scopeStyleSheet` needs of a window: constructable style sheets to parse CSS with. */
export interface StyleSheetWindow {
  readonly CSSStyleSheet?: { new (): CSSStyleSheet };
}

// An id a selector can name without escapes.
const SCOPE_ID = /^[a-z][\w-]*$/i;

/**
 * Rebuilds a diagram's style sheet so that it can only style that diagram: it is parsed (by
 * the window's CSS parser, never by pattern matching) and written out again from the parsed
 * rules, keeping only plain style rules whose every selector starts at the element with id
 * `scope` and goes down from it (no sibling of it), and in them only the declarations
 * `cleanDeclarations` keeps. At-rules (`@import`, `@font-face`, `@keyframes`, `@media`…),
 * nested rules and anything containing `<` are dropped. Returns `''` when nothing is left,
 * when `scope` is not a plain id, or when the window cannot parse CSS.
 */
export function scopeStyleSheet(css: string, scope: string, window: StyleSheetWindow): string {
  if (!SCOPE_ID.test(scope)) return '';
  const kept: string[] = [];
  for (const rule of parseStyleSheet(css, window)) {
    if (!isStyleRule(rule) || !isScopedSelectorList(rule.selectorText, scope)) continue;
    const declarations = safeDeclarations(rule.style);
    const text = `${rule.selectorText} { ${declarations}; }`;
    if (declarations !== '' && !text.includes('<')) kept.push(text);
  }
  return kept.join('\n');
}

/**
 * Rebuilds the declarations of a diagram element's `style` attribute from the window's CSS
 * parser, keeping those that pass `isSafeStyle` and the `url(#id)` references of the SVG
 * properties that take them (fill, stroke, filter, clip-path, mask, markers). Returns `''`
 * when none is left or when the window cannot parse CSS.
 */
export function cleanDeclarations(declarations: string, window: StyleSheetWindow): string {
  // Only the first rule is read: a `}` in the attribute cannot add declarations to it.
  const [rule] = parseStyleSheet(`x{${declarations}}`, window);
  const text = rule !== undefined && isStyleRule(rule) ? safeDeclarations(rule.style) : '';
  return text.includes('<') ? '' : text;
}

function parseStyleSheet(css: string, window: StyleSheetWindow): CSSRule[] {
  if (window.CSSStyleSheet === undefined) return [];
  const sheet = new window.CSSStyleSheet();
  try {
    sheet.replaceSync(css);
  } catch {
    return [];
  }
  return Array.from(sheet.cssRules);
}

function isStyleRule(rule: CSSRule): rule is CSSStyleRule {
  // `@page` rules have a selector and declarations too; `scope` never starts theirs.
  return 'selectorText' in rule && 'style' in rule;
}

function safeDeclarations(style: CSSStyleDeclaration): string {
  const kept: string[] = [];
  for (let i = 0; i < style.length; i += 1) {
    const name = style.item(i);
    const value = style.getPropertyValue(name).trim();
    const declaration = `${name}: ${value}`;
    const isReference = REFERENCE_PROPERTIES.has(name) && isLocalReference(value);
    if (value === '' || !(isReference || isSafeStyle(declaration))) continue;
    const important = style.getPropertyPriority(name) === 'important';
    kept.push(important ? `${declaration} !important` : declaration);
  }
  return kept.join('; ');
}

/**
 * Whether every selector of a list (`#d .a, #d > .b`) selects only the element with id
 * `scope` or elements inside it: each starts with `#scope`, and what follows that first
 * compound selector is no sibling combinator (`#d ~ p`, `#d + p` reach outside). Nesting
 * (`&`) and escapes are refused.
 */
export function isScopedSelectorList(selectors: string, scope: string): boolean {
  if (/[&\\]/.test(selectors)) return false;
  return splitSelectorList(selectors).every((selector) => isScopedSelector(selector, scope));
}

// What may follow `#scope` in the same compound or after it: the end, a descendant or child
// combinator, or more conditions on the same element (class, pseudo-class, attribute).
const AFTER_SCOPE = new Set(['', ' ', '\t', '\n', '>', '.', ':', '[']);

function isScopedSelector(selector: string, scope: string): boolean {
  const prefix = `#${scope}`;
  if (!selector.startsWith(prefix) || !AFTER_SCOPE.has(selector.charAt(prefix.length))) {
    return false;
  }
  const end = indexOfTopLevel(selector, prefix.length, (char) => /[\s>+~]/.test(char));
  const rest = selector.slice(end).trimStart();
  return !rest.startsWith('+') && !rest.startsWith('~');
}

function splitSelectorList(selectors: string): string[] {
  const parts: string[] = [];
  let start = 0;
  for (;;) {
    const comma = indexOfTopLevel(selectors, start, (char) => char === ',');
    parts.push(selectors.slice(start, comma).trim());
    if (comma === selectors.length) return parts;
    start = comma + 1;
  }
}

// The index of the first character from `from` that matches `stop` outside brackets and
// strings, or the length of `text` when there is none.
function indexOfTopLevel(text: string, from: number, stop: (char: string) => boolean): number {
  let depth = 0;
  let quote = '';
  for (let i = from; i < text.length; i += 1) {
    const char = text.charAt(i);
    if (quote !== '') {
      if (char === quote) quote = '';
    } else if (char === '"' || char === "'") {
      quote = char;
    } else if (char === '(' || char === '[') {
      depth += 1;
    } else if (char === ')' || char === ']') {
      depth -= 1;
    } else if (depth === 0 && stop(char)) {
      return i;
    }
  }
  return text.length;
}
