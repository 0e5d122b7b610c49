import { describe, expect, it } from 'vitest';
import { MemoryDatabase } from '../db/memory-repository.js';
import { withHash } from '../items/hash.js';
import {
  type ContentItem,
  type FileItem,
  type LocationItem,
  type SyncedContentItem,
} from '../items/types.js';
import { type FileLocationProvider, syncFileLocations } from './location-sync.js';
import { TooLateError } from './workspace-provider.js';

const content = (text: string): ContentItem =>
  withHash<ContentItem>({
    id: 'f/content',
    type: 'content',
    text,
    properties: '',
    discussions: {},
    comments: {},
    history: [],
  });

const location = withHash<LocationItem>({
  id: 'loc1',
  type: 'syncLocation',
  fileId: 'f',
  providerId: 'gitStandIn',
  path: 'notes/f.md',
});

// One file kept at a location of a stand-in provider; `loseNextReply` applies the next upload
// and then fails, as a reply lost on the way back.
function setup() {
  const stored = new Map<string, ContentItem>();
  let loseNextReply = false;
  let uploads = 0;
  // Written at the location between the download and the upload, by someone else: the upload
  // is refused (a stale sha) and the location keeps it.
  let writtenMeanwhile: string[] = [];
  const provider: FileLocationProvider = {
    download: async (where) => stored.get(where.id) ?? null,
    upload: async (where, item) => {
      const meanwhile = writtenMeanwhile.shift();
      if (meanwhile !== undefined) {
        stored.set(where.id, content(meanwhile));
        throw new TooLateError();
      }
      uploads += 1;
      stored.set(where.id, item);
      if (loseNextReply) {
        loseNextReply = false;
        throw new Error('Network request failed.');
      }
    },
  };
  const repository = new MemoryDatabase('locations').connect();
  const conflicts: string[] = [];
  const sync = () =>
    syncFileLocations('f', {
      repository,
      providers: { gitStandIn: provider },
      onConflict: (fileId) => conflicts.push(fileId),
    });
  const text = async () => (await repository.get<ContentItem>('f/content'))?.text;
  const remoteText = () => stored.get('loc1')?.text;
  const setRemote = (value: string) => stored.set('loc1', content(value));
  return {
    repository,
    sync,
    text,
    remoteText,
    setRemote,
    conflicts,
    uploads: () => uploads,
    loseReply: () => (loseNextReply = true),
    writeMeanwhile: (...texts: string[]) => (writtenMeanwhile = texts),
  };
}

async function withFile(s: ReturnType<typeof setup>, text: string) {
  await s.repository.put([
    withHash<FileItem>({ id: 'f', type: 'file', name: 'Notes', parentId: null }),
    content(text),
    location,
  ]);
}

const edit = async (s: ReturnType<typeof setup>, text: string) => {
  const current = (await s.repository.get<ContentItem>('f/content'))!;
  await s.repository.put([{ ...content(text), history: current.history }]);
};

describe('syncing the current file with its sync locations (S15)', () => {
  it('uploads to an empty location, then takes the location’s new version', async () => {
    const s = setup();
    await withFile(s, 'First.\n');
    await s.sync();
    expect(s.remoteText()).toBe('First.\n');
    s.setRemote('First, changed there.\n');
    await s.sync();
    expect(await s.text()).toBe('First, changed there.\n');
    expect(s.uploads()).toBe(1);
  });

  it('merges edits made on both sides since the last sync, with nothing lost, and sends the result', async () => {
    const s = setup();
    await withFile(s, 'Alpha.\n\nBeta.\n');
    await s.sync();
    await edit(s, 'Alpha, here.\n\nBeta.\n');
    s.setRemote('Alpha.\n\nBeta, there.\n');
    await s.sync();
    expect(await s.text()).toBe('Alpha, here.\n\nBeta, there.\n');
    expect(s.remoteText()).toBe('Alpha, here.\n\nBeta, there.\n');
    expect(s.conflicts).toEqual([]);
    // Both changed the same sentence: both kept, and told.
    await edit(s, 'Alpha, here.\n\nBeta, my way.\n');
    s.setRemote('Alpha, here.\n\nBeta, their way.\n');
    await s.sync();
    expect(await s.text()).toContain('Beta, my way.');
    expect(await s.text()).toContain('Beta, their way.');
    expect(s.conflicts).toEqual(['f']);
  });

  it('knows its own version after a lost reply, and keeps the other locations’ history', async () => {
    const s = setup();
    await withFile(s, 'One.\n');
    await s.sync();
    await s.repository.put([
      withHash<SyncedContentItem>({
        ...(await s.repository.get<SyncedContentItem>('f/syncedContent'))!,
        syncHistory: {
          ...(await s.repository.get<SyncedContentItem>('f/syncedContent'))!.syncHistory,
          main: ['other', null, null],
        },
      }),
    ]);
    await edit(s, 'One, edited.\n');
    s.loseReply();
    await expect(s.sync()).rejects.toThrow('Network request failed.');
    expect(s.remoteText()).toBe('One, edited.\n');
    await edit(s, 'One, edited again.\n');
    await s.sync();
    // The location had our own lost upload: no merge, the newer text goes.
    expect(await s.text()).toBe('One, edited again.\n');
    expect(s.remoteText()).toBe('One, edited again.\n');
    expect(s.conflicts).toEqual([]);
    const synced = await s.repository.get<SyncedContentItem>('f/syncedContent');
    expect(synced?.syncHistory.main?.[0]).toBe('other');
    expect(synced?.syncHistory.loc1?.[2]).toBeNull();
  });

  it('leaves a location whose provider is not there', async () => {
    const s = setup();
    await withFile(s, 'Kept.\n');
    await syncFileLocations('f', { repository: s.repository, providers: {} });
    expect(s.remoteText()).toBeUndefined();
  });

  it('reads a location changed during the sync again and merges it before writing (TOO_LATE, once)', async () => {
    const s = setup();
    await withFile(s, 'Alpha.\n\nBeta.\n');
    await s.sync();
    await edit(s, 'Alpha, here.\n\nBeta.\n');
    s.writeMeanwhile('Alpha.\n\nBeta, there.\n');
    await s.sync();
    expect(await s.text()).toBe('Alpha, here.\n\nBeta, there.\n');
    expect(s.remoteText()).toBe('Alpha, here.\n\nBeta, there.\n');

    // Refused twice in a row: the sync stops with TOO_LATE; the location keeps its version and
    // the next sync merges it.
    await edit(s, 'Alpha, here again.\n\nBeta, there.\n');
    s.writeMeanwhile(
      'Alpha, here.\n\nBeta, there.\n\nGamma.\n',
      'Alpha, here.\n\nBeta, there.\n\nGamma.\n\nDelta.\n',
    );
    await expect(s.sync()).rejects.toBeInstanceOf(TooLateError);
    expect(s.remoteText()).toBe('Alpha, here.\n\nBeta, there.\n\nGamma.\n\nDelta.\n');
    await s.sync();
    const merged = await s.text();
    for (const words of ['Alpha, here again.', 'Beta, there.', 'Gamma.', 'Delta.']) {
      expect(merged).toContain(words);
    }
    expect(s.remoteText()).toBe(merged);
  });
});
