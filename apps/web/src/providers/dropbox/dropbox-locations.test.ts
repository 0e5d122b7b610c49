// The Dropbox file locations of the app over cloud-sim's Dropbox (in-process), with the accounts
// port a test gives as the app registers its own: a sync location added and synced (the Dropbox
// file made, then both sides merged), a file opened into a new local file (once), a publish
// location added and published as HTML over what was there, and what the user is told when a
// path cannot be opened or Dropbox fails.
import { type CloudSim, type DropboxUser, startCloudSim } from '@inkstone/cloud-sim';
import {
  type ContentItem,
  type FileItem,
  HttpClient,
  itemIds,
  type LocationItem,
  MemoryDatabase,
  newFileItems,
  publishFile,
  syncFileLocations,
  withHash,
} from '@inkstone/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realHttpClient } from '../../testing/real-http';
import {
  couldNotOpenDropboxFile,
  describeDropboxLocation,
  dropboxAccountMissing,
  dropboxLocationHandlers,
  dropboxLocationProviders,
  dropboxLocationPublishers,
  type DropboxLocationContext,
  type DropboxLocationServices,
} from './dropbox-locations';
import { type DropboxToken } from './dropbox-tokens';

let sim: CloudSim;
let alice: DropboxUser;
let aliceToken: string;
beforeAll(async () => {
  sim = await startCloudSim({ port: 0 });
  alice = sim.dropbox.accounts.addUser({ email: 'alice@example.com', name: 'Alice Liddell' });
  const app = sim.dropbox.accounts.addApp({
    appKey: 'inkstone-full',
    name: 'Inkstone',
    redirectUris: ['http://127.0.0.1:8080/oauth2/callback'],
    access: 'full',
  });
  aliceToken = sim.dropbox.accounts.issue(alice, app, { seconds: 86_400 }).token;
});
afterAll(async () => sim.close());

