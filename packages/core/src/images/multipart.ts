// A multipart/form-data body (RFC 7578) built by hand: the core has no FormData, and the
// HttpClient port sends bytes.

import { base64Bytes, utf8Bytes } from '../providers/git/bytes.js';
import { type ImageFile } from './image-bed.js';

export interface MultipartBody {
  body: Uint8Array;
  contentType: string;
}

// A name or file name inside a Content-Disposition: quotes and line breaks escaped as browsers
// do (HTML's "multipart/form-data encoding algorithm").
const quoted = (value: string) =>
  value.replace(/\r/g, '%0D').replace(/\n/g, '%0A').replace(/"/g, '%22');

/** The form `fields` (in order) then `file` under `fileField`. */
export function multipartBody(
  fields: ReadonlyArray<readonly [string, string]>,
  fileField: string,
  file: ImageFile,
  boundary = `----InkstoneBoundary${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`,
): MultipartBody {
  const parts: Uint8Array[] = [];
  for (const [name, value] of fields) {
    parts.push(
      utf8Bytes(
        `--${boundary}\r\nContent-Disposition: form-data; name="${quoted(name)}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  parts.push(
    utf8Bytes(
      `--${boundary}\r\nContent-Disposition: form-data; name="${quoted(fileField)}"; ` +
        `filename="${quoted(file.name)}"\r\nContent-Type: ${file.mimeType || 'application/octet-stream'}\r\n\r\n`,
    ),
    base64Bytes(file.content),
    utf8Bytes(`\r\n--${boundary}--\r\n`),
  );
  const body = new Uint8Array(parts.reduce((size, part) => size + part.length, 0));
  let at = 0;
  for (const part of parts) {
    body.set(part, at);
    at += part.length;
  }
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}
