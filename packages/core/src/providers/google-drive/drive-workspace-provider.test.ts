// What the Drive workspace does beyond the shared contract: the folder it opens or makes,
// its layout (plain markdown, data and trash folders), the guard against changes made
// elsewhere, and the changes feed (trash counts as removal, texts edited in Drive).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryDatabase } from '../../db/memory-repository.js';
import { hashItem } from '../../items/hash.js';
import { type ContentItem, type FileItem } from '../../items/types.js';
import { TooLateError } from '../../sync/workspace-provider.js';
import { WorkspaceSynchronizer } from '../../sync/workspace-sync.js';
import { type DriveTestCloud, startDriveTestCloud } from '../../testing/drive-provider.js';
import { readAllChanges } from '../../testing/workspace-provider-contract.js';
import { DRIVE_FOLDER_MIME } from './drive-client.js';
import {
  adoptedItemId,
  DriveFolderError,
  DriveWorkspaceProvider,
  openDriveWorkspace,
} from './drive-workspace-provider.js';

let cloud: DriveTestCloud;
beforeAll(async () => {
  cloud = await startDriveTestCloud();
});
afterAll(async () => {
  await cloud.close();
});

const file = (id: string, name: string, parentId: string | null = null): FileItem => {
  const item = { id, type: 'file' as const, name, parentId };
  return { ...item, hash: hashItem(item) };
};
const content = (fileId: string, text: string, properties = ''): ContentItem => {
  const item = {
    id: `${fileId}/content`,
    type: 'content' as const,
    text,
    properties,
    discussions: {},
    comments: {},
    history: [],
  };
  return { ...item, hash: hashItem(item) };
};

describe('openDriveWorkspace', () => {
  it('makes a folder named after the workspace in the drive root, with its data and trash folders', async () => {
    const drive = cloud.client();
    const opened = await openDriveWorkspace(drive, '', 'My notes');
    const root = await drive.getFile(opened.folderId);
    expect(root).toMatchObject({ name: 'My notes', mimeType: DRIVE_FOLDER_MIME });
    const inside = await drive.list(`'${opened.folderId}' in parents`, 'drive');
    expect(inside.map((f) => f.name).sort()).toEqual(['.inkstone-data', '.inkstone-trash']);
    // Opened again, the same folders.
    expect(await openDriveWorkspace(drive, opened.folderId, 'x')).toEqual(opened);
  });

  it('refuses a folder it cannot reach, and a folder of another workspace, in the spec words', async () => {
    const drive = cloud.client();
    await expect(openDriveWorkspace(drive, 'missing-id', 'x')).rejects.toThrow(
      new DriveFolderError(
        'Folder missing-id is not accessible. Make sure you have the right permissions.',
      ),
    );
    const opened = await openDriveWorkspace(drive, '', 'Outer');
    const provider = new DriveWorkspaceProvider({ client: drive, ...opened });
    const folder = { id: 'sub', type: 'folder' as const, name: 'Sub', parentId: null };
    const saved = await provider.saveItem({ ...folder, hash: hashItem(folder) }, undefined);
    await expect(openDriveWorkspace(drive, saved.id, 'x')).rejects.toThrow(
      `Folder ${saved.id} is part of another workspace.`,
    );
  });
});

