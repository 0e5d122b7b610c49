import {
  fileNotFound,
  googleError,
  insufficientPermissions,
  invalidValue,
  json,
  type Reply,
} from '../errors.js';
import type { SimRequest } from '../request.js';
import { FieldsError, parseFields, select } from './fields.js';
import { boundaryOf, parseMultipart } from './multipart.js';
import { parseQuery, QueryError } from './query.js';
import {
  changeResource,
  FILE_DEFAULT,
  fileResource,
  revisionResource,
  userResource,
  type DriveUser,
} from './resources.js';
import { hasDriveScope, type Caller } from './scopes.js';
import {
  DriveError,
  FOLDER_MIME,
  type DriveRevision,
  type DriveStore,
  type NewFile,
  type Space,
} from './store.js';

/** One Drive method the stand-in answers, named as in Google's discovery document. */
export interface DriveRoute {
  /** The method's id in the discovery document (`drive.files.list`). */
  id: string;
  httpMethod: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** The path under `/drive/v3/` (or `/upload/drive/v3/` when `upload`), as the document's `path`. */
  path: string;
  /** Through the document's `mediaUpload` path. */
  upload?: true;
  /** The method's own query parameters the stand-in reads. */
  params: string[];
}

/** Every Drive method answered; the tests check each against the discovery document. */
export const DRIVE_ROUTES: DriveRoute[] = [
  { id: 'drive.about.get', httpMethod: 'GET', path: 'about', params: [] },
  {
    id: 'drive.files.list',
    httpMethod: 'GET',
    path: 'files',
    params: ['q', 'pageSize', 'pageToken', 'spaces', 'orderBy'],
  },
  { id: 'drive.files.create', httpMethod: 'POST', path: 'files', params: [] },
  { id: 'drive.files.create', httpMethod: 'POST', path: 'files', upload: true, params: [] },
  { id: 'drive.files.get', httpMethod: 'GET', path: 'files/{fileId}', params: ['fileId'] },
  {
    id: 'drive.files.update',
    httpMethod: 'PATCH',
    path: 'files/{fileId}',
    params: ['fileId', 'addParents', 'removeParents'],
  },
  {
    id: 'drive.files.update',
    httpMethod: 'PATCH',
    path: 'files/{fileId}',
    upload: true,
    params: ['fileId', 'addParents', 'removeParents'],
  },
  // Before files.delete, whose files/{fileId} would take files/trash.
  { id: 'drive.files.emptyTrash', httpMethod: 'DELETE', path: 'files/trash', params: [] },
  { id: 'drive.files.delete', httpMethod: 'DELETE', path: 'files/{fileId}', params: ['fileId'] },
  {
    id: 'drive.changes.getStartPageToken',
    httpMethod: 'GET',
    path: 'changes/startPageToken',
    params: [],
  },
  {
    id: 'drive.changes.list',
    httpMethod: 'GET',
    path: 'changes',
    params: ['pageToken', 'pageSize', 'spaces', 'includeRemoved'],
  },
  {
    id: 'drive.revisions.list',
    httpMethod: 'GET',
    path: 'files/{fileId}/revisions',
    params: ['fileId', 'pageSize', 'pageToken'],
  },
  {
    id: 'drive.revisions.get',
    httpMethod: 'GET',
    path: 'files/{fileId}/revisions/{revisionId}',
    params: ['fileId', 'revisionId'],
  },
];

/** The largest page Drive gives: larger `pageSize` values are coerced to it. */
export const MAX_PAGE_SIZE = 1000;

const matchRoute = (method: string, upload: boolean, rest: string) => {
  for (const route of DRIVE_ROUTES) {
    if (route.httpMethod !== method || !!route.upload !== upload) continue;
    const names: string[] = [];
    const pattern = new RegExp(
      `^${route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
        names.push(name);
        return '([^/]+)';
      })}$`,
    );
    const match = pattern.exec(rest);
    if (match) {
      const params = Object.fromEntries(
        names.map((name, i) => [name, decodeURIComponent(match[i + 1]!)]),
      );
      return { route, params };
    }
  }
  return undefined;
};

const pageSizeOf = (value: string | null, fallback: number) => {
  if (value === null) return fallback;
  const size = Number(value);
  if (!Number.isInteger(size) || size < 1)
    throw new DriveError({ kind: 'invalid', location: 'pageSize', message: 'Invalid Value' });
  return Math.min(size, MAX_PAGE_SIZE);
};

