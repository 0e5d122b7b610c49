// Search over thousands of files must answer within 300 ms (interface §9: 5,000 files of
// 10,000 characters). Reading every text from IndexedDB takes seconds at that size, so the
// texts are kept in memory once read, and kept current from the repository's writes.

import { SEARCH_RESULTS_MAX } from '../constants.js';
import { type RepositoryWrite } from '../db/observe-writes.js';
import { type ItemRepository } from '../db/repository.js';
import { type ContentItem, type FileItem, type Item } from '../items/types.js';

/** Files whose name or text (looked up with `textOf`) contains `query`, case-insensitively,
 * sorted by name; at most SEARCH_RESULTS_MAX (50). A blank query finds nothing; trashed files
 * are left out. */
export function matchFiles(
  files: Iterable<FileItem>,
  query: string,
  textOf: (fileId: string) => string | undefined,
): FileItem[] {
  const trimmed = query.trim();
  if (trimmed === '') return [];
  // A case-insensitive regular expression scans a text without copying it in lower case.
  const pattern = new RegExp(trimmed.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i');
  const candidates = [...files].filter((file) => file.parentId !== 'trash');
  const found = new Set<FileItem>();
  for (const file of candidates) {
    if (found.size >= SEARCH_RESULTS_MAX) break;
    if (pattern.test(file.name)) found.add(file);
  }
  for (const file of candidates) {
    if (found.size >= SEARCH_RESULTS_MAX) break;
    const text = textOf(file.id);
    if (!found.has(file) && text !== undefined && pattern.test(text)) found.add(file);
  }
  return [...found].sort((a, b) => a.name.localeCompare(b.name));
}

/** The texts of a workspace's files, in memory, for {@link matchFiles}. Fill it with `load`
 * and keep it current by passing every write to `written` (see `observeWrites`). */
export class TextIndex {
  private readonly texts = new Map<string, string>();
  private loading: Promise<void> | undefined;
  // Files written while the first read runs: what that read returns for them may be older.
  private touched: Set<string> | null = null;

  /** Reads every content item once (later calls wait for the same read). */
  load(repo: ItemRepository): Promise<void> {
    if (!this.loading) {
      const touched = (this.touched = new Set());
      this.loading = repo.getAll('content').then(
        (items) => {
          for (const item of items) if (!touched.has(fileIdOf(item.id))) this.take(item);
          this.touched = null;
        },
        (error: unknown) => {
          this.loading = undefined;
          this.touched = null;
          throw error;
        },
      );
    }
    return this.loading;
  }

  /** Takes in a write: the items stored and the ids deleted (see `observeWrites`). */
  written({ items, deletedIds }: Pick<RepositoryWrite, 'items' | 'deletedIds'>): void {
    for (const item of items) {
      this.touched?.add(fileIdOf(item.id));
      this.take(item);
    }
    for (const id of deletedIds) {
      this.touched?.add(fileIdOf(id));
      this.texts.delete(fileIdOf(id));
    }
  }

  /** The text of a file, when known. */
  textOf(fileId: string): string | undefined {
    return this.texts.get(fileId);
  }

  private take(item: Item): void {
    if (item.type === 'content') this.texts.set(fileIdOf(item.id), (item as ContentItem).text);
  }
}

const fileIdOf = (id: string) => (id.includes('/') ? id.slice(0, id.indexOf('/')) : id);
