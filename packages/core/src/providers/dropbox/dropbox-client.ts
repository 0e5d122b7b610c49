import { HttpError, type HttpClient, timeoutFor } from '../../sync/http-client.js';
import { DROPBOX_ENDPOINTS, DROPBOX_NAME, DROPBOX_REVISION_LIMIT } from './constants.js';
import { headerSafeJson } from './dropbox-path.js';

/** A file's metadata as Dropbox gives it (`FileMetadata` of files.stone; the fields read). */
export interface DropboxFile {
  '.tag'?: 'file';
  /** `id:…`, which every files route also takes as a path. */
  id: string;
  name: string;
  path_lower?: string;
  path_display?: string;
  /** The revision: changes with every write of the file. */
  rev: string;
  size: number;
  server_modified: string;
  client_modified?: string;
  content_hash?: string;
}

/** An account as `users/get_current_account` and `users/get_account` give it (the fields
 * read). */
export interface DropboxAccount {
  account_id: string;
  name: { display_name: string };
  email?: string;
  profile_photo_url?: string;
}

/** How an upload treats a file already at the path (`WriteMode` of files.stone). */
export type DropboxWriteMode =
  { '.tag': 'add' } | { '.tag': 'overwrite' } | { '.tag': 'update'; update: string };

/** Dropbox refused the account's token even after a new one was asked for: link the account
 * again. */
export class DropboxAuthError extends Error {
  constructor() {
    super('Dropbox refused the access token. Link the Dropbox account again.');
    this.name = 'DropboxAuthError';
  }
}

/**
 * Any other refusal of Dropbox. `summary` is Dropbox's `error_summary` (e.g.
 * 'path/not_found/...'); `tags` its tags from the outside in (['path', 'not_found']), empty
 * when the answer was not a route error (a 400's text, a 5xx).
 */
export class DropboxApiError extends Error {
  constructor(
    readonly status: number,
    readonly summary: string,
    readonly tags: readonly string[],
    message: string,
  ) {
    super(message);
    this.name = 'DropboxApiError';
  }

  /** Whether the error is `path/not_found` (or the same of a download or revisions' path). */
  get notFound(): boolean {
    return this.status === 409 && this.tags.includes('not_found');
  }

  /** Whether an upload found another revision than the one it updates, or a file where it
   * adds one (`path/conflict/…`). */
  get conflict(): boolean {
    return this.status === 409 && this.tags.includes('conflict');
  }
}

/** The token port: a valid access token of account `sub`, a new one when `force` (after a 401). */
export type FreshDropboxToken = (
  sub: string,
  options?: { force?: boolean },
) => Promise<{ accessToken: string }>;

export interface DropboxClientOptions {
  http: HttpClient;
  token: FreshDropboxToken;
  sub: string;
  /** Dropbox's hosts; its own when absent (tests point them at cloud-sim). */
  endpoints?: { api: string; content: string };
}

/**
 * Dropbox API v2 over the `HttpClient` port (its retries on 5xx and 429, back-off and time limit
 * on every request): the account, a file's metadata, upload, download and revisions. The token
 * goes in the Authorization header only; a 401 asks the token port for a new one and tries
 * once more.
 */
export class DropboxClient {
  constructor(private readonly options: DropboxClientOptions) {}

  /** `users/get_current_account`: whose token this is. */
  currentAccount(): Promise<DropboxAccount> {
    return this.rpc<DropboxAccount>('users/get_current_account');
  }

  /** `users/get_account`: another account's name and photo. */
  account(accountId: string): Promise<DropboxAccount> {
    return this.rpc<DropboxAccount>('users/get_account', { account_id: accountId });
  }

  /** `files/get_metadata` of a path or `id:…`; undefined when nothing is there (or a folder). */
  async metadata(path: string): Promise<DropboxFile | undefined> {
    try {
      const found = await this.rpc<DropboxFile & { '.tag': string }>('files/get_metadata', {
        path,
      });
      return found['.tag'] === 'file' ? found : undefined;
    } catch (error) {
      if (error instanceof DropboxApiError && error.notFound) return undefined;
      throw error;
    }
  }

  /** `files/upload` of `text` (UTF-8) to a path or `id:…`, in `mode`; gives the file written. */
  async upload(path: string, text: string, mode: DropboxWriteMode): Promise<DropboxFile> {
    const response = await this.send(`${this.content()}/2/files/upload`, {
      arg: {
        path,
        mode,
        autorename: false,
        mute: true,
        strict_conflict: mode['.tag'] !== 'overwrite',
      },
      body: text,
      contentType: 'application/octet-stream',
    });
    return JSON.parse(response.text) as DropboxFile;
  }

