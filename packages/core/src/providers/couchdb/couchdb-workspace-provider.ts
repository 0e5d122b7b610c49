import { type ContentItem, type Item } from '../../items/types.js';
import { type Timers } from '../../ports/timers.js';
import { HttpError, type HttpClient } from '../../sync/http-client.js';
import {
  type ChangesPage,
  type RemoteChange,
  type RemoteRevision,
  type SaveEntry,
  type SaveResult,
  type SyncData,
  TooLateError,
  type WorkspaceProvider,
} from '../../sync/workspace-provider.js';
import {
  COUCHDB_CHANGES_PAGE_SIZE,
  COUCHDB_WORKSPACE_PROVIDER_ID,
  CONTENT_ATTACHMENT,
  MISSING_DOCUMENT_ID_MESSAGE,
} from './constants.js';
import {
  type Authorship,
  contentDocument,
  documentPath,
  documentSyncData,
  isItemDocument,
  type ItemDocument,
  itemDocument,
} from './documents.js';
import { DatabaseNotAccessibleError } from './errors.js';
import {
  contentOfStackedit,
  isStackeditDocument,
  itemOfStackedit,
  type StackeditDocument,
  stackeditContentDocument,
  stackeditItemDocument,
} from './stackedit-documents.js';
import { type CouchdbCredentialsPort, CouchdbSession } from './session.js';
import { normalizeDbUrl } from './settings.js';

/** What a CouchDB workspace provider needs. */
export interface CouchdbWorkspaceOptions {
  /** The database URL of the workspace (spec providers §3 `dbUrl`); normalised here. */
  dbUrl: string;
  /** The HTTP client port; in a browser made `withCredentials` so the session cookie travels. */
  http: HttpClient;
  /** Asks the user for a name and password on a 401 (the couchdbCredentials dialog). */
  credentials: CouchdbCredentialsPort;
  /** Gives the `time` written in each document. */
  timers: Timers;
  /** The user's id, written as `sub` in each document (shown with revisions). */
  sub?: string;
  /** Changes per page (default 1000, spec providers §9); smaller in tests. */
  pageSize?: number;
}

/** What `GET {dbUrl}` says of the database. */
export interface CouchdbDatabaseInfo {
  db_name: string;
  doc_count?: number;
  update_seq?: unknown;
}

// One document's outcome in a `_bulk_docs` answer.
interface BulkDocsResult {
  id?: string;
  ok?: boolean;
  rev?: string;
  error?: string;
  reason?: string;
}

interface AllDocsBody {
  rows?: { doc?: ItemDocument }[];
}

// Kept at most this many contents read ahead or revisions written, in case the engine never asks.
const MAX_REMEMBERED = 1000;

interface ChangesBody {
  results: { id: string; deleted?: boolean; doc?: ItemDocument }[];
  last_seq: unknown;
  pending?: number;
}

/**
 * A workspace kept in a CouchDB database (spec providers §4 "Database J workspace"). The
 * document layout is described in `documents.ts`: one document per item, `_id` the item id,
 * content in an attachment. Sync data carries the document's `rev`.
 *
 * A database StackEdit keeps a workspace in (`stackedit-documents.ts`) is read as well, and
 * written to as StackEdit writes: its documents keep their ids and StackEdit's content format, and
 * new documents take that format once the database is known to be StackEdit's (a document of
 * StackEdit's seen in the changes, or, before the first new document of a session, in the
 * database's first documents).
 */
export class CouchdbWorkspaceProvider implements WorkspaceProvider {
  readonly id = COUCHDB_WORKSPACE_PROVIDER_ID;
  /** The normalised database URL. */
  readonly dbUrl: string;
  private readonly session: CouchdbSession;
  private readonly pageSize: number;
  // Whether the database is StackEdit's: known from the changes read, or asked once.
  private layout: 'stackedit' | 'inkstone' | undefined;
  private probe: Promise<boolean> | undefined;
  // StackEdit contents read while listing changes (to know their hash), by `{docId}@{rev}`.
  private readonly readAhead = new Map<string, ContentItem>();
  // The hashes of the StackEdit-format contents this provider wrote, by `{docId}@{rev}`.
  private readonly written = new Map<string, string>();

  constructor(private readonly options: CouchdbWorkspaceOptions) {
    this.dbUrl = normalizeDbUrl(options.dbUrl);
    this.session = new CouchdbSession(options.http, this.dbUrl, options.credentials);
    this.pageSize = options.pageSize ?? COUCHDB_CHANGES_PAGE_SIZE;
  }

