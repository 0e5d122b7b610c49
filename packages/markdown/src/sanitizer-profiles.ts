// What the sanitiser lets through, as profiles: each a set of elements with the attributes they
// may carry. An attribute is allowed on an element when it is global, belongs to the element's
// profile, or is listed for that very element. Names are lower case, as DOMPurify reports them.

/** A named allowlist of elements and their attributes. */
export interface SanitizeProfile {
  /** Elements the profile allows. */
  readonly tags: readonly string[];
  /** Attributes allowed on every element of this profile. */
  readonly attributes: readonly string[];
  /** Attributes allowed only on the named elements. */
  readonly attributesByTag?: Readonly<Record<string, readonly string[]>>;
}

/** Attributes every allowed element may carry; `aria-*` attributes are allowed too. */
export const GLOBAL_ATTRIBUTES: readonly string[] = [
  'id',
  'class',
  'title',
  'lang',
  'dir',
  'role',
  'style',
  'data-line',
  // Diagram placeholders: which renderer the preview hands the source to (mermaid, abc).
  'data-diagram',
];

/** Markdown's and GFM's HTML, plus the raw HTML READMEs commonly use. */
export const HTML_PROFILE: SanitizeProfile = {
  tags: [
    ...['a', 'abbr', 'b', 'bdi', 'bdo', 'blockquote', 'br', 'caption', 'cite', 'code', 'col'],
    ...['colgroup', 'dd', 'del', 'details', 'dfn', 'div', 'dl', 'dt', 'em', 'figcaption'],
    ...['figure', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'i', 'img', 'input', 'ins', 'kbd'],
    ...['li', 'mark', 'ol', 'p', 'picture', 'pre', 'q', 'rp', 'rt', 'ruby', 's', 'samp'],
    ...['section', 'aside', 'small', 'source', 'span', 'strike', 'strong', 'sub', 'summary'],
    // The [TOC] marker's table of contents.
    'nav',
    ...['sup', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'time', 'tr', 'tt', 'u', 'ul'],
    ...['var', 'wbr'],
  ],
  attributes: [],
  attributesByTag: {
    a: ['href'],
    img: ['src', 'srcset', 'alt', 'width', 'height', 'align'],
    // Only inside <picture>: no <video> or <audio> is allowed to give it a `src`.
    source: ['srcset', 'media', 'type', 'width', 'height'],
    input: ['type', 'checked', 'disabled'],
    ol: ['start', 'reversed', 'type'],
    li: ['value'],
    table: ['align', 'width'],
    td: ['colspan', 'rowspan', 'align', 'valign', 'width'],
    th: ['colspan', 'rowspan', 'align', 'valign', 'width', 'scope'],
    col: ['span', 'width'],
    colgroup: ['span', 'width'],
    details: ['open'],
    time: ['datetime'],
    del: ['cite', 'datetime'],
    ins: ['cite', 'datetime'],
    blockquote: ['cite'],
    q: ['cite'],
    ...Object.fromEntries(
      ['p', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'tr', 'thead', 'tbody', 'tfoot'].map(
        (tag) => [tag, ['align']],
      ),
    ),
  },
};

/** The MathML KaTeX emits (`output: 'htmlAndMathml'`); no `mglyph`, as `trust` is off. */
export const MATHML_PROFILE: SanitizeProfile = {
  tags: [
    ...['math', 'semantics', 'annotation', 'mrow', 'mi', 'mn', 'mo', 'ms', 'mtext', 'mspace'],
    ...['msup', 'msub', 'msubsup', 'mfrac', 'msqrt', 'mroot', 'mover', 'munder', 'munderover'],
    ...['mtable', 'mtr', 'mtd', 'mlabeledtr', 'mstyle', 'mpadded', 'mphantom', 'menclose'],
  ],
  attributes: [
    ...['xmlns', 'display', 'encoding', 'mathvariant', 'mathcolor', 'mathbackground', 'mathsize'],
    ...['stretchy', 'fence', 'separator', 'lspace', 'rspace', 'minsize', 'maxsize', 'largeop'],
    ...['movablelimits', 'symmetric', 'form', 'accent', 'accentunder', 'width', 'height'],
    ...['depth', 'voffset', 'linethickness', 'notation', 'displaystyle', 'scriptlevel'],
    ...['columnalign', 'columnspacing', 'columnlines', 'rowalign', 'rowspacing', 'rowlines'],
    ...['frame', 'framespacing', 'equalrows', 'equalcolumns', 'side', 'linebreak'],
  ],
};

/**
 * The few SVG elements KaTeX's HTML output draws stretchy glyphs with (`\sqrt`, wide accents,
 * `\cancel`). Diagrams have their own, larger profile (`DIAGRAM_SVG_PROFILE`) and their own
 * sanitiser; it must not widen this one.
 */
export const KATEX_SVG_PROFILE: SanitizeProfile = {
  tags: ['svg', 'path', 'line'],
  attributes: ['xmlns', 'width', 'height', 'viewbox', 'preserveaspectratio'],
  attributesByTag: {
    path: ['d'],
    line: ['x1', 'y1', 'x2', 'y2', 'stroke-width'],
  },
};

/** The profiles `createSanitizer` applies, in order. */
export const SANITIZE_PROFILES: readonly SanitizeProfile[] = [
  HTML_PROFILE,
  MATHML_PROFILE,
  KATEX_SVG_PROFILE,
];

