// The public image host (SM.MS API v2, https://doc.sm.ms/): the account's profile when linking,
// and image uploads (spec providers §2, §3, §5, §6 "Image hosts", §7).

import { FieldError } from '../validation/field-error.js';
import { HttpError, type HttpClient } from '../sync/http-client.js';
import { type AbortFlag } from '../sync/sync-context.js';
import { type ImageBed, type ImageFile, type UploadedImage } from './image-bed.js';
import {
  API_SECRET_TOKEN_REQUIRED,
  PROXY_URL_INVALID,
  PROXY_URL_REQUIRED,
  SMMS_API_URL,
  SMMS_PROFILE_FAILED,
  smmsUploadFailed,
} from './image-bed-constants.js';
import { multipartBody } from './multipart.js';

/** An SM.MS account as stored (spec providers §3: proxyUrl, accessToken, name, sub). */
export interface SmmsAccount {
  proxyUrl: string;
  accessToken: string;
  name: string;
  sub: string;
}

export class SmmsFieldError extends FieldError<'proxyUrl' | 'apiSecretToken'> {
  override readonly name = 'SmmsFieldError';
}

/** What the "SM.MS" dialog holds. */
export interface SmmsForm {
  proxyUrl: string;
  apiSecretToken: string;
}

/** Checks the dialog (spec providers §5: proxyUrl and apiSecretToken required), fields trimmed. */
export function readSmmsForm(form: SmmsForm): { proxyUrl: string; accessToken: string } {
  const proxyUrl = form.proxyUrl.trim();
  const accessToken = form.apiSecretToken.trim();
  if (proxyUrl === '') throw new SmmsFieldError('proxyUrl', PROXY_URL_REQUIRED);
  if (!/^https?:\/\/[^\s/]+/i.test(proxyUrl)) {
    throw new SmmsFieldError('proxyUrl', PROXY_URL_INVALID);
  }
  if (accessToken === '') throw new SmmsFieldError('apiSecretToken', API_SECRET_TOKEN_REQUIRED);
  return { proxyUrl, accessToken };
}

/** SM.MS's answer: `{ success, code, message, data, images?, RequestId }`. */
interface SmmsAnswer {
  success?: boolean;
  code?: string;
  message?: string;
  data?: { url?: string; username?: string; [key: string]: unknown };
  /** With `code: 'image_repeated'`: the URL of the same image uploaded before. */
  images?: string;
}

export interface SmmsClientOptions {
  http: HttpClient;
  /** The cross-domain proxy: its URL is put before SM.MS's API address (`{proxyUrl}{apiUrl}`). */
  proxyUrl: string;
  accessToken: string;
  /** SM.MS's API address; {@link SMMS_API_URL} unless a test says otherwise. */
  apiUrl?: string;
}

const parse = (text: string): SmmsAnswer | undefined => {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as SmmsAnswer) : undefined;
  } catch {
    return undefined;
  }
};

/** SM.MS for one account: its token in the `Authorization` header (never in a URL). */
export class SmmsClient implements ImageBed {
  constructor(private readonly options: SmmsClientOptions) {}

  private url(path: string): string {
    return `${this.options.proxyUrl}${(this.options.apiUrl ?? SMMS_API_URL).replace(/\/+$/, '')}${path}`;
  }

  private async post(
    path: string,
    body: Uint8Array | undefined,
    contentType?: string,
  ): Promise<{ answer: SmmsAnswer | undefined; text: string; status: number }> {
    try {
      const response = await this.options.http.request({
        method: 'POST',
        url: this.url(path),
        headers: {
          Authorization: this.options.accessToken,
          ...(contentType ? { 'Content-Type': contentType } : {}),
        },
        body,
        // An upload is sent again only when SM.MS surely did not take it.
        retry: 'unprocessed',
      });
      return { answer: parse(response.text), text: response.text, status: response.status };
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      return { answer: parse(error.body), text: error.body, status: error.status };
    }
  }

  /** The account's user name (`POST /profile`), or 'Failed to obtain SM.MS personal
   * information...'. */
  async profile(): Promise<{ username: string }> {
    let answer: SmmsAnswer | undefined;
    try {
      ({ answer } = await this.post('/profile', undefined));
    } catch {
      throw new Error(SMMS_PROFILE_FAILED);
    }
    const username = answer?.data?.username;
    if (answer?.success !== true || typeof username !== 'string' || username === '') {
      throw new Error(SMMS_PROFILE_FAILED);
    }
    return { username };
  }

  /** Uploads one image (`POST /upload`, multipart field `smfile`): its URL, the existing one
   * when SM.MS already has the image (`image_repeated`). */
  async upload(file: ImageFile, _context?: unknown, signal?: AbortFlag): Promise<UploadedImage> {
    if (signal?.aborted) throw new Error('Upload cancelled.');
    const { body, contentType } = multipartBody([], 'smfile', file);
    const { answer, status } = await this.post('/upload', body, contentType);
    if (answer?.success === true && typeof answer.data?.url === 'string') {
      return { url: answer.data.url };
    }
    if (answer?.code === 'image_repeated' && typeof answer.images === 'string') {
      return { url: answer.images };
    }
    const message =
      typeof answer?.message === 'string' && answer.message !== ''
        ? answer.message
        : `HTTP error ${status}.`;
    throw new Error(smmsUploadFailed(message));
  }
}
