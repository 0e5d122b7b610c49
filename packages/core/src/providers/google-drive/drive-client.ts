import { HttpError, type HttpClient, timeoutFor } from '../../sync/http-client.js';
import { type RemoteRevision } from '../../sync/workspace-provider.js';
import { type FreshGoogleToken, type GoogleEndpoints } from '../google/google-token.js';

/** Drive's folder MIME type. */
export const DRIVE_FOLDER_MIME = 'application/vnd.google-apps.folder';
/** Pages of the changes, lists and revisions hold this many entries (spec providers §9). */
export const DRIVE_PAGE_SIZE = 1000;

/** The fields of a Drive file the providers read. */
export interface DriveFile {
  id: string;
  name?: string;
  mimeType?: string;
  parents?: string[];
  appProperties?: Record<string, string>;
  trashed?: boolean;
  version?: string;
  modifiedTime?: string;
  md5Checksum?: string;
  size?: string;
}

/** The fields asked of every file. */
export const DRIVE_FILE_FIELDS =
  'id,name,mimeType,parents,appProperties,trashed,version,modifiedTime,md5Checksum';

/** One entry of Drive's changes feed. */
export interface DriveChange {
  fileId: string;
  removed?: boolean;
  file?: DriveFile;
}

/** A page of `changes.list`. */
export interface DriveChangesPage {
  changes: DriveChange[];
  nextPageToken?: string;
  newStartPageToken?: string;
}

/** A revision of a file's content. */
export interface DriveRevision {
  id: string;
  modifiedTime?: string;
  md5Checksum?: string;
  lastModifyingUser?: { permissionId?: string; displayName?: string };
}

/** Which space a workspace lives in: the user's drive or the app's hidden data folder. */
export type DriveSpace = 'drive' | 'appDataFolder';

/** What `create`/`update` write: metadata, and the media when given. `appProperties` merge key
 * by key; a `null` value removes a key. */
export interface DriveWrite {
  name?: string;
  mimeType?: string;
  appProperties?: Record<string, string | null>;
  /** Creation only: the one parent. */
  parents?: string[];
  trashed?: boolean;
  /** The file's text (uploaded as its content). */
  media?: string;
}

/** Google refused the account's token even after a refresh: sign in again (spec core §8). */
export class DriveAuthError extends Error {
  constructor() {
    super('Google Drive refused the access token. Sign in with Google again.');
    this.name = 'DriveAuthError';
  }
}

/** Any other refusal of Drive: `status` and Google's `reason` (`notFound`,
 * `insufficientPermissions`, …), with Google's message. */
export class DriveApiError extends Error {
  constructor(
    readonly status: number,
    readonly reason: string | undefined,
    message: string,
  ) {
    super(message);
    this.name = 'DriveApiError';
  }
}

export interface DriveClientOptions {
  http: HttpClient;
  endpoints: GoogleEndpoints;
  /** The token port; the client asks it for `scopes` of account `sub` before each request. */
  token: FreshGoogleToken;
  sub: string;
  scopes: readonly string[];
}

type Query = Record<string, string | number | boolean | undefined>;

const BOUNDARY = 'inkstone-drive-part';

/**
 * Drive v3 over the `HttpClient` port (its retries on 5xx and rate limits, back-off, and time
 * limit on every request): files create/update by multipart upload, get, download, delete,
 * list, the changes feed and revisions. The token goes in the Authorization header only, and
 * a 401 asks the token port for a new one (`force`) and tries once more.
 */
export class DriveClient {
  constructor(private readonly options: DriveClientOptions) {}

  /** `files.get` with the providers' fields. */
  getFile(fileId: string, fields = DRIVE_FILE_FIELDS): Promise<DriveFile> {
    return this.json<DriveFile>('GET', `${this.api()}/files/${enc(fileId)}`, { fields });
  }

  /** The content of a file (`alt=media`) as text. */
  async download(fileId: string): Promise<string> {
    return this.send('GET', `${this.api()}/files/${enc(fileId)}`, { alt: 'media' });
  }

  /** Creates a file (multipart upload when it has media, metadata only otherwise). */
  create(write: DriveWrite, fields = DRIVE_FILE_FIELDS): Promise<DriveFile> {
    const metadata = metadataOf(write);
    if (write.media === undefined) {
      return this.json<DriveFile>('POST', `${this.api()}/files`, { fields }, metadata);
    }
    return this.multipart('POST', `${this.upload()}/files`, { fields }, metadata, write.media);
  }

