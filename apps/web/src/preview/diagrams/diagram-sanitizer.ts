import createDOMPurify, { type WindowLike } from 'dompurify';

/** Cleans the SVG a drawing library produced before the preview shows it. The real profile
 * is `createDiagramSanitizer(window)` from `@inkstone/markdown`. */
export interface DiagramSanitizer {
  /** Returns `svg` with only what is safe to show left. */
  sanitize(svg: string): string;
}

// CSS that could load a resource, run script (old IE), escape the preview's box, or hide any
// of these behind escapes and comments. `url(#id)`, a reference inside the drawing itself, is
// what Mermaid uses for markers and shadows, and stays.
const UNSAFE_CSS = [
  /url\s*\((?!\s*['"]?#)/i,
  /image-set\s*\(/i,
  /image\s*\(/i,
  /expression\s*\(/i,
  /@import/i,
  /@font-face/i,
  /javascript:/i,
  /behavior/i,
  /-moz-binding/i,
  /\\/,
  /\/\*/,
  /position\s*:\s*fixed/i,
];

/** Whether a `<style>` sheet, a `style` attribute or a presentation attribute (`fill`,
 * `filter`, `marker-end`…) of a drawing may be kept. */
export function isSafeDiagramCss(css: string): boolean {
  return !UNSAFE_CSS.some((pattern) => pattern.test(css));
}

/**
 * TEMPORARY: replace with `createDiagramSanitizer(window)` from `@inkstone/markdown`
 * (packages/markdown/src/diagram-sanitizer.ts, being written) once it lands; the only caller
 * is `createDiagramRenderer` in `./index.ts`.
 *
 * DOMPurify's own `svg` and `svgFilters` profiles (no script, no event handlers, no
 * `<foreignObject>`, no `javascript:` URLs), plus a CSS check on `<style>` sheets and on every
 * attribute that can hold `url(…)`.
 */
export function createInterimDiagramSanitizer(window: WindowLike): DiagramSanitizer {
  const purify = createDOMPurify(window);
  if (!purify.isSupported) throw new Error('The diagram sanitiser needs a window with a DOM.');
  purify.addHook('uponSanitizeElement', (node, data) => {
    if (data.tagName === 'style' && !isSafeDiagramCss(node.textContent ?? '')) {
      node.parentNode?.removeChild(node);
    }
  });
  purify.addHook('uponSanitizeAttribute', (_node, data) => {
    const css = data.attrName === 'style' || /url\s*\(/i.test(data.attrValue);
    if (css && !isSafeDiagramCss(data.attrValue)) data.keepAttr = false;
  });
  const config = { USE_PROFILES: { svg: true, svgFilters: true } };
  return { sanitize: (svg) => purify.sanitize(svg, config) };
}
