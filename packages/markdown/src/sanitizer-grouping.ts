// Which sections of HTML may share one parse with their neighbours. The HTML parser carries state
// from one piece of markup to the next (an element left open, a comment, a raw-text element, an
// attribute quote, a table's insertion mode, a namespace), so a section may be parsed in a group
// only if its markup is shown to leave the parser as it found it and to parse inside a plain
// `<div>` exactly as it does alone in a `<body>`. This is a strict check of what markdown-it
// writes; anything it cannot vouch for (comments, raw-text elements, foreign content other than
// KaTeX's plain MathML and SVG, tags it does not know, implied end tags, table content outside
// its place) is sanitised alone.

/** Elements a grouped section may hold: ordinary HTML elements whose parsing "in body" depends
 * only on the elements opened inside the section itself. Everything else sends the section to a
 * parse of its own: raw-text and RCDATA elements (`script`, `style`, `textarea`, `title`, `xmp`,
 * `noscript`, `iframe`…), `template`, `select`, forms, `svg` and `math` (foreign content), head
 * elements, `ruby` parts (implied end tags), and any element the sanitiser does not allow. */
const GROUPABLE = new Set([
  ...['a', 'abbr', 'aside', 'b', 'bdi', 'bdo', 'blockquote', 'br', 'caption', 'cite', 'code'],
  ...['col', 'colgroup', 'dd', 'del', 'details', 'dfn', 'div', 'dl', 'dt', 'em', 'figcaption'],
  ...['figure', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'i', 'img', 'input', 'ins', 'kbd'],
  ...['li', 'mark', 'nav', 'ol', 'p', 'pre', 'q', 's', 'samp', 'section', 'small', 'span'],
  ...['strike', 'strong', 'sub', 'summary', 'sup', 'table', 'tbody', 'td', 'tfoot', 'th'],
  ...['thead', 'time', 'tr', 'tt', 'u', 'ul', 'var', 'wbr'],
]);

/** Elements without content or end tag. */
const VOID = new Set(['br', 'col', 'hr', 'img', 'input', 'wbr']);

