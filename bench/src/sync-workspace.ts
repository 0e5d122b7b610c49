import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import {
  type ContentItem,
  createFile,
  createFolder,
  type ItemRepository,
  itemIds,
  MemoryDatabase,
  type MemoryRepository,
  type Timers,
  withHash,
} from '@inkstone/core';
import { type DexieRepository, openDexieRepository } from '@inkstone/core/dexie';
import { CORPUS, readDoc } from './corpus';

/** The workspace the sync benchmark seeds: FILES files of 2 to 6 KB of corpus markdown, the
 * first IN_FOLDERS of them spread over FOLDERS folders (one in four inside another). */
export const FILES = 1000;
const FOLDERS = 20;
const IN_FOLDERS = 600;

/** Where the local items live: the app's own Dexie repository, over fake-indexeddb in Node, or
 * the in-memory repository of the core tests (`BENCH_SYNC_DB=memory`). */
export type LocalDb = 'memory' | 'dexie';

let databases = 0;

/** A new, empty local database of the kind asked for. */
export async function openLocal(kind: LocalDb): Promise<MemoryRepository | DexieRepository> {
  databases += 1;
  if (kind === 'memory') return new MemoryDatabase(`bench-${databases}`).connect();
  return openDexieRepository(`inkstone-db-bench${databases}`, {
    indexedDB: new IDBFactory(),
    IDBKeyRange,
  });
}

// The corpus as one text, to cut files from.
let corpusText: string | undefined;

// About `length` characters of the corpus from `start`, cut at line breaks.
function slice(start: number, length: number): string {
  corpusText ??= CORPUS.map(readDoc).join('\n');
  const from = corpusText.indexOf('\n', start % (corpusText.length - length - 1)) + 1;
  const to = corpusText.indexOf('\n', from + length);
  return corpusText.slice(from, to < 0 ? undefined : to + 1);
}

/** Seeds the workspace as the app creates files and folders (`createFolder`, `createFile`),
 * with ids counted up so that every run makes the same workspace. Returns a file's id. */
export async function seedWorkspace(repository: ItemRepository): Promise<string> {
  let next = 0;
  const newId = () => `bench${String((next += 1)).padStart(6, '0')}`;
  const folders: string[] = [];
  for (let f = 0; f < FOLDERS; f += 1) {
    const parent = f % 4 === 3 ? folders[f - 1]! : null;
    folders.push((await createFolder(repository, newId, `Folder ${f}`, parent)).id);
  }
  let fileId = '';
  for (let i = 0; i < FILES; i += 1) {
    const text = `# Note ${i}\n\n${slice(i * 7919, 2000 + ((i * 37) % 4000))}`;
    const parentId = i < IN_FOLDERS ? folders[i % FOLDERS]! : null;
    fileId = (await createFile(repository, newId, { name: `Note ${i}`, parentId, text })).id;
  }
  return fileId;
}

/** The page's timers, for the sync engine and its HTTP client. */
export const timers: Timers = {
  set(callback, delay) {
    const timer = setTimeout(callback, delay);
    return () => clearTimeout(timer);
  },
  now: Date.now,
};

/** Appends a line to each of `fileIds`' texts, as an edit in the editor would. */
export async function editFiles(
  repository: ItemRepository,
  fileIds: readonly string[],
): Promise<void> {
  for (const fileId of fileIds) {
    await repository.update<ContentItem>(itemIds.content(fileId), (current) => {
      const { tx: _tx, hash: _hash, ...content } = current!;
      return withHash<ContentItem>({ ...content, text: `${content.text}\nOne more line.\n` });
    });
  }
}
