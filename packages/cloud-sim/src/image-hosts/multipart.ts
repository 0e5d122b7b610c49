// A multipart/form-data body read as the hosted services' servers read it (RFC 7578).

import type { SimRequest } from '../request.js';

export interface FormPart {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer;
}

/** The parts of a multipart/form-data request, or undefined when it is not one. */
export function multipartParts(request: SimRequest): FormPart[] | undefined {
  const type = request.headers['content-type'] ?? '';
  const match = /^multipart\/form-data;.*boundary="?([^";]+)"?/i.exec(type);
  if (!match) return undefined;
  const delimiter = Buffer.from(`--${match[1]}`);
  const body = request.body;
  const parts: FormPart[] = [];
  let at = body.indexOf(delimiter);
  if (at < 0) return undefined;
  for (;;) {
    at += delimiter.length;
    if (body.subarray(at, at + 2).toString() === '--') break;
    at += 2; // CRLF after the delimiter.
    const headerEnd = body.indexOf('\r\n\r\n', at);
    if (headerEnd < 0) return undefined;
    const head = body.subarray(at, headerEnd).toString('utf8');
    const next = body.indexOf(Buffer.concat([Buffer.from('\r\n'), delimiter]), headerEnd + 4);
    if (next < 0) return undefined;
    const disposition = /content-disposition:([^\r\n]*)/i.exec(head)?.[1] ?? '';
    const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
    const filename = /\bfilename="([^"]*)"/i.exec(disposition)?.[1];
    const contentType = /content-type:\s*([^\r\n]*)/i.exec(head)?.[1]?.trim();
    if (name !== undefined) {
      parts.push({
        name,
        data: body.subarray(headerEnd + 4, next),
        ...(filename !== undefined ? { filename } : {}),
        ...(contentType ? { contentType } : {}),
      });
    }
    at = next + 2;
  }
  return parts;
}

/** The image type of some bytes from their signature (PNG, JPEG, GIF, WebP, BMP, SVG), as
 * image hosts check an upload. */
export function imageType(bytes: Buffer): string | undefined {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'image/png';
  }
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.subarray(0, 4).toString('latin1') === 'GIF8') return 'image/gif';
  if (
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'image/webp';
  }
  if (bytes.subarray(0, 2).toString('latin1') === 'BM') return 'image/bmp';
  if (/^\s*(<\?xml[^>]*>\s*)?<svg[\s>]/i.test(bytes.subarray(0, 256).toString('utf8'))) {
    return 'image/svg+xml';
  }
  return undefined;
}
