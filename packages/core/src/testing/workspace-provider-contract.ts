// The contract every WorkspaceProvider passes (rules P1–P6 of SPEC.md): run by
// couchdb-contract.test.ts against a CouchDB-protocol server, github-contract.test.ts against
// forge-sim, and by the in-memory remote's tests.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashItem } from '../items/hash.js';
import { type ContentItem, type FileItem, type Item } from '../items/types.js';
import {
  type RemoteChange,
  TooLateError,
  type WorkspaceProvider,
} from '../sync/workspace-provider.js';

/** A provider over a fresh, empty remote, and how to let it go. */
export interface ProviderFixture {
  provider: WorkspaceProvider;
  dispose(): Promise<void>;
}

/** What the suite asks of the fixture: `pageSize` is the most changes a page may hold, so that
 * paging is tested without thousands of items. */
export interface ProviderFixtureOptions {
  pageSize: number;
}

const PAGE_SIZE = 4;

const file = (id: string, name: string): FileItem => {
  const item = { id, type: 'file' as const, name, parentId: null };
  return { ...item, hash: hashItem(item) };
};

const content = (fileId: string, text: string): ContentItem => {
  const item = {
    id: `${fileId}/content`,
    type: 'content' as const,
    text,
    properties: 'title: Été\n',
    discussions: { d1: { text: 'là', start: 0, end: 2 } },
    comments: { c1: { discussionId: 'd1', sub: 'u1', text: 'ok 👍', created: 5 } },
    history: ['older'],
  };
  return { ...item, hash: hashItem(item) };
};

/** Reads the whole change feed from `cursor`, page after page. */
export async function readAllChanges(
  provider: WorkspaceProvider,
  cursor?: string,
): Promise<{ pages: RemoteChange[][]; cursor: string | undefined }> {
  const pages: RemoteChange[][] = [];
  for (;;) {
    const page = await provider.getChanges(cursor);
    pages.push(page.changes);
    cursor = page.cursor;
    if (!page.more) return { pages, cursor };
    if (pages.length > 1000) throw new Error('The change feed never ends.');
  }
}

// The latest change of each item, as the engine would fold them.
async function latest(provider: WorkspaceProvider, cursor?: string) {
  const { pages, cursor: next } = await readAllChanges(provider, cursor);
  const byId = new Map<string, RemoteChange>();
  for (const change of pages.flat()) byId.set(change.itemId, change);
  return { byId, cursor: next };
}

