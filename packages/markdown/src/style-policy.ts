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
  // A fixed overlay could cover the app with a look-alike of its own interface.
  /position\s*:\s*fixed/i,
];

/**
 * Whether an inline `style` attribute value may be kept. Styles are allowed because KaTeX's
 * HTML output positions glyphs with them; values that could load a URL, run script or escape
 * the preview are refused whole.
 */
export function isSafeStyle(style: string): boolean {
  return !UNSAFE_STYLE.some((pattern) => pattern.test(style));
}