  /** `files/download` of a path or `id:…`: the file (from the `Dropbox-API-Result` header) and
   * its text. */
  async download(path: string): Promise<{ file: DropboxFile; text: string }> {
    const response = await this.send(`${this.content()}/2/files/download`, { arg: { path } });
    const result = response.headers.get('dropbox-api-result');
    if (!result) throw new Error('Dropbox sent a file without its metadata.');
    return { file: JSON.parse(result) as DropboxFile, text: response.text };
  }

  /** `files/list_revisions` of a path or `id:…`, newest first, at most 100 (spec §9). */
  async revisions(path: string): Promise<DropboxFile[]> {
    const listed = await this.rpc<{ entries: DropboxFile[] }>('files/list_revisions', {
      path,
      mode: 'path',
      limit: DROPBOX_REVISION_LIMIT,
    });
    return listed.entries;
  }

  /** The text of one revision (`files/download` of `rev:…`). */
  async downloadRevision(rev: string): Promise<string> {
    return (await this.download(`rev:${rev}`)).text;
  }

  private api = () => (this.options.endpoints?.api ?? DROPBOX_ENDPOINTS.api).replace(/\/+$/, '');
  private content = () =>
    (this.options.endpoints?.content ?? DROPBOX_ENDPOINTS.content).replace(/\/+$/, '');

  private async rpc<T>(route: string, arg?: unknown): Promise<T> {
    const response = await this.send(`${this.api()}/2/${route}`, {
      ...(arg === undefined ? {} : { body: JSON.stringify(arg), contentType: 'application/json' }),
    });
    return JSON.parse(response.text) as T;
  }

  // One request with a fresh token; after a 401, once more with a token asked anew.
  private async send(
    url: string,
    request: { arg?: unknown; body?: string; contentType?: string },
  ): Promise<{ text: string; headers: { get(name: string): string | null } }> {
    const { sub, token } = this.options;
    for (let attempt = 0; ; attempt += 1) {
      const { accessToken } = await token(sub, attempt > 0 ? { force: true } : undefined);
      const headers: Record<string, string> = { Authorization: `Bearer ${accessToken}` };
      if (request.arg !== undefined) headers['Dropbox-API-Arg'] = headerSafeJson(request.arg);
      if (request.contentType) headers['Content-Type'] = request.contentType;
      try {
        const response = await this.options.http.request({
          method: 'POST',
          url,
          headers,
          body: request.body,
          timeout: timeoutFor(request.body),
        });
        return response;
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        if (error.status === 401) {
          if (attempt === 0) continue;
          throw new DropboxAuthError();
        }
        throw dropboxError(error);
      }
    }
  }
}

/**
 * Dropbox's refusal as a {@link DropboxApiError}: a route error (409) is JSON with
 * `error_summary` and the tagged `error`; a 400 is plain text; other statuses say what they can.
 */
export function dropboxError(error: HttpError): DropboxApiError {
  let summary = '';
  let tags: string[] = [];
  try {
    const parsed = JSON.parse(error.body) as { error_summary?: unknown; error?: unknown };
    if (typeof parsed.error_summary === 'string') summary = parsed.error_summary;
    tags = tagsOf(parsed.error, summary);
  } catch {
    // Not JSON: a 400's text, or a proxy's page.
  }
  const said = summary || (error.status === 400 ? error.body.trim().slice(0, 300) : '');
  const message = said
    ? `${DROPBOX_NAME}: ${said}`
    : `HTTP error ${error.status} on ${DROPBOX_NAME} location.`;
  return new DropboxApiError(error.status, summary, tags, message);
}

// The tags of a Stone union value, from the outside in. A member holding a union nests it
// under its tag ({ '.tag': 'path', path: { '.tag': 'not_found' } }: ['path', 'not_found']); a
// member holding a struct has the struct's fields beside its tag (an upload's { '.tag': 'path',
// reason: { '.tag': 'conflict', conflict: { '.tag': 'file' } }, upload_session_id }: ['path',
// 'conflict', 'file']). Without such JSON, the summary's parts ('path/not_found/..').
function tagsOf(value: unknown, summary: string): string[] {
  const tags: string[] = [];
  let current: unknown = value;
  while (isTagged(current)) {
    const tag = current['.tag'];
    tags.push(tag);
    const inner = current[tag];
    if (isTagged(inner)) current = inner;
    else if (isTagged(current.reason)) current = current.reason;
    else break;
  }
  if (tags.length > 0) return tags;
  return summary.split('/').filter((part) => part !== '' && !/^\.+$/.test(part));
}

function isTagged(value: unknown): value is Record<string, unknown> & { '.tag': string } {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Record<string, unknown>)['.tag'] === 'string'
  );
}
