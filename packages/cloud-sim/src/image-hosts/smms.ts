// SM.MS API v2 (https://doc.sm.ms/, transcribed in fixtures/smms-api-v2.json): POST /profile and
// POST /upload (multipart `smfile`), the token in `Authorization`, served under `/smms/api/v2`;
// the uploaded images under `/smms/i/…` with their type. `/proxy/https://sm.ms/api/v2/…` is a
// cross-domain proxy in front of it, as the users of a browser app put one.

import { createHash, randomBytes } from 'node:crypto';
import type { Reply } from '../errors.js';
import type { SimRequest } from '../request.js';
import { imageType, multipartParts } from './multipart.js';

export const SMMS_PREFIX = '/smms';
export const SMMS_API_PATH = `${SMMS_PREFIX}/api/v2`;
export const SMMS_IMAGE_PATH = `${SMMS_PREFIX}/i/`;
/** A CORS proxy: `/proxy/{absolute URL}`; it answers for SM.MS's API only. */
export const PROXY_PREFIX = '/proxy/';
export const SMMS_REAL_API = 'https://sm.ms/api/v2';
/** SM.MS's documented limit of an image. */
export const SMMS_MAX_BYTES = 5 * 1024 * 1024;

export interface SmmsUser {
  username: string;
  email: string;
  token: string;
}

export interface SmmsImage {
  owner: string;
  filename: string;
  storename: string;
  path: string;
  hash: string;
  md5: string;
  contentType: string;
  bytes: Buffer;
}

/** SM.MS's users and images. */
export class SmmsStore {
  readonly users = new Map<string, SmmsUser>();
  /** By path below `/smms/i/`. */
  readonly images = new Map<string, SmmsImage>();

  constructor(private readonly now: () => number) {}

  /** A user and their API secret token. */
  addUser(fields: { username: string; email?: string; token?: string }): SmmsUser {
    const user = {
      username: fields.username,
      email: fields.email ?? `${fields.username}@example.com`,
      token: fields.token ?? randomBytes(16).toString('hex'),
    };
    this.users.set(user.token, user);
    return user;
  }

  /** The images a user uploaded. */
  imagesOf(username: string): SmmsImage[] {
    return [...this.images.values()].filter((image) => image.owner === username);
  }

  store(owner: string, filename: string, contentType: string, bytes: Buffer): SmmsImage {
    const date = new Date(this.now());
    const ext = /\.[A-Za-z0-9]+$/.exec(filename)?.[0]?.toLowerCase() ?? '';
    const storename = `${randomBytes(8).toString('base64url')}${ext}`;
    const path = `${date.getUTCFullYear()}/${String(date.getUTCMonth() + 1).padStart(2, '0')}/${String(date.getUTCDate()).padStart(2, '0')}/${storename}`;
    const image = {
      owner,
      filename,
      storename,
      path,
      hash: randomBytes(12).toString('hex'),
      md5: createHash('md5').update(bytes).digest('hex'),
      contentType,
      bytes,
    };
    this.images.set(path, image);
    return image;
  }
}

const requestId = () => randomBytes(8).toString('hex').toUpperCase();
const answer = (status: number, body: Record<string, unknown>): Reply => ({
  status,
  body: { ...body, RequestId: requestId() },
});
const refusal = (code: string, message: string, status = 200) =>
  answer(status, { success: false, code, message });

/** SM.MS's routes, with the sim's origin (for the image URLs it answers). */
export class SmmsRoutes {
  constructor(
    private readonly store: SmmsStore,
    private readonly origin: () => string,
  ) {}

  /** The SM.MS API path a request names, directly or through the proxy; undefined otherwise. */
  static apiPath(pathname: string): string | undefined {
    if (pathname.startsWith(`${SMMS_API_PATH}/`)) return pathname.slice(SMMS_API_PATH.length);
    const proxied = `${PROXY_PREFIX}${SMMS_REAL_API}/`;
    if (pathname.startsWith(proxied)) return pathname.slice(proxied.length - 1);
    return undefined;
  }

