// Dropbox files as sync and publish locations, over cloud-sim's Dropbox (built from Dropbox's
// Stone description): the client's calls, a file made on the first sync and recorded on the
// location, edits of both sides merged, a version written in Dropbox between a read and a
// write merged and never overwritten, publishing overwriting, and an app restricted to its
// folder writing there.
import {
  type CloudSim,
  type DropboxApp,
  type DropboxUser,
  startCloudSim,
} from '@inkstone/cloud-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withHash } from '../../items/hash.js';
import { type LocationItem } from '../../items/types.js';
import { type PublishLocation } from '../../publish/publisher.js';
import { HttpClient } from '../../sync/http-client.js';
import { syncFileLocations } from '../../sync/location-sync.js';
import { afterFirstDownload } from '../../testing/after-first-download.js';
import { nodeFetch, nodeTimers } from '../../testing/couchdb-provider.js';
import { databaseWithFile } from '../../testing/github-location-forge.js';
import { DROPBOX_SYNC_PROVIDER_ID, restrictedFolder } from './constants.js';
import { DropboxApiError, DropboxAuthError, DropboxClient } from './dropbox-client.js';
import { createDropboxFileProvider, createDropboxPublisher } from './file-location.js';

let sim: CloudSim;
let alice: DropboxUser;
let full: DropboxApp;
let restricted: DropboxApp;
beforeAll(async () => {
  sim = await startCloudSim({ port: 0 });
  alice = sim.dropbox.accounts.addUser({ email: 'alice@example.com', name: 'Alice Liddell' });
  const app = { redirectUris: ['http://127.0.0.1:8080/oauth2/callback'] };
  full = sim.dropbox.accounts.addApp({
    ...app,
    appKey: 'ink-full',
    name: 'Inkstone',
    access: 'full',
  });
  restricted = sim.dropbox.accounts.addApp({
    ...app,
    appKey: 'ink-restricted',
    name: 'Inkstone (restricted)',
    access: 'app_folder',
  });
});
afterAll(() => sim.close());

/** A client of alice's through `app`, with a token port over cloud-sim that counts how often it
 * was asked for a new token. */
function client(app = full) {
  const asked = { forced: 0 };
  let token = sim.dropbox.accounts.issue(alice, app).token;
  const dropbox = new DropboxClient({
    http: new HttpClient({ fetch: nodeFetch, timers: nodeTimers, random: () => 0 }),
    endpoints: { api: sim.url, content: sim.url },
    sub: alice.accountId,
    token: (_sub, options) => {
      if (options?.force) {
        asked.forced += 1;
        token = sim.dropbox.accounts.issue(alice, app).token;
      }
      return Promise.resolve({ accessToken: token });
    },
  });
  return { dropbox, asked, token: () => token };
}

let paths = 0;
const newPath = (name: string) => `/Test ${(paths += 1)}/${name}`;

describe('DropboxClient (over cloud-sim)', () => {
  it('says whose account it is, and writes and reads a file whose path and text are not ASCII', async () => {
    const { dropbox } = client();
    expect(await dropbox.currentAccount()).toMatchObject({
      account_id: alice.accountId,
      name: { display_name: 'Alice Liddell' },
    });
    const path = newPath('Café – 日本語.md');
    const text = 'Déjà vu, 😀 and naïve text.\n';
    const written = await dropbox.upload(path, text, { '.tag': 'add' });
    expect(written).toMatchObject({ path_display: path, size: Buffer.byteLength(text) });
    const read = await dropbox.download(written.id);
    expect(read.text).toBe(text);
    expect(read.file).toMatchObject({ id: written.id, rev: written.rev });
    expect(await dropbox.metadata(path.toUpperCase())).toMatchObject({ id: written.id });
    expect(await dropbox.metadata(newPath('none.md'))).toBeUndefined();
  });

  it('lists revisions newest first and reads an older one', async () => {
    const { dropbox } = client();
    const path = newPath('History.md');
    const first = await dropbox.upload(path, 'One.\n', { '.tag': 'add' });
    const second = await dropbox.upload(path, 'Two.\n', { '.tag': 'update', update: first.rev });
    const revisions = await dropbox.revisions(path);
    expect(revisions.map((revision) => revision.rev)).toEqual([second.rev, first.rev]);
    expect(await dropbox.downloadRevision(first.rev)).toBe('One.\n');
  });

  it('refuses a stale revision as a conflict, and a missing file as not found', async () => {
    const { dropbox } = client();
    const path = newPath('Stale.md');
    const first = await dropbox.upload(path, 'One.\n', { '.tag': 'add' });
    await dropbox.upload(path, 'Two.\n', { '.tag': 'overwrite' });
    const stale = await dropbox
      .upload(path, 'Three.\n', { '.tag': 'update', update: first.rev })
      .catch((error: unknown) => error);
    expect(stale).toBeInstanceOf(DropboxApiError);
    expect((stale as DropboxApiError).conflict).toBe(true);
    expect((await dropbox.download(path)).text).toBe('Two.\n');
    const missing = await dropbox.download(newPath('none.md')).catch((error: unknown) => error);
    expect((missing as DropboxApiError).notFound).toBe(true);
  });

  it('asks for a new token once after a 401, and says to link the account again when that fails too', async () => {
    const { dropbox, asked, token } = client();
    sim.dropbox.accounts.expire(token());
    expect((await dropbox.currentAccount()).account_id).toBe(alice.accountId);
    expect(asked.forced).toBe(1);

    const refused = new DropboxClient({
      http: new HttpClient({ fetch: nodeFetch, timers: nodeTimers, random: () => 0 }),
      endpoints: { api: sim.url, content: sim.url },
      sub: alice.accountId,
      token: () => Promise.resolve({ accessToken: 'sl.not-a-token' }),
    });
    await expect(refused.currentAccount()).rejects.toBeInstanceOf(DropboxAuthError);
  });
});

