import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { Dexie } from 'dexie';
import { describe, expect, it } from 'vitest';
import { DB_VERSION } from '../constants.js';
import { describeRepository } from '../testing/repository-contract.js';
import { databaseName } from './database-name.js';
import { DEXIE_SCHEMA, openDexieRepository } from './dexie-repository.js';

let counter = 0;

describeRepository('Dexie over fake-indexeddb', async () => {
  // A fresh IndexedDB per test; both connections share it, as two tabs share the browser's.
  const factory = { indexedDB: new IDBFactory(), IDBKeyRange };
  const name = `inkstone-db-test${(counter += 1)}`;
  const first = await openDexieRepository(name, factory);
  const second = await openDexieRepository(name, factory);
  return {
    first,
    second,
    upgradeSchema: async () => {
      const upgraded = new Dexie(name, { indexedDB: factory.indexedDB, IDBKeyRange });
      upgraded.version(DB_VERSION + 1).stores({ ...DEXIE_SCHEMA, images: 'id, path' });
      await upgraded.open();
      upgraded.close();
    },
    dispose: async () => {
      first.close();
      second.close();
    },
  };
});

describe('D5 Dexie database layout', () => {
  it('names the main database inkstone-db and suffixes the others', () => {
    expect(databaseName('main')).toBe('inkstone-db');
    expect(databaseName('x7Kp0')).toBe('inkstone-db-x7Kp0');
  });

  it('creates schema version 4 with the objects, images and local revisions stores', async () => {
    const factory = { indexedDB: new IDBFactory(), IDBKeyRange };
    const repo = await openDexieRepository('inkstone-db', factory);
    repo.close();
    const raw = new Dexie('inkstone-db', { indexedDB: factory.indexedDB, IDBKeyRange });
    await raw.open();
    expect(raw.verno).toBe(4);
    expect(raw.tables.map((table) => table.name).sort()).toEqual([
      'images',
      'objects',
      'revisionTexts',
      'revisions',
    ]);
    expect(
      raw
        .table('objects')
        .schema.indexes.map((index) => index.name)
        .sort(),
    ).toEqual(['tx', 'type']);
    raw.close();
  });
});

describe('Dexie upgrade to the local revisions', () => {
  it('keeps the items and images of a version 3 database', async () => {
    const factory = { indexedDB: new IDBFactory(), IDBKeyRange };
    const name = `inkstone-db-test${(counter += 1)}`;
    const old = new Dexie(name, { indexedDB: factory.indexedDB, IDBKeyRange });
    old.version(3).stores({ objects: 'id, type, tx', images: 'id' });
    await old.open();
    await old
      .table('objects')
      .put({ id: 'a', type: 'file', name: 'Notes', parentId: null, hash: 'h', tx: 7 });
    await old.table('images').put({ id: 'i', path: 'p.png', content: 'x', uploaded: false });
    old.close();
    const repo = await openDexieRepository(name, factory);
    try {
      expect(await repo.get('a')).toMatchObject({ name: 'Notes', tx: 7 });
      expect(await repo.currentTx()).toBe(7);
      expect(await repo.getImage('i')).toMatchObject({ path: 'p.png' });
      expect(await repo.listRevisions()).toEqual([]);
    } finally {
      repo.close();
    }
  });
});

describe('Dexie saves of a long text', () => {
  it('does not read the item back when the version known is the one stored', async () => {
    const factory = { indexedDB: new IDBFactory(), IDBKeyRange };
    const repo = await openDexieRepository(`inkstone-db-test${(counter += 1)}`, factory);
    const other = await openDexieRepository(repo.name, factory);
    try {
      const text = `${'A long line of a manuscript.\n'.repeat(1000)}`;
      const item = {
        id: 'f/content',
        type: 'content' as const,
        text,
        properties: '',
        discussions: {},
        comments: {},
        history: [],
        hash: 'h',
      };
      await repo.put([item]);
      const known = (await repo.get<typeof item>('f/content'))!;
      let given: unknown;
      const saved = await repo.updateWith<typeof item>(
        'f/content',
        (current) => {
          given = current;
          return current && { ...current, text: `${text}more\n` };
        },
        () => [],
        known,
      );
      // The very object the caller holds, not a copy read from the database.
      expect(given).toBe(known);
      expect(await other.get('f/content')).toMatchObject({ text: `${text}more\n`, tx: 2 });
      // Written by another connection since: read, not taken on trust.
      await other.put([{ ...item, text: 'elsewhere\n' }]);
      await repo.updateWith<typeof item>(
        'f/content',
        (current) => {
          given = current;
          return undefined;
        },
        () => [],
        saved.item,
      );
      expect(given).not.toBe(saved.item);
      expect(given).toMatchObject({ text: 'elsewhere\n', tx: 3 });
      expect(await repo.currentTx()).toBe(3);
    } finally {
      repo.close();
      other.close();
    }
  });
});
