// Spec providers §7: "Cloud drive D path: must start with a slash and contain none of backslash,
// angle brackets, colon, quote, pipe, question mark or asterisk. With restricted access the path
// lives under the restricted app folder. A publish path overwrites an existing file." §9: the
// default publish path is the file name plus .html.

import { sanitizeFilename } from '../../validation/name.js';
import { DROPBOX_PATH_ERROR, DROPBOX_PATH_FORBIDDEN } from './constants.js';
import { FieldError } from '../../validation/field-error.js';

/** A dialog field Dropbox's rules refuse, named as the spec names fields ('path'). */
export class DropboxFieldError extends FieldError<'path'> {
  override readonly name = 'DropboxFieldError';
}

/**
 * The path of a dialog's field, trimmed, or {@link DropboxFieldError} when the rule refuses it:
 * it must start with a slash, hold something after it, and none of `\ < > : " | ? *`; a path
 * ending in a slash names a folder, not a file, and is refused too.
 */
export function readDropboxPath(value: string): string {
  const path = value.trim();
  const forbidden = DROPBOX_PATH_FORBIDDEN.some((character) => path.includes(character));
  if (!path.startsWith('/') || path.length < 2 || path.endsWith('/') || forbidden) {
    throw new DropboxFieldError('path', DROPBOX_PATH_ERROR);
  }
  return path;
}

/** The path a publish dialog proposes: `/{file name}.html`, the name's characters a path
 * may not hold made spaces. */
export function defaultPublishPath(fileName: string): string {
  return `/${pathSafeName(fileName)}.html`;
}

/** The path a sync dialog proposes: `/{file name}.md`, as {@link defaultPublishPath}. */
export function defaultSyncPath(fileName: string): string {
  return `/${pathSafeName(fileName)}.md`;
}

function pathSafeName(fileName: string): string {
  let name = fileName;
  for (const character of DROPBOX_PATH_FORBIDDEN) name = name.split(character).join(' ');
  return sanitizeFilename(name);
}

/**
 * A path as the user's Dropbox shows it: an app restricted to its folder names that folder
 * `/`, which the user sees as `restrictedRoot` (e.g. '/Applications/Inkstone (restricted)').
 */
export function shownPath(path: string, restrictedRoot?: string): string {
  return restrictedRoot ? `${restrictedRoot}${path}` : path;
}

/**
 * Dropbox's `Dropbox-API-Arg` header takes JSON, and a header carries ASCII only: every
 * character from U+007F up is written as a `\uXXXX` escape (Dropbox's HTTP documentation,
 * "Request and response formats"), so that a path like '/Café.md' arrives whole.
 */
export function headerSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[\u007f-\uffff]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
