import { type UserSettings } from '@inkstone/core';
import { type SponsorToken } from './sponsorship';

/** Documents longer than this many characters get a warning in the PDF export dialog: the
 * server gives up after 60 s (spec interface §7). */
export const LARGE_PDF_DOCUMENT = 100_000;

/** Raised when the server answers 401: PDF and pandoc export are for sponsors (spec interface §6, which
 * opens the sponsorOnly dialog). */
export class SponsorOnlyError extends Error {
  constructor() {
    super('This export is for sponsors.');
    this.name = 'SponsorOnlyError';
  }
}

/** What `requestPdf` needs: the server's fetch, and the sponsor's token when signed in. */
export interface PdfRequestOptions {
  fetch: typeof fetch;
  /** The signed-in user's token (a GitHub access token, or a Google id token): sent in the
   * Authorization header, never in the URL, with its kind in the query's `tokenKind`. */
  token?: SponsorToken;
  /** The server's base URL (the app's own origin by default). */
  base?: string;
}

/** The formats of the pandoc export (spec interface §6), with their files' extensions. */
export const PANDOC_FORMATS: Readonly<Record<string, { label: string; extension: string }>> = {
  pdf: { label: 'PDF', extension: 'pdf' },
  docx: { label: 'Word (docx)', extension: 'docx' },
  odt: { label: 'OpenDocument (odt)', extension: 'odt' },
  epub: { label: 'EPUB 2', extension: 'epub' },
  epub3: { label: 'EPUB 3', extension: 'epub' },
  latex: { label: 'LaTeX', extension: 'tex' },
  context: { label: 'ConTeXt', extension: 'tex' },
  rst: { label: 'reStructuredText', extension: 'rst' },
  rtf: { label: 'Rich Text Format', extension: 'rtf' },
  asciidoc: { label: 'AsciiDoc', extension: 'adoc' },
  textile: { label: 'Textile', extension: 'textile' },
};

/** Asks the server to turn a file's markdown into `format` with pandoc, with the pandoc settings
 * and the file's properties (title, author, date…) as metadata. Errors as `requestPdf`. */
export async function requestPandoc(
  markdown: string,
  format: string,
  options: UserSettings['pandoc'],
  metadata: Record<string, string>,
  request: PdfRequestOptions,
): Promise<Blob> {
  return post(
    'pandocExport',
    { format, options: JSON.stringify(options), metadata: JSON.stringify(metadata) },
    markdown,
    'text/markdown; charset=utf-8',
    request,
  );
}

/** Asks the server to turn templated HTML into a PDF with the page settings (`wkhtmltopdf` in
 * the settings: page size and margins). Rejects with {@link SponsorOnlyError} on a 401 and with
 * the server's message on any other failure. */
export async function requestPdf(
  html: string,
  page: UserSettings['wkhtmltopdf'],
  request: PdfRequestOptions,
): Promise<Blob> {
  return post(
    'pdfExport',
    { options: JSON.stringify(page) },
    html,
    'text/html; charset=utf-8',
    request,
  );
}

async function post(
  path: string,
  query: Record<string, string>,
  body: string,
  type: string,
  { fetch: send, token, base = window.location.href }: PdfRequestOptions,
): Promise<Blob> {
  const url = new URL(path, base);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  // The kind of token sent (`accessToken` of GitHub, `idToken` of Google), never the token
  // itself: that goes in the Authorization header.
  if (token) url.searchParams.set('tokenKind', token.kind);
  let response: Response;
  try {
    response = await send(url.href, {
      method: 'POST',
      headers: {
        'content-type': type,
        ...(token ? { authorization: `Bearer ${token.value}` } : {}),
      },
      body,
    });
  } catch {
    throw new Error('Network request failed.');
  }
  if (response.status === 401) throw new SponsorOnlyError();
  if (!response.ok) {
    let message = `The export could not be made (HTTP error ${response.status}).`;
    try {
      const answer = (await response.json()) as { message?: unknown };
      if (typeof answer.message === 'string') message = answer.message;
    } catch {
      // Not JSON: the status says it.
    }
    throw new Error(message);
  }
  return response.blob();
}
