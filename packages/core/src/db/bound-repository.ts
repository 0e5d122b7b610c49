import { type ItemRepository } from './repository.js';

/** The repository's methods, each calling `repo`, for a wrapper to spread and override some
 * (`{ ...boundRepository(repo), put: … }`). */
export function boundRepository(repo: ItemRepository): ItemRepository {
  return {
    get name() {
      return repo.name;
    },
    get: (id) => repo.get(id),
    getAll: (type) => repo.getAll(type),
    put: (items) => repo.put(items),
    delete: (ids) => repo.delete(ids),
    update: (id, updater) => repo.update(id, updater),
    updateWith: (id, updater, companions, known) => repo.updateWith(id, updater, companions, known),
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
