// An imported file's text and name (spec interface §1, §5); the import itself is
// transfer/import-entries.ts.

import { FILE_NOT_READABLE } from '../constants.js';

/** Raised when an imported file is not text; its message is 'File is not readable.'. */
export class FileNotReadableError extends Error {
  constructor() {
    super(FILE_NOT_READABLE);
    this.name = 'FileNotReadableError';
  }
}

/** Checks an imported file's text, decoded as UTF-8 by the caller: bytes that are not UTF-8
 * decode to U+FFFD, and so would a file that holds U+FFFD itself. Either way the file is refused
 * with {@link FileNotReadableError} (spec interface §5). So is a text holding U+0000, which no
 * text file does: a binary file, or UTF-16 text, whose every other byte is 0 in Latin script.
 * Returns the text. */
export function readableText(text: string): string {
  if (text.includes('\uFFFD') || text.includes('\u0000')) throw new FileNotReadableError();
  return text;
}

/** The name a file imported from `fileName` gets: without its last extension (`notes.md` →
 * `notes`, `.md` stays `.md`); the name is sanitised further where the file is made. */
export function importedFileName(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(0, dot) : fileName;
}