  /** Reads the database itself: what the workspace dialog does before adding the workspace.
   * Rejects with the not-accessible message when it is missing or forbidden; asks for
   * credentials on a 401. */
  async checkDatabase(): Promise<CouchdbDatabaseInfo> {
    const response = await this.session.request('');
    return JSON.parse(response.text) as CouchdbDatabaseInfo;
  }

  /** One page of the change feed since `cursor` (a CouchDB sequence, kept opaque). `more` is
   * CouchDB's `pending` > 0; servers that send no `pending` (express-pouchdb) count a full
   * page as "maybe more", which costs at most one empty page at the end. */
  async getChanges(cursor: string | undefined): Promise<ChangesPage> {
    const query = [`limit=${this.pageSize}`, 'include_docs=true'];
    if (cursor !== undefined) query.unshift(`since=${encodeURIComponent(cursor)}`);
    const response = await this.session.request(`/_changes?${query.join('&')}`);
    const body = JSON.parse(response.text) as ChangesBody;
    const changes: RemoteChange[] = [];
    for (const result of body.results) {
      const doc = result.doc;
      if (result.deleted || doc?._deleted) {
        if (!result.id.startsWith('_design/')) {
          // A StackEdit document's id is not its item's: the engine finds it by its sync data.
          changes.push({ itemId: result.id, item: null, syncData: null });
        }
      } else if (doc && isStackeditDocument(doc) && doc._rev) {
        this.layout = 'stackedit';
        const change = await this.stackeditChange(doc);
        if (change) changes.push(change);
      } else if (doc && isItemDocument(doc) && doc._rev) {
        this.layout ??= 'inkstone';
        changes.push({
          itemId: doc.item.id,
          item: doc.item,
          syncData: documentSyncData(doc._id, doc._rev, doc.item),
        });
      }
    }
    const more =
      body.pending !== undefined ? body.pending > 0 : body.results.length >= this.pageSize;
    return { changes, cursor: sequence(body.last_seq, cursor), more };
  }

  /** PUTs the item's document, with the `_rev` of `syncData` (none for a new one). */
  async saveItem(item: Item, syncData: SyncData | undefined): Promise<SyncData> {
    if (item.type === 'content') return this.uploadContent(item, syncData);
    return this.put(await this.documentOf(item, syncData, this.authorship()), item);
  }

  /** POSTs the items' documents to `_bulk_docs` in one request, each with the `_rev` of its
   * sync data (content with its inline attachment, as `uploadContent`). CouchDB writes each
   * document on its own (C10): a `conflict` (what a PUT answers with 409) is TOO_LATE for that
   * entry alone. Documents refused as `unauthorized` (what express-pouchdb answers a user not
   * logged in, where CouchDB answers the request with a 401) are sent once more after logging
   * in, as a 401 is. Any other refusal fails the call: `forbidden`, or `unauthorized` once
   * logged in, as the not-accessible error; others as an `HttpError` with the status a PUT
   * would have had. The documents saved with it are read back from the changes, as after a
   * lost reply. */
  async saveItems(entries: readonly SaveEntry[]): Promise<SaveResult[]> {
    const authorship = this.authorship();
    const docs: ItemDocument[] = [];
    for (const { item, syncData } of entries) {
      docs.push(await this.documentOf(item, syncData, authorship));
    }
    const results = await this.bulkDocs(docs);
    const refused = docs.flatMap((_, index) =>
      results[index]?.error === 'unauthorized' ? [index] : [],
    );
    if (refused.length > 0) {
      await this.session.logIn();
      const again = await this.bulkDocs(refused.map((index) => docs[index]!));
      refused.forEach((index, k) => (results[index] = again[k]));
    }
    return entries.map(({ item }, index): SaveResult => {
      const id = docs[index]!._id;
      const result = results[index];
      if (result?.rev && !result.error) {
        this.wrote(docs[index]!, result.rev, item);
        return { syncData: documentSyncData(id, result.rev, item) };
      }
      if (result?.error === 'conflict') return { tooLate: true };
      if (result?.error === 'forbidden' || result?.error === 'unauthorized') {
        throw new DatabaseNotAccessibleError(this.dbUrl);
      }
      const status = BULK_ERROR_STATUS[result?.error ?? ''] ?? 500;
      throw new HttpError(status, JSON.stringify(result ?? { id }), noHeaders);
    });
  }

