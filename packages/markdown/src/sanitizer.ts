import createDOMPurify, { type Config, type DOMPurify, type WindowLike } from 'dompurify';
import { type SectionKind, sectionKind, type StartTagVouch } from './sanitizer-grouping.js';
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
   * parse, each in a `<div>` of its own that is then taken apart again; and with consecutive
   * sections proven to hold nothing DOMPurify would remove or change (`sectionKind` 'clean')
   * only parsed, in the same way, without DOMPurify's walk over every node. A section that fails
   * the proofs, or a group whose result is not exactly one such `<div>` per section, is cleaned
   * alone: the output is the same either way, only the work differs. */
  sanitizeManyToFragments(htmls: readonly string[]): DocumentFragment[];
  /** How `sanitizeManyToFragments` treats `html`: cleaned alone, cleaned in a group, or, proven
   * to hold nothing the sanitiser would remove or change, only parsed in a group. */
  kindOf(html: string): SectionKind;
}

// Attributes holding one URL, and what the URL is for.
const URL_ATTRIBUTES: Readonly<Record<string, UrlKind>> = {
  href: 'link',
  cite: 'link',
  src: 'image',
};

// Targets that leave the app: they get rel="noopener noreferrer".
const EXTERNAL = /^\s*(?:https?:|\/\/)/i;

// What DOMPurify requires of the value of an allowed attribute it does not count as safe by name
// (all but those in URI_SAFE), once whitespace is taken out (ATTR_WHITESPACE, its own class).
const ALLOWED_URI = /^(?:(?:https?|ftp|mailto|tel|file|blob):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;
// eslint-disable-next-line no-control-regex -- DOMPurify's class starts at U+0000, as this must
const ATTR_WHITESPACE = /[\u0000-\u0020\u00A0\u1680\u180E\u2000-\u2029\u205F\u3000]/g;
// Attributes DOMPurify keeps whatever their value (its URI_SAFE_ATTRIBUTES, those we allow).
const URI_SAFE = new Set(['alt', 'class', 'id', 'role', 'title', 'style']);
// The `aria-*` names DOMPurify allows (ALLOW_ARIA_ATTR), as lower-case names can write them.
const ARIA = /^aria-[-a-z0-9]+$/;

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
    ALLOWED_URI_REGEXP: ALLOWED_URI,
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
  const vouch = vouchFor(allowed);
  const parseClean = (htmls: readonly string[]): DocumentFragment[] =>
    parseGroup(window, htmls) ?? htmls.map(alone);
  return {
    sanitize(html) {
      return toString.sanitize(html);
    },
    sanitizeToFragment: alone,
    kindOf: (html) => sectionKind(html, vouch),
    sanitizeManyToFragments(htmls) {
      const out: DocumentFragment[] = [];
      let run: string[] = [];
      let runKind: SectionKind = 'group';
      const flush = () => {
        if (run.length === 0) return;
        if (runKind === 'clean') out.push(...parseClean(run));
        else if (run.length === 1) out.push(alone(run[0]!));
        else out.push(...sanitizeGroup(toFragment, run, alone));
        run = [];
      };
      for (const html of htmls) {
        const kind = sectionKind(html, vouch);
        if (kind === 'alone') {
          flush();
          out.push(alone(html));
          continue;
        }
        if (kind !== runKind) flush();
        runKind = kind;
        run.push(html);
      }
      flush();
      return out;
    },
  };
}

/**
 * The start-tag vouch for sections DOMPurify, configured as above, would leave as they are:
 * an allowed element (an `<input>` only if a checkbox, as the element hook wants), whose every
 * attribute is written plainly, once (names compared in lower case, as the parser and DOMPurify
 * read them), and passes both this sanitiser's own check (`isAllowedAttribute`, the hook) and
 * the checks DOMPurify makes of its own: none of a value that trimming would change, that holds
 * `<` or `>` (markup breaking out, `/>`), a name it treats apart (`for`, `value`, `is`), or a
 * value neither safe by the name nor matching `ALLOWED_URI`. Anything else is left to DOMPurify.
 * Equality with DOMPurify's output is tested section by section on the corpus, the CommonMark
 * examples, the XSS payloads and random markup.
 */
function vouchFor(allowed: Map<string, ReadonlySet<string>>): StartTagVouch {
  // Answers kept by tag and attributes as written: a long text repeats them (KaTeX writes
  // thousands of `<span class="mord">`); dropped whole when there are many.
  const known = new Map<string, boolean>();
  return (tag, source) => {
    // (No attributes, nothing to keep: the tag alone decides.)
    if (source === '') return checkStartTag(tag, source, allowed);
    const key = `${tag} ${source}`;
    let answer = known.get(key);
    if (answer === undefined) {
      answer = checkStartTag(tag, source, allowed);
      if (known.size >= VOUCHES_KEPT) known.clear();
      known.set(key, answer);
    }
    return answer;
  };
}

/** At most this many start tags' answers are kept by `vouchFor`. */
const VOUCHES_KEPT = 20_000;

