// Issue 33: files made by the real StackEdit (StackEdit+ 6, run in Chromium by
// fixtures/stackedit/real/make-fixtures.mjs), read by Inkstone. The workspace they hold: folders
// `笔记 Notes` and `笔记 Notes/旅行 ✈️ trips`, files `地図 Maps` (properties, a discussion with a
// comment), `京都 2024 🍵` and, in the trash, `ゴミ Trash me 🗑️`, with StackEdit's welcome file.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryDatabase } from '../db/memory-repository.js';
import { type FileItem, type FolderItem } from '../items/types.js';
import { couchdbProvider } from '../testing/couchdb-provider.js';
import { type CouchdbTestServer, startCouchdbServer } from '../testing/couchdb-server.js';
import { syncBrowser } from '../testing/sync-browser.js';
import { stackeditItemHash } from '../providers/couchdb/stackedit-documents.js';
import { filesByPath } from '../testing/files-by-path.js';
import { importStackeditBackup } from './stackedit-backup.js';
import { readStackeditTrailer } from './stackedit-trailer.js';

const REAL = new URL('./fixtures/stackedit/real/', import.meta.url);
const real = (name: string) => readFileSync(new URL(name, REAL), 'utf8');

interface BackupItem {
  type: string;
  name?: string;
  parentId?: string | null;
  text?: string;
  properties?: string;
  discussions?: Record<string, { start: number; end: number; text: string }>;
  comments?: Record<string, { discussionId: string; sub: string; text: string; created: number }>;
}
const BACKUP_TEXT = real('StackEdit workspace.json');
const BACKUP = JSON.parse(BACKUP_TEXT) as Record<string, BackupItem>;

/** The backup's content of the file named `name`. */
function backupContent(name: string): BackupItem {
  const [id] = Object.entries(BACKUP).find(
    ([, item]) => item.type === 'file' && item.name === name,
  )!;
  return BACKUP[`${id}/content`]!;
}

const MAPS = '笔记 Notes/地図 Maps.md';
const TRIP = '笔记 Notes/旅行 ✈️ trips/京都 2024 🍵.md';
const QUOTED = 'this sentence 🌏 about 地図';

describe("StackEdit's real workspace backup (StackEdit workspace.json)", () => {
  it('brings every file and folder, with texts, properties, discussions and comments', async () => {
    const repo = new MemoryDatabase('inkstone-db').connect();
    let n = 0;
    const newId = () => `id${String((n += 1)).padStart(14, '0')}`;
    const report = await importStackeditBackup(repo, newId, BACKUP_TEXT);
    expect(report?.skipped).toEqual([]);
    expect(report?.folders.map((folder) => folder.name).sort()).toEqual([
      '旅行 ✈️ trips',
      '笔记 Notes',
    ]);
    const files = await filesByPath(repo);
    expect(Object.keys(files).sort()).toEqual(
      ['Welcome file.md', MAPS, TRIP, 'trash/ゴミ Trash me 🗑️'].sort(),
    );

    // Byte for byte, as StackEdit wrote them.
    const maps = files[MAPS]!;
    const mapsBackup = backupContent('地図 Maps');
    expect(maps.text).toBe(mapsBackup.text);
    expect(files[TRIP]!.text).toBe(backupContent('京都 2024 🍵').text);
    expect(files['Welcome file.md']!.text).toBe(backupContent('Welcome file').text);
    expect(files['trash/ゴミ Trash me 🗑️']!.text).toBe('捨てるファイル 🗑️\n');
    expect(maps.properties).toBe('title: 地図と旅\ntags: [旅行, 🗺️]\nextensions:\n  preset: gfm\n');

    // The discussion is where StackEdit put it (after emoji: UTF-16 places, as StackEdit's).
    expect(maps.discussions).toEqual(mapsBackup.discussions);
    const [discussion] = Object.values(maps.discussions);
    expect(maps.text.slice(discussion!.start, discussion!.end)).toBe(QUOTED);
    expect(maps.comments).toEqual(mapsBackup.comments);
    expect(Object.values(maps.comments)).toEqual([
      expect.objectContaining({ sub: 'gh:22168157', text: 'Is 地図 the right word? 🤔' }),
    ]);
    // The backup has no sync or publish location: none is made.
    expect(await repo.getAll('syncLocation')).toEqual([]);
    expect(await repo.getAll('publishLocation')).toEqual([]);
  });
});

