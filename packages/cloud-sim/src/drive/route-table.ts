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