// Dropbox as another app of Alice's sees it: a content call, its argument in Dropbox-API-Arg.
async function content(route: string, arg: unknown, body?: string): Promise<Response> {
  const response = await fetch(`${sim.url}/2/files/${route}`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${aliceToken}`,
      'Dropbox-API-Arg': JSON.stringify(arg),
      ...(body === undefined ? {} : { 'Content-Type': 'application/octet-stream' }),
    },
    body,
  });
  if (!response.ok) throw new Error(`${route}: ${response.status} ${await response.text()}`);
  return response;
}

let counter = 0;
function setUp(options: { instantRetries?: boolean } = {}) {
  const token: DropboxToken = {
    accessToken: aliceToken,
    name: 'Alice Liddell',
    sub: alice.accountId,
    fullAccess: true,
  };
  const repository = new MemoryDatabase(`dropbox-locations-${(counter += 1)}`).connect();
  const context: DropboxLocationContext = {
    dropboxUrl: () => sim.url,
    http: options.instantRetries
      ? new HttpClient({
          fetch: (url, init) => fetch(url, init as RequestInit),
          // Back-off waits (at most 10 s) pass at once; time limits (30 s and more) stay.
          timers: {
            set: (run, delay) => {
              const handle = setTimeout(run, delay >= 30_000 ? delay : 1);
              return () => clearTimeout(handle);
            },
            now: () => Date.now(),
          },
        })
      : realHttpClient(),
    accounts: { list: async () => [token], fresh: async () => token },
  };
  const services: DropboxLocationServices = {
    repository,
    newId: () => `id${(counter += 1)}`,
    context,
    syncFile: (fileId) =>
      syncFileLocations(fileId, {
        repository,
        providers: dropboxLocationProviders(repository, context),
      }),
  };
  return { repository, context, services, handlers: dropboxLocationHandlers(services) };
}
const textOf = async (services: DropboxLocationServices, fileId: string) =>
  (await services.repository.get<ContentItem>(itemIds.content(fileId)))?.text;
async function localFile(services: DropboxLocationServices, name: string, text: string) {
  const items = newFileItems(services.newId, { name, text });
  await services.repository.put(items);
  return items[0].id;
}
async function setText(services: DropboxLocationServices, fileId: string, text: string) {
  const current = await services.repository.get<ContentItem>(itemIds.content(fileId));
  const { hash: _hash, ...rest } = current!;
  await services.repository.put([withHash<ContentItem>({ ...rest, text })]);
}
const dropboxText = async (path: string) => (await content('download', { path })).text();
const writeDropbox = (path: string, text: string) =>
  content('upload', { path, mode: 'overwrite' }, text);

describe('Dropbox file locations in the app (cloud-sim)', { timeout: 30_000 }, () => {
  it('makes the Dropbox file on the first sync, then merges a change made in Dropbox with one made here', async () => {
    const { services, handlers, repository } = setUp();
    const fileId = await localFile(services, 'Plan', '# Plan\n\nStart.\n\nEnd.\n');
    const request = { purpose: 'sync' as const, sub: alice.accountId, path: '/Notes/Plan.md' };
    expect(await handlers.addSyncLocation(fileId, request)).toMatch(/^Synchronized at /);
    const [location] = (await repository.getAll('syncLocation')) as LocationItem[];
    expect(location).toMatchObject({ providerId: 'dropbox', path: '/Notes/Plan.md', fileId });
    expect(location?.dropboxFileId).toMatch(/^id:/);
    expect(describeDropboxLocation(location!)?.description).toBe('Dropbox /Notes/Plan.md');
    expect(await dropboxText('/Notes/Plan.md')).toBe('# Plan\n\nStart.\n\nEnd.\n');

    await writeDropbox('/Notes/Plan.md', '# Plan\n\nStart.\n\nEnd, from Dropbox.\n');
    await setText(services, fileId, '# Plan\n\nStart, from here.\n\nEnd.\n');
    await services.syncFile(fileId);
    const merged = '# Plan\n\nStart, from here.\n\nEnd, from Dropbox.\n';
    expect(await textOf(services, fileId)).toBe(merged);
    expect(await dropboxText('/Notes/Plan.md')).toBe(merged);
  });

  it('refuses an account not linked here, adding nothing', async () => {
    const { services, handlers, repository } = setUp();
    const fileId = await localFile(services, 'Plan', 'text');
    await expect(
      handlers.addSyncLocation(fileId, { purpose: 'sync', sub: 'dbid:other', path: '/a.md' }),
    ).rejects.toThrow(dropboxAccountMissing('dbid:other'));
    expect(await repository.getAll('syncLocation')).toEqual([]);
  });

  it('opens a Dropbox file into a new local file once, synced with it', async () => {
    const { services, handlers, repository } = setUp();
    await writeDropbox('/Shopping list.md', '- tea\n- bread\n');
    const request = {
      purpose: 'open' as const,
      sub: alice.accountId,
      path: '/shopping LIST.md',
    };
    const opened = await handlers.openFile(request);
    expect(opened.notice).toBe('Shopping list was imported from Dropbox.');
    expect((await repository.get<FileItem>(opened.fileId))?.name).toBe('Shopping list');
    expect(await textOf(services, opened.fileId)).toBe('- tea\n- bread\n');
    expect((await handlers.openFile(request)).fileId).toBe(opened.fileId);
    expect(await repository.getAll('file')).toHaveLength(1);
  });

  it('opens a file the Chooser gave by its id, listed by its path in Dropbox', async () => {
    const { services, handlers, repository } = setUp();
    const written = (await (await writeDropbox('/Lists/Chosen.md', 'picked\n')).json()) as {
      id: string;
    };
    const opened = await handlers.openFile({
      purpose: 'open',
      sub: alice.accountId,
      path: written.id,
    });
    expect(opened.notice).toBe('Chosen was imported from Dropbox.');
    expect(await textOf(services, opened.fileId)).toBe('picked\n');
    const [location] = (await repository.getAll('syncLocation')) as LocationItem[];
    expect(location).toMatchObject({ path: '/Lists/Chosen.md', dropboxFileId: written.id });
  });

  it("says 'Could not open file {path}.' for a path with no file, and a 5xx as it is", async () => {
    const { handlers, repository } = setUp({ instantRetries: true });
    const sub = alice.accountId;
    await expect(handlers.openFile({ purpose: 'open', sub, path: '/Nothing.md' })).rejects.toThrow(
      couldNotOpenDropboxFile('/Nothing.md'),
    );
    await writeDropbox('/There.md', 'x');
    // Every attempt of the HttpClient (its back-off made instant here) answers 503.
    for (let attempt = 0; attempt < 8; attempt += 1) {
      sim.faults.next({ path: /^\/2\/files\/download/, status: 503 });
    }
    await expect(handlers.openFile({ purpose: 'open', sub, path: '/There.md' })).rejects.toThrow(
      'HTTP error 503 on Dropbox location.',
    );
    sim.faults.clear();
    expect(await repository.getAll('file')).toEqual([]);
  });

  it('publishes through the template over the file already at the path, and again in place', async () => {
    const { services, handlers, repository, context } = setUp();
    await writeDropbox('/site/Post.html', 'old page');
    const fileId = await localFile(services, 'Post', '# Hello');
    const message = await handlers.addPublishLocation(fileId, {
      purpose: 'publish',
      sub: alice.accountId,
      path: '/site/Post.html',
      templateId: 'plainHtml',
    });
    expect(message).toContain('Post');
    const publish = () =>
      publishFile(fileId, {
        repository,
        publishers: dropboxLocationPublishers(context),
        render: async () => ({ title: 'Post', content: '<h1>Hello</h1>', properties: '' }),
        askCommitMessage: async () => undefined,
      });
    await publish();
    expect(await dropboxText('/site/Post.html')).toBe('<h1>Hello</h1>');
    const [location] = (await repository.getAll('publishLocation')) as LocationItem[];
    expect(location).toMatchObject({ templateId: 'plainHtml', path: '/site/Post.html' });
  });
});
