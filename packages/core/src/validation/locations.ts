// Spec core §5: "Duplicate locations (same file and hash) are deleted." Two devices can each add
// the same sync or publish location to a file before syncing.

import { hashItem } from '../items/hash.js';
import { type LocationItem } from '../items/types.js';

/**
 * The ids of the locations to delete as duplicates: a location is a duplicate of an earlier one
 * in the list when both have the same `fileId` and the same location hash, i.e. the same fields
 * apart from `id` and `hash` (type, provider and provider-specific fields included; see
 * `hashItem`). The first of each group, in list order, is kept. The hash is recomputed rather
 * than read from the stored `hash` field, which may be stale or of an older format.
 */
export function removeDuplicateLocations(locations: readonly LocationItem[]): string[] {
  const seen = new Set<string>();
  const duplicates: string[] = [];
  for (const location of locations) {
    // fileId is part of the hash already; the key names it to follow the spec's wording.
    const key = `${location.fileId}\n${hashItem(location)}`;
    if (seen.has(key)) duplicates.push(location.id);
    else seen.add(key);
  }
  return duplicates;
}
