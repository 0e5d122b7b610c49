// Spec core §5: "Names are cut at 250 characters; the default is 'Untitled'. In file names,
// slashes, control characters and spaces are collapsed to one space and trimmed. A changed name
// shows the stripName dialog."

import { DEFAULT_NAME, MAX_NAME_LENGTH } from '../constants.js';
import { truncate } from './text.js';

/**
 * Makes a name storable: trimmed, cut at {@link MAX_NAME_LENGTH} (250) characters without
 * splitting a surrogate pair (and trimmed again, should the cut leave a space at the end), and
 * {@link DEFAULT_NAME} ('Untitled') when nothing is left.
 */
export function sanitizeName(name: string): string {
  return truncate(name.trim(), MAX_NAME_LENGTH).trimEnd() || DEFAULT_NAME;
}

// Runs of slashes, control characters (C0 U+0000–U+001F, DEL U+007F and C1 U+0080–U+009F) and
// whitespace (`\s`: spaces, tabs, line breaks, U+00A0, U+2000–U+200A, U+3000 and the like).
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const STRIPPED_RUNS = /[/\u0000-\u001f\u007f-\u009f\s]+/g;

/**
 * Makes the name of a file or folder storable, as a path segment: each run of slashes, control
 * characters and whitespace becomes one space, then {@link sanitizeName} applies (so `'a//b'`
 * gives `'a b'`, and a name of only slashes gives 'Untitled'). Backslashes and other characters
 * are kept. Idempotent.
 */
export function sanitizeFilename(name: string): string {
  return sanitizeName(name.replace(STRIPPED_RUNS, ' '));
}

/**
 * Whether sanitising lost or changed something the user typed, so that the stripName dialog
 * should open (spec core §5). `original` is what the user typed, `sanitized` what
 * {@link sanitizeFilename} or {@link sanitizeName} made of it.
 *
 * Two changes do not count, as nothing the user meant is lost: trimming spaces at either end,
 * and giving the default name to an empty or blank name. Everything else does: characters
 * replaced or collapsed inside the name, a cut at 250 characters, and a name of only slashes or
 * control characters that became 'Untitled'.
 */
export function nameWasStripped(original: string, sanitized: string): boolean {
  const trimmed = original.trim();
  return trimmed !== '' && trimmed !== sanitized;
}
