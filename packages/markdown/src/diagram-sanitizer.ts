import createDOMPurify, { type UponSanitizeAttributeHookEvent } from 'dompurify';
import { type SanitizerWindow } from './sanitizer.js';
import {
  allowedAttributesByTag,
  DIAGRAM_GLOBAL_ATTRIBUTES,
  DIAGRAM_SVG_PROFILE,
} from './sanitizer-profiles.js';
import {
  cleanDeclarations,
  isLocalReference,
  scopeStyleSheet,
  type StyleSheetWindow,
} from './style-policy.js';

/** Cleans the SVG of a drawn diagram (Mermaid, abcjs) before it is put into the preview. */
export interface DiagramSanitizer {
  /**
   * Returns `svg` (the markup of one or more `<svg>` elements) with only the diagram profile's
   * elements and attributes left, each `<style>` rebuilt to style its own drawing only, and
   * nothing else: `''` when no `<svg>` is left.
   */
  sanitize(svg: string): string;
}

/**
 * The Mermaid configuration whose output this sanitiser is made for; pass it to
 * `mermaid.initialize`. Strict security (no click callbacks, labels sanitised by Mermaid),
 * labels drawn as SVG text rather than HTML in `foreignObject`, and `secure` extended so that
 * a diagram's `%%{init}%%` directive can change none of that, nor add CSS (`themeCSS`,
 * `fontFamily`): Mermaid measures a drawing in the live page before returning it, so CSS from
 * a directive would apply, and load its URLs, before any sanitiser sees it.
 */
export const MERMAID_CONFIG = {
  startOnLoad: false,
  securityLevel: 'strict',
  htmlLabels: false,
  // Deprecated in favour of the root key, still read by older diagram types.
  flowchart: { htmlLabels: false },
  // Errors are thrown to the preview, which shows them in place, instead of drawn by Mermaid.
  suppressErrorRendering: true,
  // Keys a diagram's own `%%{init}%%` or `config:` may not set. This list replaces Mermaid's
  // default one, so it repeats it (the first six).
  secure: [
    ...['secure', 'securityLevel', 'startOnLoad', 'maxTextSize', 'maxEdges'],
    'suppressErrorRendering',
    // HTML labels are drawn in <foreignObject> with HTML the diagram author writes.
    'htmlLabels',
    // Mermaid's own DOMPurify settings for labels.
    'dompurifyConfig',
    // Free-form CSS: a `url()` fetch, or an overlay drawn over the app.
    ...['themeCSS', 'fontFamily', 'altFontFamily'],
    // Absolute marker URLs built from the page's address.
    'arrowMarkerAbsolute',
    // Chosen ids could collide with ids of the page.
    ...['deterministicIds', 'deterministicIDSeed'],
    // A diagram could flood the console.
    'logLevel',
  ],
} as const;

const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';
const URL_FUNCTION = /url\s*\(/i;

/**
 * Creates the sanitiser for diagram SVG, backed by DOMPurify on `window` with the diagram
 * profile (`DIAGRAM_SVG_PROFILE`): shapes, text, markers, gradients, clip paths and filters;
 * no script, no event handler, no `foreignObject`, no link or `href` of any kind, no
 * animation. An attribute holding `url(…)` must be a reference within the page, `url(#id)`;
 * `style` attributes are rebuilt by `cleanDeclarations`. Only top-level `<svg>` elements are
 * kept, and a `<style>` only as a child of one with a plain id (Mermaid's `mermaid-…`): its
 * CSS is rebuilt by `scopeStyleSheet`, so that every rule is scoped to that id and loads
 * nothing; the style of an `<svg>` without an id (abcjs's, which only concerns dragging) is
 * dropped. Throws when `window` has no usable DOM.
 */
export function createDiagramSanitizer(window: SanitizerWindow): DiagramSanitizer {
  const purify = createDOMPurify(window);
  if (!purify.isSupported) throw new Error('createDiagramSanitizer needs a window with a DOM.');
  const allowed = allowedAttributesByTag([DIAGRAM_SVG_PROFILE], DIAGRAM_GLOBAL_ATTRIBUTES);
  // Browsers and jsdom parse CSS with constructable style sheets; without them, no <style>.
  const cssWindow = window as StyleSheetWindow;

  // A linked part of a drawing (Mermaid's `click … href`) keeps its place without its link:
  // the <a> becomes a <g> with the same transform and classes, so its node stays where the
  // layout put it.
  purify.addHook('uponSanitizeElement', (node) => {
    const element = node as Element;
    if (element.localName !== 'a' || element.namespaceURI !== SVG_NAMESPACE) return;
    const group = element.ownerDocument.createElementNS(SVG_NAMESPACE, 'g');
    for (const name of ['transform', 'class']) {
      const value = element.getAttribute(name);
      if (value !== null) group.setAttribute(name, value);
    }
    group.append(...Array.from(element.childNodes));
    element.replaceWith(group);
  });
  purify.addHook('uponSanitizeAttribute', (node, data) => {
    const tag = node.nodeName.toLowerCase();
    if (!keepAttribute(tag, data, allowed, cssWindow)) data.keepAttr = false;
  });

  const config = {
    ALLOWED_TAGS: [...allowed.keys()],
    ALLOWED_ATTR: [...new Set([...allowed.values()].flatMap((names) => [...names]))],
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: true,
    // Labels and ids are not URLs; DOMPurify would drop a value such as "note: x" as one.
    ADD_URI_SAFE_ATTR: DIAGRAM_GLOBAL_ATTRIBUTES.filter((name) => name !== 'style'),
    RETURN_DOM: true as const,
  };

  return {
    sanitize(svg) {
      // The <body> of DOMPurify's own inert document, holding the cleaned nodes.
      const body = purify.sanitize(svg, config) as HTMLElement;
      for (const node of Array.from(body.childNodes)) {
        if (!isSvgElement(node)) node.remove();
      }
      for (const style of Array.from(body.querySelectorAll('style'))) {
        const parent = style.parentNode;
        const css =
          parent !== null && isSvgElement(parent) && parent.parentNode === body
            ? scopeStyleSheet(style.textContent ?? '', parent.id, cssWindow)
            : '';
        if (css === '') style.remove();
        else style.textContent = css;
      }
      return body.innerHTML;
    },
  };
}

function isSvgElement(node: Node): node is SVGSVGElement {
  return node.nodeName === 'svg' && (node as Element).namespaceURI === SVG_NAMESPACE;
}

// Whether to keep an attribute; a `style` attribute is rebuilt on the way.
function keepAttribute(
  tag: string,
  data: UponSanitizeAttributeHookEvent,
  allowed: Map<string, ReadonlySet<string>>,
  cssWindow: StyleSheetWindow,
): boolean {
  const name = data.attrName;
  const value = data.attrValue;
  if (!name.startsWith('aria-') && allowed.get(tag)?.has(name) !== true) return false;
  if (name === 'style') {
    data.attrValue = cleanDeclarations(value, cssWindow);
    return data.attrValue !== '';
  }
  return !URL_FUNCTION.test(value) || isLocalReference(value);
}