  /** DELETEs the document with its revision; a 409 (changed since) is TOO_LATE, a document
   * already gone is fine. */
  async removeItem(syncData: SyncData): Promise<void> {
    if (!syncData.id) throw new Error(MISSING_DOCUMENT_ID_MESSAGE);
    const rev = syncData.rev ? `?rev=${encodeURIComponent(syncData.rev)}` : '';
    try {
      await this.session.request(`${documentPath(syncData.id)}${rev}`, { method: 'DELETE' });
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) return;
      throw tooLate(error);
    }
  }

  /** GETs the content attachment at the revision of `syncData`; null when there is none. A
   * StackEdit content (text/plain, with its trailer) is read into a content item. */
  async downloadContent(fileId: string, syncData: SyncData): Promise<ContentItem | null> {
    const key = `${syncData.id}@${syncData.rev ?? ''}`;
    const read = this.readAhead.get(key);
    if (read) {
      this.readAhead.delete(key);
      return read;
    }
    const rev = syncData.rev ? `?rev=${encodeURIComponent(syncData.rev)}` : '';
    const path = `${documentPath(syncData.id || `${fileId}/content`)}/${CONTENT_ATTACHMENT}${rev}`;
    try {
      return contentOfAttachment(await this.session.request(path), `${fileId}/content`);
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) return null;
      throw error;
    }
  }

  /** PUTs the content document with its content as an inline base64 attachment. */
  async uploadContent(content: ContentItem, syncData: SyncData | undefined): Promise<SyncData> {
    return this.put(await this.documentOf(content, syncData, this.authorship()), content);
  }

  /** The revisions CouchDB still has the body of (`revs_info` status 'available'), newest
   * first, each with the `time` and `sub` it was written with. */
  async listRevisions(fileId: string, syncData: SyncData): Promise<RemoteRevision[]> {
    const path = documentPath(syncData.id || `${fileId}/content`);
    const response = await this.session.request(`${path}?revs_info=true`);
    const info = (JSON.parse(response.text) as { _revs_info?: { rev: string; status: string }[] })
      ._revs_info;
    const revs = (info ?? []).filter((rev) => rev.status === 'available').map((rev) => rev.rev);
    if (revs.length === 0) return [];
    const open = await this.session.request(
      `${path}?open_revs=${encodeURIComponent(JSON.stringify(revs))}`,
    );
    const docs = new Map<string, ItemDocument>();
    for (const entry of JSON.parse(open.text) as { ok?: ItemDocument }[]) {
      if (entry.ok?._rev) docs.set(entry.ok._rev, entry.ok);
    }
    return revs.map((id) => {
      const doc = docs.get(id);
      return { id, created: doc?.time ?? 0, ...(doc?.sub ? { sub: doc.sub } : {}) };
    });
  }

  /** The text of one of {@link listRevisions}'s revisions: the content attachment at that
   * `rev` (`GET /{db}/{docid}/{attname}?rev=`). */
  async revisionText(fileId: string, syncData: SyncData, revisionId: string): Promise<string> {
    const path = `${documentPath(syncData.id || `${fileId}/content`)}/${CONTENT_ATTACHMENT}`;
    const response = await this.session.request(`${path}?rev=${encodeURIComponent(revisionId)}`);
    return contentOfAttachment(response, `${fileId}/content`).text;
  }

  // The document to write for an item: StackEdit's shape for a document StackEdit wrote (its id
  // is not the item's) and for a new one in StackEdit's database; ours otherwise.
  private async documentOf(
    item: Item,
    syncData: SyncData | undefined,
    authorship: Authorship,
  ): Promise<ItemDocument> {
    const docId = syncData?.id || item.id;
    const stackedit = syncData ? docId !== item.id : await this.isStackeditDatabase();
    if (item.type === 'content') {
      return stackedit
        ? stackeditContentDocument(docId, item, authorship, syncData?.rev)
        : contentDocument(item, authorship, syncData?.rev);
    }
    return stackedit
      ? stackeditItemDocument(docId, item, authorship, syncData?.rev)
      : itemDocument(item, authorship, syncData?.rev);
  }

  // Whether new documents go in StackEdit's shape: known from the changes, or from the
  // database's first documents, read once.
  private isStackeditDatabase(): Promise<boolean> {
    if (this.layout) return Promise.resolve(this.layout === 'stackedit');
    this.probe ??= this.session
      .request('/_all_docs?include_docs=true&limit=100')
      .then((response) => {
        const rows = (JSON.parse(response.text) as AllDocsBody).rows ?? [];
        const stackedit = rows.some((row) => row.doc !== undefined && isStackeditDocument(row.doc));
        this.layout ??= stackedit ? 'stackedit' : 'inkstone';
        return this.layout === 'stackedit';
      })
      .finally(() => (this.probe = undefined));
    return this.probe;
  }

  // The change of a StackEdit document, its item made Inkstone's; for a content, its hash is
  // Inkstone's hash of the content, read now (or known from this provider's own write).
  private async stackeditChange(doc: StackeditDocument): Promise<RemoteChange | undefined> {
    const rev = doc._rev!;
    if (doc.item.type !== 'content') {
      const item = itemOfStackedit(doc);
      return item && { itemId: item.id, item, syncData: documentSyncData(doc._id, rev, item) };
    }
    const key = `${doc._id}@${rev}`;
    let hash = this.written.get(key);
    this.written.delete(key);
    if (hash === undefined) {
      const content = await this.downloadContent(
        doc.item.id.replace(/\/content$/, ''),
        documentSyncData(doc._id, rev, { ...doc.item, type: 'content', hash: '' }),
      );
      if (!content) return undefined;
      remember(this.readAhead, key, content);
      hash = content.hash;
    }
    const item = { id: doc.item.id, type: 'content', hash } as Item;
    return { itemId: item.id, item, syncData: documentSyncData(doc._id, rev, item) };
  }

  // Remembers the hash of a StackEdit content just written, so that its change needs no read.
  private wrote(doc: ItemDocument, rev: string, item: Item): void {
    const stub = doc.item as { type?: string; hash?: unknown } | undefined;
    if (stub?.type === 'content' && typeof stub.hash === 'number') {
      remember(this.written, `${doc._id}@${rev}`, item.hash);
    }
  }

  private authorship(): Authorship {
    return { time: this.options.timers.now(), sub: this.options.sub };
  }

  // One `_bulk_docs` request; the answer of each document, in the documents' order.
  private async bulkDocs(docs: ItemDocument[]): Promise<(BulkDocsResult | undefined)[]> {
    const response = await this.session.request('/_bulk_docs', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ docs }),
    });
    const results = JSON.parse(response.text) as BulkDocsResult[];
    // CouchDB answers in the documents' order; found by id all the same.
    const byId = new Map(results.map((result) => [result.id, result]));
    return docs.map((doc, index) =>
      results[index]?.id === doc._id ? results[index] : byId.get(doc._id),
    );
  }

  private async put(doc: ItemDocument, item: Item): Promise<SyncData> {
    try {
      const response = await this.session.request(documentPath(doc._id), {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(doc),
      });
      const { rev } = JSON.parse(response.text) as { rev: string };
      this.wrote(doc, rev, item);
      return documentSyncData(doc._id, rev, item);
    } catch (error) {
      throw tooLate(error);
    }
  }
}

