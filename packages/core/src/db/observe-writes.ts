import { type Item } from '../items/types.js';
import { boundRepository } from './bound-repository.js';
import {
  type ItemRepository,
  type ItemUpdater,
  type StoredItem,
  type UpdateCompanions,
} from './repository.js';

/** One write a repository made: its transaction number (0 when nothing was written), the items
 * it stored and the ids it deleted. */
export interface RepositoryWrite {
  tx: number;
  items: readonly Item[];
  deletedIds: readonly string[];
}

/** A repository that reports every write it makes to `listener`, after the write succeeded.
 * Reads and images pass straight through. */
export function observeWrites(
  repo: ItemRepository,
  listener: (write: RepositoryWrite) => void,
): ItemRepository {
  return {
    ...boundRepository(repo),
    put: async (items) => {
      const tx = await repo.put(items);
      listener({ tx, items, deletedIds: [] });
      return tx;
    },
    delete: async (ids) => {
      const tx = await repo.delete(ids);
      listener({ tx, items: [], deletedIds: ids });
      return tx;
    },
    update: async <T extends Item>(id: string, updater: ItemUpdater<T>) => {
      let written: T | undefined;
      const result = await repo.update<T>(id, (current) => (written = updater(current)));
      if (written && result) listener({ tx: result.tx, items: [written], deletedIds: [] });
      return result;
    },
    updateWith: async <T extends Item>(
      id: string,
      updater: ItemUpdater<T>,
      companions: UpdateCompanions<T>,
      known?: StoredItem<T>,
    ) => {
      let written: T | undefined;
      let others: readonly Item[] = [];
      const result = await repo.updateWith<T>(
        id,
        (current) => (written = updater(current)),
        (left) => (others = companions(left)),
        known,
      );
      if (result.tx > 0) {
        const items = written ? [written, ...others] : others;
        listener({ tx: result.tx, items, deletedIds: [] });
      }
      return result;
    },
  };
}