const spacesOf = (value: string | null): Space[] => {
  const spaces = (value ?? 'drive').split(',').map((space) => space.trim());
  for (const space of spaces) {
    if (space !== 'drive' && space !== 'appDataFolder') {
      throw new DriveError({ kind: 'invalid', location: 'spaces', message: 'Invalid Value' });
    }
  }
  return spaces as Space[];
};

const offsetToken = (offset: number) => Buffer.from(`o:${offset}`).toString('base64url');
const readOffset = (token: string | null) => {
  if (token === null) return 0;
  const match = /^o:(\d+)$/.exec(Buffer.from(token, 'base64url').toString('utf8'));
  if (!match)
    throw new DriveError({ kind: 'invalid', location: 'pageToken', message: 'Invalid Value' });
  return Number(match[1]);
};

interface Metadata extends NewFile {
  trashed?: boolean;
}

function metadataOf(text: string): Metadata {
  if (!text.trim()) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new DriveError({
      kind: 'invalid',
      location: 'body',
      message: 'Invalid JSON payload received.',
    });
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new DriveError({
      kind: 'invalid',
      location: 'body',
      message: 'Invalid JSON payload received.',
    });
  }
  return pickMetadata(parsed as Record<string, unknown>);
}

const isText = (value: unknown): value is string => typeof value === 'string';
const invalidField = (name: string): never => {
  throw new DriveError({ kind: 'invalid', location: name, message: `Invalid value for ${name}.` });
};
function stringMap(value: unknown, name: string): Record<string, string | null> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return invalidField(name);
  const map = value as Record<string, unknown>;
  for (const inner of Object.values(map)) if (inner !== null && !isText(inner)) invalidField(name);
  return map as Record<string, string | null>;
}

/** The writable File fields the stand-in keeps, each checked; the others are ignored, as Drive ignores read-only ones. */
function pickMetadata(body: Record<string, unknown>): Metadata {
  const metadata: Metadata = {};
  for (const key of ['name', 'mimeType', 'description', 'originalFilename'] as const) {
    const value = body[key];
    if (value === undefined) continue;
    if (!isText(value)) invalidField(key);
    metadata[key] = value as string;
  }
  if (body.parents !== undefined) {
    if (!Array.isArray(body.parents) || !body.parents.every(isText)) invalidField('parents');
    metadata.parents = body.parents as string[];
  }
  if (body.appProperties !== undefined)
    metadata.appProperties = stringMap(body.appProperties, 'appProperties');
  if (body.properties !== undefined) metadata.properties = stringMap(body.properties, 'properties');
  if (body.trashed !== undefined) {
    if (typeof body.trashed !== 'boolean') invalidField('trashed');
    metadata.trashed = body.trashed as boolean;
  }
  return metadata;
}

/** The metadata and content of a create or update request, by its `uploadType`. */
function readUpload(request: SimRequest): Metadata {
  const uploadType = request.url.searchParams.get('uploadType');
  const type = request.headers['content-type'];
  if (uploadType === 'media') {
    return {
      content: request.body,
      ...(type ? { mimeType: type.split(';')[0]!.trim() } : {}),
    };
  }
  if (uploadType === 'multipart') {
    const boundary = boundaryOf(type);
    const parts = boundary ? parseMultipart(request.body, boundary) : [];
    if (parts.length !== 2) {
      throw new DriveError({
        kind: 'invalid',
        location: 'body',
        message: `Invalid multipart request with ${parts.length} mime parts.`,
      });
    }
    const metadata = metadataOf(parts[0]!.body.toString('utf8'));
    const mediaType = parts[1]!.headers.get('content-type');
    return {
      ...metadata,
      content: parts[1]!.body,
      ...(metadata.mimeType === undefined && mediaType
        ? { mimeType: mediaType.split(';')[0]!.trim() }
        : {}),
    };
  }
  throw new DriveError({
    kind: 'invalid',
    location: 'uploadType',
    message: `Invalid upload type: ${uploadType ?? ''} (cloud-sim takes media and multipart).`,
  });
}

const list = (value: string | null) =>
  (value ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);

/** Drive v3 over the store: answers `/drive/v3/…` and `/upload/drive/v3/…`. */
export class DriveRoutes {
  constructor(
    readonly store: DriveStore,
    /** The account of a user id, for `lastModifyingUser` and about's `user`. */
    readonly userOf: (id: string) => DriveUser | undefined,
  ) {}