/** Registers the contract tests for one WorkspaceProvider implementation. */
export function describeProviderContract(
  name: string,
  makeProvider: (options: ProviderFixtureOptions) => Promise<ProviderFixture>,
): void {
  describe(`WorkspaceProvider contract: ${name}`, () => {
    let fx: ProviderFixture;
    let provider: WorkspaceProvider;
    beforeEach(async () => {
      fx = await makeProvider({ pageSize: PAGE_SIZE });
      provider = fx.provider;
    });
    afterEach(async () => {
      await fx.dispose();
    });

    it('P1: gives back a saved item through the changes, with its sync data', async () => {
      const item = file('f1', 'Notes');
      const syncData = await provider.saveItem(item, undefined);
      expect(syncData).toMatchObject({ itemId: 'f1', type: 'file', hash: item.hash });
      const { byId } = await latest(provider);
      expect(byId.get('f1')?.item).toEqual(item);
      expect(byId.get('f1')?.syncData).toEqual(syncData);
    });

    it('P1: updates an item with the sync data of its last save', async () => {
      const first = await provider.saveItem(file('f1', 'One'), undefined);
      const { cursor } = await latest(provider);
      const renamed = file('f1', 'Two');
      const second = await provider.saveItem(renamed, first);
      expect(second.hash).toBe(renamed.hash);
      const { byId } = await latest(provider, cursor);
      expect([...byId.keys()]).toEqual(['f1']);
      expect(byId.get('f1')?.item).toEqual(renamed);
    });

    it('P2: refuses a save or removal with stale sync data: TooLateError', async () => {
      const first = await provider.saveItem(file('f1', 'One'), undefined);
      const second = await provider.saveItem(file('f1', 'Two'), first);
      await expect(provider.saveItem(file('f1', 'Three'), first)).rejects.toBeInstanceOf(
        TooLateError,
      );
      await expect(provider.saveItem(file('f1', 'Four'), undefined)).rejects.toBeInstanceOf(
        TooLateError,
      );
      await expect(provider.removeItem(first)).rejects.toBeInstanceOf(TooLateError);
      const { byId } = await latest(provider);
      expect(byId.get('f1')?.item).toEqual(file('f1', 'Two'));
      expect(byId.get('f1')?.syncData).toEqual(second);
    });

    it('P3: removes an item: the changes give it as null', async () => {
      const kept = await provider.saveItem(file('keep', 'Keep'), undefined);
      const gone = await provider.saveItem(file('gone', 'Gone'), undefined);
      const { cursor } = await latest(provider);
      await provider.removeItem(gone);
      const since = await latest(provider, cursor);
      expect(since.byId.get('gone')).toMatchObject({ itemId: 'gone', item: null });
      expect(since.byId.has('keep')).toBe(false);
      const all = await latest(provider);
      expect(all.byId.get('gone')?.item ?? null).toBeNull();
      expect(all.byId.get('keep')?.syncData).toEqual(kept);
    });

    it('P4: round-trips content: 2,000,000-character texts (CJK: 6 MB of UTF-8; emoji) and non-ASCII', async () => {
      const long = 'Ünïcödé 文字 🚀 '.repeat(160_000).slice(0, 1_999_999) + '\n';
      expect(long.length).toBe(2_000_000);
      const cjk = '長い原稿の文字。'.repeat(250_000).slice(0, 1_999_999) + '\n';
      expect(cjk.length).toBe(2_000_000);
      for (const [fileId, text] of [
        ['long', long],
        ['cjk', cjk],
        ['short', 'Bonjour, ça va ? — 😀\n'],
        ['empty', ''],
      ] as const) {
        const item = content(fileId, text);
        const syncData = await provider.uploadContent(item, undefined);
        expect(syncData).toMatchObject({ itemId: item.id, type: 'content', hash: item.hash });
        expect(await provider.downloadContent(fileId, syncData)).toEqual(item);
      }
    });

    it('P4: lists content in the changes without its text, and updates it', async () => {
      const first = await provider.uploadContent(content('f1', 'one\n'), undefined);
      const { byId } = await latest(provider);
      const change = byId.get('f1/content');
      expect(change?.item).toMatchObject({ id: 'f1/content', type: 'content' });
      expect(change?.item?.hash).toBe(content('f1', 'one\n').hash);
      expect(change?.syncData).toEqual(first);
      const next = content('f1', 'two\n');
      const second = await provider.uploadContent(next, first);
      await expect(provider.uploadContent(content('f1', 'x'), first)).rejects.toBeInstanceOf(
        TooLateError,
      );
      expect(await provider.downloadContent('f1', second)).toEqual(next);
    });

    it('P5: pages the changes by an opaque cursor: everything once, in order', async () => {
      const items: Item[] = [];
      for (let i = 0; i < 3 * PAGE_SIZE + 1; i += 1) items.push(file(`f${i}`, `Name ${i}`));
      for (const item of items) await provider.saveItem(item, undefined);
      const { pages } = await readAllChanges(provider);
      expect(pages.length).toBeGreaterThanOrEqual(4);
      for (const page of pages) expect(page.length).toBeLessThanOrEqual(PAGE_SIZE);
      const ids = pages.flat().map((change) => change.itemId);
      expect(ids).toEqual(items.map((item) => item.id));
      const { pages: after } = await readAllChanges(provider, (await latest(provider)).cursor);
      expect(after.flat()).toEqual([]);
    });

    it('P6: saves a batch: new, updated and stale entries, each on its own', async () => {
      if (!provider.saveItems) return;
      const kept = await provider.saveItem(file('kept', 'Kept'), undefined);
      const first = await provider.saveItem(file('moved', 'One'), undefined);
      const current = await provider.saveItem(file('moved', 'Two'), first);
      const oldText = await provider.uploadContent(content('doc', 'old\n'), undefined);
      const { cursor } = await latest(provider);
      const text = content('doc', 'Nouveau texte — 🚀\n');
      const results = await provider.saveItems([
        { item: file('new', 'New'), syncData: undefined },
        { item: file('moved', 'Three'), syncData: first },
        { item: file('kept', 'Renamed'), syncData: kept },
        { item: text, syncData: oldText },
        { item: file('moved2', 'Other'), syncData: undefined },
        { item: file('kept2', 'Also new'), syncData: undefined },
      ]);
      expect(results.map((result) => ('tooLate' in result ? 'tooLate' : 'saved'))).toEqual([
        'saved',
        'tooLate',
        'saved',
        'saved',
        'saved',
        'saved',
      ]);
      const saved = results.map((result) => ('syncData' in result ? result.syncData : null));
      expect(saved[0]).toMatchObject({
        itemId: 'new',
        type: 'file',
        hash: file('new', 'New').hash,
      });
      expect(saved[3]).toMatchObject({ itemId: 'doc/content', type: 'content', hash: text.hash });
      expect(await provider.downloadContent('doc', saved[3]!)).toEqual(text);
      const { byId } = await latest(provider, cursor);
      expect([...byId.keys()].sort()).toEqual(['doc/content', 'kept', 'kept2', 'moved2', 'new']);
      expect(byId.get('new')?.syncData).toEqual(saved[0]);
      expect(byId.get('kept')?.item).toEqual(file('kept', 'Renamed'));
      expect(byId.get('kept')?.syncData).toEqual(saved[2]);
      const all = await latest(provider);
      expect(all.byId.get('moved')?.syncData).toEqual(current);
      expect(all.byId.get('moved')?.item).toEqual(file('moved', 'Two'));

      // Saving again with what the batch replaced is TOO_LATE, entry by entry.
      const again = await provider.saveItems([
        { item: file('kept', 'Late'), syncData: kept },
        { item: file('new', 'Newer'), syncData: saved[0]! },
        { item: file('new2', 'Late'), syncData: undefined },
        { item: file('kept2', 'Again'), syncData: undefined },
      ]);
      expect(again.map((result) => 'tooLate' in result)).toEqual([true, false, false, true]);
    });
  });
}

/** The former name of {@link describeProviderContract}. */
export const workspaceProviderContract = describeProviderContract;
