import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withHash } from '../../items/hash.js';
import { type LocationItem } from '../../items/types.js';
import { type PublishLocation } from '../../publish/publisher.js';
import { syncFileLocations } from '../../sync/location-sync.js';
import { GIST_FILE_NOT_FOUND, GITHUB_PROVIDER_IDS } from './constants.js';
import { databaseWithFile, startLocationForge } from '../../testing/github-location-forge.js';
import { type Gist } from './gist-api.js';
import { createGistProvider } from './gist-location-provider.js';
import { createGistPublisher } from './gist-publisher.js';

let forge: Awaited<ReturnType<typeof startLocationForge>>;
beforeAll(async () => {
  forge = await startLocationForge();
});
afterAll(() => forge.forge.close());

const gist = (id: string) => forge.api<Gist>('GET', `/gists/${id}`);

async function setup(text: string, gistId = '') {
  const file = await databaseWithFile(text);
  await file.repository.put([
    withHash<LocationItem>({
      id: 'g1',
      type: 'syncLocation',
      fileId: 'f',
      providerId: GITHUB_PROVIDER_IDS.gist,
      gistId,
      filename: 'notes.md',
      isPublic: false,
    }),
  ]);
  const sync = () =>
    syncFileLocations('f', {
      repository: file.repository,
      providers: {
        [GITHUB_PROVIDER_IDS.gist]: createGistProvider({
          client: forge.client,
          repository: file.repository,
        }),
      },
    });
  const gistId_ = async () => (await file.repository.get<LocationItem>('g1'))!.gistId as string;
  return { ...file, sync, gistId: gistId_ };
}

describe('a gist file as a sync location (over forge-sim)', () => {
  it('creates a secret gist on the first sync and keeps its id, then syncs both ways', async () => {
    const s = await setup('Gist words.\n');
    await s.sync();
    const id = await s.gistId();
    expect(id).not.toBe('');
    const created = await gist(id);
    expect(created.public).toBe(false);
    expect(created.files['notes.md']?.content).toBe('Gist words.\n');

    await forge.api('PATCH', `/gists/${id}`, {
      files: { 'notes.md': { content: 'Gist words, edited on GitHub.\n' } },
    });
    await s.sync();
    expect((await s.read()).text).toBe('Gist words, edited on GitHub.\n');

    await s.edit('Gist words, edited on GitHub.\n\nMore here.\n');
    await s.sync();
    expect((await gist(id)).files['notes.md']?.content).toBe(
      'Gist words, edited on GitHub.\n\nMore here.\n',
    );
  });

  it('adds the file to an existing gist that lacks it, keeping the gist’s other files', async () => {
    const existing = await forge.api<Gist>('POST', '/gists', {
      public: true,
      files: { 'other.md': { content: 'Other.\n' } },
    });
    const s = await setup('Added.\n', existing.id);
    await s.sync();
    const after = await gist(existing.id);
    expect(after.files['notes.md']?.content).toBe('Added.\n');
    expect(after.files['other.md']?.content).toBe('Other.\n');
  });

  it('reads a gist file past 1 MB whole from its raw_url, where GitHub truncates its content', async () => {
    const s = await setup('Short at first.\n');
    await s.sync();
    const id = await s.gistId();
    // About 1.3 MB, each paragraph numbered, so that a cut anywhere shows.
    const long = Array.from({ length: 40_000 }, (_, i) => `Paragraph ${i} of a long file.`)
      .join('\n\n')
      .concat('\n');
    expect(new TextEncoder().encode(long).length).toBeGreaterThan(1024 * 1024);
    await forge.api('PATCH', `/gists/${id}`, { files: { 'notes.md': { content: long } } });
    const answered = (await gist(id)).files['notes.md'];
    expect(answered?.truncated).toBe(true);
    expect(answered?.content?.length).toBeLessThan(long.length);

    await s.sync();
    expect((await s.read()).text).toBe(long);
    // Nothing was written back: the gist holds the long text as it was.
    expect((await forge.api<{ history: unknown[] }>('GET', `/gists/${id}`)).history).toHaveLength(
      2,
    );
  });

  it('syncs a 2,000,000-character CJK text (6 MB) both ways, whole, through raw_url (ADR 0006)', async () => {
    const cjk = '長い原稿の一節。'.repeat(250_000).slice(0, 1_999_999) + '\n';
    const s = await setup(cjk);
    await s.sync();
    const id = await s.gistId();
    const answered = (await gist(id)).files['notes.md'];
    expect(answered?.truncated).toBe(true);
    const raw = await fetch(answered!.raw_url!);
    expect((await raw.text()) === cjk).toBe(true);
    const edited = `${cjk}Edited on GitHub.\n`;
    await forge.api('PATCH', `/gists/${id}`, { files: { 'notes.md': { content: edited } } });
    await s.sync();
    expect((await s.read()).text === edited).toBe(true);
  }, 60_000);

  it('refuses, before sending anything, a text over the 10 MB a gist file is read back whole, and keeps it', async () => {
    const s = await setup('Short at first.\n');
    await s.sync();
    const id = await s.gistId();
    const big = '長い原稿の一節。'.repeat(420_000) + '\n'; // 3,360,001 characters, 10 MB of UTF-8
    await s.edit(big);
    await expect(s.sync()).rejects.toThrow(
      '“notes.md” is larger than GitHub Gist takes (10 MB): it was not synchronized, and stays whole in this browser.',
    );
    expect((await s.read()).text === big).toBe(true);
    expect((await gist(id)).files['notes.md']?.content).toBe('Short at first.\n');
  });

  it("says 'Gist file not found.' for a gist that is not there, and keeps the text", async () => {
    const s = await setup('Kept.\n', 'no-such-gist');
    await expect(s.sync()).rejects.toThrow(GIST_FILE_NOT_FOUND);
    expect((await s.read()).text).toBe('Kept.\n');
  });
});

describe('publishing to a gist (over forge-sim)', () => {
  it('creates the gist with the title as description, then updates the same file', async () => {
    const publisher = createGistPublisher(forge.client);
    const location = withHash<PublishLocation>({
      id: 'gp1',
      type: 'publishLocation',
      fileId: 'f',
      providerId: GITHUB_PROVIDER_IDS.gist,
      templateId: 'styledHtml',
      gistId: '',
      filename: 'notes.html',
      isPublic: true,
    });
    const first = await publisher.publish(
      location,
      { title: 'My notes', content: '<p>1</p>' },
      undefined,
    );
    const id = (first as { gistId: string }).gistId;
    const created = await gist(id);
    expect(created).toMatchObject({ public: true, description: 'My notes' });
    expect(created.files['notes.html']?.content).toBe('<p>1</p>');
    expect((first as { url: string }).url).toBe(created.html_url);

    await publisher.publish(
      { ...location, gistId: id },
      { title: 'My notes', content: '<p>2</p>' },
      undefined,
    );
    expect((await gist(id)).files['notes.html']?.content).toBe('<p>2</p>');
  });
});