// The status a PUT answers for the errors `_bulk_docs` gives per document.
const BULK_ERROR_STATUS: Record<string, number> = {
  bad_request: 400,
  doc_validation: 400,
  not_found: 404,
  too_large: 413,
  document_too_large: 413,
  attachment_too_large: 413,
};

const noHeaders = { get: () => null };

// A content attachment as the server sends it: ours is JSON, StackEdit's `text/plain`.
function contentOfAttachment(
  response: { text: string; headers: { get(name: string): string | null } },
  contentId: string,
): ContentItem {
  const type = response.headers.get('content-type');
  if (type === null ? response.text.startsWith('{"') : type.startsWith('application/json')) {
    return JSON.parse(response.text) as ContentItem;
  }
  return contentOfStackedit(response.text, contentId);
}

function remember<T>(map: Map<string, T>, key: string, value: T): void {
  if (map.size >= MAX_REMEMBERED) map.clear();
  map.set(key, value);
}

// A 409 means the document changed since the revision we had: the sync step starts again.
function tooLate(error: unknown): unknown {
  return error instanceof HttpError && error.status === 409 ? new TooLateError() : error;
}

// CouchDB 1 sends numbers, CouchDB 2+ opaque strings; both go back as `since` unchanged.
function sequence(lastSeq: unknown, previous: string | undefined): string {
  if (typeof lastSeq === 'string') return lastSeq;
  if (typeof lastSeq === 'number') return String(lastSeq);
  return previous ?? '0';
}
