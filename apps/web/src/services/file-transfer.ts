// Files in and out of the browser: downloads, reading chosen files, HTML to markdown.

import { readableText, type TurndownSettings } from '@inkstone/core';

/** Offers `text` as a download named `fileName`. */
export function downloadText(fileName: string, text: string, type: string): void {
  downloadBlob(fileName, new Blob([text], { type }));
}

/** Offers a blob (a PDF, say) as a download named `fileName`. */
export function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the URL by then.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Decodes bytes as UTF-8, without failing: bytes that are not UTF-8 become U+FFFD. */
export function decodeUtf8(bytes: AllowSharedBufferSource): string {
  return new TextDecoder('utf-8').decode(bytes);
}

/** Reads a chosen markdown or HTML file as text; refuses one that does not decode as UTF-8 with
 * 'File is not readable.' (spec interface §5). */
export async function readImportedFile(file: Blob): Promise<string> {
  return readableText(decodeUtf8(await file.arrayBuffer()));
}

/** Converts HTML to markdown with the turndown options of the settings. Scripts, styles and the
 * document head (its title too) are dropped, not turned into text. */
export async function htmlToMarkdown(html: string, options: TurndownSettings): Promise<string> {
  const { default: TurndownService } = await import('turndown');
  const service = new TurndownService({ ...options });
  service.remove(['script', 'style', 'head', 'title', 'noscript', 'template']);
  return service.turndown(html);
}

/** Today as YYYY-MM-DD (spec interface §9 date format), for file names. */
export function isoDate(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
