// Issue 33: a CouchDB database that StackEdit keeps a workspace in. StackEdit writes each item as
// a document too, with three differences from ours (documents.ts):
//
// - `_id` is the server's (StackEdit POSTs), not the item id; `item.id` names the item;
// - `item.hash` is StackEdit's own 32-bit hash, a number (ours is a SHA-256 string);
// - a content document's attachment `data` is `text/plain`: the file's text followed by the
//   `<!--stackedit_data:` trailer (base64 JSON of its properties, discussions, comments and
//   history), where ours is the JSON of the whole content item.
//
// Items other than content are whole under `item`; StackEdit's `data` items (its settings,
// templates…) carry a stub and a JSON attachment. Inkstone reads such a database as any other,
// and writes into it as StackEdit does, so that people still on StackEdit keep sharing it
// (docs/how-to/move-from-stackedit.md).

import { withHash } from '../../items/hash.js';
import { encodeWtf8 } from '../../items/encoding.js';
import {
  type ContentItem,
  type FileItem,
  type FolderItem,
  type Item,
  type ItemType,
  type LocationItem,
} from '../../items/types.js';
import { sanitizeText } from '../../validation/text.js';
import { readStackeditTrailer, STACKEDIT_TRAILER_START } from '../../transfer/stackedit-trailer.js';
import { type Authorship, encodeBase64, type ItemDocument, itemHashKind } from './documents.js';
import { CONTENT_ATTACHMENT } from './constants.js';

/** The item types StackEdit keeps in a workspace database that Inkstone takes (its `data`
 * items are its own settings and are left to it). */
const TAKEN_TYPES: readonly ItemType[] = ['file', 'folder', 'syncLocation', 'publishLocation'];

/** A document as StackEdit writes it: `item.hash` a number. */
export type StackeditDocument = ItemDocument & {
  item: { id: string; type: string; hash: number; [field: string]: unknown };
};

/** Whether a document was written by StackEdit (its item's hash is a number). */
export function isStackeditDocument(doc: ItemDocument): doc is StackeditDocument {
  return itemHashKind(doc) === 'number';
}

/** StackEdit's hash of a string: the 32-bit `hash * 31 + code` over its UTF-16 code units. */
export function stackeditStringHash(text: string): number {
  let hash = 0;
  for (let i = 0; i < text.length; i += 1) hash = (Math.imul(hash, 31) + text.charCodeAt(i)) | 0;
  return hash;
}

/** StackEdit's JSON of an object: `JSON.stringify` with every plain object's keys sorted. */
export function stackeditJson(value: unknown): string {
  return JSON.stringify(value, (_key, field: unknown) => {
    if (Object.prototype.toString.call(field) !== '[object Object]') return field;
    const record = field as Record<string, unknown>;
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(record).sort()) sorted[key] = record[key];
    return sorted;
  });
}

/** StackEdit's hash of an item (what it writes as `item.hash`): its hash of the item's sorted
 * JSON without `id`, `hash` and `history`. */
export function stackeditItemHash(item: Record<string, unknown>): number {
  return stackeditStringHash(
    stackeditJson({ ...item, id: undefined, hash: undefined, history: undefined }),
  );
}

/** The Inkstone item of a StackEdit document other than content, or undefined when it is not
 * one Inkstone takes (a `data` item, a content stub, a malformed file). */
export function itemOfStackedit(doc: StackeditDocument): Item | undefined {
  const { hash: _hash, ...fields } = doc.item;
  const type = fields.type as ItemType;
  if (!TAKEN_TYPES.includes(type)) return undefined;
  if (type === 'file' || type === 'folder') {
    if (typeof fields.name !== 'string') return undefined;
    const parentId =
      typeof fields.parentId === 'string' && fields.parentId ? fields.parentId : null;
    const trashedAt = typeof fields.trashedAt === 'number' ? { trashedAt: fields.trashedAt } : {};
    return withHash<FileItem | FolderItem>({
      id: fields.id,
      type,
      name: fields.name,
      parentId,
      ...(type === 'file' ? trashedAt : {}),
    });
  }
  if (typeof fields.fileId !== 'string' || typeof fields.providerId !== 'string') return undefined;
  return withHash<LocationItem>(fields as Omit<LocationItem, 'hash'>);
}

