// How items are laid out as CouchDB documents.
//
// Every item is one document whose `_id` is the item id:
//
//   { _id, _rev, item: { …the item's fields… }, time, sub? }
//
// `time` is when the document was written (ms since the epoch), `sub` who wrote it (the
// user's id, when the app gives one: revisions show it). A content item
// (`{fileId}/content`) keeps only `{ id, type, hash }` under `item`; the content itself (text,
// properties, discussions, comments, history) is the JSON of the whole content item in the
// attachment `data` (`application/json`), so big texts stay out of the change feed, which
// sends attachment stubs only.

import { encodeWtf8 } from '../../items/encoding.js';
import { type ContentItem, type Item, type ItemType } from '../../items/types.js';
import { type SyncData } from '../../sync/workspace-provider.js';
import { CONTENT_ATTACHMENT } from './constants.js';

/** A document as this provider writes and reads it. */
export interface ItemDocument {
  _id: string;
  _rev?: string;
  _deleted?: boolean;
  item?: Item | ContentStub;
  time?: number;
  sub?: string;
  _attachments?: Record<string, unknown>;
}

/** What a content document keeps outside its attachment. */
export interface ContentStub {
  id: string;
  type: 'content';
  hash: string;
}

/** When and by whom a document is written. */
export interface Authorship {
  time: number;
  sub?: string;
}

/** The document body to PUT for an item other than content. */
export function itemDocument(
  item: Item,
  { time, sub }: Authorship,
  rev: string | undefined,
): ItemDocument {
  return { _id: item.id, ...(rev ? { _rev: rev } : {}), item, time, ...(sub ? { sub } : {}) };
}

/** The document body to PUT for a content item, its content inline as base64. */
export function contentDocument(
  content: ContentItem,
  { time, sub }: Authorship,
  rev: string | undefined,
): ItemDocument {
  const stub: ContentStub = { id: content.id, type: 'content', hash: content.hash };
  return {
    _id: content.id,
    ...(rev ? { _rev: rev } : {}),
    item: stub,
    time,
    ...(sub ? { sub } : {}),
    _attachments: {
      [CONTENT_ATTACHMENT]: {
        content_type: 'application/json',
        data: encodeBase64(encodeWtf8(JSON.stringify(content))),
      },
    },
  };
}

/** The sync data of a document as the server has it now. */
export function documentSyncData(
  id: string,
  rev: string,
  item: { id: string; type: ItemType; hash: string },
): SyncData {
  return { id, itemId: item.id, type: item.type, hash: item.hash, rev };
}

/** Whether a document from the change feed is one of ours (not a design document, not a
 * document someone else put in the database). */
export function isItemDocument(doc: ItemDocument): doc is ItemDocument & { item: Item } {
  return itemHashKind(doc) === 'string';
}

/** What the hash of a document's item is, when the document holds an item (an id and a type;
 * not a design document): a `string` for ours, a `number` for StackEdit's. */
export function itemHashKind(doc: ItemDocument): string | undefined {
  const item = doc.item as { id?: unknown; type?: unknown; hash?: unknown } | undefined;
  if (doc._id.startsWith('_design/') || typeof item?.id !== 'string') return undefined;
  return typeof item.type === 'string' ? typeof item.hash : undefined;
}

/** The URL path of a document: the id escaped, slashes included (`abc%2Fcontent`). */
export function documentPath(id: string): string {
  return `/${encodeURIComponent(id)}`;
}

const BASE64_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Standard padded base64 (RFC 4648 §4), what CouchDB takes for inline attachments. */
export function encodeBase64(bytes: Uint8Array): string {
  const out: string[] = [];
  for (let i = 0; i < bytes.length; i += 3) {
    const b0 = bytes[i] ?? 0;
    const b1 = bytes[i + 1] ?? 0;
    const b2 = bytes[i + 2] ?? 0;
    const triple = (b0 << 16) | (b1 << 8) | b2;
    const left = bytes.length - i;
    out.push(
      BASE64_ALPHABET.charAt((triple >> 18) & 0x3f) +
        BASE64_ALPHABET.charAt((triple >> 12) & 0x3f) +
        (left > 1 ? BASE64_ALPHABET.charAt((triple >> 6) & 0x3f) : '=') +
        (left > 2 ? BASE64_ALPHABET.charAt(triple & 0x3f) : '='),
    );
  }
  return out.join('');
}
