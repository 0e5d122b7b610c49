// Constants of the markdown pipeline. Names follow the spec where the spec names them
// (interface.md §5 for URL schemes, §9 for presets and extensions).

/** Markdown presets the spec names (interface.md §9): named sets of the extension switches. */
export const MARKDOWN_PRESETS = ['zero', 'commonmark', 'gfm', 'default'] as const;

/** Every extension switch the spec names (interface.md §9), in the spec's order. */
export const MARKDOWN_EXTENSIONS = [
  'abbr',
  'breaks',
  'deflist',
  'del',
  'fence',
  'footnote',
  'imgsize',
  'linkify',
  'mark',
  'sub',
  'sup',
  'table',
  'tasklist',
  'typographer',
  'toc',
  'emoji',
  'katex',
  'mermaid',
  'abc',
] as const;

/** URL schemes allowed in links and image sources (interface.md §5), lower case, with colon. */
export const LINK_SCHEMES: readonly string[] = [
  'http:',
  'https:',
  'ftp:',
  'mailto:',
  'tel:',
  'file:',
];

/** Schemes allowed in image sources on top of `LINK_SCHEMES` (interface.md §5). */
export const IMAGE_ONLY_SCHEMES: readonly string[] = ['blob:'];

/**
 * The `data:` images allowed as image sources: base64 raster images and SVG. An SVG loaded
 * through `<img>` runs no script and loads nothing, so it is as inert as a PNG there; it is
 * never allowed as a link target.
 */
export const DATA_IMAGE_PATTERN =
  /^data:image\/(?:png|jpeg|gif|webp|svg\+xml);base64,[a-z0-9+/=]*$/i;

/** Attribute carrying a block's 0-based source line, read by the preview's scroll sync. */
export const SOURCE_LINE_ATTRIBUTE = 'data-line';

/** Anchor id given to a heading whose text yields an empty slug. */
export const EMPTY_SLUG = 'section';

/** Options every KaTeX call uses: errors render in red instead of throwing, no `\href`/`\url`. */
export const KATEX_OPTIONS = {
  throwOnError: false,
  output: 'htmlAndMathml',
  trust: false,
  strict: 'ignore',
  maxExpand: 1000,
  maxSize: 100,
} as const;

/** How many rendered formulas a converter keeps, so re-rendering an edited document is cheap. */
export const MATH_CACHE_SIZE = 2000;