// Presentation attributes (and the few metadata attributes Mermaid's CSS selects on) that any
// drawing element of a diagram may carry. None of them loads anything: where one takes a
// `url(…)` (fill, stroke, clip-path, mask, filter, markers), the diagram sanitiser allows only
// a reference to an element of the same drawing, `url(#id)`.
const PRESENTATION_ATTRIBUTES = [
  ...['transform', 'transform-origin', 'fill', 'fill-opacity', 'fill-rule', 'stroke'],
  ...['stroke-width', 'stroke-dasharray', 'stroke-dashoffset', 'stroke-linecap'],
  ...['stroke-linejoin', 'stroke-miterlimit', 'stroke-opacity', 'opacity', 'color', 'display'],
  ...['visibility', 'overflow', 'clip-path', 'clip-rule', 'mask', 'filter', 'marker-start'],
  ...['marker-mid', 'marker-end', 'font-family', 'font-size', 'font-style', 'font-weight'],
  ...['font-variant', 'text-anchor', 'text-decoration', 'dominant-baseline'],
  ...['alignment-baseline', 'baseline-shift', 'letter-spacing', 'word-spacing', 'writing-mode'],
  ...['vector-effect', 'paint-order', 'shape-rendering', 'text-rendering', 'xml:space'],
];

/** Attributes every element of a diagram may carry; `aria-*` attributes are allowed too. */
export const DIAGRAM_GLOBAL_ATTRIBUTES: readonly string[] = [
  ...['id', 'class', 'style', 'role', 'lang'],
  ...PRESENTATION_ATTRIBUTES,
  // Mermaid's and abcjs's own marks; its CSS selects on data-look and data-color-id.
  ...['data-id', 'data-name', 'data-et', 'data-look', 'data-color-id', 'data-edge'],
  ...['data-from', 'data-to', 'data-type', 'data-index', 'data-venn-sets'],
];

const FILTER_PRIMITIVE_ATTRIBUTES = [
  ...['in', 'in2', 'result', 'x', 'y', 'width', 'height', 'dx', 'dy', 'stddeviation'],
  ...['flood-color', 'flood-opacity', 'mode', 'operator', 'k1', 'k2', 'k3', 'k4', 'type'],
  ...['values', 'radius', 'edgemode', 'color-interpolation-filters'],
];
const FILTER_PRIMITIVES = [
  ...['feblend', 'fecolormatrix', 'fecomposite', 'fedropshadow', 'feflood'],
  ...['fegaussianblur', 'femerge', 'femergenode', 'femorphology', 'feoffset'],
];
const TEXT_POSITION = ['x', 'y', 'dx', 'dy', 'rotate', 'textlength', 'lengthadjust'];

/**
 * The SVG that Mermaid (strict, without HTML labels) and abcjs draw: shapes, text, markers,
 * gradients, clip paths and drop-shadow filters, plus one `<style>` per drawing, which the
 * diagram sanitiser rebuilds. Deliberately absent: `script`, `foreignObject` (HTML inside SVG,
 * which Mermaid only uses for HTML labels), `a`, `use`, `image`, `feImage` and `pattern` (they
 * link or load by `href`), and the animation elements (`animate`, `set`…, which can rewrite
 * any attribute, `href` included). The profile sets its own globals: no `data-line` or
 * `data-diagram`, which the preview gives a meaning to.
 */
export const DIAGRAM_SVG_PROFILE: SanitizeProfile = {
  tags: [
    ...['svg', 'g', 'defs', 'symbol', 'switch', 'title', 'desc', 'style', 'path', 'rect'],
    ...['circle', 'ellipse', 'line', 'polyline', 'polygon', 'text', 'tspan', 'marker'],
    ...['clippath', 'mask', 'lineargradient', 'radialgradient', 'stop', 'filter'],
    ...FILTER_PRIMITIVES,
  ],
  attributes: [],
  attributesByTag: {
    svg: ['xmlns', 'xmlns:xlink', 'viewbox', 'preserveaspectratio', 'width', 'height', 'x', 'y'],
    path: ['d', 'pathlength'],
    rect: ['x', 'y', 'width', 'height', 'rx', 'ry'],
    circle: ['cx', 'cy', 'r'],
    ellipse: ['cx', 'cy', 'rx', 'ry'],
    line: ['x1', 'y1', 'x2', 'y2'],
    polyline: ['points'],
    polygon: ['points'],
    text: TEXT_POSITION,
    tspan: TEXT_POSITION,
    marker: ['viewbox', 'refx', 'refy', 'markerwidth', 'markerheight', 'markerunits', 'orient'],
    symbol: ['viewbox', 'preserveaspectratio', 'width', 'height', 'x', 'y', 'refx', 'refy'],
    clippath: ['clippathunits'],
    mask: ['maskunits', 'maskcontentunits', 'x', 'y', 'width', 'height'],
    lineargradient: ['x1', 'y1', 'x2', 'y2', 'gradientunits', 'gradienttransform'],
    radialgradient: ['cx', 'cy', 'r', 'fx', 'fy', 'fr', 'gradientunits', 'gradienttransform'],
    stop: ['offset', 'stop-color', 'stop-opacity'],
    filter: ['x', 'y', 'width', 'height', 'filterunits', 'primitiveunits'],
    ...Object.fromEntries(FILTER_PRIMITIVES.map((tag) => [tag, FILTER_PRIMITIVE_ATTRIBUTES])),
  },
};

/** For each allowed element, every attribute it may carry: the profiles' own and `globals`. */
export function allowedAttributesByTag(
  profiles: readonly SanitizeProfile[],
  globals: readonly string[] = GLOBAL_ATTRIBUTES,
): Map<string, ReadonlySet<string>> {
  const byTag = new Map<string, Set<string>>();
  for (const profile of profiles) {
    for (const tag of profile.tags) {
      const allowed = byTag.get(tag) ?? new Set(globals);
      for (const name of profile.attributes) allowed.add(name);
      for (const name of profile.attributesByTag?.[tag] ?? []) allowed.add(name);
      byTag.set(tag, allowed);
    }
  }
  return byTag;
}
