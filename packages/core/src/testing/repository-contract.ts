// The contract every ItemRepository implementation passes: run by dexie-repository.test.ts over
// fake-indexeddb and by memory-repository.test.ts.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ItemRepository } from '../db/repository.js';
import { type ContentItem, type FileItem } from '../items/types.js';

/** Two connections to one fresh database (two tabs), and a way to upgrade its schema. */
export interface RepositoryFixture {
  first: ItemRepository;
  second: ItemRepository;
  upgradeSchema(): Promise<void>;
  dispose(): Promise<void>;
}

const file = (id: string, name = id, parentId: string | null = null): FileItem => ({
  id,
  type: 'file',
  name,
  parentId,
  hash: `h-${id}-${name}`,
});

const content = (fileId: string, text: string): ContentItem => ({
  id: `${fileId}/content`,
  type: 'content',
  text,
  properties: '',
  discussions: {},
  comments: {},
  history: [],
  hash: `h-${text}`,
});

/** Registers the contract tests for one implementation. */
export function describeRepository(name: string, open: () => Promise<RepositoryFixture>): void {
  describe(`ItemRepository contract: ${name}`, () => {
    let fx: RepositoryFixture;
    beforeEach(async () => {
      fx = await open();
    });
    afterEach(async () => {
      await fx.dispose();
    });

    it('gives back what was put, as a copy, with the transaction number', async () => {
      const item = file('a', 'Notes');
      const tx = await fx.first.put([item]);
      expect(tx).toBe(1);
      item.name = 'changed after put';
      const read = await fx.second.get('a');
      expect(read).toEqual({ ...file('a', 'Notes'), tx: 1 });
      expect(await fx.first.get('missing')).toBeUndefined();
    });

    it('D1 numbers write transactions one by one across connections', async () => {
      expect(await fx.first.currentTx()).toBe(0);
      expect(await fx.first.put([file('a'), file('b')])).toBe(1);
      expect(await fx.second.put([file('c')])).toBe(2);
      expect(await fx.first.delete(['a'])).toBe(3);
      expect(await fx.second.currentTx()).toBe(3);
      expect(await fx.first.put([])).toBe(0);
      expect(await fx.first.delete(['nothing-here'])).toBe(0);
      expect(await fx.first.currentTx()).toBe(3);
    });

    it('lists live items, by type, without deleted ones', async () => {
      await fx.first.put([file('a'), file('b'), content('a', 'text\n')]);
      await fx.second.delete(['b']);
      const files = await fx.first.getAll('file');
      expect(files.map((item) => item.id).sort()).toEqual(['a']);
      expect((await fx.first.getAll()).map((item) => item.id).sort()).toEqual(['a', 'a/content']);
      expect(await fx.first.get('b')).toBeUndefined();
    });

    it('D3 reports changes since a transaction, telling own writes from other tabs', async () => {
      await fx.first.put([file('a'), file('b')]);
      const since = await fx.second.currentTx();
      await fx.first.put([file('a', 'Renamed')]);
      await fx.second.put([file('c')]);
      await fx.first.delete(['b']);
      const batch = await fx.second.changesSince(since);
      expect(batch.tx).toBe(4);
      // What the other tab wrote, not what this one wrote itself (it knows): only its number.
      expect(batch.items.map((item) => [item.id, item.tx])).toEqual([['a', 2]]);
      expect((batch.items[0] as FileItem).name).toBe('Renamed');
      expect(batch.deletedIds).toEqual(['b']);
      expect([...batch.ownTx]).toEqual([3]);
      const none = await fx.second.changesSince(batch.tx);
      expect(none).toMatchObject({ tx: 4, items: [], deletedIds: [] });
    });

    it('D2 runs update as one atomic step, so concurrent tabs never lose a write', async () => {
      await fx.first.put([content('f', '')]);
      const append = (repo: ItemRepository, letter: string) =>
        repo.update<ContentItem>('f/content', (current) =>
          current ? { ...current, text: current.text + letter } : undefined,
        );
      const writes: Promise<unknown>[] = [];
      for (let i = 0; i < 40; i += 1) {
        writes.push(append(fx.first, 'a'), append(fx.second, 'b'));
      }
      await Promise.all(writes);
      const text = (await fx.first.get<ContentItem>('f/content'))?.text ?? '';
      expect(text.length).toBe(80);
      expect(text.replace(/b/g, '')).toHaveLength(40);
      expect(await fx.first.currentTx()).toBe(81);
    });

    it('leaves the item alone when the updater returns undefined', async () => {
      await fx.first.put([file('a')]);
      const result = await fx.first.update<FileItem>('a', () => undefined);
      expect(result?.tx).toBe(1);
      expect(await fx.first.currentTx()).toBe(1);
      const created = await fx.first.update<FileItem>('new', (current) =>
        current ? undefined : file('new', 'Created'),
      );
      expect(created).toMatchObject({ id: 'new', name: 'Created', tx: 2 });
    });

    it('refuses an updater that changes the id', async () => {
      await fx.first.put([file('a')]);
      await expect(fx.first.update<FileItem>('a', () => file('b'))).rejects.toThrow(/id b/);
      expect(await fx.first.get('b')).toBeUndefined();
    });

    it('D6 writes an update and its companions in one transaction, or nothing at all', async () => {
      await fx.first.put([content('f', 'old\n'), file('f/place', 'at 0')]);
      const since = await fx.second.currentTx();
      // The companions are worked out from the item the update writes.
      const result = await fx.first.updateWith<ContentItem>(
        'f/content',
        (current) => current && { ...current, text: 'new\n' },
        (written) => [file('f/place', `at ${written?.text.length}`)],
      );
      expect(result.tx).toBe(2);
      expect(result.item).toMatchObject({ text: 'new\n', tx: 2 });
      expect(await fx.second.get('f/place')).toMatchObject({ name: 'at 4', tx: 2 });
      const batch = await fx.second.changesSince(since);
      expect(batch.items.map((item) => [item.id, item.tx]).sort()).toEqual([
        ['f/content', 2],
        ['f/place', 2],
      ]);

      // An update that writes nothing still writes its companions, given the current item.
      const left = await fx.first.updateWith<ContentItem>(
        'f/content',
        () => undefined,
        (current) => [file('f/place', `kept ${current?.text.trim()}`)],
      );
      expect(left).toMatchObject({ tx: 3, item: { text: 'new\n', tx: 2 } });
      expect(await fx.second.get('f/place')).toMatchObject({ name: 'kept new', tx: 3 });
      const none = await fx.first.updateWith<ContentItem>(
        'f/content',
        () => undefined,
        () => [],
      );
      expect(none.tx).toBe(0);
      expect(await fx.first.currentTx()).toBe(3);

      // Companions that cannot be worked out leave the update unwritten too; so does a companion
      // that is the updated item itself.
      await expect(
        fx.first.updateWith<ContentItem>(
          'f/content',
          (current) => current && { ...current, text: 'lost\n' },
          () => {
            throw new Error('no place');
          },
        ),
      ).rejects.toThrow('no place');
      await expect(
        fx.first.updateWith<ContentItem>(
          'f/content',
          (current) => current && { ...current, text: 'lost\n' },
          () => [content('f', 'twice\n')],
        ),
      ).rejects.toThrow(/companion with id f\/content/);
      expect(await fx.second.get('f/content')).toMatchObject({ text: 'new\n', tx: 2 });
      expect(await fx.second.currentTx()).toBe(3);
    });

    it('gives the updater the stored version, whatever version the caller knows', async () => {
      await fx.first.put([content('f', 'one\n')]);
      const known = (await fx.first.get<ContentItem>('f/content'))!;
      // Nobody wrote since: the updater sees that version.
      const seen: (string | undefined)[] = [];
      const saved = await fx.first.updateWith<ContentItem>(
        'f/content',
        (current) => {
          seen.push(current && `${current.text} ${current.tx}`);
          return current && { ...current, text: 'two\n' };
        },
        () => [],
        known,
      );
      expect(saved.item).toMatchObject({ text: 'two\n', tx: 2 });
      // Another tab wrote since the version known: the updater sees what it wrote.
      await fx.second.put([content('f', 'three\n')]);
      await fx.first.updateWith<ContentItem>(
        'f/content',
        (current) => {
          seen.push(current && `${current.text} ${current.tx}`);
          return undefined;
        },
        () => [],
        saved.item,
      );
      // Deleted since: the updater sees no item.
      const last = (await fx.second.get<ContentItem>('f/content'))!;
      await fx.second.delete(['f/content']);
      const gone = await fx.first.updateWith<ContentItem>(
        'f/content',
        (current) => {
          seen.push(current && `${current.text} ${current.tx}`);
          return current && { ...current, text: 'lost\n' };
        },
        () => [],
        last,
      );
      // A known item of another id stands for nothing.
      await fx.first.put([content('g', 'g\n')]);
      await fx.first.updateWith<ContentItem>(
        'g/content',
        (current) => {
          seen.push(current && `${current.text} ${current.tx}`);
          return undefined;
        },
        () => [],
        { ...known, tx: 5 },
      );
      expect(seen).toEqual(['one\n 1', 'three\n 3', undefined, 'g\n 5']);
      expect(gone).toEqual({ item: undefined, tx: 0 });
      expect(await fx.second.get('f/content')).toBeUndefined();
    });

    it('keeps images in their own store', async () => {
      const image = { id: 'img1', path: 'imgs/a.png', content: 'iVBORw0KGgo=', uploaded: false };
      await fx.first.putImage(image);
      expect(await fx.second.getImage('img1')).toEqual(image);
      expect(await fx.second.getAllImages()).toHaveLength(1);
      // D7: every image, one at a time.
      await fx.first.putImage({ ...image, id: 'img2', path: 'imgs/b.png' });
      const visited: string[] = [];
      await fx.second.eachImage((each) => visited.push(`${each.id} ${each.path} ${each.content}`));
      expect(visited.sort()).toEqual([
        'img1 imgs/a.png iVBORw0KGgo=',
        'img2 imgs/b.png iVBORw0KGgo=',
      ]);
      await fx.second.deleteImage('img2');
      await fx.second.deleteImage('img1');
      expect(await fx.first.getImage('img1')).toBeUndefined();
      expect(await fx.first.getAll()).toEqual([]);
    });

    it('keeps local revisions and their texts apart from the items, by file', async () => {
      const revision = (id: string, fileId: string, time: number, text: string) => ({
        id,
        fileId,
        time,
        length: text.length,
        bytes: text.length,
        reason: 'leave',
      });
      await fx.first.putRevision(revision('r2', 'f1', 2000, 'second'), 'second');
      await fx.first.putRevision(revision('r1', 'f1', 1000, 'first'), 'first');
      await fx.first.putRevision(revision('r3', 'f2', 1500, 'other'), 'other');
      // Another tab sees them, oldest first, with no text in the list.
      expect((await fx.second.listRevisions('f1')).map((each) => each.id)).toEqual(['r1', 'r2']);
      expect(await fx.second.listRevisions('f1')).toContainEqual(
        revision('r1', 'f1', 1000, 'first'),
      );
      expect((await fx.second.listRevisions()).map((each) => each.id)).toEqual(['r1', 'r3', 'r2']);
      expect(await fx.second.getRevisionText('r2')).toBe('second');
      // Not items: no transaction, nothing in the objects store.
      expect(await fx.first.currentTx()).toBe(0);
      expect(await fx.first.getAll()).toEqual([]);
      await fx.second.deleteRevisions(['r1', 'r3']);
      expect((await fx.first.listRevisions()).map((each) => each.id)).toEqual(['r2']);
      expect(await fx.first.getRevisionText('r1')).toBeUndefined();
    });

    it('tells a connection when another one upgrades the schema', async () => {
      let told = 0;
      fx.first.onVersionChange(() => {
        told += 1;
      });
      await fx.upgradeSchema();
      expect(told).toBe(1);
    });
  });
}
