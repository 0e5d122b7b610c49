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
    td: ['colspan', 'rowspan', 'align', 'valign'],
    th: ['colspan', 'rowspan', 'align', 'valign', 'scope'],
    col: ['span', 'width'],
    colgroup: ['span', 'width'],
    details: ['open'],
    time: ['datetime'],
    del: ['cite', 'datetime'],
    ins: ['cite', 'datetime'],
    blockquote: ['cite'],
    q: ['cite'],
    ...Object.fromEntries(
      ['p', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((tag) => [tag, ['align']]),
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
 * `\cancel`). The SVG profile for Mermaid and abc diagrams is a separate, larger profile to
 * add beside this one when diagrams arrive; it must not widen this one.
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

/** For each allowed element, every attribute it may carry. */
export function allowedAttributesByTag(
  profiles: readonly SanitizeProfile[],
): Map<string, ReadonlySet<string>> {
  const byTag = new Map<string, Set<string>>();
  for (const profile of profiles) {
    for (const tag of profile.tags) {
      const allowed = byTag.get(tag) ?? new Set(GLOBAL_ATTRIBUTES);
      for (const name of profile.attributes) allowed.add(name);
      for (const name of profile.attributesByTag?.[tag] ?? []) allowed.add(name);
      byTag.set(tag, allowed);
    }
  }
  return byTag;
}
