// The Drive file locations of the app over cloud-sim (in-process), with a test Google accounts
// port as the app registers its own: a sync location checked, added and synced (a new Drive file
// made, then changes of both sides merged), a Drive file opened into a new local file (once),
// a publish location added and published as HTML, Drive's "New" and "Open with", and what the
// user is told when an id cannot be reached.
import { type CloudSim, type GoogleUser } from '@inkstone/cloud-sim';
import {
  type ContentItem,
  DriveFieldError,
  type FileItem,
  GOOGLE_SCOPE,
  itemIds,
  type LocationItem,
  MemoryDatabase,
  publishFile,
  syncFileLocations,
  withHash,
  newFileItems,
} from '@inkstone/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GoogleSim, issueGoogleToken, startGoogleSim } from '../../testing/google-sim';
import { realHttpClient } from '../../testing/real-http';
import { type GoogleAccountsPort } from '../google/google-accounts-port';
import {
  driveAccountMissing,
  driveLocationProviders,
  driveLocationPublishers,
  type DriveLocationContext,
} from './drive-location-providers';
import {
  couldNotOpenDriveFile,
  driveLocationHandlers,
  type DriveLocationServices,
  runDriveStartState,
} from './drive-location-handlers';

const CLIENT_ID = 'inkstone-web-drive-location-tests';
let sim: GoogleSim;
let google: CloudSim;
let alice: GoogleUser;
let driveToken: string;

function testPort(): GoogleAccountsPort {
  const token = issueGoogleToken(sim, alice, [GOOGLE_SCOPE.drive], { isDrive: true });
  return {
    list: async () => [token],
    link: async () => token,
    fresh: async (sub, scopes) => {
      if (sub !== alice.id || !scopes.includes(GOOGLE_SCOPE.drive)) {
        throw new Error('Could not get required authorization.');
      }
      return token;
    },
  };
}

const http = () => realHttpClient();

beforeAll(async () => {
  sim = await startGoogleSim(CLIENT_ID);
  ({ google, alice } = sim);
  driveToken = issueGoogleToken(sim, alice, [GOOGLE_SCOPE.drive]).accessToken;
});
afterAll(async () => {
  await google.close();
});

// Drive as another app of Alice's sees it.
async function drive(path: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(`${google.url}${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${driveToken}`, ...(init.headers ?? {}) },
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response;
}
const driveText = async (id: string) => (await drive(`/drive/v3/files/${id}?alt=media`)).text();
const writeDrive = (id: string, text: string) =>
  drive(`/upload/drive/v3/files/${id}?uploadType=media`, { method: 'PATCH', body: text });
async function makeDriveFile(name: string, text: string, mimeType = 'text/markdown') {
  const body =
    `--b\r\nContent-Type: application/json\r\n\r\n${JSON.stringify({ name, mimeType })}\r\n` +
    `--b\r\nContent-Type: ${mimeType}\r\n\r\n${text}\r\n--b--`;
  return (await (
    await drive('/upload/drive/v3/files?uploadType=multipart&fields=id', {
      method: 'POST',
      headers: { 'Content-Type': 'multipart/related; boundary=b' },
      body,
    })
  ).json()) as { id: string };
}
async function makeFolder(name: string) {
  return (await (
    await drive('/drive/v3/files?fields=id', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name, mimeType: 'application/vnd.google-apps.folder' }),
    })
  ).json()) as { id: string };
}

let counter = 0;
function setUp() {
  const repository = new MemoryDatabase(`drive-locations-${(counter += 1)}`).connect();
  const context: DriveLocationContext = {
    googleUrl: () => google.url,
    http: http(),
    accounts: testPort,
  };
  const services: DriveLocationServices = {
    repository,
    newId: () => `id${(counter += 1)}`,
    context,
    syncFile: (fileId) =>
      syncFileLocations(fileId, {
        repository,
        providers: driveLocationProviders(repository, context),
      }),
  };
  return { repository, context, services, handlers: driveLocationHandlers(services) };
}
const textOf = async (services: DriveLocationServices, fileId: string) =>
  (await services.repository.get<ContentItem>(itemIds.content(fileId)))?.text;
async function localFile(services: DriveLocationServices, name: string, text: string) {
  const items = newFileItems(services.newId, { name, text });
  await services.repository.put(items);
  return items[0].id;
}
async function setText(services: DriveLocationServices, fileId: string, text: string) {
  const current = await services.repository.get<ContentItem>(itemIds.content(fileId));
  const { hash: _hash, ...rest } = current!;
  await services.repository.put([withHash<ContentItem>({ ...rest, text })]);
}

