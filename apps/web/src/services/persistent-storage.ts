// Persistent storage: browsers may clear a site's storage when space runs short unless the site
// was granted persistent storage. The app asks at start and warns when refused.

/** What the browser said about persistent storage. `unavailable`: it has no storage manager. */
export type StoragePersistence = 'persisted' | 'refused' | 'unavailable';

/** The words of the warning shown when the browser refuses (docs/concepts/backups.md). */
export const STORAGE_WARNING =
  'This browser did not grant persistent storage: it may clear files that are not synced when it runs short of space. Keep a copy with Workspace backups.';

/** The localStorage key remembering that the user dismissed the warning. */
export const STORAGE_WARNING_DISMISSED_KEY = 'inkstone-storage-warning-dismissed';

/** Asks for persistent storage unless it is already granted. */
export async function requestPersistentStorage(
  storage: Pick<StorageManager, 'persist' | 'persisted'> | undefined,
): Promise<StoragePersistence> {
  if (!storage || typeof storage.persist !== 'function') return 'unavailable';
  try {
    if (await storage.persisted()) return 'persisted';
    return (await storage.persist()) ? 'persisted' : 'refused';
  } catch {
    return 'refused';
  }
}
