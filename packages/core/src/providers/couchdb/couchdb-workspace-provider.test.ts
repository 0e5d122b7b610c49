// The CouchDB workspace provider against express-pouchdb in this process (rules C1–C10 of
// SPEC.md), through Node's real fetch.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashItem } from '../../items/hash.js';
import { type ContentItem, type FileItem } from '../../items/types.js';
import { NetworkError } from '../../sync/http-client.js';
import { type SyncData, TooLateError } from '../../sync/workspace-provider.js';
import { couchdbProvider } from '../../testing/couchdb-provider.js';
import { type CouchdbTestServer, startCouchdbServer } from '../../testing/couchdb-server.js';
import { COUCHDB_CHANGES_PAGE_SIZE } from './constants.js';
import { CouchdbLoginError, DatabaseNotAccessibleError } from './errors.js';

const file = (id: string, name: string): FileItem => {
  const item = { id, type: 'file' as const, name, parentId: null };
  return { ...item, hash: hashItem(item) };
};
const content = (fileId: string, text: string): ContentItem => {
  const item = {
    id: `${fileId}/content`,
    type: 'content' as const,
    text,
    properties: '',
    discussions: {},
    comments: {},
    history: [],
  };
  return { ...item, hash: hashItem(item) };
};

const alice = () => Promise.resolve({ name: 'alice', password: 'alice-pw' });

let server: CouchdbTestServer;
let count = 0;
// A new database that only alice may read, and its URL.
const newDatabase = () => server.createDatabase(`db-${(count += 1)}`, ['alice']);

beforeAll(async () => {
  server = await startCouchdbServer();
  await server.createUser('alice', 'alice-pw');
  await server.createUser('bob', 'bob-pw');
});
afterAll(async () => {
  await server.stop();
});

describe('CouchDB workspace: logging in (C3)', () => {
  it('on a 401 asks for credentials, POSTs _session and sends the request again', async () => {
    const dbUrl = await newDatabase();
    const credentials = vi.fn(alice);
    const provider = couchdbProvider(dbUrl, { credentials });
    const start = server.log.length;
    await provider.saveItem(file('f1', 'One'), undefined);
    await provider.getChanges(undefined);
    const path = new URL(dbUrl).pathname;
    // A new document: is the database StackEdit's? (asked once, after logging in).
    const probe = `GET ${path}/_all_docs?include_docs=true&limit=100`;
    expect(server.log.slice(start)).toEqual([
      probe,
      'POST /_session',
      probe,
      `PUT ${path}/f1`,
      `GET ${path}/_changes?limit=1000&include_docs=true`,
    ]);
    expect(credentials).toHaveBeenCalledTimes(1);
    expect(server.log.join('\n')).not.toContain('alice-pw');
  });

  it('asks once for requests that fail together', async () => {
    const credentials = vi.fn(alice);
    const provider = couchdbProvider(await newDatabase(), { credentials });
    await Promise.all([1, 2, 3].map((i) => provider.saveItem(file(`f${i}`, 'x'), undefined)));
    expect(credentials).toHaveBeenCalledTimes(1);
  });

  it('rejects wrong credentials with a clear error, and a cancelled dialog as it was', async () => {
    const dbUrl = await newDatabase();
    const wrong = couchdbProvider(dbUrl, {
      credentials: () => Promise.resolve({ name: 'alice', password: 'no' }),
    });
    await expect(wrong.getChanges(undefined)).rejects.toThrow(new CouchdbLoginError(dbUrl).message);
    const cancelled = new Error('Cancelled.');
    const start = server.log.length;
    const provider = couchdbProvider(dbUrl, { credentials: () => Promise.reject(cancelled) });
    await expect(provider.getChanges(undefined)).rejects.toBe(cancelled);
    expect(server.log.slice(start)).not.toContain('POST /_session');
    const empty = couchdbProvider(dbUrl, {
      credentials: () => Promise.resolve({ name: 'alice', password: '' }),
    });
    await expect(empty.getChanges(undefined)).rejects.toThrow('A password is required.');
  });
});

