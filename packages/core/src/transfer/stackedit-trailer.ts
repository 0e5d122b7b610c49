// Issue 33, "move in from StackEdit": a markdown file written by StackEdit (its git and drive
// workspaces, a file saved from it) ends with an HTML comment holding, in base64 JSON, the
// file's properties, discussions, comments and history:
//
//   …the text\n<!--stackedit_data:\neyJwcm9wZXJ0aWVzIjoidGl0bGU6IF…\n…\n-->
//
// The base64 is of the JSON's UTF-8 bytes, cut in lines of 50 characters. Inkstone reads the
// trailer when a file comes in (an import, a file opened from a sync location, each sync of a
// location) and never writes one there (spec README: files stay plain markdown); only a CouchDB
// database of StackEdit's (providers/couchdb/stackedit-documents.ts) and a git workspace kept in
// StackEdit's layout (providers/git/stackedit-keep.ts) are written to StackEdit's way.

import { type Comment, type Discussion } from '../items/types.js';
import { base64Bytes, utf8Text } from '../providers/git/bytes.js';

/** What starts StackEdit's trailer. */
export const STACKEDIT_TRAILER_START = '<!--stackedit_data:';

/** A text with StackEdit's trailer taken off, and what the trailer held. */
export interface StackeditContent {
  /** The text before the trailer, byte for byte. */
  text: string;
  /** The file's properties, as YAML text; absent when the trailer has none. */
  properties?: string;
  discussions: Record<string, Discussion>;
  comments: Record<string, Comment>;
}

const TRAILER_BODY = /^([A-Za-z0-9+/=_\-\s]+)-->\s*$/;

/**
 * Reads StackEdit's trailer at the end of `text`: the text before it, with the properties,
 * discussions and comments it held. Undefined when the text has no trailer, or one that does not
 * read as StackEdit wrote it (not base64, not a JSON object): such a text is kept
 * whole, trailer and all, so that nothing of it is lost. StackEdit's history (hashes of its own
 * earlier versions) means nothing outside StackEdit and is not kept; a discussion or comment of
 * the wrong shape is passed over, and a discussion's place is kept within the text.
 */
export function readStackeditTrailer(text: string): StackeditContent | undefined {
  const at = text.lastIndexOf(STACKEDIT_TRAILER_START);
  if (at < 0) return undefined;
  const body = TRAILER_BODY.exec(text.slice(at + STACKEDIT_TRAILER_START.length));
  if (!body) return undefined;
  const data = decodeTrailer(body[1]!);
  if (data === undefined) return undefined;
  const kept = text.slice(0, at);
  const discussions = stackeditDiscussions(data.discussions, kept.length);
  const comments = stackeditComments(data.comments, discussions);
  return {
    text: kept,
    ...(typeof data.properties === 'string' ? { properties: data.properties } : {}),
    discussions,
    comments,
  };
}

/** The history StackEdit wrote in a text's trailer (hashes of its own), as it is; undefined
 * when the text has no trailer that reads, or one without a history. */
export function stackeditTrailerHistory(text: string): unknown[] | undefined {
  const at = text.lastIndexOf(STACKEDIT_TRAILER_START);
  if (at < 0) return undefined;
  const body = TRAILER_BODY.exec(text.slice(at + STACKEDIT_TRAILER_START.length));
  const history = body ? decodeTrailer(body[1]!)?.history : undefined;
  return Array.isArray(history) && history.length > 0 ? history : undefined;
}

/** The discussions StackEdit kept for a text of `length` characters (a trailer's or a
 * backup's `discussions`): those of the right shape, their places kept within the text. */
export function stackeditDiscussions(value: unknown, length: number): Record<string, Discussion> {
  const discussions: Record<string, Discussion> = {};
  for (const [id, discussion] of Object.entries(recordOf(value))) {
    if (!isRecord(discussion) || typeof discussion.text !== 'string') continue;
    const start = place(discussion.start, length);
    const end = place(discussion.end, length);
    if (start === undefined || end === undefined) continue;
    discussions[id] = {
      text: discussion.text,
      start: Math.min(start, end),
      end: Math.max(start, end),
    };
  }
  return discussions;
}

/** The comments StackEdit kept (a trailer's or a backup's `comments`): those of the right shape
 * whose discussion is among `discussions`. */
export function stackeditComments(
  value: unknown,
  discussions: Record<string, Discussion>,
): Record<string, Comment> {
  const comments: Record<string, Comment> = {};
  for (const [id, comment] of Object.entries(recordOf(value))) {
    if (
      !isRecord(comment) ||
      typeof comment.discussionId !== 'string' ||
      !(comment.discussionId in discussions) ||
      typeof comment.sub !== 'string' ||
      typeof comment.text !== 'string' ||
      typeof comment.created !== 'number' ||
      !Number.isFinite(comment.created)
    ) {
      continue;
    }
    comments[id] = {
      discussionId: comment.discussionId,
      sub: comment.sub,
      text: comment.text,
      created: comment.created,
    };
  }
  return comments;
}

// The trailer's JSON object, or undefined when it does not decode.
function decodeTrailer(base64: string): Record<string, unknown> | undefined {
  // StackEdit reads the URL-safe alphabet too.
  const plain = base64.replace(/\s/g, '').replace(/_/g, '/').replace(/-/g, '+');
  try {
    const json: unknown = JSON.parse(utf8Text(base64Bytes(plain)));
    return isRecord(json) ? json : undefined;
  } catch {
    return undefined;
  }
}

/** What a file opened from outside starts with (Open from Drive, Dropbox, a forge or a gist):
 * its text, and, when StackEdit's trailer ends it, the text before the trailer with the
 * trailer's properties, discussions and comments. */
export function incomingFile(text: string): {
  text: string;
  properties?: string;
  discussions?: Record<string, Discussion>;
  comments?: Record<string, Comment>;
} {
  return readStackeditTrailer(text) ?? { text };
}

/** Whether `value` is a JSON object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function recordOf(value: unknown): Record<string, unknown> {
  return isRecord(value) ? value : {};
}

// A discussion's offset, kept within the text; undefined when it is not a number.
function place(value: unknown, length: number): number | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
  return Math.max(0, Math.min(length, Math.round(value)));
}
