// Issue 33: a CouchDB database StackEdit keeps a workspace in, synced by Inkstone's engine
// through the CouchDB provider, against express-pouchdb in this process. The database is filled
// as StackEdit's CouchDB workspace fills it (fixtures/stackedit/couchdb-workspace.json: the
// bodies its couchdbHelper POSTs), and "StackEdit" below writes and reads as its source does.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentItem, type FileItem, type LocationItem } from '../../items/types.js';
import { couchdbProvider } from '../../testing/couchdb-provider.js';
import { type CouchdbTestServer, startCouchdbServer } from '../../testing/couchdb-server.js';
import { syncBrowser } from '../../testing/sync-browser.js';
import { testContent, testFile } from '../../testing/test-items.js';
import { stackeditItemHash, stackeditJson, stackeditStringHash } from './stackedit-documents.js';

const FIXTURES = new URL('../../transfer/fixtures/stackedit/', import.meta.url);
const fixtureText = (name: string) => readFileSync(new URL(name, FIXTURES), 'utf8');

interface StackeditBody {
  item: { id: string; type: string; hash: number; [field: string]: unknown };
  time: number;
  sub?: string;
  _attachments?: { data: { content_type: string; data: string } };
}
const STACKEDIT_DOCS = JSON.parse(fixtureText('couchdb-workspace.json')) as StackeditBody[];
const BACKUP = JSON.parse(fixtureText('workspace-backup.json')) as Record<
  string,
  { text?: string; properties?: string }
>;
const MAPS = 'qW3eR5tY7uI9oP1a';
const CHAPTER = 'Yk2tJd9QmZ0cW1xE';
const WELCOME = 'aS2dF4gH6jK8lZ0x';

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const unbase64 = (data: string) => Buffer.from(data, 'base64').toString('utf8');
// What StackEdit's Provider.parseContent finds at the end of a text.
const DATA_EXTRACTOR = /<!--stackedit_data:([A-Za-z0-9+/=\s]+)-->\s*$/;

let server: CouchdbTestServer;
let count = 0;

beforeAll(async () => {
  server = await startCouchdbServer();
});
afterAll(async () => {
  await server.stop();
});

// A database as StackEdit left it: each body POSTed, the server naming the documents.
async function stackeditDatabase() {
  const dbUrl = await server.createDatabase(`stackedit-${(count += 1)}`);
  const path = new URL(dbUrl).pathname;
  const ids = new Map<string, { docId: string; rev: string }>();
  for (const body of STACKEDIT_DOCS) {
    const made = await server.asAdmin<{ id: string; rev: string }>('POST', path, body);
    expect(made.status).toBe(201);
    ids.set(body.item.id, { docId: made.body.id, rev: made.body.rev });
  }
  const stackedit = {
    path,
    ids,
    /** A document as StackEdit reads it, with its attachment's text. */
    async read(itemId: string) {
      const { docId } = ids.get(itemId) ?? { docId: itemId };
      const doc = await server.asAdmin<StackeditBody & { _id: string; _rev: string }>(
        'GET',
        `${path}/${encodeURIComponent(docId)}?attachments=true`,
      );
      const attachment = doc.body._attachments?.data;
      return { ...doc.body, text: attachment ? unbase64(attachment.data) : undefined };
    },
    /** What StackEdit's parseContent makes of a content document's text. */
    async parse(itemId: string) {
      const { text } = await stackedit.read(itemId);
      const found = DATA_EXTRACTOR.exec(text!)!;
      const data = found
        ? (JSON.parse(unbase64(found[1]!.replace(/\s/g, ''))) as Record<string, unknown>)
        : {};
      return { text: found ? text!.slice(0, found.index) : text!, ...data };
    },
    /** StackEdit saves a content (its couchdbHelper.uploadDocument, a PUT with the rev). */
    async saveContent(itemId: string, serialized: string, hash: number) {
      const doc = await stackedit.read(itemId);
      const { docId } = ids.get(itemId)!;
      const body = {
        _rev: doc._rev,
        item: { id: itemId, type: 'content', hash },
        time: Date.now(),
        _attachments: { data: { content_type: 'text/plain', data: base64(serialized) } },
      };
      const saved = await server.asAdmin('PUT', `${path}/${encodeURIComponent(docId)}`, body);
      expect(saved.status).toBe(201);
    },
    /** StackEdit removes a document (couchdbHelper.removeDocument). */
    async remove(itemId: string) {
      const doc = await stackedit.read(itemId);
      const { docId } = ids.get(itemId)!;
      const path2 = `${path}/${encodeURIComponent(docId)}?rev=${doc._rev}`;
      expect((await server.asAdmin('DELETE', path2)).status).toBe(200);
    },
  };
  return { dbUrl, stackedit };
}

