import { type ItemRepository } from '../../db/repository.js';
import { encodeWtf8 } from '../../items/encoding.js';
import { withHash } from '../../items/hash.js';
import { itemIds } from '../../items/item-ids.js';
import { type ContentItem, type LocationItem } from '../../items/types.js';
import { readStackeditTrailer } from '../../transfer/stackedit-trailer.js';
import { sanitizeText } from '../../validation/text.js';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

// Core's ES2022 typings have neither TextEncoder nor btoa (see items/encoding.ts): written out.

/** UTF-8 text as standard padded base64 (what GitHub's contents API takes). */
export function textToBase64(text: string): string {
  const bytes = encodeWtf8(text);
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const rest = bytes.length - i;
    const triple = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    out += BASE64[(triple >> 18) & 0x3f]! + BASE64[(triple >> 12) & 0x3f]!;
    out += rest > 1 ? BASE64[(triple >> 6) & 0x3f]! : '=';
    out += rest > 2 ? BASE64[triple & 0x3f]! : '=';
  }
  return out;
}

/** Standard base64 (line breaks allowed: GitHub gives lines of 60) as UTF-8 text; a byte
 * sequence that is not UTF-8 reads as U+FFFD, as TextDecoder reads it. */
export function base64ToText(base64: string): string {
  const clean = base64.replace(/[\s=]+/g, '');
  const bytes = new Uint8Array(Math.floor((clean.length * 6) / 8));
  let bits = 0;
  let value = 0;
  let length = 0;
  for (const char of clean) {
    const digit = BASE64.indexOf(char);
    if (digit < 0) throw new Error('The file is not valid base64.');
    value = (value << 6) | digit;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[length++] = (value >> bits) & 0xff;
    }
  }
  return decodeUtf8(bytes.subarray(0, length));
}

function decodeUtf8(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length;) {
    const b0 = bytes[i]!;
    const size = b0 < 0x80 ? 1 : b0 >= 0xf0 && b0 < 0xf8 ? 4 : b0 >= 0xe0 ? 3 : b0 >= 0xc2 ? 2 : 0;
    let code = size === 1 ? b0 : size === 2 ? b0 & 0x1f : size === 3 ? b0 & 0x0f : b0 & 0x07;
    let valid = size > 0 && i + size <= bytes.length;
    for (let j = 1; valid && j < size; j += 1) {
      const next = bytes[i + j]!;
      if ((next & 0xc0) !== 0x80) valid = false;
      else code = (code << 6) | (next & 0x3f);
    }
    if (!valid || code > 0x10ffff) {
      out += '\ufffd';
      i += 1;
      continue;
    }
    out += String.fromCodePoint(code);
    i += size;
  }
  return out;
}

/**
 * The content a file location holds, as the sync compares it: a file location keeps the user's
 * words only (a plain markdown file anyone can read), so the properties, discussions and comments
 * are this file's own, read here. Equal words then mean equal contents, and a sync neither
 * drops the properties nor takes them for a remote change.
 *
 * A file StackEdit wrote ends with its trailer (issue 33): the words are the text before it, and
 * the trailer's discussions and comments join this file's (its properties count when the file
 * has none). What the trailer adds is then a change of the location, merged as any other; the
 * next upload writes the words alone.
 */
export async function locationContent(
  repository: ItemRepository,
  location: LocationItem,
  text: string,
): Promise<ContentItem> {
  const contentId = itemIds.content(location.fileId);
  const local = await repository.get<ContentItem>(contentId);
  const trailer = readStackeditTrailer(text);
  return withHash<ContentItem>({
    id: contentId,
    type: 'content',
    text: trailer ? sanitizeText(trailer.text) : text,
    properties: local?.properties || trailer?.properties || '',
    discussions: { ...trailer?.discussions, ...local?.discussions },
    comments: { ...trailer?.comments, ...local?.comments },
    history: [],
  });
}

/** Fills a commit message template of the settings (`{{path}} updated with Inkstone`). */
export const fillMessage = (template: string, path: string) =>
  template.replace(/\{\{\s*path\s*\}\}/g, path);