describe('A markdown file StackEdit wrote', () => {
  it('reads its trailer (what StackEdit gives its providers): text, properties and talk', () => {
    const read = readStackeditTrailer(real('maps-with-trailer.md'))!;
    const mapsBackup = backupContent('地図 Maps');
    expect(read.text).toBe(mapsBackup.text);
    expect(read.properties).toBe(mapsBackup.properties);
    const [discussion] = Object.values(read.discussions);
    expect(discussion).toEqual({ ...Object.values(mapsBackup.discussions!)[0] });
    expect(read.text.slice(discussion!.start, discussion!.end)).toBe(QUOTED);
    const [comment] = Object.values(read.comments);
    expect(comment).toMatchObject({
      sub: 'gh:22168157',
      text: 'Is 地図 the right word? 🤔',
      created: 1700000000000,
    });
    expect(read.discussions[comment!.discussionId]).toBe(discussion);
  });

  it('leaves whole a file of its "Export as Markdown", which has no trailer', () => {
    const exported = real('exported-markdown.md');
    expect(exported).toBe(backupContent('京都 2024 🍵').text);
    expect(readStackeditTrailer(exported)).toBeUndefined();
  });
});

interface CouchDoc {
  _id: string;
  _rev: string;
  item: { id: string; type: string; name?: string; parentId?: string | null };
  _attachments?: { data: { content_type: string; data: string } };
  [field: string]: unknown;
}