  /** Updates a file's metadata, and its content when `media` is given; `addParents` and
   * `removeParents` move it. */
  update(
    fileId: string,
    write: DriveWrite,
    move: { addParents?: string; removeParents?: string } = {},
    fields = DRIVE_FILE_FIELDS,
  ): Promise<DriveFile> {
    const metadata = metadataOf({ ...write, parents: undefined });
    const query = { fields, ...move };
    if (write.media === undefined) {
      return this.json<DriveFile>('PATCH', `${this.api()}/files/${enc(fileId)}`, query, metadata);
    }
    return this.multipart(
      'PATCH',
      `${this.upload()}/files/${enc(fileId)}`,
      query,
      metadata,
      write.media,
    );
  }

  /** Deletes a file for good (a file already gone is fine). */
  async delete(fileId: string): Promise<void> {
    try {
      await this.send('DELETE', `${this.api()}/files/${enc(fileId)}`);
    } catch (error) {
      if (error instanceof DriveApiError && error.status === 404) return;
      throw error;
    }
  }

  /** One page of `files.list` for `q`. */
  listPage(
    q: string,
    space: DriveSpace,
    pageToken?: string,
    pageSize = DRIVE_PAGE_SIZE,
    orderBy?: string,
  ): Promise<{ files: DriveFile[]; nextPageToken?: string }> {
    return this.json('GET', `${this.api()}/files`, {
      q,
      spaces: space,
      pageSize,
      pageToken,
      orderBy,
      fields: `nextPageToken,files(${DRIVE_FILE_FIELDS})`,
    });
  }

  /** Every file of `q`, page after page. */
  async list(q: string, space: DriveSpace): Promise<DriveFile[]> {
    const files: DriveFile[] = [];
    let pageToken: string | undefined;
    do {
      const page = await this.listPage(q, space, pageToken);
      files.push(...page.files);
      pageToken = page.nextPageToken;
    } while (pageToken);
    return files;
  }

  /** The token of the changes from now on (one token serves both spaces). */
  async startPageToken(_space: DriveSpace): Promise<string> {
    const body = await this.json<{ startPageToken: string }>(
      'GET',
      `${this.api()}/changes/startPageToken`,
      { fields: 'startPageToken' },
    );
    return body.startPageToken;
  }

  /** One page of the changes since `pageToken`, trashed and removed files included. */
  changes(
    pageToken: string,
    space: DriveSpace,
    pageSize = DRIVE_PAGE_SIZE,
  ): Promise<DriveChangesPage> {
    return this.json('GET', `${this.api()}/changes`, {
      pageToken,
      pageSize,
      spaces: space,
      includeRemoved: true,
      fields: `nextPageToken,newStartPageToken,changes(fileId,removed,file(${DRIVE_FILE_FIELDS}))`,
    });
  }

  /** A file's revisions as the History panel lists them: newest first, with who made each
   * (a permission id) when Drive says. */
  async remoteRevisions(fileId: string): Promise<RemoteRevision[]> {
    const revisions = await this.revisions(fileId);
    return revisions
      .map((revision) => ({
        id: revision.id,
        created: revision.modifiedTime ? Date.parse(revision.modifiedTime) : 0,
        ...(revision.lastModifyingUser?.permissionId
          ? { sub: revision.lastModifyingUser.permissionId }
          : {}),
      }))
      .reverse();
  }

  /** Every revision of a file's content, oldest first (pages of 1000). */
  async revisions(fileId: string): Promise<DriveRevision[]> {
    const revisions: DriveRevision[] = [];
    let pageToken: string | undefined;
    do {
      const page = await this.json<{ revisions?: DriveRevision[]; nextPageToken?: string }>(
        'GET',
        `${this.api()}/files/${enc(fileId)}/revisions`,
        {
          pageSize: DRIVE_PAGE_SIZE,
          pageToken,
          fields:
            'nextPageToken,revisions(id,modifiedTime,md5Checksum,lastModifyingUser(permissionId,displayName))',
        },
      );
      revisions.push(...(page.revisions ?? []));
      pageToken = page.nextPageToken;
    } while (pageToken);
    return revisions;
  }