describe('CouchDB workspace: a database that cannot be read (C4)', () => {
  it('says a missing database is not accessible, in the spec words', async () => {
    const dbUrl = `${server.url}/missing`;
    const provider = couchdbProvider(dbUrl, { credentials: alice });
    const message = `${dbUrl} is not accessible. Make sure you have the proper permissions.`;
    await expect(provider.checkDatabase()).rejects.toThrow(message);
    await expect(provider.getChanges(undefined)).rejects.toBeInstanceOf(DatabaseNotAccessibleError);
  });

  it('says so for a user without rights, after logging in', async () => {
    const dbUrl = await newDatabase();
    const bob = vi.fn(() => Promise.resolve({ name: 'bob', password: 'bob-pw' }));
    const provider = couchdbProvider(dbUrl, { credentials: bob });
    await expect(provider.checkDatabase()).rejects.toThrow(
      `${dbUrl} is not accessible. Make sure you have the proper permissions.`,
    );
    expect(bob).toHaveBeenCalledTimes(1);
  });

  it('checks a readable database for the workspace dialog', async () => {
    const dbUrl = await newDatabase();
    const info = await couchdbProvider(`  ${dbUrl}/ `, { credentials: alice }).checkDatabase();
    expect(info.db_name).toBe(`db-${count}`);
  });

  it('leaves other errors as they are', async () => {
    const dbUrl = await newDatabase();
    const provider = couchdbProvider(dbUrl, { credentials: alice });
    // A document id CouchDB refuses (reserved underscore prefix): a 400, rethrown.
    await expect(provider.saveItem(file('_bad', 'x'), undefined)).rejects.toMatchObject({
      name: 'HttpError',
      status: 400,
    });
  });
});

describe('CouchDB workspace: documents (C5, C6, C7)', () => {
  it('turns a 409 into TooLateError', async () => {
    const provider = couchdbProvider(await newDatabase(), { credentials: alice });
    await provider.saveItem(file('f1', 'One'), undefined);
    await expect(provider.saveItem(file('f1', 'Two'), undefined)).rejects.toBeInstanceOf(
      TooLateError,
    );
  });

  it('removes a document with its revision', async () => {
    const dbUrl = await newDatabase();
    const provider = couchdbProvider(dbUrl, { credentials: alice });
    const syncData = await provider.saveItem(file('f1', 'One'), undefined);
    await provider.removeItem(syncData);
    expect(server.log.at(-1)).toBe(`DELETE ${new URL(dbUrl).pathname}/f1?rev=${syncData.rev}`);
    // Removed since: the revision is stale (CouchDB answers 409 for the tombstone).
    await expect(provider.removeItem(syncData)).rejects.toBeInstanceOf(TooLateError);
    // A document that never was is no error.
    await provider.removeItem({ ...syncData, id: 'never', rev: undefined });
  });

  it("throws 'Missing document ID' for a removal without an id", async () => {
    const provider = couchdbProvider(await newDatabase(), { credentials: alice });
    await expect(
      provider.removeItem({ id: '', itemId: 'f1', type: 'file', hash: 'h', rev: '1-a' }),
    ).rejects.toThrow(/^Missing document ID$/);
  });

  it('keeps content in an attachment: the change feed carries no text', async () => {
    const dbUrl = await newDatabase();
    const provider = couchdbProvider(dbUrl, { credentials: alice });
    await provider.uploadContent(content('f1', 'secret text\n'), undefined);
    const { body } = await server.asAdmin<{ results: { doc: { time?: unknown } }[] }>(
      'GET',
      `${new URL(dbUrl).pathname}/_changes?include_docs=true`,
    );
    expect(JSON.stringify(body)).not.toContain('secret text');
    expect(body.results[0]?.doc).toMatchObject({
      _id: 'f1/content',
      item: { id: 'f1/content', type: 'content' },
      _attachments: { data: { content_type: 'application/json', stub: true } },
    });
    expect(typeof body.results[0]?.doc.time).toBe('number');
  });

  it('skips documents that are not items (design documents, foreign ones)', async () => {
    const dbUrl = await newDatabase();
    const path = new URL(dbUrl).pathname;
    await server.asAdmin('PUT', `${path}/_design/views`, { views: {} });
    await server.asAdmin('PUT', `${path}/other`, { hello: 'world' });
    const provider = couchdbProvider(dbUrl, { credentials: alice });
    await provider.saveItem(file('f1', 'One'), undefined);
    const page = await provider.getChanges(undefined);
    expect(page.changes.map((change) => change.itemId)).toEqual(['f1']);
  });

  it('downloads no content for a document that has none', async () => {
    const provider = couchdbProvider(await newDatabase(), { credentials: alice });
    const none = { id: 'x/content', itemId: 'x/content', type: 'content' as const, hash: 'h' };
    expect(await provider.downloadContent('x', none)).toBeNull();
  });
});

