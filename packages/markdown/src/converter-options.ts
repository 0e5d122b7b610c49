import { type MARKDOWN_EXTENSIONS, MARKDOWN_PRESETS } from './constants.js';

/** The extension switches of the spec (interface.md §9), named as the spec names them. */
export type ExtensionName = (typeof MARKDOWN_EXTENSIONS)[number];

/** A markdown preset the spec names (interface.md §9): a named set of switches. */
export type MarkdownPreset = (typeof MARKDOWN_PRESETS)[number];

/**
 * How a converter is configured: a preset and every switch of the spec (interface.md §9), each
 * named as in the spec. The preset says which markdown-it base the switches apply to (`zero`
 * starts from markdown-it's `zero` base, the others from its `commonmark` base) and gave the
 * switches their starting values; the switches decide the rest.
 */
export interface ConverterOptions extends Record<ExtensionName, boolean> {
  /** The preset these options started from. */
  preset: MarkdownPreset;
  /** Keep raw HTML from the source (it is sanitised afterwards). */
  html: boolean;
}

const ALL_OFF: Readonly<Record<ExtensionName, boolean>> = {
  abbr: false,
  breaks: false,
  deflist: false,
  del: false,
  fence: false,
  footnote: false,
  imgsize: false,
  linkify: false,
  mark: false,
  sub: false,
  sup: false,
  table: false,
  tasklist: false,
  typographer: false,
  toc: false,
  emoji: false,
  katex: false,
  mermaid: false,
  abc: false,
};

const COMMONMARK: Readonly<ConverterOptions> = {
  ...ALL_OFF,
  preset: 'commonmark',
  html: true,
  fence: true,
};

/**
 * Every preset as fully resolved options (docs/reference/markdown-extensions.md):
 * - `zero`: markdown-it's `zero` base (paragraphs and plain text), every switch off, no raw HTML;
 * - `commonmark`: CommonMark 0.31.2 exactly (fenced code included), raw HTML kept;
 * - `gfm`: CommonMark plus GitHub's extensions: tables, strikethrough, task lists and
 *   autolinks; no hard line breaks and no emoji, so it tracks the GFM spec;
 * - `default`: CommonMark plus every extension except `breaks` (newlines stay soft).
 */
export const MARKDOWN_PRESET_OPTIONS: Readonly<Record<MarkdownPreset, Readonly<ConverterOptions>>> =
  {
    zero: { ...ALL_OFF, preset: 'zero', html: false },
    commonmark: COMMONMARK,
    gfm: { ...COMMONMARK, preset: 'gfm', table: true, del: true, tasklist: true, linkify: true },
    default: {
      ...COMMONMARK,
      preset: 'default',
      abbr: true,
      deflist: true,
      del: true,
      footnote: true,
      imgsize: true,
      linkify: true,
      mark: true,
      sub: true,
      sup: true,
      table: true,
      tasklist: true,
      typographer: true,
      toc: true,
      emoji: true,
      katex: true,
      mermaid: true,
      abc: true,
    },
  };

/** The preset used when none, or an unknown one, is given. */
export const DEFAULT_MARKDOWN_PRESET: MarkdownPreset = 'default';

/** The options of `createConverter()` with no argument: the `default` preset. */
export const DEFAULT_CONVERTER_OPTIONS: Readonly<ConverterOptions> =
  MARKDOWN_PRESET_OPTIONS[DEFAULT_MARKDOWN_PRESET];

/** Whether `value` names a preset of the spec. */
export function isMarkdownPreset(value: unknown): value is MarkdownPreset {
  return (MARKDOWN_PRESETS as readonly unknown[]).includes(value);
}

/**
 * Resolves partial options: the switches start from `options.preset` (the `default` preset
 * when it is missing or unknown), then every boolean switch or `html` that `options` gives
 * overrides its preset's value. Values of the wrong type are ignored.
 */
export function resolveConverterOptions(options: Partial<ConverterOptions> = {}): ConverterOptions {
  const preset = isMarkdownPreset(options.preset) ? options.preset : DEFAULT_MARKDOWN_PRESET;
  const resolved: ConverterOptions = { ...MARKDOWN_PRESET_OPTIONS[preset] };
  for (const key of Object.keys(resolved) as (keyof ConverterOptions)[]) {
    if (key === 'preset') continue;
    const value = options[key];
    if (typeof value === 'boolean') resolved[key] = value;
  }
  return resolved;
}
