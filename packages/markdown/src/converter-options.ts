/** Extension switches the converter implements so far (a subset of `MARKDOWN_EXTENSIONS`). */
export type ExtensionName = 'del' | 'table' | 'tasklist' | 'footnote' | 'katex';

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
  del: true,
  table: true,
  tasklist: true,
  footnote: true,
  katex: true,
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
