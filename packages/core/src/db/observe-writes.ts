import { type Item } from '../items/types.js';
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
    get name() {
      return repo.name;
    },
    get: (id) => repo.get(id),
    getAll: (type) => repo.getAll(type),
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
    currentTx: () => repo.currentTx(),
    changesSince: (tx) => repo.changesSince(tx),
    getImage: (id) => repo.getImage(id),
    putImage: (image) => repo.putImage(image),
    deleteImage: (id) => repo.deleteImage(id),
    getAllImages: () => repo.getAllImages(),
    eachImage: (visit) => repo.eachImage(visit),
    putRevision: (revision, text) => repo.putRevision(revision, text),
    listRevisions: (fileId) => repo.listRevisions(fileId),
    getRevisionText: (id) => repo.getRevisionText(id),
    deleteRevisions: (ids) => repo.deleteRevisions(ids),
    onVersionChange: (listener) => repo.onVersionChange(listener),
    close: () => repo.close(),
  };
}
