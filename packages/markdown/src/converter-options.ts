/** The extension switches of the spec (interface.md §9). */
export type ExtensionName =
  | 'abbr'
  | 'breaks'
  | 'deflist'
  | 'del'
  | 'fence'
  | 'footnote'
  | 'imgsize'
  | 'linkify'
  | 'mark'
  | 'sub'
  | 'sup'
  | 'table'
  | 'tasklist'
  | 'typographer'
  | 'toc'
  | 'emoji'
  | 'katex'
  | 'mermaid'
  | 'abc';

/**
 * How a converter is configured. Each extension is a switch named as in the spec
 * (interface.md §9); presets (`zero`, `commonmark`, `gfm`, `default`) will be named sets of
 * these switches.
 */
export interface ConverterOptions extends Record<ExtensionName, boolean> {
  /** Keep raw HTML from the source (it is sanitised afterwards). */
  html: boolean;
}

/** The options of `createConverter()` with no argument: CommonMark plus GFM and math. */
export const DEFAULT_CONVERTER_OPTIONS: Readonly<ConverterOptions> = {
  html: true,
  abbr: false,
  breaks: false,
  deflist: false,
  del: true,
  fence: true,
  footnote: true,
  imgsize: false,
  linkify: false,
  mark: false,
  sub: false,
  sup: false,
  table: true,
  tasklist: true,
  typographer: false,
  toc: false,
  emoji: false,
  katex: true,
  mermaid: true,
  abc: true,
};

/** Fills the switches `options` leaves out from `DEFAULT_CONVERTER_OPTIONS`. */
export function resolveConverterOptions(options: Partial<ConverterOptions> = {}): ConverterOptions {
  const resolved = { ...DEFAULT_CONVERTER_OPTIONS };
  for (const key of Object.keys(resolved) as (keyof ConverterOptions)[]) {
    const value = options[key];
    if (typeof value === 'boolean') resolved[key] = value;
  }
  return resolved;
}
