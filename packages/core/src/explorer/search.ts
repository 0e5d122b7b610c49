// Spec interface §4 (Explorer): "Search needs non-empty text, stops collecting at 50 matches and
// lists matching files."

import { SEARCH_RESULTS_MAX } from '../constants.js';
import { type ItemRepository } from '../db/repository.js';
import { type ContentItem, type FileItem } from '../items/types.js';

/**
 * Files whose name or text contains `query`, case-insensitively, sorted by name; at most
 * SEARCH_RESULTS_MAX (50). An empty or blank query finds nothing. Trashed files are left out.
 * The texts are read in one pass over the content items (one `getAll`), not file by file.
 */
export async function searchFiles(repo: ItemRepository, query: string): Promise<FileItem[]> {
  const trimmed = query.trim();
  if (trimmed === '') return [];
  const needle = trimmed.toLowerCase();
  // A case-insensitive regular expression scans a text without copying it in lower case.
  const pattern = new RegExp(trimmed.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i');
  const files = new Map(
    ((await repo.getAll('file')) as FileItem[])
      .filter((file) => file.parentId !== 'trash')
      .map((file) => [file.id, file]),
  );
  const found = new Set<FileItem>();
  for (const file of files.values()) {
    if (found.size >= SEARCH_RESULTS_MAX) break;
    if (file.name.toLowerCase().includes(needle)) found.add(file);
  }
  if (found.size < SEARCH_RESULTS_MAX) {
    for (const content of (await repo.getAll('content')) as ContentItem[]) {
      const file = files.get(content.id.slice(0, content.id.indexOf('/')));
      if (!file || found.has(file)) continue;
      if (pattern.test(content.text)) found.add(file);
      if (found.size >= SEARCH_RESULTS_MAX) break;
    }
  }
  return [...found].sort((a, b) => a.name.localeCompare(b.name));
}
