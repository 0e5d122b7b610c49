// The Drive client against cloud-sim: tokens from the port (refreshed by force once after a
// 401), Google's errors mapped, rate limits and server errors retried, pages followed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DriveTestCloud, startDriveTestCloud } from '../../testing/drive-provider.js';
import { DriveApiError, DRIVE_FOLDER_MIME } from './drive-client.js';

let cloud: DriveTestCloud;
beforeAll(async () => {
  cloud = await startDriveTestCloud();
});
afterAll(async () => {
  await cloud.close();
});

describe('DriveClient', () => {
  it('creates by multipart upload, reads, downloads and updates a file', async () => {
    const drive = cloud.client();
    const folder = await drive.create({ name: 'Notes', mimeType: DRIVE_FOLDER_MIME });
    const file = await drive.create({
      name: 'Été.md',
      mimeType: 'text/markdown',
      parents: [folder.id],
      appProperties: { inkId: 'f1' },
      media: 'Bonjour — 🚀\n',
    });
    expect(file).toMatchObject({
      name: 'Été.md',
      parents: [folder.id],
      appProperties: { inkId: 'f1' },
    });
    expect(await drive.download(file.id)).toBe('Bonjour — 🚀\n');
    const other = await drive.create({ name: 'Other', mimeType: DRIVE_FOLDER_MIME });
    const moved = await drive.update(
      file.id,
      { name: 'Renamed.md', media: 'Two\n', appProperties: { inkId: null, inkHash: 'h' } },
      { addParents: other.id, removeParents: folder.id },
    );
    expect(moved).toMatchObject({
      name: 'Renamed.md',
      parents: [other.id],
      appProperties: { inkHash: 'h' },
    });
    expect(moved.appProperties?.inkId).toBeUndefined();
    expect(await drive.download(file.id)).toBe('Two\n');
    const revisions = await drive.revisions(file.id);
    expect(revisions).toHaveLength(2);
    expect(await drive.downloadRevision(file.id, revisions[0]!.id)).toBe('Bonjour — 🚀\n');
  });

  it('refreshes the token by force once after a 401 and retries; the token never in a URL', async () => {
    const drive = cloud.client();
    const folder = await drive.create({ name: 'A', mimeType: DRIVE_FOLDER_MIME });
    const forced = cloud.tokens.forced;
    cloud.google.faults.next({ expiredToken: true, path: /^\/drive\/v3\/files\// });
    expect((await drive.getFile(folder.id)).name).toBe('A');
    expect(cloud.tokens.forced).toBe(forced + 1);
    expect(cloud.requests.some((request) => /ya29|access_token/.test(request))).toBe(false);
  });

  it('retries a rate limit (403 userRateLimitExceeded) and a 503', async () => {
    const drive = cloud.client();
    const folder = await drive.create({ name: 'B', mimeType: DRIVE_FOLDER_MIME });
    cloud.google.faults.next({ rateLimit: true, path: /^\/drive\/v3\/files\// });
    expect((await drive.getFile(folder.id)).name).toBe('B');
    cloud.google.faults.next({ status: 503, path: /^\/drive\/v3\/files\// });
    expect((await drive.getFile(folder.id)).name).toBe('B');
  });

  it("maps Google's errors: 404 notFound with Google's message", async () => {
    const error = await cloud
      .client()
      .getFile('nope')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DriveApiError);
    expect(error).toMatchObject({ status: 404, reason: 'notFound' });
    expect((error as Error).message).toMatch(/File not found/);
  });

  it('follows the pages of a list and of the changes', async () => {
    const drive = cloud.client();
    const start = await drive.startPageToken('drive');
    const folder = await drive.create({ name: 'Many', mimeType: DRIVE_FOLDER_MIME });
    for (let i = 0; i < 5; i += 1) {
      await drive.create({ name: `n${i}`, parents: [folder.id], mimeType: 'text/plain' });
    }
    const page = await drive.listPage(`'${folder.id}' in parents`, 'drive', undefined, 2);
    expect(page.files).toHaveLength(2);
    expect(page.nextPageToken).toBeTruthy();
    expect(
      (await drive.list(`'${folder.id}' in parents`, 'drive')).map((f) => f.name).sort(),
    ).toEqual(['n0', 'n1', 'n2', 'n3', 'n4']);
    const first = await drive.changes(start, 'drive', 4);
    expect(first.changes).toHaveLength(4);
    const second = await drive.changes(first.nextPageToken!, 'drive', 4);
    expect(second.changes).toHaveLength(2);
    expect(second.newStartPageToken).toBeTruthy();
  });
});