describe('DriveWorkspaceProvider', () => {
  it('keeps a file as plain markdown in its folder, its properties in .inkstone-data', async () => {
    const provider = await cloud.provider();
    const drive = cloud.client();
    const folderItem = { id: 'fo', type: 'folder' as const, name: 'Chapter', parentId: null };
    const folderSync = await provider.saveItem(
      { ...folderItem, hash: hashItem(folderItem) },
      undefined,
    );
    const saved = await provider.saveItem(file('f1', 'Intro', 'fo'), undefined);
    await provider.uploadContent(content('f1', '# Hello\n', 'title: Hi\n'), undefined);
    const md = await drive.getFile(saved.id);
    expect(md).toMatchObject({
      name: 'Intro.md',
      mimeType: 'text/markdown',
      parents: [folderSync.id],
    });
    expect(await drive.download(saved.id)).toBe('# Hello\n');
    const data = await drive.download(md.appProperties!.inkData!);
    expect(JSON.parse(data)).toEqual({ properties: 'title: Hi\n' });
    expect((await drive.getFile(md.appProperties!.inkData!)).name).toBe('f1.json');
  });

  it('refuses (TOO_LATE) to overwrite a text changed by another client since the last read', async () => {
    const provider = await cloud.provider();
    const first = await provider.uploadContent(content('f1', 'one\n'), undefined);
    const other = new DriveWorkspaceProvider({
      client: cloud.client(),
      folderId: provider.folderId,
    });
    await other.getChanges(undefined);
    await other.uploadContent(content('f1', 'theirs\n'), first);
    await expect(provider.uploadContent(content('f1', 'mine\n'), first)).rejects.toBeInstanceOf(
      TooLateError,
    );
    expect(await cloud.client().download(first.id)).toBe('theirs\n');
  });

  it('reads a text edited in Drive (not by Inkstone) as changed, and uploads over it once read', async () => {
    const provider = await cloud.provider();
    const { cursor } = await readAllChanges(provider);
    const first = await provider.uploadContent(content('f1', 'one\n'), undefined);
    await cloud.client().update(first.id, { media: 'edited in Drive\n' });
    const { pages, cursor: next } = await readAllChanges(provider, cursor);
    const change = pages.flat().find((c) => c.itemId === 'f1/content')!;
    expect(change.item?.hash).not.toBe(first.hash);
    const downloaded = await provider.downloadContent('f1', change.syncData!);
    expect(downloaded?.text).toBe('edited in Drive\n');
    await expect(provider.uploadContent(content('f1', 'x\n'), first)).rejects.toBeInstanceOf(
      TooLateError,
    );
    const merged = content('f1', 'edited in Drive\nand here\n');
    const after = await provider.uploadContent(merged, change.syncData!);
    const { pages: again } = await readAllChanges(provider, next);
    expect(again.flat().find((c) => c.itemId === 'f1/content')?.syncData).toEqual(after);
  });

  it('counts a file trashed in Drive as removed (the file and its text)', async () => {
    const provider = await cloud.provider();
    const saved = await provider.saveItem(file('f1', 'Doc'), undefined);
    await provider.uploadContent(content('f1', 'text\n'), undefined);
    const { cursor } = await readAllChanges(provider);
    await cloud.client().update(saved.id, { trashed: true });
    const { pages } = await readAllChanges(provider, cursor);
    const byId = new Map(pages.flat().map((c) => [c.itemId, c.item]));
    expect(byId.get('f1')).toBeNull();
    expect(byId.get('f1/content')).toBeNull();
  });

  it('puts a file saved before its folder into that folder once the folder is saved', async () => {
    const provider = await cloud.provider();
    const drive = cloud.client();
    const text = await provider.uploadContent(content('f1', 'text\n'), undefined);
    await provider.saveItem(file('f1', 'Doc', 'fo'), undefined);
    const folderItem = { id: 'fo', type: 'folder' as const, name: 'Chapter', parentId: null };
    const folder = await provider.saveItem(
      { ...folderItem, hash: hashItem(folderItem) },
      undefined,
    );
    expect(await drive.getFile(folder.id)).toMatchObject({ name: 'Chapter' });
    expect((await drive.getFile(text.id)).parents).toEqual([folder.id]);
    const { pages } = await readAllChanges(provider);
    const items = new Map(pages.flat().map((c) => [c.itemId, c.item]));
    expect(items.get('f1')).toMatchObject({ parentId: 'fo', name: 'Doc' });
    expect(items.get('fo')).toMatchObject({ name: 'Chapter', parentId: null });
  });

  it('moves a removed file into .inkstone-trash', async () => {
    const provider = await cloud.provider();
    const drive = cloud.client();
    const saved = await provider.saveItem(file('f1', 'Doc'), undefined);
    const text = await provider.uploadContent(content('f1', 'text\n'), undefined);
    await provider.removeItem(text);
    await provider.removeItem(saved);
    const md = await drive.getFile(saved.id);
    const trash = await drive.getFile(md.parents![0]!);
    expect(trash.name).toBe('.inkstone-trash');
  });

  it('takes in the .md files and folders another tool put in the workspace folder, and writes back to those same files', async () => {
    const provider = await cloud.provider();
    const drive = cloud.client();
    const root = provider.folderId;
    const notes = await drive.create({
      name: 'Notes.md',
      mimeType: 'text/plain',
      parents: [root],
      media: '# Notes\n',
    });
    const drafts = await drive.create({
      name: 'Drafts',
      mimeType: DRIVE_FOLDER_MIME,
      parents: [root],
    });
    const chapter = await drive.create({
      name: 'Chapter 1.md',
      mimeType: 'text/markdown',
      parents: [drafts.id],
      media: 'It was a dark night.\n',
    });
    // Not markdown: left alone.
    const other = await drive.create({
      name: 'photo.txt',
      mimeType: 'text/plain',
      parents: [root],
      media: 'x',
    });
    const doc = await drive.create({
      name: 'Plan.md',
      mimeType: 'application/vnd.google-apps.document',
      parents: [root],
    });

    const { pages, cursor } = await readAllChanges(provider);
    const changes = new Map(pages.flat().map((change) => [change.itemId, change]));
    const notesId = adoptedItemId(notes.id);
    const draftsId = adoptedItemId(drafts.id);
    const chapterId = adoptedItemId(chapter.id);
    expect(notesId).toMatch(/^[0-9a-zA-Z]{16}$/);
    expect(changes.get(notesId)?.item).toMatchObject({
      type: 'file',
      name: 'Notes',
      parentId: null,
    });
    expect(changes.get(draftsId)?.item).toMatchObject({
      type: 'folder',
      name: 'Drafts',
      parentId: null,
    });
    expect(changes.get(chapterId)?.item).toMatchObject({
      type: 'file',
      name: 'Chapter 1',
      parentId: draftsId,
    });
    expect(changes.has(adoptedItemId(other.id))).toBe(false);
    expect(changes.has(adoptedItemId(doc.id))).toBe(false);

    // Its text downloads, and the sync's upload goes to the same Drive file.
    const text = changes.get(`${chapterId}/content`)!;
    expect(text.item).not.toBeNull();
    expect((await provider.downloadContent(chapterId, text.syncData!))?.text).toBe(
      'It was a dark night.\n',
    );
    const uploaded = await provider.uploadContent(
      content(chapterId, 'It was a dark and stormy night.\n'),
      text.syncData!,
    );
    expect(uploaded.id).toBe(chapter.id);
    expect(await drive.download(chapter.id)).toBe('It was a dark and stormy night.\n');
    const inDrafts = await drive.list(`'${drafts.id}' in parents and trashed = false`, 'drive');
    expect(inDrafts.map((f) => f.name)).toEqual(['Chapter 1.md']);

    // Another client of the same folder sees the same items, with the same ids.
    const second = new DriveWorkspaceProvider({ client: cloud.client(), folderId: root });
    const { pages: seen } = await readAllChanges(second);
    const secondIds = new Set(seen.flat().map((change) => change.itemId));
    for (const id of [notesId, draftsId, chapterId, `${chapterId}/content`]) {
      expect(secondIds.has(id)).toBe(true);
    }

    // A markdown file the other tool adds later, in a folder taken in, comes through the
    // changes feed; so does a folder it adds with a file already in it.
    const later = await drive.create({
      name: 'Chapter 2.md',
      parents: [drafts.id],
      media: 'Morning came.\n',
    });
    const extra = await drive.create({
      name: 'Extra',
      mimeType: DRIVE_FOLDER_MIME,
      parents: [root],
    });
    const inside = await drive.create({ name: 'Aside.md', parents: [extra.id], media: 'Aside\n' });
    // Markdown files elsewhere in the drive stay out; their folder is read once.
    const elsewhere = await drive.create({ name: 'Elsewhere', mimeType: DRIVE_FOLDER_MIME });
    const outside = [1, 2].map((n) => ({ name: `Outside ${n}.md`, parents: [elsewhere.id] }));
    const outsideFiles = [
      await drive.create({ ...outside[0]!, media: 'out\n' }),
      await drive.create({ ...outside[1]!, media: 'out\n' }),
    ];
    const fresh = new DriveWorkspaceProvider({ client: cloud.client(), folderId: root });
    const readsBefore = cloud.requests.length;
    const { pages: next } = await readAllChanges(fresh, cursor);
    const elsewhereReads = cloud.requests
      .slice(readsBefore)
      .filter((request) => request.endsWith(`/files/${elsewhere.id}`));
    expect(elsewhereReads).toEqual([`GET /drive/v3/files/${elsewhere.id}`]);
    for (const out of outsideFiles) {
      expect(next.flat().some((change) => change.itemId === adoptedItemId(out.id))).toBe(false);
      expect((await drive.getFile(out.id)).appProperties ?? {}).toEqual({});
    }
    const arrived = new Map(next.flat().map((change) => [change.itemId, change.item]));
    expect(arrived.get(adoptedItemId(later.id))).toMatchObject({
      name: 'Chapter 2',
      parentId: draftsId,
    });
    expect(arrived.get(adoptedItemId(extra.id))).toMatchObject({ type: 'folder', name: 'Extra' });
    expect(arrived.get(adoptedItemId(inside.id))).toMatchObject({
      name: 'Aside',
      parentId: adoptedItemId(extra.id),
    });
    expect(arrived.get(`${adoptedItemId(later.id)}/content`)).not.toBeNull();
  });

  it('gives files and folders named in Drive with a slash, a line break or over 250 characters the names the explorer would, and keeps their texts and Drive names', async () => {
    const provider = await cloud.provider();
    const drive = cloud.client();
    const root = provider.folderId;
    const folder = await drive.create({
      name: '2027/Q1',
      mimeType: DRIVE_FOLDER_MIME,
      parents: [root],
    });
    const plan = await drive.create({
      name: 'Plan/draft\n2.md',
      parents: [folder.id],
      media: 'The plan.\n',
    });
    const long = await drive.create({
      name: `${'x'.repeat(300)}.md`,
      parents: [root],
      media: 'L\n',
    });
    const bare = await drive.create({ name: '.md', parents: [root], media: 'Bare\n' });
    const repository = new MemoryDatabase('client').connect();
    const synchronizer = new WorkspaceSynchronizer({
      repository,
      provider,
      welcomeFileHashes: new Set(),
    });
    await synchronizer.sync();

    const folderId = adoptedItemId(folder.id);
    const planId = adoptedItemId(plan.id);
    expect(await repository.get(folderId)).toMatchObject({ type: 'folder', name: '2027 Q1' });
    expect(await repository.get(planId)).toMatchObject({
      name: 'Plan draft 2',
      parentId: folderId,
    });
    expect((await repository.get<ContentItem>(`${planId}/content`))?.text).toBe('The plan.\n');
    expect(await repository.get(adoptedItemId(long.id))).toMatchObject({ name: 'x'.repeat(250) });
    expect((await repository.get<ContentItem>(`${adoptedItemId(long.id)}/content`))?.text).toBe(
      'L\n',
    );
    expect(await repository.get(adoptedItemId(bare.id))).toMatchObject({ name: 'Untitled' });
    expect((await repository.get<ContentItem>(`${adoptedItemId(bare.id)}/content`))?.text).toBe(
      'Bare\n',
    );
    // Drive keeps its own names: nothing was renamed there by taking them in.
    expect((await drive.getFile(plan.id)).name).toBe('Plan/draft\n2.md');
    expect((await drive.getFile(folder.id)).name).toBe('2027/Q1');

    // Renamed in Drive later, the same rule; a second sync changes nothing more.
    await drive.update(plan.id, { name: 'Plan / final.md' });
    await synchronizer.sync();
    expect(await repository.get(planId)).toMatchObject({ name: 'Plan final' });
    expect((await drive.getFile(plan.id)).name).toBe('Plan / final.md');
  });

  it('syncs a folder of notes another tool wrote: their texts come in whole, and an edit here goes back to the same Drive file', async () => {
    const provider = await cloud.provider();
    const drive = cloud.client();
    const notes = await drive.create({
      name: 'Notes.md',
      parents: [provider.folderId],
      media: 'First line.\n',
    });
    const repository = new MemoryDatabase('client').connect();
    const synchronizer = new WorkspaceSynchronizer({
      repository,
      provider,
      welcomeFileHashes: new Set(),
    });
    await synchronizer.sync();
    const id = adoptedItemId(notes.id);
    expect(await repository.get<FileItem>(id)).toMatchObject({ name: 'Notes', parentId: null });
    const text = await repository.get<ContentItem>(`${id}/content`);
    expect(text?.text).toBe('First line.\n');

    await repository.put([content(id, 'First line.\nSecond line, written here.\n')]);
    await synchronizer.sync();
    expect(await drive.download(notes.id)).toBe('First line.\nSecond line, written here.\n');
    const mds = await drive.list(
      `'${provider.folderId}' in parents and trashed = false and mimeType != '${DRIVE_FOLDER_MIME}'`,
      'drive',
    );
    expect(mds.map((f) => f.name)).toEqual(['Notes.md']);

    // Edited again by the other tool: merged here, nothing lost.
    await drive.update(notes.id, {
      media: 'First line, edited there.\nSecond line, written here.\n',
    });
    await synchronizer.sync();
    expect((await repository.get<ContentItem>(`${id}/content`))?.text).toBe(
      'First line, edited there.\nSecond line, written here.\n',
    );
  });
});
