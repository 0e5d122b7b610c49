// A custom image bed: an upload endpoint whose answer a test sets (JSON with the URL at some
// nested place, an HTML page, an error status, an empty body), which keeps the uploaded bytes and
// serves them back at the URL it answers, so a browser can show the image.

import { randomBytes } from 'node:crypto';
import type { Reply } from '../errors.js';
import type { SimRequest } from '../request.js';
import { imageType, multipartParts, type FormPart } from './multipart.js';

export const CUSTOM_BED_PREFIX = '/custom-bed';
export const CUSTOM_BED_UPLOAD_PATH = `${CUSTOM_BED_PREFIX}/upload`;
const FILES = `${CUSTOM_BED_PREFIX}/files/`;

/** How the endpoint answers the next uploads. */
export type CustomBedAnswer =
  /** 200 JSON: `shape(url)` (e.g. `url => ({ data: { links: [{ url }] } })`). */
  | { kind: 'json'; shape: (url: string) => unknown }
  /** 200 with an HTML page (a login page, a proxy's page). */
  | { kind: 'html'; status?: number }
  /** This status with a JSON or text body. */
  | { kind: 'error'; status: number; body: string }
  /** 200 with no body. */
  | { kind: 'empty' };

/** One upload the endpoint received. */
export interface CustomBedUpload {
  headers: Record<string, string | string[] | undefined>;
  /** The form's text fields. */
  fields: Record<string, string>;
  /** The file parts (name, filename, type, bytes). */
  files: FormPart[];
  /** Where the stored file is served (when the answer gave a URL). */
  url?: string;
}

export class CustomBedStore {
  answerWith: CustomBedAnswer = { kind: 'json', shape: (url) => ({ data: { url } }) };
  /** Headers an upload must carry (name lower-case → value), else 401. */
  requiredHeaders: Record<string, string> = {};
  readonly uploads: CustomBedUpload[] = [];
  readonly files = new Map<string, { bytes: Buffer; contentType: string }>();
}

export class CustomBedRoutes {
  constructor(
    private readonly store: CustomBedStore,
    private readonly origin: () => string,
  ) {}

  static handles(pathname: string): boolean {
    return pathname === CUSTOM_BED_PREFIX || pathname.startsWith(`${CUSTOM_BED_PREFIX}/`);
  }

  answer(request: SimRequest): Reply {
    const { pathname } = request.url;
    if (pathname.startsWith(FILES) && request.method === 'GET') {
      const file = this.store.files.get(pathname.slice(FILES.length));
      return file
        ? { status: 200, raw: file.bytes, contentType: file.contentType }
        : { status: 404, raw: Buffer.from('Not Found'), contentType: 'text/plain' };
    }
    if (pathname !== CUSTOM_BED_UPLOAD_PATH) {
      return { status: 404, raw: Buffer.from('Not Found'), contentType: 'text/plain' };
    }
    if (request.method !== 'POST') {
      return { status: 405, raw: Buffer.from('Method Not Allowed'), contentType: 'text/plain' };
    }
    for (const [name, value] of Object.entries(this.store.requiredHeaders)) {
      if (request.headers[name.toLowerCase()] !== value) {
        return { status: 401, body: { error: 'unauthorized', message: `missing header ${name}` } };
      }
    }
    const parts = multipartParts(request) ?? [];
    const files = parts.filter((part) => part.filename !== undefined);
    const upload: CustomBedUpload = {
      headers: { ...request.headers },
      fields: Object.fromEntries(
        parts.filter((part) => part.filename === undefined).map((p) => [p.name, p.data.toString()]),
      ),
      files,
    };
    this.store.uploads.push(upload);
    const answer = this.store.answerWith;
    switch (answer.kind) {
      case 'html':
        return {
          status: answer.status ?? 200,
          raw: Buffer.from('<!doctype html><html><body><h1>Sign in</h1></body></html>'),
          contentType: 'text/html; charset=utf-8',
        };
      case 'error':
        return { status: answer.status, raw: Buffer.from(answer.body), contentType: 'text/plain' };
      case 'empty':
        return { status: 200, raw: Buffer.alloc(0), contentType: 'application/json' };
      case 'json': {
        const file = files[0];
        if (!file) return { status: 400, body: { error: 'no file' } };
        const id = `${randomBytes(6).toString('hex')}/${encodeURIComponent(file.filename ?? 'image')}`;
        this.store.files.set(id, {
          bytes: file.data,
          contentType: imageType(file.data) ?? 'application/octet-stream',
        });
        upload.url = `${this.origin()}${FILES}${id}`;
        return { status: 200, body: answer.shape(upload.url) };
      }
    }
  }
}
