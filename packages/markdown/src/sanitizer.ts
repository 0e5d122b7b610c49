import createDOMPurify, { type UponSanitizeAttributeHookEvent, type WindowLike } from 'dompurify';
import { allowedAttributesByTag, SANITIZE_PROFILES } from './sanitizer-profiles.js';
import { isSafeStyle } from './style-policy.js';
import { isSafeSrcset, isSafeUrl, type UrlKind } from './url-policy.js';

/** The window a sanitiser parses HTML in: the browser's `window`, or a jsdom window in tests. */
export type SanitizerWindow = WindowLike;

/** Cleans rendered HTML before it is put into a page. */
export interface Sanitizer {
  /** Returns `html` with only allowlisted elements, attributes, URLs and styles left. */
  sanitize(html: string): string;
}

// Attributes holding one URL, and what the URL is for.
const URL_ATTRIBUTES: Readonly<Record<string, UrlKind>> = {
  href: 'link',
  cite: 'link',
  src: 'image',
};

// Targets that leave the app: they get rel="noopener noreferrer".
const EXTERNAL = /^\s*(?:https?:|\/\/)/i;

/**
 * Creates a sanitiser backed by DOMPurify on `window`, with an allowlist of elements and
 * attributes per element (markdown and GFM HTML, KaTeX's MathML and SVG), the URL policy of
 * interface.md §5 on `href`, `src`, `srcset` and `cite`, and a `style` filter. External links
 * get `rel="noopener noreferrer"`; no `target` is added, the app decides what a click does.
 * Throws when `window` has no usable DOM, instead of returning HTML unsanitised.
 */
export function createSanitizer(window: SanitizerWindow): Sanitizer {
  const purify = createDOMPurify(window);
  // Unsupported, DOMPurify returns its input untouched: refuse rather than pass HTML through.
  if (!purify.isSupported) throw new Error('createSanitizer needs a window with a DOM.');
  const allowed = allowedAttributesByTag(SANITIZE_PROFILES);
  const allTags = [...allowed.keys()];
  const allAttributes = [...new Set([...allowed.values()].flatMap((names) => [...names]))];

  purify.addHook('uponSanitizeElement', (node, data) => {
    // Of all inputs, only the task-list checkbox: a text field in a preview invites phishing.
    if (data.tagName === 'input' && !isCheckbox(node)) node.parentNode?.removeChild(node);
  });
  purify.addHook('uponSanitizeAttribute', (node, data) => {
    if (!isAllowedAttribute(node.nodeName.toLowerCase(), data, allowed)) data.keepAttr = false;
  });
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName === 'A' && EXTERNAL.test(node.getAttribute('href') ?? '')) {
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });

  const config = {
    ALLOWED_TAGS: allTags,
    ALLOWED_ATTR: allAttributes,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: true,
    // DOMPurify's own scheme check, kept as a second line behind `isSafeUrl`.
    ALLOWED_URI_REGEXP:
      /^(?:(?:https?|ftp|mailto|tel|file|blob):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
    // DOMPurify would drop ids that shadow `document` properties, so headings named "Images",
    // "Links" or "Title" would lose their anchors. Clobbering `document` needs a `name`
    // attribute or an <object>/<embed>/<form>/<iframe>, none of which is allowed here.
    SANITIZE_DOM: false,
  };

  return {
    sanitize(html) {
      return purify.sanitize(html, config);
    },
  };
}

function isCheckbox(node: Node): boolean {
  const type = (node as Element).getAttribute?.('type') ?? '';
  return type.trim().toLowerCase() === 'checkbox';
}

function isAllowedAttribute(
  tag: string,
  data: UponSanitizeAttributeHookEvent,
  allowed: Map<string, ReadonlySet<string>>,
): boolean {
  const name = data.attrName;
  const value = data.attrValue;
  if (!name.startsWith('aria-') && allowed.get(tag)?.has(name) !== true) return false;
  if (name === 'style') return isSafeStyle(value);
  if (name === 'srcset') return isSafeSrcset(value);
  const kind = URL_ATTRIBUTES[name];
  return kind === undefined || isSafeUrl(value, kind);
}