  /** The content of one revision. */
  downloadRevision(fileId: string, revisionId: string): Promise<string> {
    return this.send('GET', `${this.api()}/files/${enc(fileId)}/revisions/${enc(revisionId)}`, {
      alt: 'media',
    });
  }

  private api = () => this.options.endpoints.drive.replace(/\/+$/, '');
  private upload = () => this.options.endpoints.driveUpload.replace(/\/+$/, '');

  private async json<T>(method: string, url: string, query?: Query, body?: unknown): Promise<T> {
    const text = await this.send(
      method,
      url,
      query,
      body === undefined ? undefined : JSON.stringify(body),
      'application/json; charset=UTF-8',
    );
    return (text === '' ? {} : JSON.parse(text)) as T;
  }

  private async multipart(
    method: string,
    url: string,
    query: Query,
    metadata: Record<string, unknown>,
    media: string,
  ): Promise<DriveFile> {
    const body =
      `--${BOUNDARY}\r\nContent-Type: application/json; charset=UTF-8\r\n\r\n` +
      `${JSON.stringify(metadata)}\r\n` +
      `--${BOUNDARY}\r\nContent-Type: ${typeof metadata.mimeType === 'string' ? metadata.mimeType : 'text/markdown'}; charset=UTF-8\r\n\r\n` +
      `${media}\r\n--${BOUNDARY}--`;
    const text = await this.send(
      method,
      url,
      { uploadType: 'multipart', ...query },
      body,
      `multipart/related; boundary=${BOUNDARY}`,
    );
    return JSON.parse(text) as DriveFile;
  }

  // One request with a fresh token; after a 401, once more with a token refreshed by force.
  private async send(
    method: string,
    url: string,
    query?: Query,
    body?: string,
    contentType?: string,
  ): Promise<string> {
    const { sub, scopes, token } = this.options;
    for (let attempt = 0; ; attempt += 1) {
      const { accessToken } = await token(sub, scopes, attempt > 0 ? { force: true } : undefined);
      const headers: Record<string, string> = { Authorization: `Bearer ${accessToken}` };
      if (body !== undefined && contentType) headers['Content-Type'] = contentType;
      try {
        const response = await this.options.http.request({
          method,
          url: url + queryString(query),
          headers,
          body,
          timeout: timeoutFor(body),
          // Drive's only POSTs make files: not sent again after an answer that may follow
          // the making, so that no file is made twice.
          retry: method === 'POST' ? 'unprocessed' : undefined,
        });
        return response.text;
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        if (error.status === 401) {
          if (attempt === 0) continue;
          throw new DriveAuthError();
        }
        throw driveError(error);
      }
    }
  }
}

// The metadata part of a write (no media, no undefined fields).
function metadataOf(write: DriveWrite): Record<string, unknown> {
  const metadata: Record<string, unknown> = {};
  if (write.name !== undefined) metadata.name = write.name;
  if (write.mimeType !== undefined) metadata.mimeType = write.mimeType;
  if (write.appProperties !== undefined) metadata.appProperties = write.appProperties;
  if (write.parents !== undefined) metadata.parents = write.parents;
  if (write.trashed !== undefined) metadata.trashed = write.trashed;
  return metadata;
}

/** Google's error JSON (`{ error: { code, message, errors: [{ reason }] } }`) as a
 * {@link DriveApiError}. */
export function driveError(error: HttpError): DriveApiError {
  let reason: string | undefined;
  let message = `HTTP error ${error.status} on Google Drive.`;
  try {
    const parsed = JSON.parse(error.body) as {
      error?: { message?: unknown; errors?: { reason?: unknown }[] };
    };
    const first = parsed.error?.errors?.[0]?.reason;
    if (typeof first === 'string') reason = first;
    if (typeof parsed.error?.message === 'string' && parsed.error.message !== '') {
      message = parsed.error.message;
    }
  } catch {
    // Not Google's JSON: the generic message.
  }
  return new DriveApiError(error.status, reason, message);
}

const enc = encodeURIComponent;

function queryString(query: Query | undefined): string {
  if (!query) return '';
  const params = Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  return params.length > 0 ? `?${params.join('&')}` : '';
}
