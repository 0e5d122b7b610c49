// Drive files as sync and publish locations, over cloud-sim: the file is made on the first
// sync and recorded on the location, edits of both sides merge, a version written in Drive
// between a read and a write is merged and never overwritten, and publishing overwrites.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withHash } from '../../items/hash.js';
import { type LocationItem } from '../../items/types.js';
import { type PublishLocation } from '../../publish/publisher.js';
import { syncFileLocations } from '../../sync/location-sync.js';
import { afterFirstDownload } from '../../testing/after-first-download.js';
import { type DriveTestCloud, startDriveTestCloud } from '../../testing/drive-provider.js';
import { databaseWithFile } from '../../testing/github-location-forge.js';
import { GOOGLE_DRIVE_SYNC_PROVIDER_ID } from './constants.js';
import { DRIVE_FOLDER_MIME } from './drive-client.js';
import { DriveFieldError } from './drive-params.js';
import { checkDriveFileFields, readDriveFileForm } from './file-location-fields.js';
import { createDriveFileProvider } from './file-location-provider.js';
import { createDriveFilePublisher } from './file-location-publisher.js';

let cloud: DriveTestCloud;
beforeAll(async () => {
  cloud = await startDriveTestCloud();
});
afterAll(() => cloud.close());

async function setup(text: string, fields: Record<string, string>) {
  const file = await databaseWithFile(text, 'title: Notes\n');
  const location = withHash<LocationItem>({
    id: 'loc',
    type: 'syncLocation',
    fileId: 'f',
    providerId: GOOGLE_DRIVE_SYNC_PROVIDER_ID,
    ...fields,
  });
  await file.repository.put([location]);
  const provider = createDriveFileProvider({ client: cloud.client(), repository: file.repository });
  const sync = (p = provider) =>
    syncFileLocations('f', {
      repository: file.repository,
      providers: { [GOOGLE_DRIVE_SYNC_PROVIDER_ID]: p },
    });
  const driveFileId = async () =>
    (await file.repository.get<LocationItem>('loc'))!.driveFileId as string;
  return { ...file, provider, sync, driveFileId };
}

describe('a Drive file as a sync location (over cloud-sim)', () => {
  it('makes Notes.md in the folder on the first sync, then merges edits of both sides', async () => {
    const drive = cloud.client();
    const folder = await drive.create({ name: 'Out', mimeType: DRIVE_FOLDER_MIME });
    const s = await setup('Alpha.\n\nBeta.\n', { driveParentId: folder.id });
    await s.sync();
    const id = await s.driveFileId();
    expect(await drive.getFile(id)).toMatchObject({ name: 'Notes.md', parents: [folder.id] });
    // Plain markdown: the user's words only.
    expect(await drive.download(id)).toBe('Alpha.\n\nBeta.\n');

    await s.edit('Alpha, here.\n\nBeta.\n');
    await drive.update(id, { media: 'Alpha.\n\nBeta, there.\n' });
    await s.sync();
    expect((await s.read()).text).toBe('Alpha, here.\n\nBeta, there.\n');
    expect((await s.read()).properties).toBe('title: Notes\n');
    expect(await drive.download(id)).toBe('Alpha, here.\n\nBeta, there.\n');
    const revisions = (await drive.revisions(id)).length;
    await s.sync();
    expect((await drive.revisions(id)).length).toBe(revisions);
  });

  it('never overwrites a version written in Drive between its read and its write', async () => {
    const drive = cloud.client();
    const existing = await drive.create({ name: 'Shared.md', media: 'One.\n\nTwo.\n' });
    const s = await setup('One.\n\nTwo.\n', { driveFileId: existing.id });
    await s.sync();
    await s.edit('One, here.\n\nTwo.\n');
    const racing = createDriveFileProvider({ client: cloud.client(), repository: s.repository });
    afterFirstDownload(racing, async () => {
      await drive.update(existing.id, { media: 'One.\n\nTwo, elsewhere.\n' });
    });
    await s.sync(racing);
    expect(await drive.download(existing.id)).toBe('One, here.\n\nTwo, elsewhere.\n');
    expect((await s.read()).text).toBe('One, here.\n\nTwo, elsewhere.\n');
  });

  it("checks the dialog's ids in the spec's words", async () => {
    const drive = cloud.client();
    expect(readDriveFileForm({ folderId: '  ', fileId: ' abc ' })).toEqual({ driveFileId: 'abc' });
    await expect(checkDriveFileFields(drive, { driveParentId: 'nope' })).rejects.toThrow(
      new DriveFieldError(
        'folderId',
        'Folder nope is not accessible. Make sure you have the right permissions.',
      ),
    );
    const file = await drive.create({ name: 'x.md', media: 'x' });
    await expect(checkDriveFileFields(drive, { driveParentId: file.id })).rejects.toThrow(
      `Folder ${file.id} is not accessible.`,
    );
    await expect(checkDriveFileFields(drive, { driveFileId: 'gone' })).rejects.toThrow(
      'File gone is not accessible. Make sure you have the right permissions.',
    );
    await expect(checkDriveFileFields(drive, { driveFileId: file.id })).resolves.toBeUndefined();
  });
});