// Writes the server received since `start` (PUT, POST, DELETE).
const writesSince = (start: number) =>
  server.log.slice(start).filter((line) => /^(PUT|POST|DELETE) /.test(line));

describe("StackEdit's hash (its utils.getItemHash)", () => {
  it('gives what the reference gives', () => {
    // Expected values computed by the reference's own `serializeObject` and `hash`
    // (mafgwo/stackedit src/services/utils.js), run in Node on these items.
    expect(
      stackeditItemHash({ id: 'folder1', type: 'folder', name: 'Notes', parentId: null }),
    ).toBe(118930800);
    const file = { id: 'file1', type: 'file', name: 'Georeferencing', parentId: 'folder1' };
    expect(stackeditItemHash(file)).toBe(-426528650);
    const content = {
      id: 'file1/content',
      type: 'content',
      text: 'Déjà vu — 漢字 😀\n',
      properties: '\n',
      discussions: {},
      comments: {},
      history: [1, 2],
    };
    expect(stackeditItemHash(content)).toBe(-1527822238);
    const location = {
      id: 'loc1',
      type: 'syncLocation',
      fileId: 'file1',
      providerId: 'github',
      sub: '22168157',
      owner: 'o',
      repo: 'r',
      branch: 'main',
      path: 'a.md',
    };
    expect(stackeditItemHash(location)).toBe(187050701);
    expect(stackeditStringHash('')).toBe(0);
    expect(stackeditJson({ b: 1, a: { d: 2, c: [3, { f: 4, e: 5 }] } })).toBe(
      '{"a":{"c":[3,{"e":5,"f":4}],"d":2},"b":1}',
    );
  });

  it("matches the hashes in the fixture's documents", () => {
    for (const { item } of STACKEDIT_DOCS.filter((doc) => !doc._attachments)) {
      expect(stackeditItemHash(item)).toBe(item.hash);
    }
  });
});