  static handles(pathname: string): boolean {
    return (
      SmmsRoutes.apiPath(pathname) !== undefined ||
      pathname.startsWith(SMMS_IMAGE_PATH) ||
      pathname.startsWith(PROXY_PREFIX)
    );
  }

  answer(request: SimRequest): Reply {
    const { pathname } = request.url;
    if (pathname.startsWith(SMMS_IMAGE_PATH) && request.method === 'GET') {
      const image = this.store.images.get(
        decodeURIComponent(pathname.slice(SMMS_IMAGE_PATH.length)),
      );
      return image
        ? { status: 200, raw: image.bytes, contentType: image.contentType }
        : { status: 404, raw: Buffer.from('404 Not Found'), contentType: 'text/plain' };
    }
    const path = SmmsRoutes.apiPath(pathname);
    if (path === undefined) {
      // The proxy forwards to SM.MS only.
      return { status: 403, raw: Buffer.from('Forbidden'), contentType: 'text/plain' };
    }
    if (request.method !== 'POST' && !(path === '/profile' && request.method === 'GET')) {
      return refusal('method_not_allowed', 'Method not allowed.', 405);
    }
    const user = this.store.users.get(request.headers.authorization ?? '');
    if (path === '/profile') {
      if (!user) return refusal('unauthorized', 'Unauthorized.', 401);
      const usage = this.store.imagesOf(user.username).reduce((n, i) => n + i.bytes.length, 0);
      return answer(200, {
        success: true,
        code: 'success',
        message: 'Get user profile success.',
        data: {
          username: user.username,
          email: user.email,
          role: 'user',
          group_expire: '0000-00-00',
          email_verified: 1,
          disk_usage: `${(usage / 1024).toFixed(2)} KB`,
          disk_limit: '5.00 GB',
          disk_usage_raw: usage,
          disk_limit_raw: 5 * 1024 ** 3,
        },
      });
    }
    if (path !== '/upload') return refusal('not_found', 'Not found.', 404);
    if (!user) return refusal('unauthorized', 'Unauthorized.', 401);
    if (request.oversize) return refusal('exception', 'File is too large.');
    const file = multipartParts(request)?.find((part) => part.name === 'smfile');
    if (!file || file.filename === undefined || file.data.length === 0) {
      return refusal('invalid_param', 'No files were uploaded.');
    }
    if (file.data.length > SMMS_MAX_BYTES) return refusal('exception', 'File is too large.');
    const type = imageType(file.data);
    if (!type) return refusal('exception', 'File is not an image.');
    const md5 = createHash('md5').update(file.data).digest('hex');
    const existing = this.store.imagesOf(user.username).find((image) => image.md5 === md5);
    if (existing) {
      const url = this.urlOf(existing);
      return answer(200, {
        success: false,
        code: 'image_repeated',
        message: `Image upload repeated limit, this image exists at: ${url}`,
        images: url,
      });
    }
    const image = this.store.store(user.username, file.filename, type, file.data);
    return answer(200, {
      success: true,
      code: 'success',
      message: 'Upload success.',
      data: {
        file_id: 0,
        width: 0,
        height: 0,
        filename: image.filename,
        storename: image.storename,
        size: image.bytes.length,
        path: `/${image.path}`,
        hash: image.hash,
        url: this.urlOf(image),
        delete: `${this.origin()}${SMMS_PREFIX}/delete/${image.hash}`,
        page: `${this.origin()}${SMMS_PREFIX}/image/${image.hash}`,
      },
    });
  }

  urlOf(image: SmmsImage): string {
    return `${this.origin()}${SMMS_IMAGE_PATH}${image.path}`;
  }
}

/** SM.MS's refusal for a fault: a server error or its flood limit. */
export function smmsFault(kind: 'status' | 'rateLimit', status = 500): Reply {
  return kind === 'rateLimit'
    ? refusal('flood', 'Upload limit exceeded, please try again later.', 429)
    : refusal('exception', 'Server error.', status);
}