describe('a Drive file as a publish location', () => {
  const location = (fields: Record<string, string>): PublishLocation =>
    withHash<PublishLocation>({
      id: 'pub',
      type: 'publishLocation',
      fileId: 'f',
      providerId: GOOGLE_DRIVE_SYNC_PROVIDER_ID,
      templateId: 'styledHtml',
      ...fields,
    });

  it('makes a new HTML file in the folder, then overwrites it', async () => {
    const drive = cloud.client();
    const publisher = createDriveFilePublisher(drive);
    const folder = await drive.create({ name: 'Site', mimeType: DRIVE_FOLDER_MIME });
    const update = await publisher.publish(
      location({ driveParentId: folder.id, format: 'html' }),
      { title: 'Notes', content: '<h1>One</h1>' },
      undefined,
    );
    const id = (update as { driveFileId: string }).driveFileId;
    expect(await drive.getFile(id)).toMatchObject({
      name: 'Notes.html',
      mimeType: 'text/html',
      parents: [folder.id],
    });
    await publisher.publish(
      location({ driveFileId: id, format: 'html' }),
      { title: 'Notes', content: '<h1>Two</h1>' },
      undefined,
    );
    expect(await drive.download(id)).toBe('<h1>Two</h1>');
  });

  it('overwrites an existing file with markdown', async () => {
    const drive = cloud.client();
    const existing = await drive.create({ name: 'Old.md', media: 'old' });
    const update = await createDriveFilePublisher(drive).publish(
      location({ driveFileId: existing.id, format: 'markdown' }),
      { title: 'Notes', content: '# New\n' },
      undefined,
    );
    expect(update).toBeUndefined();
    expect(await drive.download(existing.id)).toBe('# New\n');
  });
});

describe('the revisions of a Drive file location (over cloud-sim)', () => {
  it('lists the Drive revisions newest first and reads an older one', async () => {
    const drive = cloud.client();
    const folder = await drive.create({ name: 'History', mimeType: DRIVE_FOLDER_MIME });
    const s = await setup('First.\n', { driveParentId: folder.id });
    const before = (await s.repository.get<LocationItem>('loc'))!;
    expect(await s.provider.listRevisions!(before)).toEqual([]);
    await s.sync();
    await drive.update(await s.driveFileId(), { media: 'Second.\n' });
    const location = (await s.repository.get<LocationItem>('loc'))!;
    const revisions = await s.provider.listRevisions!(location);
    expect(revisions).toHaveLength(2);
    expect(revisions[0]!.created).toBeGreaterThanOrEqual(revisions[1]!.created);
    expect(await s.provider.revisionText!(location, revisions[0]!.id)).toBe('Second.\n');
    expect(await s.provider.revisionText!(location, revisions[1]!.id)).toBe('First.\n');
  });
});
