// ADR 0006: where a remote has a hard limit on a file's size, the app says so before the sync,
// names the file and keeps the text in the browser: it is never cut, and the upload is not tried.

import { utf8ByteLength } from '../stats/statistics.js';

/** The largest file a remote takes, as its service states it. */
export interface ContentLimit {
  /** Most bytes of UTF-8 a file's text may have there. */
  bytes: number;
  /** The service, as the user knows it ("GitHub"). */
  service: string;
  /** The limit in words, as the service states it ("100 MB"). */
  size: string;
}

/** GitHub refuses files over 100 MiB, in a push, the git data API and the contents API alike. */
export const GITHUB_FILE_LIMIT: ContentLimit = {
  bytes: 100 * 1024 * 1024,
  service: 'GitHub',
  size: '100 MB',
};

/** A gist file over 10 MB cannot be read back through GitHub's API, whole (only by cloning the
 * gist): the gist location refuses to write one. */
export const GIST_FILE_LIMIT: ContentLimit = {
  bytes: 10 * 1000 * 1000,
  service: 'GitHub Gist',
  size: '10 MB',
};

/** The number of bytes `text` takes in UTF-8, counted without encoding it: the status bar's
 * byte count ({@link utf8ByteLength}), under the name the sync's limits use. */
export const utf8Length = utf8ByteLength;

/** Whether `text` is over `limit` (none: never). */
export function isOverLimit(text: string, limit: ContentLimit | undefined): boolean {
  // A UTF-16 code unit is at most 3 bytes of UTF-8: most texts need no count.
  if (!limit || text.length * 3 <= limit.bytes) return false;
  return utf8Length(text) > limit.bytes;
}

/** What the user is told of a file too large for its remote. */
export function contentTooLargeMessage(name: string, limit: ContentLimit): string {
  return `“${name}” is larger than ${limit.service} takes (${limit.size}): it was not synchronized, and stays whole in this browser.`;
}