/** Start tags that close an open `<p>` (among GROUPABLE): refused while a `<p>` is open. */
const CLOSES_P = new Set([
  ...['aside', 'blockquote', 'dd', 'details', 'div', 'dl', 'dt', 'figcaption', 'figure', 'h1'],
  ...['h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'li', 'nav', 'ol', 'p', 'pre', 'section', 'summary'],
  ...['table', 'ul'],
]);

const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

/** Foreign content a grouped section may hold: a `<math>` or `<svg>` opened in HTML, holding
 * only these elements of its own language, each closed by its own end tag or self-closing (which
 * in foreign content closes it). None of them is a tag that breaks out of foreign content back
 * into HTML, none has its name's case adjusted by the parser, and none is an HTML integration
 * point (`annotation-xml`, `foreignObject`, `desc`, `title`): inside these the parser stays in
 * the same language. KaTeX's MathML and the SVG of its stretchy glyphs are of this kind. */
const FOREIGN: Readonly<Record<string, ReadonlySet<string>>> = {
  math: new Set([
    ...['semantics', 'annotation', 'mrow', 'mi', 'mn', 'mo', 'ms', 'mtext', 'mspace', 'msup'],
    ...['msub', 'msubsup', 'mfrac', 'msqrt', 'mroot', 'mover', 'munder', 'munderover', 'mtable'],
    ...['mtr', 'mtd', 'mlabeledtr', 'mstyle', 'mpadded', 'mphantom', 'menclose'],
  ]),
  svg: new Set(['path', 'line']),
};

/** MathML's text integration points, where a start tag would be parsed as HTML, and
 * `annotation`, whose content is text: in a grouped section these hold text only. */
const TEXT_ONLY = new Set(['mi', 'mn', 'mo', 'ms', 'mtext', 'annotation']);

/** Where each element may be opened, when that is restricted: the element that must be the
 * innermost open one. Elsewhere the parser would imply or drop elements (an `<li>` closing
 * another, a `<td>` outside a row, a `<tr>` given an implied `<tbody>`). */
const PARENTS: Readonly<Record<string, readonly string[]>> = {
  li: ['ul', 'ol'],
  dd: ['dl'],
  dt: ['dl'],
  caption: ['table'],
  colgroup: ['table'],
  thead: ['table'],
  tbody: ['table'],
  tfoot: ['table'],
  tr: ['thead', 'tbody', 'tfoot'],
  td: ['tr'],
  th: ['tr'],
  col: ['colgroup'],
};

/** Elements whose children the parser handles in a table insertion mode: only the children
 * PARENTS names, and whitespace, may be inside them (other text would be moved out). */
const TABLE_CONTEXT = new Set(['table', 'thead', 'tbody', 'tfoot', 'tr', 'colgroup']);

// A tag as markdown-it writes it: a lower- or upper-case name, attributes whose values are
// quoted, an optional self-closing slash. HTML whitespace only (not `\s`, which knows more).
const START_TAG =
  /<([a-zA-Z][a-zA-Z0-9]*)((?:[\t\n\f\r ]+[a-zA-Z_:][-a-zA-Z0-9_:.]*(?:[\t\n\f\r ]*=[\t\n\f\r ]*(?:"[^"]*"|'[^']*'))?)*)[\t\n\f\r ]*(\/?)>/y;
const END_TAG = /<\/([a-zA-Z][a-zA-Z0-9]*)[\t\n\f\r ]*>/y;
const HTML_SPACE = /^[\t\n\f\r ]*$/;

/** Vouches for one start tag, given its lower-case name and its attributes as written (from the
 * first whitespace after the name): true when the sanitiser would keep the element and every
 * attribute exactly as they are. */
export type StartTagVouch = (name: string, attributes: string) => boolean;

/** How a section of HTML may be cleaned: `alone` in a parse of its own; `group`, in one parse
 * with its neighbours (`isGroupable`); `clean`, groupable and holding nothing the sanitiser would
 * remove or change (every start tag vouched for), so parsing it is all that is left to do. */
export type SectionKind = 'alone' | 'group' | 'clean';

/**
 * Whether `html` can be parsed in a group with other sections, each in a `<div>` of its own,
 * and come out exactly as it does parsed alone: every tag is a complete, known, ordinary one;
 * every element opened is closed, in order, by its own end tag; and no element is opened where
 * the HTML parser would close, move or imply another. Conservative: false for anything else.
 */
export function isGroupable(html: string): boolean {
  return sectionKind(html) !== 'alone';
}

/**
 * `isGroupable`'s answer as a `SectionKind`, in one pass over `html`: `clean` when it is
 * groupable and `vouch` (if given) vouches for every start tag in it. Text needs no vouching: in
 * the elements a groupable section may hold it can only be text, never markup or a comment.
 */
export function sectionKind(html: string, vouch?: StartTagVouch): SectionKind {
  const open: string[] = [];
  // Per open element, the foreign language it belongs to (`math`, `svg`), or '' for HTML.
  const languages: string[] = [];
  let paragraphs = 0;
  let headings = 0;
  let links = 0;
  let vouched = vouch !== undefined;
  let at = 0;
  for (;;) {
    const next = html.indexOf('<', at);
    const text = next === -1 ? html.slice(at) : html.slice(at, next);
    const top = open[open.length - 1];
    const language = languages[languages.length - 1] ?? '';
    if (top !== undefined && TABLE_CONTEXT.has(top) && !HTML_SPACE.test(text)) return 'alone';
    if (next === -1) break;
    START_TAG.lastIndex = next;
    const start = START_TAG.exec(html);
    if (start) {
      const name = start[1]!.toLowerCase();
      if (language !== '') {
        // In foreign content: only the language's own elements, none inside text.
        if (TEXT_ONLY.has(top!) || !FOREIGN[language]!.has(name)) return 'alone';
        if (vouched && !vouch!(name, start[2]!)) vouched = false;
        if (start[3] !== '/') {
          open.push(name);
          languages.push(language);
        }
        at = START_TAG.lastIndex;
        continue;
      }
      const foreign = FOREIGN[name] !== undefined;
      if (!GROUPABLE.has(name) && !foreign) return 'alone';
      const parents = PARENTS[name];
      if (parents !== undefined ? !parents.includes(top ?? '') : TABLE_CONTEXT.has(top ?? '')) {
        return 'alone';
      }
      if (paragraphs > 0 && CLOSES_P.has(name)) return 'alone';
      if (vouched && !vouch!(name, start[2]!)) vouched = false;
      if (VOID.has(name)) {
        at = START_TAG.lastIndex;
        continue;
      }
      // A non-void HTML element's self-closing slash is ignored by the parser: it stays open.
      // (On `<math>` or `<svg>` it would close it: not worth a case of its own.)
      if (start[3] === '/') return 'alone';
      if (HEADINGS.has(name) && headings > 0) return 'alone';
      if (name === 'a' && links > 0) return 'alone';
      if (name === 'p') paragraphs += 1;
      if (HEADINGS.has(name)) headings += 1;
      if (name === 'a') links += 1;
      open.push(name);
      languages.push(foreign ? name : '');
      at = START_TAG.lastIndex;
      continue;
    }
    END_TAG.lastIndex = next;
    const end = END_TAG.exec(html);
    if (!end) return 'alone';
    const name = end[1]!.toLowerCase();
    if (name !== top) return 'alone';
    open.pop();
    languages.pop();
    if (name === 'p') paragraphs -= 1;
    if (HEADINGS.has(name)) headings -= 1;
    if (name === 'a') links -= 1;
    at = END_TAG.lastIndex;
  }
  if (open.length > 0) return 'alone';
  return vouched ? 'clean' : 'group';
}