describe('CouchDB workspace: batch saves (C10)', () => {
  it('sends documents refused as unauthorized once more, after logging in', async () => {
    const dbUrl = await newDatabase();
    const provider = couchdbProvider(dbUrl, { credentials: alice });
    const first = await provider.saveItem(file('f1', 'One'), undefined);
    const fresh = couchdbProvider(dbUrl, { credentials: alice });
    const start = server.log.length;
    const [result] = await fresh.saveItems([{ item: file('f1', 'Two'), syncData: first }]);
    const path = new URL(dbUrl).pathname;
    expect(server.log.slice(start)).toEqual([
      `POST ${path}/_bulk_docs`,
      'POST /_session',
      `POST ${path}/_bulk_docs`,
    ]);
    expect((result as { syncData: SyncData }).syncData.rev).toMatch(/^2-/);
  });

  it('POSTs one _bulk_docs (logging in on a 401): content inline, a conflict TOO_LATE alone', async () => {
    const dbUrl = await newDatabase();
    const provider = couchdbProvider(dbUrl, { credentials: alice });
    const first = await provider.saveItem(file('f1', 'One'), undefined);
    await provider.saveItem(file('f1', 'Two'), first);
    const fresh = couchdbProvider(dbUrl, { credentials: alice });
    const start = server.log.length;
    const results = await fresh.saveItems([
      { item: file('f2', 'Other'), syncData: undefined },
      { item: file('f1', 'Three'), syncData: first },
      { item: content('f2', 'Texte\n'), syncData: undefined },
    ]);
    const path = new URL(dbUrl).pathname;
    // New documents: whether the database is StackEdit's is asked first (and logs in).
    const probe = `GET ${path}/_all_docs?include_docs=true&limit=100`;
    expect(server.log.slice(start)).toEqual([
      probe,
      'POST /_session',
      probe,
      `POST ${path}/_bulk_docs`,
    ]);
    expect(results[1]).toEqual({ tooLate: true });
    const saved = results[2] as { syncData: SyncData };
    expect(saved.syncData.rev).toMatch(/^1-/);
    expect(await fresh.downloadContent('f2', saved.syncData)).toEqual(content('f2', 'Texte\n'));
    const { changes } = await fresh.getChanges(undefined);
    const f2 = changes.find((change) => change.itemId === 'f2/content');
    expect(f2?.item).toEqual({
      id: 'f2/content',
      type: 'content',
      hash: content('f2', 'Texte\n').hash,
    });
  });

  it('gives NetworkError for a lost answer; the batch was saved, and a retry is TOO_LATE (C9)', async () => {
    const dbUrl = await newDatabase();
    const provider = couchdbProvider(dbUrl, { credentials: alice });
    const first = await provider.saveItem(file('f1', 'One'), undefined);
    const batch = [
      { item: file('f1', 'Two'), syncData: first },
      { item: content('f1', 'Text\n'), syncData: undefined },
    ];
    server.dropResponses((method, url) => method === 'POST' && url.endsWith('/_bulk_docs'));
    await expect(provider.saveItems(batch)).rejects.toBeInstanceOf(NetworkError);
    server.dropResponses(undefined);
    expect(await provider.saveItems(batch)).toEqual([{ tooLate: true }, { tooLate: true }]);
    const { changes } = await provider.getChanges(undefined);
    expect(changes.map((change) => [change.itemId, change.item?.hash])).toEqual([
      ['f1', file('f1', 'Two').hash],
      ['f1/content', content('f1', 'Text\n').hash],
    ]);
  });

  it('fails the call when the server refuses a document for another reason', async () => {
    const dbUrl = await newDatabase();
    const provider = couchdbProvider(dbUrl, { credentials: alice });
    const bad = { ...file('_bad', 'Reserved id') };
    await expect(provider.saveItems([{ item: bad, syncData: undefined }])).rejects.toMatchObject({
      name: 'HttpError',
    });
  });
});

