import { type ItemRepository, type LocationItem } from '@inkstone/core';

/** A file's locations of one type (sync or publish), in the order they were added. This module
 * imports no provider: the navigation bar's publish button reads it before the first screen, and
 * the providers' code loads later. */
export async function fileLocations(
  repo: ItemRepository,
  fileId: string,
  type: 'syncLocation' | 'publishLocation',
): Promise<LocationItem[]> {
  return ((await repo.getAll(type)) as LocationItem[]).filter(
    (location) => location.fileId === fileId,
  );
}