  /** Whether the path is Drive's. */
  static handles(pathname: string) {
    return pathname.startsWith('/drive/v3/') || pathname.startsWith('/upload/drive/v3/');
  }

  /** Answers a Drive request of an authenticated caller. */
  answer(request: SimRequest, caller: Caller): Reply {
    const upload = request.url.pathname.startsWith('/upload/');
    const rest = request.url.pathname.slice(
      upload ? '/upload/drive/v3/'.length : '/drive/v3/'.length,
    );
    const found = matchRoute(request.method, upload, rest);
    if (!found) {
      return googleError(404, { domain: 'global', reason: 'notFound', message: 'Not Found' });
    }
    if (!hasDriveScope(caller)) return insufficientPermissions();
    try {
      const reply = this.#answer(found.route, found.params, request, caller);
      return reply;
    } catch (error) {
      if (error instanceof DriveError) {
        const { refusal } = error;
        switch (refusal.kind) {
          case 'notFound':
            return fileNotFound(refusal.fileId);
          case 'insufficientPermissions':
            return insufficientPermissions();
          case 'invalid':
            return invalidValue(refusal.location, refusal.message);
          case 'notDownloadable':
            return googleError(403, {
              domain: 'global',
              reason: 'fileNotDownloadable',
              message:
                'Only files with binary content can be downloaded. Use Export with Docs Editors files.',
              location: 'alt',
              locationType: 'parameter',
            });
          case 'revisionNotFound':
            return googleError(404, {
              domain: 'global',
              reason: 'notFound',
              message: `Revision not found: ${refusal.revisionId}.`,
              location: 'revisionId',
              locationType: 'parameter',
            });
        }
      }
      if (error instanceof QueryError) return invalidValue('q');
      if (error instanceof FieldsError) return invalidValue('fields', 'Invalid field selection');
      throw error;
    }
  }