/** A content item read from StackEdit's serialised content (its text and trailer). A trailer
 * that does not read stays in the text (nothing lost); the text is made storable as StackEdit
 * makes it (one final newline). StackEdit's history (its own hashes) is not kept. */
export function contentOfStackedit(serialized: string, contentId: string): ContentItem {
  const read = readStackeditTrailer(serialized);
  return withHash<ContentItem>({
    id: contentId,
    type: 'content',
    text: sanitizeText(read ? read.text : serialized),
    properties: read?.properties ?? '',
    discussions: read?.discussions ?? {},
    comments: read?.comments ?? {},
    history: [],
  });
}

// What StackEdit's content item is for a content of ours: its empty properties are '\n'.
function stackeditContentFields(content: ContentItem) {
  return {
    type: 'content',
    text: content.text,
    properties: content.properties.length > 1 ? content.properties : '\n',
    discussions: content.discussions,
    comments: content.comments,
  };
}

/** StackEdit's serialised content: the text, then, when there is any, the trailer with the
 * properties, discussions and comments (base64 of the JSON's UTF-8 bytes in lines of 50). No
 * history of Inkstone's: its hashes would be Inkstone's, which StackEdit cannot match with its
 * own; `history` is one StackEdit wrote (a git workspace kept in its layout), written back as
 * it was. */
export function stackeditContentText(
  content: Pick<ContentItem, 'text' | 'properties' | 'discussions' | 'comments'>,
  history?: readonly unknown[],
): string {
  const data: Record<string, unknown> = {};
  if (content.properties.length > 1) data.properties = content.properties;
  // In the order of StackEdit's keys (its discussion gutter makes `{start, end, text}`, its
  // new comment `{discussionId, sub, text, created}`), so that a trailer read and written back
  // unchanged is byte for byte the one StackEdit wrote (as the real StackEdit's fixture shows).
  if (Object.keys(content.discussions).length > 0) {
    data.discussions = Object.fromEntries(
      Object.entries(content.discussions).map(([id, { start, end, text }]) => [
        id,
        { start, end, text },
      ]),
    );
  }
  if (Object.keys(content.comments).length > 0) {
    data.comments = Object.fromEntries(
      Object.entries(content.comments).map(([id, { discussionId, sub, text, created }]) => [
        id,
        { discussionId, sub, text, created },
      ]),
    );
  }
  if (history && history.length > 0) data.history = history;
  if (Object.keys(data).length === 0) return content.text;
  const base64 = encodeBase64(encodeWtf8(JSON.stringify(data))).replace(/(.{50})/g, '$1\n');
  return `${content.text}${STACKEDIT_TRAILER_START}\n${base64}\n-->`;
}

/** The document StackEdit would write for an item other than content: the item without
 * Inkstone's hash, with StackEdit's. */
export function stackeditItemDocument(
  docId: string,
  item: Item,
  { time, sub }: Authorship,
  rev: string | undefined,
): ItemDocument {
  const { hash: _hash, tx: _tx, ...fields } = item as Item & { tx?: number };
  const written = { ...fields, hash: stackeditItemHash(fields) };
  return {
    _id: docId,
    ...(rev ? { _rev: rev } : {}),
    item: written as unknown as Item,
    time,
    ...(sub ? { sub } : {}),
  };
}

/** The document StackEdit would write for a content item: a stub with StackEdit's hash of the
 * content as it will read it, and the serialised content as a `text/plain` attachment. */
export function stackeditContentDocument(
  docId: string,
  content: ContentItem,
  { time, sub }: Authorship,
  rev: string | undefined,
): ItemDocument {
  const hash = stackeditItemHash(stackeditContentFields(content));
  return {
    _id: docId,
    ...(rev ? { _rev: rev } : {}),
    item: { id: content.id, type: 'content', hash } as unknown as Item,
    time,
    ...(sub ? { sub } : {}),
    _attachments: {
      [CONTENT_ATTACHMENT]: {
        content_type: 'text/plain',
        data: encodeBase64(encodeWtf8(stackeditContentText(content))),
      },
    },
  };
}
