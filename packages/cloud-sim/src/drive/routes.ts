import {
  fileNotFound,
  googleError,
  insufficientPermissions,
  invalidValue,
  json,
  type Reply,
} from '../errors.js';
import type { SimRequest } from '../request.js';
import { matchRoute } from '../route-match.js';
import { FieldsError, parseFields, select } from './fields.js';
import { offsetToken, pageSizeOf, readOffset, spacesOf } from './list-params.js';
import { parseQuery, QueryError } from './query.js';
import {
  changeResource,
  FILE_DEFAULT,
  fileResource,
  revisionResource,
  userResource,
  type DriveUser,
} from './resources.js';
import { DRIVE_ROUTES, type DriveRoute } from './route-table.js';
import { hasDriveScope, type Caller } from './scopes.js';
import { DriveError, FOLDER_MIME, type DriveRevision, type DriveStore } from './store.js';
import { metadataOf, readUpload } from './upload-body.js';

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
    const found = matchRoute(
      DRIVE_ROUTES.filter((route) => !!route.upload === upload),
      request.method,
      rest,
    );
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
