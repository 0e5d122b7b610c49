import type { Reply } from './errors.js';

/** Text made safe inside HTML text and attribute values. */
export const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** A page of the sim's own (the authorize and chooser pages), as an answer. */
export const html = (
  status: number,
  page: string,
  headers: Record<string, string> = {},
): Reply => ({
  status,
  raw: Buffer.from(page),
  contentType: 'text/html; charset=utf-8',
  headers,
});