function checkStartTag(
  tag: string,
  source: string,
  allowed: Map<string, ReadonlySet<string>>,
): boolean {
  if (!allowed.has(tag)) return false;
  // (A few attributes a tag: an array, not a set, for the thousands of tags of a long text.)
  const seen: string[] = [];
  let type: string | undefined;
  let at = 0;
  while (at < source.length) {
    ATTRIBUTE.lastIndex = at;
    const match = ATTRIBUTE.exec(source);
    if (!match) return false;
    at = ATTRIBUTE.lastIndex;
    const name = match[1]!.toLowerCase();
    const value = decodeAttribute(match[2] ?? match[3] ?? '');
    if (value === undefined || seen.includes(name)) return false;
    if (!vouchAttribute(tag, name, value, allowed)) return false;
    seen.push(name);
    if (name === 'type') type = value;
  }
  return tag !== 'input' || isCheckboxType(type);
}

// One attribute as markdown-it and KaTeX write it: a name (lower case, or SVG's camel case, which
// the parser reads in lower case and then adjusts), and a quoted value or none.
const ATTRIBUTE =
  /[\t\n\f\r ]+([a-zA-Z][a-zA-Z0-9-]*)(?:[\t\n\f\r ]*=[\t\n\f\r ]*(?:"([^"]*)"|'([^']*)'))?/y;
const ENTITY = /&(?:(amp|lt|gt|quot|#39);)?/g;
const ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#39': "'",
};

// An attribute value as the parser reads it, when it holds no character reference but the five
// markdown-it writes; undefined otherwise (the rules for others in attributes are intricate).
function decodeAttribute(raw: string): string | undefined {
  if (!raw.includes('&')) return raw;
  let plain = true;
  const decoded = raw.replace(ENTITY, (whole, name: string | undefined) => {
    if (name === undefined) plain = false;
    return name === undefined ? whole : ENTITIES[name]!;
  });
  return plain ? decoded : undefined;
}

function vouchAttribute(
  tag: string,
  name: string,
  value: string,
  allowed: Map<string, ReadonlySet<string>>,
): boolean {
  if (name === 'for' || name === 'value' || name === 'is') return false;
  if (value.includes('<') || value.includes('>') || value !== value.trim()) return false;
  if (!isAllowedAttribute(tag, name, value, allowed)) return false;
  if (name.startsWith('aria-')) return ARIA.test(name);
  if (URI_SAFE.has(name) || value === '') return true;
  return ALLOWED_URI.test(value.replace(ATTR_WHITESPACE, ''));
}

// Parses `htmls`, each vouched for as clean, in one parse as DOMPurify would (a `text/html`
// document of the window), each in a bare `<div>`, and hands out each div's nodes with what the
// attribute hooks add (`rel` on external links). Undefined should the divs not come out intact.
function parseGroup(
  window: SanitizerWindow,
  htmls: readonly string[],
): DocumentFragment[] | undefined {
  const body = new window.DOMParser().parseFromString(wrapGroup(htmls), 'text/html').body;
  for (const link of Array.from(body.getElementsByTagName('a'))) markExternal(link);
  return unwrapGroup(body, htmls.length);
}

function markExternal(node: Element): void {
  if (node.nodeName === 'A' && EXTERNAL.test(node.getAttribute('href') ?? '')) {
    node.setAttribute('rel', 'noopener noreferrer');
  }
}

// Cleans `htmls` in one parse, each in a bare `<div>`, and hands out each div's nodes. The
// sections are groupable, so none can close, reopen or move the divs; should the result still
// not be one bare div per section, in order, every section is cleaned alone instead.
function sanitizeGroup(
  purify: DOMPurify,
  htmls: readonly string[],
  alone: (html: string) => DocumentFragment,
): DocumentFragment[] {
  const nodes = purify.sanitize(wrapGroup(htmls)) as unknown as DocumentFragment | null;
  return (nodes && unwrapGroup(nodes, htmls.length)) ?? htmls.map(alone);
}

// Sections to parse in one go, each in a bare `<div>` of its own.
function wrapGroup(htmls: readonly string[]): string {
  return `<div>${htmls.join('</div><div>')}</div>`;
}

// Each section's nodes out of `parent`, which must hold exactly `count` bare divs; undefined
// otherwise. The fragments belong to the parse's document, as one cleaned alone does: moved
// once, when shown.
function unwrapGroup(parent: ParentNode, count: number): DocumentFragment[] | undefined {
  const wrappers = Array.from(parent.childNodes);
  const intact =
    wrappers.length === count &&
    wrappers.every(
      (node) =>
        node.nodeType === 1 && node.nodeName === 'DIV' && (node as Element).attributes.length === 0,
    );
  if (!intact) return undefined;
  return wrappers.map((wrapper) => {
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
    const tag = node.nodeName.toLowerCase();
    if (!isAllowedAttribute(tag, data.attrName, data.attrValue, allowed)) data.keepAttr = false;
  });
  purify.addHook('afterSanitizeAttributes', markExternal);
  purify.setConfig(config);
  return purify;
}

function isCheckbox(node: Node): boolean {
  return isCheckboxType((node as Element).getAttribute?.('type') ?? '');
}

// Of all inputs, the preview keeps the task-list checkbox only.
function isCheckboxType(type: string | undefined): boolean {
  return type?.trim().toLowerCase() === 'checkbox';
}

function isAllowedAttribute(
  tag: string,
  name: string,
  value: string,
  allowed: Map<string, ReadonlySet<string>>,
): boolean {
  if (!name.startsWith('aria-') && allowed.get(tag)?.has(name) !== true) return false;
  if (name === 'style') return isSafeStyle(value);
  if (name === 'srcset') return isSafeSrcset(value);
  const kind = URL_ATTRIBUTES[name];
  return kind === undefined || isSafeUrl(value, kind);
}