  #answer(
    route: DriveRoute,
    path: Record<string, string>,
    request: SimRequest,
    caller: Caller,
  ): Reply {
    const query = request.url.searchParams;
    const fieldsText = query.get('fields');
    const shape = (body: unknown, fallback: string) =>
      json(200, select(body, parseFields(fieldsText ?? fallback)));
    const { store } = this;
    const drive = store.drive(caller.userId);
    const fileId = path.fileId ?? '';
    const user = (id: string) => {
      const found = this.userOf(id);
      return found ? userResource(found, caller.userId) : undefined;
    };
    const revision = (r: DriveRevision) => revisionResource(r, user(r.modifiedBy));

    switch (route.id) {
      case 'drive.about.get': {
        if (fieldsText === null) {
          return invalidValue('fields', "The 'fields' parameter is required for this method.");
        }
        return shape(
          {
            kind: 'drive#about',
            user: user(caller.userId),
            rootFolderId: drive.rootId,
            storageQuota: { limit: '16106127360', usage: '0' },
          },
          '',
        );
      }
      case 'drive.files.list': {
        const spaces = spacesOf(query.get('spaces'));
        const q = query.get('q');
        const test = q
          ? parseQuery(
              q
                .replace(/'root' in parents/g, `'${drive.rootId}' in parents`)
                .replace(/'appDataFolder' in parents/g, `'${drive.appDataId}' in parents`),
            )
          : () => true;
        let files = store.visible(caller, spaces).filter(test);
        const orderBy = query.get('orderBy');
        if (orderBy) files = order(files, orderBy);
        const size = pageSizeOf(query.get('pageSize'), Number.MAX_SAFE_INTEGER);
        const offset = readOffset(query.get('pageToken'));
        const page = files.slice(offset, offset + size);
        const more = offset + size < files.length;
        return shape(
          {
            kind: 'drive#fileList',
            incompleteSearch: false,
            files: page.map(fileResource),
            ...(more ? { nextPageToken: offsetToken(offset + size) } : {}),
          },
          `kind,incompleteSearch,nextPageToken,files(${FILE_DEFAULT})`,
        );
      }
      case 'drive.files.create': {
        const input = route.upload
          ? readUpload(request)
          : metadataOf(request.body.toString('utf8'));
        return shape(fileResource(store.create(caller, input)), FILE_DEFAULT);
      }
      case 'drive.files.get': {
        const file = store.get(caller, fileId);
        if (query.get('alt') === 'media') {
          const head = file.revisions.at(-1);
          if (!head) throw new DriveError({ kind: 'notDownloadable' });
          return { status: 200, raw: head.content, contentType: file.mimeType };
        }
        return shape(fileResource(file), FILE_DEFAULT);
      }
      case 'drive.files.update': {
        const input = route.upload
          ? readUpload(request)
          : metadataOf(request.body.toString('utf8'));
        const file = store.update(caller, fileId, input, {
          add: list(query.get('addParents')),
          remove: list(query.get('removeParents')),
        });
        return shape(fileResource(file), FILE_DEFAULT);
      }
      case 'drive.files.delete':
        store.delete(caller, fileId);
        return { status: 204, raw: Buffer.alloc(0) };
      case 'drive.files.emptyTrash':
        store.emptyTrash(caller);
        return { status: 204, raw: Buffer.alloc(0) };
      case 'drive.changes.getStartPageToken':
        return shape(
          { kind: 'drive#startPageToken', startPageToken: store.startPageToken(caller) },
          'kind,startPageToken',
        );
      case 'drive.changes.list': {
        const token = query.get('pageToken');
        if (token === null) {
          return googleError(400, {
            domain: 'global',
            reason: 'required',
            message: 'Required parameter: pageToken',
            location: 'pageToken',
            locationType: 'parameter',
          });
        }
        const from = Number(token);
        if (!/^\d+$/.test(token) || from < 1 || from > store.nextChangeId(caller)) {
          return invalidValue('pageToken');
        }
        const size = pageSizeOf(query.get('pageSize'), 100);
        let changes = store.changesFrom(caller, from, spacesOf(query.get('spaces')));
        if (query.get('includeRemoved') === 'false')
          changes = changes.filter((change) => drive.files.has(change.fileId) && !change.removed);
        const page = changes.slice(0, size);
        const next = changes[size];
        return shape(
          {
            kind: 'drive#changeList',
            changes: page.map((change) => changeResource(change, drive)),
            ...(next
              ? { nextPageToken: String(next.id) }
              : { newStartPageToken: String(store.nextChangeId(caller)) }),
          },
          `kind,nextPageToken,newStartPageToken,changes(kind,changeType,time,removed,fileId,file(${FILE_DEFAULT}))`,
        );
      }
      case 'drive.revisions.list': {
        const file = store.get(caller, fileId);
        const size = pageSizeOf(query.get('pageSize'), 200);
        const offset = readOffset(query.get('pageToken'));
        const page = file.revisions.slice(offset, offset + size);
        return shape(
          {
            kind: 'drive#revisionList',
            revisions: page.map(revision),
            ...(offset + size < file.revisions.length
              ? { nextPageToken: offsetToken(offset + size) }
              : {}),
          },
          'kind,nextPageToken,revisions(kind,id,mimeType,modifiedTime)',
        );
      }
      case 'drive.revisions.get': {
        const file = store.get(caller, fileId);
        const found = file.revisions.find((r) => r.id === path.revisionId);
        if (!found)
          throw new DriveError({ kind: 'revisionNotFound', revisionId: path.revisionId ?? '' });
        if (query.get('alt') === 'media') {
          return { status: 200, raw: found.content, contentType: found.mimeType };
        }
        return shape(revision(found), 'kind,id,mimeType,modifiedTime');
      }
      default:
        return googleError(404, { domain: 'global', reason: 'notFound', message: 'Not Found' });
    }
  }
}

function order<
  T extends { name: string; modifiedTime: string; createdTime: string; mimeType: string },
>(files: T[], orderBy: string): T[] {
  const keys = orderBy.split(',').map((part) => {
    const [key = '', direction] = part.trim().split(/\s+/);
    if (!['name', 'modifiedTime', 'createdTime', 'folder'].includes(key)) {
      throw new DriveError({ kind: 'invalid', location: 'orderBy', message: 'Invalid Value' });
    }
    return { key, desc: direction === 'desc' };
  });
  return [...files].sort((a, b) => {
    for (const { key, desc } of keys) {
      const left = key === 'folder' ? String(a.mimeType !== FOLDER_MIME) : a[key as 'name'];
      const right = key === 'folder' ? String(b.mimeType !== FOLDER_MIME) : b[key as 'name'];
      if (left !== right) return (left < right ? -1 : 1) * (desc ? -1 : 1);
    }
    return 0;
  });
}