describe('A StackEdit CouchDB workspace, synced by Inkstone', () => {
  it('brings every file, folder, text, property, discussion, comment and location', async () => {
    const { dbUrl } = await stackeditDatabase();
    const browser = syncBrowser(couchdbProvider(dbUrl));
    await browser.sync();

    expect(await browser.files()).toEqual([
      [CHAPTER, 'Chapter 1'],
      [WELCOME, 'Welcome file'],
      [MAPS, 'Maps'],
      ['zX9cV7bN5mM3kL1j', 'Old idea'],
    ]);
    const file = (id: string) => browser.repository.get<FileItem>(id);
    expect((await file(MAPS))!.parentId).toBe('hC7Yp3c6Hq4VyRlU');
    expect((await file('zX9cV7bN5mM3kL1j'))!.parentId).toBe('trash');
    const folders = await browser.repository.getAll('folder');
    expect(folders.map((folder) => [folder.id, (folder as FileItem).name]).sort()).toEqual([
      ['8dsoTCxU3L9oH1ZA', 'Novel'],
      ['hC7Yp3c6Hq4VyRlU', 'Drafts'],
    ]);

    // Texts byte for byte, the trailer gone into properties, discussions and comments.
    const chapter = (await browser.content(CHAPTER))!;
    expect(chapter.text).toBe(BACKUP[`${CHAPTER}/content`]!.text);
    expect(chapter.properties).toBe('title: The first chapter\nextensions:\n  preset: gfm\n');
    const maps = (await browser.content(MAPS))!;
    expect(maps.text).toBe(BACKUP[`${MAPS}/content`]!.text);
    expect(maps.text).not.toContain('stackedit_data');
    expect(Object.values(maps.discussions)).toEqual([
      { text: 'Georeferencing', start: 4209, end: 4223 },
    ]);
    expect(maps.text.slice(4209, 4223)).toBe('Georeferencing');
    const [comment] = Object.values(maps.comments);
    expect(comment).toMatchObject({ sub: 'gh:22168157', created: 1686731362258 });
    expect(comment!.text).toMatch(/^This theory reads a little more like an exercise\./);

    const locations = [
      ...(await browser.repository.getAll('syncLocation')),
      ...(await browser.repository.getAll('publishLocation')),
    ] as LocationItem[];
    expect(locations.map(({ hash: _hash, tx: _tx, ...rest }) => rest)).toEqual([
      {
        id: 'uJ7iK9oL1pQ3wE5r',
        type: 'syncLocation',
        providerId: 'github',
        fileId: CHAPTER,
        sub: '22168157',
        owner: 'writer',
        repo: 'novel',
        branch: 'master',
        path: 'Novel/Chapter 1.md',
      },
      {
        id: 'pB4nM6vC8xZ0aS2d',
        type: 'publishLocation',
        fileId: CHAPTER,
        providerId: 'blogger',
        sub: '105436975473282093437',
        blogUrl: 'https://novel-notes.blogspot.com',
        blogId: '5523459812736271',
        postId: '8806612387423',
        templateId: 'plainHtml',
      },
    ]);
    // StackEdit's own settings stay StackEdit's.
    expect(await browser.repository.get('settings')).toBeUndefined();

    // Nothing changed, nothing written: the next sync is quiet.
    const start = server.log.length;
    await browser.sync();
    expect(writesSince(start)).toEqual([]);
  });

  it('writes back as StackEdit does, so that StackEdit still reads the workspace', async () => {
    const { dbUrl, stackedit } = await stackeditDatabase();
    const browser = syncBrowser(couchdbProvider(dbUrl));
    await browser.sync();

    await browser.edit(MAPS, (text) => `${text}A line written in Inkstone.\n`);
    let start = server.log.length;
    await browser.sync();
    expect(writesSince(start)).toEqual([`POST ${stackedit.path}/_bulk_docs`]);

    // The same document, StackEdit's shape: the text with the trailer, StackEdit's hash.
    const doc = await stackedit.read(`${MAPS}/content`);
    expect(doc._rev).toMatch(/^2-/);
    expect(doc._attachments!.data.content_type).toMatch(/^text\/plain/);
    const parsed = await stackedit.parse(`${MAPS}/content`);
    const local = (await browser.content(MAPS))!;
    expect(parsed.text).toBe(local.text);
    expect(parsed.text.endsWith('A line written in Inkstone.\n')).toBe(true);
    expect(parsed).toMatchObject({ discussions: local.discussions, comments: local.comments });
    expect(doc.item).toEqual({
      id: `${MAPS}/content`,
      type: 'content',
      hash: stackeditItemHash({
        type: 'content',
        text: parsed.text,
        properties: '\n',
        discussions: local.discussions,
        comments: local.comments,
      }),
    });

    // Renamed here: the file's document keeps StackEdit's item shape and hash.
    const renamed = await browser.repository.get<FileItem>(CHAPTER);
    const { tx: _tx, hash: _hash, ...fields } = renamed as FileItem & { tx?: number };
    await browser.put(testFile(CHAPTER, 'Chapter One', fields.parentId));
    await browser.sync();
    const fileDoc = await stackedit.read(CHAPTER);
    expect(fileDoc.item).toEqual({
      id: CHAPTER,
      type: 'file',
      name: 'Chapter One',
      parentId: '8dsoTCxU3L9oH1ZA',
      hash: stackeditItemHash({ type: 'file', name: 'Chapter One', parentId: '8dsoTCxU3L9oH1ZA' }),
    });

    // A file made in Inkstone goes in StackEdit's shape too, even from a new session.
    const later = syncBrowser(couchdbProvider(dbUrl));
    await later.sync();
    await later.put(
      testFile('newFileOfInkstone', 'New'),
      testContent('newFileOfInkstone', 'Fresh.\n'),
    );
    await later.sync();
    const fresh = await stackedit.read('newFileOfInkstone/content');
    expect(typeof fresh.item.hash).toBe('number');
    expect(fresh.text).toBe('Fresh.\n');
    expect(typeof (await stackedit.read('newFileOfInkstone')).item.hash).toBe('number');

    // Our own writes read back without a loop.
    start = server.log.length;
    await later.sync();
    await browser.sync();
    expect(writesSince(start)).toEqual([]);
    expect(await browser.text('newFileOfInkstone')).toBe('Fresh.\n');
  });

  it("takes StackEdit's edits and removals, merging with edits made here", async () => {
    const { dbUrl, stackedit } = await stackeditDatabase();
    const browser = syncBrowser(couchdbProvider(dbUrl));
    await browser.sync();

    // StackEdit edits the chapter's first line; Inkstone its last, meanwhile.
    const chapter = BACKUP[`${CHAPTER}/content`]!;
    const theirs = chapter.text!.replace('# Chapter 1', '# Chapter 1: Summer');
    const properties = chapter.properties!;
    const serialized = `${theirs}<!--stackedit_data:\n${base64(JSON.stringify({ properties })).replace(/(.{50})/g, '$1\n')}\n-->`;
    await stackedit.saveContent(
      `${CHAPTER}/content`,
      serialized,
      stackeditItemHash({
        type: 'content',
        text: theirs,
        properties,
        discussions: {},
        comments: {},
      }),
    );
    await browser.edit(CHAPTER, (text) => `${text}\nWritten here.\n`);
    // StackEdit deletes the Welcome file (its file and content documents).
    await stackedit.remove(WELCOME);
    await stackedit.remove(`${WELCOME}/content`);

    await browser.sync();
    const merged = (await browser.content(CHAPTER))!;
    expect(merged.text).toBe(`${theirs}\nWritten here.\n`);
    expect(merged.properties).toBe(properties);
    expect(await browser.repository.get(WELCOME)).toBeUndefined();
    expect(await browser.repository.get(`${WELCOME}/content`)).toBeUndefined();
    // StackEdit reads the merge.
    expect((await stackedit.parse(`${CHAPTER}/content`)).text).toBe(merged.text);
  });

  it('keeps a trailer that does not read in the text: nothing lost', async () => {
    const { dbUrl, stackedit } = await stackeditDatabase();
    const damaged = '# Notes\n<!--stackedit_data:\nnot base64 at all!\n-->';
    await stackedit.saveContent(`${WELCOME}/content`, damaged, 1);
    const browser = syncBrowser(couchdbProvider(dbUrl));
    await browser.sync();
    expect(await browser.text(WELCOME)).toBe(`${damaged}\n`);
  });
});

describe('An Inkstone database stays in Inkstone’s layout', () => {
  it('writes a new file as JSON content under its own id', async () => {
    const dbUrl = await server.createDatabase(`inkstone-${(count += 1)}`);
    const browser = syncBrowser(couchdbProvider(dbUrl));
    await browser.put(testFile('mine', 'Mine'), testContent('mine', 'Mine.\n'));
    await browser.sync();
    const path = new URL(dbUrl).pathname;
    const doc = await server.asAdmin<{ item: ContentItem; _attachments: Record<string, unknown> }>(
      'GET',
      `${path}/mine%2Fcontent?attachments=true`,
    );
    expect(typeof doc.body.item.hash).toBe('string');
    const attachment = doc.body._attachments.data as { content_type: string; data: string };
    expect(attachment.content_type).toBe('application/json');
    expect((JSON.parse(unbase64(attachment.data)) as ContentItem).text).toBe('Mine.\n');
  });
});
