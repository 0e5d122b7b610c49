import createDOMPurify, {
  type Config,
  type DOMPurify,
  type UponSanitizeAttributeHookEvent,
  type WindowLike,
} from 'dompurify';
import { isGroupable } from './sanitizer-grouping.js';
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

/** A sanitiser that can also hand out what it kept as nodes, ready to insert. */
export interface FragmentSanitizer extends Sanitizer {
  /** The nodes `sanitize` would have serialised: `html` is parsed once, cleaned, and never
   * serialised and parsed again (which costs a second parse and is where mutation XSS lives). */
  sanitizeToFragment(html: string): DocumentFragment;
  /** What `sanitizeToFragment` gives for each of `htmls`, in order, but with consecutive
   * sections whose markup is proven to parse the same in a group (`isGroupable`) cleaned in one
   * parse, each in a `<div>` of its own that is then taken apart again. A section that fails the
   * proof, or a group whose result is not exactly one such `<div>` per section, is cleaned
   * alone: the output is the same either way, only the number of parses differs. */
  sanitizeManyToFragments(htmls: readonly string[]): DocumentFragment[];
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
export function createSanitizer(window: SanitizerWindow): FragmentSanitizer {
  const allowed = allowedAttributesByTag(SANITIZE_PROFILES);
  const config = {
    // `body` is DOMPurify's own root here (the markup never makes one: a `<body>` tag in it only
    // adds attributes to the root, and none of them is allowed, see `isAllowedAttribute`).
    // Disallowed, the root was "removed" at every call, which first deep-copied everything it
    // held beside it, only to be thrown away: a second copy of every section sanitised.
    ALLOWED_TAGS: [...allowed.keys(), 'body'],
    ALLOWED_ATTR: [...new Set([...allowed.values()].flatMap((names) => [...names]))],
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
  // Each instance is configured once (`setConfig`): a configuration passed with every call is
  // parsed again every time, which for these allowlists (hundreds of KaTeX, MathML and SVG names)
  // cost more than cleaning a paragraph. One instance returns strings, the other fragments.
  const toString = configuredPurify(window, config, allowed);
  const toFragment = configuredPurify(window, { ...config, RETURN_DOM_FRAGMENT: true }, allowed);
  const alone = (html: string): DocumentFragment => {
    // (Markup that leaves DOMPurify's document without a body, such as a `<frameset>`, is
    // dropped whole: the string form gives '' for it, this one nothing instead of null.)
    const nodes = toFragment.sanitize(html) as unknown as DocumentFragment | null;
    return nodes ?? new window.DocumentFragment();
  };
  return {
    sanitize(html) {
      return toString.sanitize(html);
    },
    sanitizeToFragment: alone,
    sanitizeManyToFragments(htmls) {
      const out: DocumentFragment[] = [];
      let run: string[] = [];
      const flush = () => {
        if (run.length === 1) out.push(alone(run[0]!));
        else if (run.length > 1) out.push(...sanitizeGroup(toFragment, run, alone));
        run = [];
      };
      for (const html of htmls) {
        if (isGroupable(html)) {
          run.push(html);
        } else {
          flush();
          out.push(alone(html));
        }
      }
      flush();
      return out;
    },
  };
}

// Cleans `htmls` in one parse, each in a bare `<div>`, and hands out each div's nodes. The
// sections are groupable, so none can close, reopen or move the divs; should the result still
// not be one bare div per section, in order, every section is cleaned alone instead.
function sanitizeGroup(
  purify: DOMPurify,
  htmls: readonly string[],
  alone: (html: string) => DocumentFragment,
): DocumentFragment[] {
  const joined = `<div>${htmls.join('</div><div>')}</div>`;
  const nodes = purify.sanitize(joined) as unknown as DocumentFragment | null;
  const wrappers = nodes ? Array.from(nodes.childNodes) : [];
  const intact =
    wrappers.length === htmls.length &&
    wrappers.every(
      (node) =>
        node.nodeType === 1 && node.nodeName === 'DIV' && (node as Element).attributes.length === 0,
    );
  if (!intact) return htmls.map(alone);
  return wrappers.map((wrapper) => {
    // A fragment of DOMPurify's document, as one cleaned alone is: moved once, when shown.
    const fragment = wrapper.ownerDocument!.createDocumentFragment();
    fragment.append(...Array.from(wrapper.childNodes));
    return fragment;
  });
}

function configuredPurify(
  window: SanitizerWindow,
  config: Config,
  allowed: Map<string, ReadonlySet<string>>,
): DOMPurify {
  const purify = createDOMPurify(window);
  // Unsupported, DOMPurify returns its input untouched: refuse rather than pass HTML through.
  if (!purify.isSupported) throw new Error('createSanitizer needs a window with a DOM.');
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
  purify.setConfig(config);
  return purify;
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