describe('Drive file locations in the app (cloud-sim)', { timeout: 30_000 }, () => {
  it('makes the Drive file in the folder on the first sync, then merges both sides', async () => {
    const { services, handlers, repository } = setUp();
    const folder = await makeFolder('Notes');
    const fileId = await localFile(services, 'Plan', '# Plan\n\nStart.\n\nEnd.\n');
    const status = await handlers.addSyncLocation(fileId, {
      purpose: 'sync',
      sub: alice.id,
      fields: { driveParentId: folder.id },
    });
    expect(status).toMatch(/^Synchronized at /);
    const [location] = (await repository.getAll('syncLocation')) as LocationItem[];
    expect(location).toMatchObject({ providerId: 'googleDrive', sub: alice.id, fileId });
    const driveId = String(location!.driveFileId);
    expect(await driveText(driveId)).toBe('# Plan\n\nStart.\n\nEnd.\n');
    const listed = (await (
      await drive(
        `/drive/v3/files?q=${encodeURIComponent(`'${folder.id}' in parents`)}&fields=files(name)`,
      )
    ).json()) as { files: { name: string }[] };
    expect(listed.files.map((file) => file.name)).toEqual(['Plan.md']);

    await writeDrive(driveId, '# Plan\n\nStart.\n\nEnd, from Drive.\n');
    await setText(services, fileId, '# Plan\n\nStart, from here.\n\nEnd.\n');
    await services.syncFile(fileId);
    const merged = '# Plan\n\nStart, from here.\n\nEnd, from Drive.\n';
    expect(await textOf(services, fileId)).toBe(merged);
    expect(await driveText(driveId)).toBe(merged);
  });

  it('refuses a folder or file the account cannot reach, in the spec words, adding nothing', async () => {
    const { services, handlers, repository } = setUp();
    const fileId = await localFile(services, 'Plan', 'text');
    const file = await makeDriveFile('Not a folder.md', 'x');
    await expect(
      handlers.addSyncLocation(fileId, {
        purpose: 'sync',
        sub: alice.id,
        fields: { driveParentId: file.id },
      }),
    ).rejects.toThrow(
      new DriveFieldError(
        'folderId',
        `Folder ${file.id} is not accessible. Make sure you have the right permissions.`,
      ),
    );
    await expect(
      handlers.addSyncLocation(fileId, {
        purpose: 'sync',
        sub: alice.id,
        fields: { driveFileId: 'missing-file-id-123' },
      }),
    ).rejects.toThrow(
      'File missing-file-id-123 is not accessible. Make sure you have the right permissions.',
    );
    await expect(
      handlers.addSyncLocation(fileId, { purpose: 'sync', sub: 'someone-else', fields: {} }),
    ).rejects.toThrow(driveAccountMissing('someone-else'));
    expect(await repository.getAll('syncLocation')).toEqual([]);
  });

  it('opens a Drive file into a new local file once, synced with it', async () => {
    const { services, handlers, repository } = setUp();
    const made = await makeDriveFile('Shopping.md', '- tea\n- bread\n');
    const opened = await handlers.openFile({ purpose: 'open', sub: alice.id, fileId: made.id });
    expect((await repository.get<FileItem>(opened))?.name).toBe('Shopping');
    expect(await textOf(services, opened)).toBe('- tea\n- bread\n');
    // Opened again: the same local file.
    expect(await handlers.openFile({ purpose: 'open', sub: alice.id, fileId: made.id })).toBe(
      opened,
    );
    // The location shares the version read: a change in Drive comes in without a conflict.
    await writeDrive(made.id, '- tea\n- bread\n- jam\n');
    await services.syncFile(opened);
    expect(await textOf(services, opened)).toBe('- tea\n- bread\n- jam\n');
    await expect(
      handlers.openFile({ purpose: 'open', sub: alice.id, fileId: 'missing-file-id-123' }),
    ).rejects.toThrow(couldNotOpenDriveFile('missing-file-id-123'));
  });

  it('publishes as HTML into a new Drive file, then overwrites it', async () => {
    const { services, handlers, repository, context } = setUp();
    const fileId = await localFile(services, 'Page', 'text');
    const message = await handlers.addPublishLocation(fileId, {
      purpose: 'publish',
      sub: alice.id,
      fields: { format: 'html', templateId: 'plainHtml' },
    });
    expect(message).toBe('A new publication location was added to "Page".');
    let content = '<p>One</p>';
    const publish = () =>
      publishFile(fileId, {
        repository,
        publishers: driveLocationPublishers(context),
        render: async (_id, templateId) => {
          expect(templateId).toBe('plainHtml');
          return { title: 'Page', content, properties: '' };
        },
      });
    expect((await publish()).failures).toEqual([]);
    const [location] = (await repository.getAll('publishLocation')) as LocationItem[];
    const driveId = String(location!.driveFileId);
    expect(await driveText(driveId)).toBe('<p>One</p>');
    content = '<p>Two</p>';
    expect((await publish()).failures).toEqual([]);
    expect(await driveText(driveId)).toBe('<p>Two</p>');
    const meta = (await (
      await drive(`/drive/v3/files/${driveId}?fields=name,mimeType`)
    ).json()) as {
      name: string;
      mimeType: string;
    };
    expect(meta).toEqual({ name: 'Page.html', mimeType: 'text/html' });
  });

  it("does Drive's New (a file synced into the folder) and Open with (each id)", async () => {
    const { services, repository } = setUp();
    const folder = await makeFolder('From Drive');
    const [created] = await runDriveStartState(
      services,
      { action: 'create', folderId: folder.id },
      alice.id,
    );
    const [location] = (await repository.getAll('syncLocation')) as LocationItem[];
    expect(location).toMatchObject({ fileId: created, driveParentId: folder.id });
    expect(location!.driveFileId).toBeTruthy();

    const one = await makeDriveFile('One.md', 'first\n');
    const two = await makeDriveFile('Two.md', 'second\n');
    const opened = await runDriveStartState(
      services,
      { action: 'open', ids: [one.id, two.id] },
      alice.id,
    );
    expect(await Promise.all(opened.map((id) => textOf(services, id)))).toEqual([
      'first\n',
      'second\n',
    ]);
  });
});