async function setup(text: string, path: string, app = full) {
  const file = await databaseWithFile(text, 'title: Notes\n');
  const location = withHash<LocationItem>({
    id: 'loc',
    type: 'syncLocation',
    fileId: 'f',
    providerId: DROPBOX_SYNC_PROVIDER_ID,
    path,
    sub: alice.accountId,
  });
  await file.repository.put([location]);
  const { dropbox } = client(app);
  const provider = createDropboxFileProvider({ client: dropbox, repository: file.repository });
  const sync = (p = provider) =>
    syncFileLocations('f', {
      repository: file.repository,
      providers: { [DROPBOX_SYNC_PROVIDER_ID]: p },
    });
  const fileId = async () =>
    (await file.repository.get<LocationItem>('loc'))!.dropboxFileId as string;
  return { ...file, dropbox, provider, sync, fileId };
}

describe('a Dropbox file as a sync location (over cloud-sim)', () => {
  it('makes the file on the first sync and records its id, then merges edits of both sides', async () => {
    const path = newPath('Notes.md');
    const s = await setup('Alpha.\n\nBeta.\n', path);
    await s.sync();
    const id = await s.fileId();
    expect(id).toMatch(/^id:/);
    // Plain markdown: the user's words only.
    expect((await s.dropbox.download(path)).text).toBe('Alpha.\n\nBeta.\n');

    await s.edit('Alpha, here.\n\nBeta.\n');
    await s.dropbox.upload(path, 'Alpha.\n\nBeta, there.\n', { '.tag': 'overwrite' });
    await s.sync();
    expect((await s.read()).text).toBe('Alpha, here.\n\nBeta, there.\n');
    expect((await s.read()).properties).toBe('title: Notes\n');
    expect((await s.dropbox.download(id)).text).toBe('Alpha, here.\n\nBeta, there.\n');
    // Nothing changed: nothing written.
    const revisions = (await s.dropbox.revisions(id)).length;
    await s.sync();
    expect((await s.dropbox.revisions(id)).length).toBe(revisions);
  });

  it('takes in a file already at the path: its words are merged, not overwritten', async () => {
    const path = newPath('Existing.md');
    const { dropbox } = client();
    await dropbox.upload(path, 'Written in Dropbox.\n', { '.tag': 'add' });
    const s = await setup('Written in Dropbox.\n\nAnd here.\n', path);
    await s.sync();
    expect((await s.dropbox.download(path)).text).toBe('Written in Dropbox.\n\nAnd here.\n');
  });

  it('never overwrites a version written in Dropbox between its read and its write', async () => {
    const path = newPath('Shared.md');
    const s = await setup('One.\n\nTwo.\n', path);
    await s.sync();
    await s.edit('One, here.\n\nTwo.\n');
    const racing = createDropboxFileProvider({ client: s.dropbox, repository: s.repository });
    afterFirstDownload(racing, async () => {
      await s.dropbox.upload(path, 'One.\n\nTwo, elsewhere.\n', { '.tag': 'overwrite' });
    });
    await s.sync(racing);
    expect((await s.dropbox.download(path)).text).toBe('One, here.\n\nTwo, elsewhere.\n');
    expect((await s.read()).text).toBe('One, here.\n\nTwo, elsewhere.\n');
  });

  it('in an app restricted to its folder, lives under /Applications/{app} as the full view shows it', async () => {
    const s = await setup('Kept apart.\n', '/Restricted notes.md', restricted);
    await s.sync();
    const { dropbox } = client(full);
    const shown = `${restrictedFolder('Inkstone')}/Restricted notes.md`;
    expect((await dropbox.download(shown)).text).toBe('Kept apart.\n');
  });
});

describe('a Dropbox file as a publish location (over cloud-sim)', () => {
  it('overwrites whatever is at the path and keeps the file id', async () => {
    const path = newPath('Notes.html');
    const { dropbox } = client();
    await dropbox.upload(path, '<p>Someone else’s page</p>', { '.tag': 'add' });
    const publisher = createDropboxPublisher(dropbox);
    const location = { path } as unknown as PublishLocation;
    const document = { title: 'Notes', content: '<h1>Notes</h1>\n' };
    const kept = await publisher.publish(location, document as never, undefined);
    expect((await dropbox.download(path)).text).toBe('<h1>Notes</h1>\n');
    expect(kept).toEqual({ dropboxFileId: (await dropbox.metadata(path))!.id });
  });
});

describe('the revisions of a Dropbox file location (over cloud-sim)', () => {
  it('lists the revisions newest first and reads an older one; none before the file exists', async () => {
    const path = newPath('Revised.md');
    const s = await setup('First.\n', path);
    const location = (await s.repository.get<LocationItem>('loc'))!;
    expect(await s.provider.listRevisions!(location)).toEqual([]);
    await s.sync();
    await s.dropbox.upload(path, 'Second.\n', { '.tag': 'overwrite' });
    const synced = (await s.repository.get<LocationItem>('loc'))!;
    const revisions = await s.provider.listRevisions!(synced);
    expect(revisions).toHaveLength(2);
    expect(revisions[0]!.created).toBeGreaterThanOrEqual(revisions[1]!.created);
    expect(await s.provider.revisionText!(synced, revisions[0]!.id)).toBe('Second.\n');
    expect(await s.provider.revisionText!(synced, revisions[1]!.id)).toBe('First.\n');
  });
});
