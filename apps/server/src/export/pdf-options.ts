import { jsonObject, type Parsed } from './query-json.js';

/** The PDF export's page, as the app's `wkhtmltopdf` settings give it (packages/core
 * `UserSettings.wkhtmltopdf`): a page size name and margins in millimetres. */
export interface PdfOptions {
  pageSize: PageSize;
  marginTop: number;
  marginRight: number;
  marginBottom: number;
  marginLeft: number;
}

/** The page sizes Chromium prints (wkhtmltopdf's names, as Playwright spells them). */
export const PAGE_SIZES = [
  'A0',
  'A1',
  'A2',
  'A3',
  'A4',
  'A5',
  'A6',
  'Letter',
  'Legal',
  'Tabloid',
  'Ledger',
] as const;
export type PageSize = (typeof PAGE_SIZES)[number];

/** Spec interface §9: page size A4, margins 25 (millimetres, as the settings say). */
export const DEFAULT_PDF_OPTIONS: PdfOptions = {
  pageSize: 'A4',
  marginTop: 25,
  marginRight: 25,
  marginBottom: 25,
  marginLeft: 25,
};

/** Largest margin taken, in millimetres (an A0 page is 841 mm wide). */
const MAX_MARGIN_MM = 400;
const MARGINS = ['marginTop', 'marginRight', 'marginBottom', 'marginLeft'] as const;

/** Reads the `options` query parameter: a JSON object over the defaults; keys it does not
 * know (other wkhtmltopdf settings) are ignored. An error message when it is not usable. */
export function parsePdfOptions(text: unknown): Parsed<PdfOptions> {
  const parsed = jsonObject(text, 'options');
  if (!parsed.ok) return parsed;
  const given = parsed.value;
  const value = { ...DEFAULT_PDF_OPTIONS };
  if (given.pageSize !== undefined) {
    const name = typeof given.pageSize === 'string' ? given.pageSize.toLowerCase() : undefined;
    const size = PAGE_SIZES.find((known) => known.toLowerCase() === name);
    if (!size) {
      return { ok: false, message: `pageSize must be one of ${PAGE_SIZES.join(', ')}.` };
    }
    value.pageSize = size;
  }
  for (const key of MARGINS) {
    if (given[key] === undefined) continue;
    const margin = typeof given[key] === 'string' ? Number(given[key]) : given[key];
    if (typeof margin !== 'number' || !Number.isFinite(margin)) {
      return { ok: false, message: `${key} must be a number of millimetres.` };
    }
    if (margin < 0 || margin > MAX_MARGIN_MM) {
      return { ok: false, message: `${key} must be between 0 and ${MAX_MARGIN_MM} millimetres.` };
    }
    value[key] = margin;
  }
  return { ok: true, value };
}
