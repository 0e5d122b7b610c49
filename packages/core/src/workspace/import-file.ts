// Importing a markdown or HTML file as a new file of the workspace (spec interface §1, §5).

import { FILE_NOT_READABLE } from '../constants.js';
import { type ItemRepository } from '../db/repository.js';
import { type FileItem } from '../items/types.js';
import { isTextTooLong } from '../validation/text.js';
import { createFile } from './files.js';

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
 * `notes`, `.md` stays `.md`); the name is sanitised further by `createFile`. */
export function importedFileName(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(0, dot) : fileName;
}

/** What {@link importText} created. */
export interface ImportedFile {
  file: FileItem;
  /** Whether the text was longer than a file holds and lost its end (core §5). */
  cut: boolean;
}

/** Creates a file at the root from an imported text, named after the imported file. Text over
 * 250,000 characters is cut (core §5); `cut` says so, for the caller to tell the user. */
export async function importText(
  repo: ItemRepository,
  newId: () => string,
  fileName: string,
  text: string,
): Promise<ImportedFile> {
  const file = await createFile(repo, newId, { name: importedFileName(fileName), text });
  return { file, cut: isTextTooLong(text) };
}
