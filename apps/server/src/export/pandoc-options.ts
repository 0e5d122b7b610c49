import { jsonObject, type Parsed } from './query-json.js';

/** The pandoc export's formats (spec interface §7), and pandoc's writer for each. `epub` is
 * EPUB 2 and `epub3` EPUB 3, as the names read; `pdf` is pandoc's HTML printed by Chromium;
 * `asciidoc`'s writer depends on pandoc's version (pandoc-version.ts). */
export const PANDOC_FORMATS = {
  asciidoc: { writer: 'asciidoc', extension: 'adoc', type: 'text/plain; charset=utf-8' },
  context: { writer: 'context', extension: 'tex', type: 'text/plain; charset=utf-8' },
  epub: { writer: 'epub2', extension: 'epub', type: 'application/epub+zip' },
  epub3: { writer: 'epub3', extension: 'epub', type: 'application/epub+zip' },
  latex: { writer: 'latex', extension: 'tex', type: 'application/x-latex' },
  odt: {
    writer: 'odt',
    extension: 'odt',
    type: 'application/vnd.oasis.opendocument.text',
  },
  pdf: { writer: 'html5', extension: 'html', type: 'application/pdf' },
  rst: { writer: 'rst', extension: 'rst', type: 'text/plain; charset=utf-8' },
  rtf: { writer: 'rtf', extension: 'rtf', type: 'application/rtf' },
  textile: { writer: 'textile', extension: 'textile', type: 'text/plain; charset=utf-8' },
  docx: {
    writer: 'docx',
    extension: 'docx',
    type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  },
} as const;
export type PandocFormat = keyof typeof PANDOC_FORMATS;

/** The app's `pandoc` settings (packages/core `UserSettings.pandoc`). */
export interface PandocOptions {
  highlightStyle: string;
  toc: boolean;
  tocDepth: number;
}

/** Spec interface §9: toc depth 3, highlight style kate. */
export const DEFAULT_PANDOC_OPTIONS: PandocOptions = {
  highlightStyle: 'kate',
  toc: true,
  tocDepth: 3,
};

/** pandoc's built-in styles; anything else would name a file, so it is refused. */
export const HIGHLIGHT_STYLES = [
  'pygments',
  'tango',
  'espresso',
  'zenburn',
  'kate',
  'monochrome',
  'breezedark',
  'haddock',
];

/** The file properties passed on as the document's metadata; others are dropped (some, such
 * as `cover-image` or `css`, would make pandoc read a file). */
export const METADATA_KEYS = [
  'title',
  'subtitle',
  'author',
  'date',
  'lang',
  'description',
  'keywords',
  'subject',
  'abstract',
];

/** Reads the `format` query parameter. */
export function parsePandocFormat(text: unknown): Parsed<PandocFormat> {
  return typeof text === 'string' && Object.hasOwn(PANDOC_FORMATS, text)
    ? { ok: true, value: text as PandocFormat }
    : { ok: false, message: `format must be one of ${Object.keys(PANDOC_FORMATS).join(', ')}.` };
}

/** Reads the `options` query parameter: a JSON object over the defaults. */
export function parsePandocOptions(text: unknown): Parsed<PandocOptions> {
  const given = jsonObject(text, 'options');
  if (!given.ok) return given;
  const { highlightStyle, toc, tocDepth } = given.value;
  const value = { ...DEFAULT_PANDOC_OPTIONS };
  if (highlightStyle !== undefined) {
    if (typeof highlightStyle !== 'string' || !HIGHLIGHT_STYLES.includes(highlightStyle)) {
      return {
        ok: false,
        message: `highlightStyle must be one of ${HIGHLIGHT_STYLES.join(', ')}.`,
      };
    }
    value.highlightStyle = highlightStyle;
  }
  if (toc !== undefined) {
    if (typeof toc !== 'boolean') return { ok: false, message: 'toc must be true or false.' };
    value.toc = toc;
  }
  if (tocDepth !== undefined) {
    if (
      typeof tocDepth !== 'number' ||
      !Number.isInteger(tocDepth) ||
      tocDepth < 1 ||
      tocDepth > 6
    ) {
      return { ok: false, message: 'tocDepth must be a whole number from 1 to 6.' };
    }
    value.tocDepth = tocDepth;
  }
  return { ok: true, value };
}

/** Reads the `metadata` query parameter (the file properties) into pandoc `-M key=value`
 * pairs: the known keys only, each a string, a number or a list of them. */
export function parsePandocMetadata(text: unknown): Parsed<Array<[string, string]>> {
  const given = jsonObject(text, 'metadata');
  if (!given.ok) return given;
  const pairs: Array<[string, string]> = [];
  for (const key of METADATA_KEYS) {
    const raw = given.value[key];
    if (raw === undefined || raw === null) continue;
    const values = Array.isArray(raw) ? raw : [raw];
    for (const value of values) {
      if (typeof value !== 'string' && typeof value !== 'number') {
        return { ok: false, message: `metadata.${key} must be text or a list of texts.` };
      }
      pairs.push([key, String(value)]);
    }
  }
  return { ok: true, value: pairs };
}
