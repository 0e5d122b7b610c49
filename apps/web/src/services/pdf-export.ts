import { type UserSettings } from '@inkstone/core';

/** Documents longer than this many characters get a warning in the PDF export dialog: the
 * server gives up after 60 s (spec interface §7). */
export const LARGE_PDF_DOCUMENT = 100_000;

/** Raised when the server answers 401: PDF export is for sponsors (spec interface §6, which
 * opens the sponsorOnly dialog). */
export class SponsorOnlyError extends Error {
  constructor() {
    super('PDF export is for sponsors.');
    this.name = 'SponsorOnlyError';
  }
}

/** What `requestPdf` needs: the server's fetch, and the sponsor's token when signed in. */
export interface PdfRequestOptions {
  fetch: typeof fetch;
  /** The sponsor's token; sent in the Authorization header, never in the URL. */
  token?: string;
  /** The server's base URL (the app's own origin by default). */
  base?: string;
}

/** Asks the server to turn templated HTML into a PDF with the page settings (`wkhtmltopdf` in
 * the settings: page size and margins). Rejects with {@link SponsorOnlyError} on a 401 and with
 * the server's message on any other failure. */
export async function requestPdf(
  html: string,
  page: UserSettings['wkhtmltopdf'],
  { fetch: send, token, base = window.location.href }: PdfRequestOptions,
): Promise<Blob> {
  const url = new URL('pdfExport', base);
  url.searchParams.set('options', JSON.stringify(page));
  let response: Response;
  try {
    response = await send(url.href, {
      method: 'POST',
      headers: {
        'content-type': 'text/html; charset=utf-8',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: html,
    });
  } catch {
    throw new Error('Network request failed.');
  }
  if (response.status === 401) throw new SponsorOnlyError();
  if (!response.ok) {
    let message = `The PDF could not be made (HTTP error ${response.status}).`;
    try {
      const body = (await response.json()) as { message?: unknown };
      if (typeof body.message === 'string') message = body.message;
    } catch {
      // Not JSON: the status says it.
    }
    throw new Error(message);
  }
  return response.blob();
}