describe("StackEdit's real CouchDB workspace, synced by Inkstone", () => {
  let server: CouchdbTestServer;
  beforeAll(async () => {
    server = await startCouchdbServer();
  });
  afterAll(async () => {
    await server.stop();
  });

  const docs = JSON.parse(real('couchdb-workspace.real.json')) as CouchDoc[];
  const byName = (name: string) => docs.find((doc) => doc.item.name === name)!.item;
  let count = 0;

  /** A database holding the documents as StackEdit left them: ids, bodies, attachments. */
  async function stackeditDatabase() {
    const name = `stackedit-real-${(count += 1)}`;
    const dbUrl = await server.createDatabase(name);
    for (const { _id, _rev: _ignored, _attachments, ...body } of docs) {
      const attachments = _attachments && {
        data: { content_type: _attachments.data.content_type, data: _attachments.data.data },
      };
      const made = await server.asAdmin('PUT', `/${name}/${_id}`, {
        ...body,
        ...(attachments ? { _attachments: attachments } : {}),
      });
      expect(made.status).toBe(201);
    }
    return { name, dbUrl };
  }

  it("hashes StackEdit's items as StackEdit does (its utils.getItemHash)", () => {
    // Files and folders as the documents hold them; contents as the backup holds them (the
    // stubs of the documents carry the same hash as the backup's item of the same text).
    const whole = docs.filter((doc) => ['file', 'folder'].includes(doc.item.type));
    expect(whole).toHaveLength(5);
    for (const { item } of whole) {
      expect(stackeditItemHash(item)).toBe((item as { hash?: number }).hash);
    }
    const contents = Object.values(BACKUP).filter((item) =>
      ['file', 'folder', 'content'].includes(item.type),
    );
    expect(contents).toHaveLength(10);
    for (const { tx: _tx, ...item } of contents as (BackupItem & { tx?: number })[]) {
      expect(stackeditItemHash(item)).toBe((item as { hash?: number }).hash);
    }
  });

  it('takes a document POSTed to the database URL with a slash, where StackEdit POSTs', async () => {
    // StackEdit's couchdbHelper POSTs new documents to `{dbUrl}/`; CouchDB reads `/db/` as `/db`.
    const { name } = await stackeditDatabase();
    const body = { item: { id: 'x', type: 'folder', name: 'X', parentId: null, hash: 1 }, time: 1 };
    const made = await server.asAdmin<{ id: string }>('POST', `/${name}/`, body);
    expect(made.status).toBe(201);
    const read = await server.asAdmin<{ item: unknown }>('GET', `/${name}/${made.body.id}`);
    expect(read.body.item).toEqual(body.item);
  });

  it('brings every file, folder, text, property, discussion and comment', async () => {
    const { dbUrl } = await stackeditDatabase();
    const browser = syncBrowser(couchdbProvider(dbUrl));
    await browser.sync();

    const files = await filesByPath(browser.repository);
    expect(Object.keys(files).sort()).toEqual([MAPS, TRIP, 'trash/ゴミ Trash me 🗑️'].sort());
    // StackEdit's own ids are kept.
    expect((await browser.repository.get<FileItem>(byName('地図 Maps').id))?.name).toBe(
      '地図 Maps',
    );
    const notes = await browser.repository.get<FolderItem>(byName('笔记 Notes').id);
    expect(notes?.name).toBe('笔记 Notes');

    // Each text is the attachment's text before its trailer, byte for byte.
    const attachmentText = (fileName: string) => {
      const id = `${byName(fileName).id}/content`;
      const doc = docs.find((entry) => entry.item.id === id)!;
      return Buffer.from(doc._attachments!.data.data, 'base64').toString('utf8');
    };
    const maps = files[MAPS]!;
    const mapsAttachment = readStackeditTrailer(attachmentText('地図 Maps'))!;
    expect(maps.text).toBe(mapsAttachment.text);
    expect(maps.text).toBe(backupContent('地図 Maps').text);
    expect(maps.properties).toBe(mapsAttachment.properties);
    expect(maps.discussions).toEqual(mapsAttachment.discussions);
    expect(maps.comments).toEqual(mapsAttachment.comments);
    const [discussion] = Object.values(maps.discussions);
    expect(maps.text.slice(discussion!.start, discussion!.end)).toBe(QUOTED);
    expect(files[TRIP]!.text).toBe(readStackeditTrailer(attachmentText('京都 2024 🍵'))!.text);
    expect(files['trash/ゴミ Trash me 🗑️']!.text).toBe('捨てるファイル 🗑️\n');

    // Nothing changed, nothing written: the next sync is quiet.
    const start = server.log.length;
    await browser.sync();
    expect(server.log.slice(start).filter((line) => /^(PUT|POST|DELETE) /.test(line))).toEqual([]);
  });

  it("writes an edit back in StackEdit's shape: its text and trailer, the talk kept", async () => {
    const { name, dbUrl } = await stackeditDatabase();
    const browser = syncBrowser(couchdbProvider(dbUrl));
    await browser.sync();
    const mapsId = byName('地図 Maps').id;
    await browser.edit(mapsId, (text) => `${text}Écrit dans Inkstone 🖋️.\n`);
    await browser.sync();

    const doc = docs.find((entry) => entry.item.id === `${mapsId}/content`)!;
    const saved = await server.asAdmin<CouchDoc>('GET', `/${name}/${doc._id}?attachments=true`);
    expect(saved.body.item).toMatchObject({ id: `${mapsId}/content`, type: 'content' });
    const attachment = saved.body._attachments!.data;
    expect(attachment.content_type).toBe('text/plain');
    const read = readStackeditTrailer(Buffer.from(attachment.data, 'base64').toString('utf8'))!;
    expect(read.text).toBe(`${backupContent('地図 Maps').text}Écrit dans Inkstone 🖋️.\n`);
    const before = readStackeditTrailer(
      Buffer.from(doc._attachments!.data.data, 'base64').toString('utf8'),
    )!;
    expect(read.properties).toBe(before.properties);
    expect(read.discussions).toEqual(before.discussions);
    expect(read.comments).toEqual(before.comments);
  });
});
