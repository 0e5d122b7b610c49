// Spec interface §4 (Explorer): "Search needs non-empty text, stops collecting at 50 matches and
// lists matching files."

import { type ItemRepository } from '../db/repository.js';
import { type FileItem } from '../items/types.js';
import { matchFiles, TextIndex } from './text-index.js';

/**
 * Files whose name or text contains `query`, case-insensitively, sorted by name; at most
 * SEARCH_RESULTS_MAX (50). An empty or blank query finds nothing. Trashed files are left out.
 * With an `index`, texts come from memory (loaded on first use); without, they are read in one
 * pass over the content items.
 */
export async function searchFiles(
  repo: ItemRepository,
  query: string,
  index?: TextIndex,
): Promise<FileItem[]> {
  if (query.trim() === '') return [];
  const texts = index ?? new TextIndex();
  const [files] = await Promise.all([repo.getAll('file') as Promise<FileItem[]>, texts.load(repo)]);
  return matchFiles(files, query, (id) => texts.textOf(id));
}