describe('CouchDB workspace: the change feed (C2)', () => {
  it('reads 2,500 documents in 3 pages of at most 1000, by an opaque cursor', async () => {
    const dbUrl = await newDatabase();
    const docs = Array.from({ length: 2500 }, (_, i) => {
      const item = file(`f${String(i).padStart(4, '0')}`, `File ${i}`);
      return { _id: item.id, item, time: 1 };
    });
    const bulk = await server.asAdmin('POST', `${new URL(dbUrl).pathname}/_bulk_docs`, { docs });
    expect(bulk.status).toBe(201);
    const provider = couchdbProvider(dbUrl, { credentials: alice });
    const sizes: number[] = [];
    const seen = new Set<string>();
    let cursor: string | undefined;
    for (let more = true; more;) {
      const page = await provider.getChanges(cursor);
      expect(typeof page.cursor).toBe('string');
      sizes.push(page.changes.length);
      for (const change of page.changes) seen.add(change.itemId);
      ({ cursor, more } = page);
    }
    expect(COUCHDB_CHANGES_PAGE_SIZE).toBe(1000);
    expect(sizes).toEqual([1000, 1000, 500]);
    expect(seen.size).toBe(2500);
  });
});

describe('CouchDB workspace: revisions (C8)', () => {
  it('lists the available revisions, newest first, with their time and author', async () => {
    const dbUrl = await newDatabase();
    const provider = couchdbProvider(dbUrl, { credentials: alice, sub: 'user-1' });
    let syncData = await provider.uploadContent(content('f1', 'one\n'), undefined);
    const revs = [syncData.rev];
    for (const text of ['two\n', 'three\n']) {
      syncData = await provider.uploadContent(content('f1', text), syncData);
      revs.unshift(syncData.rev);
    }
    const listed = await provider.listRevisions('f1', syncData);
    expect(listed.map((revision) => revision.id)).toEqual(revs);
    for (const revision of listed) {
      expect(revision.created).toBeGreaterThan(1e12);
      expect(revision.sub).toBe('user-1');
    }
    // An older revision's content can be read with its rev.
    const older = await provider.downloadContent('f1', { ...syncData, rev: revs[2] });
    expect(older?.text).toBe('one\n');
    // And its text, the History panel's load call.
    expect(await provider.revisionText('f1', syncData, listed[1]!.id)).toBe('two\n');
    expect(await provider.revisionText('f1', syncData, listed[2]!.id)).toBe('one\n');

    await server.asAdmin('POST', `${new URL(dbUrl).pathname}/_compact`, {});
    await vi.waitFor(async () => {
      expect((await provider.listRevisions('f1', syncData)).map((r) => r.id)).toEqual([revs[0]]);
    });
  });
});

describe('CouchDB workspace: a failing network (C9)', () => {
  it('gives NetworkError for a lost connection and leaves the document as it was', async () => {
    const dbUrl = await newDatabase();
    const provider = couchdbProvider(dbUrl, { credentials: alice });
    const first = await provider.saveItem(file('f1', 'One'), undefined);
    server.dropRequests((method) => method === 'PUT');
    await expect(provider.saveItem(file('f1', 'Two'), first)).rejects.toBeInstanceOf(NetworkError);
    server.dropRequests(undefined);
    const page = await provider.getChanges(undefined);
    expect(page.changes[0]?.item).toEqual(file('f1', 'One'));
    const second = await provider.saveItem(file('f1', 'Two'), first);
    expect(second.rev).toMatch(/^2-/);
  });

  it('gives NetworkError for a lost answer; the save was made, and a retry is TOO_LATE', async () => {
    const dbUrl = await newDatabase();
    const provider = couchdbProvider(dbUrl, { credentials: alice });
    const first = await provider.saveItem(file('f1', 'One'), undefined);
    server.dropResponses((method) => method === 'PUT');
    await expect(provider.saveItem(file('f1', 'Two'), first)).rejects.toBeInstanceOf(NetworkError);
    server.dropResponses(undefined);
    await expect(provider.saveItem(file('f1', 'Two'), first)).rejects.toBeInstanceOf(TooLateError);
    const page = await provider.getChanges(undefined);
    expect(page.changes[0]?.item).toEqual(file('f1', 'Two'));
    expect(page.changes[0]?.syncData?.rev).toMatch(/^2-/);
  });

  it('gives NetworkError when the server is gone', async () => {
    const other = await startCouchdbServer();
    const dbUrl = await other.createDatabase('gone');
    const provider = couchdbProvider(dbUrl);
    await provider.saveItem(file('f1', 'One'), undefined);
    await other.stop();
    await expect(provider.getChanges(undefined)).rejects.toBeInstanceOf(NetworkError);
  });
});
