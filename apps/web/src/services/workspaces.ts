import {
  databaseName,
  type DataItem,
  type CouchdbCredentials,
  type ItemRepository,
  withHash,
  type Workspace,
} from '@inkstone/core';
import { openDexieRepository } from '@inkstone/core/dexie';
import { forgetJournals } from '../editor/unsaved-journal';
import { readList, removalRefusal, renamed, withAutoSync, withWorkspace } from './workspace-list';
import { earnBadge } from '../badges/badges';

/** The localStorage key of the workspace list (docs/reference/choices.md). */
export const WORKSPACES_KEY = 'inkstone-workspaces';

/**
 * The workspaces of this browser, kept as JSON in localStorage so every tab, whatever its
 * workspace, reads the same list, and follows the others' changes through `storage` events.
 * Only names and provider parameters are kept: never a password.
 */
export class WorkspaceList {
  private list: Workspace[];
  private readonly listeners = new Set<() => void>();

  constructor(
    /** The workspace this tab has open. */
    readonly current: Workspace,
    private readonly storage: Pick<Storage, 'getItem' | 'setItem'> = localStorage,
    /** Where other tabs' `storage` events arrive. */
    private readonly events: EventTarget = window,
  ) {
    this.list = readList(this.read());
    this.events.addEventListener('storage', this.onStorage);
  }

  /** Every workspace, the main one first. The same array until something changes. */
  get workspaces(): readonly Workspace[] {
    return this.list;
  }

  /** Adds `workspace`, or refreshes its parameters when it is already there. */
  add(workspace: Workspace): void {
    this.save(withWorkspace(this.list, workspace));
  }

  /** Renames a workspace (an empty name is ignored). */
  rename(id: string, name: string): void {
    this.save(renamed(this.list, id, name));
    earnBadge('renameWorkspace');
  }

  /** The workspace `id` as the list has it now (another tab may have changed it). */
  find(id: string): Workspace | undefined {
    return this.list.find((known) => known.id === id);
  }

  /** Switches a workspace's auto sync on or off, for every tab. */
  setAutoSync(id: string, on: boolean): void {
    this.save(withAutoSync(this.list, id, on));
    earnBadge(on ? 'autoSyncWorkspace' : 'stopAutoSyncWorkspace');
  }

  /** Removes a workspace and deletes its local database; refused with the spec's message for
   * the main one and the current one. */
  async remove(id: string): Promise<void> {
    const refusal = removalRefusal(id, this.current.id);
    if (refusal) throw new Error(refusal);
    this.save(this.list.filter((known) => known.id !== id));
    earnBadge('removeWorkspace');
    await new Promise<void>((resolve, reject) => {
      const request = indexedDB.deleteDatabase(databaseName(id));
      request.onsuccess = () => resolve();
      request.onerror = () => reject(request.error ?? new Error('Local DB access error.'));
      // Another tab still has it open: it is deleted once that tab closes it.
      request.onblocked = () => resolve();
    });
    // Its unsaved-changes journals would never be taken again. (Left on failure: harmless.)
    await forgetJournals(databaseName(id)).catch((error: unknown) =>
      console.error('The journals of a removed workspace could not be deleted.', error),
    );
  }

  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Stops following other tabs. */
  close(): void {
    this.events.removeEventListener('storage', this.onStorage);
  }

  // Another tab wrote localStorage (a null key: it was cleared).
  private readonly onStorage = (event: Event) => {
    const { key } = event as StorageEvent;
    if (key !== WORKSPACES_KEY && key !== null) return;
    this.list = readList(this.read());
    this.changed();
  };

  private read(): string | null {
    try {
      return this.storage.getItem(WORKSPACES_KEY);
    } catch {
      return null;
    }
  }

  private save(list: Workspace[]): void {
    this.list = list;
    try {
      this.storage.setItem(WORKSPACES_KEY, JSON.stringify(list));
    } catch (error) {
      console.error('The workspace list could not be stored.', error);
    }
    this.changed();
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}

/** Keeps a CouchDB user's name and password for `dbUrl` in the workspace's own `tokens` data
 * item (spec providers §3), never in the list, a URL or a log. */
export async function storeCredentials(
  workspaceId: string,
  dbUrl: string,
  credentials: CouchdbCredentials,
): Promise<void> {
  const repo = await openDexieRepository(databaseName(workspaceId), { indexedDB, IDBKeyRange });
  try {
    await writeCredentials(repo, dbUrl, credentials);
  } finally {
    repo.close();
  }
}

/** Writes a CouchDB user's name and password for `dbUrl` into the `tokens` data item of an
 * open workspace, keeping the item's other entries. */
export async function writeCredentials(
  repo: ItemRepository,
  dbUrl: string,
  credentials: CouchdbCredentials,
): Promise<void> {
  await repo.update<DataItem>('tokens', (current) => {
    const data = current?.data;
    const kept = typeof data === 'object' && data !== null ? data : {};
    return withHash<DataItem>({
      id: 'tokens',
      type: 'data',
      data: { ...kept, [dbUrl]: credentials },
    });
  });
}

/** The name and password kept for `dbUrl` in an open workspace, if any. */
export async function readCredentials(
  repo: ItemRepository,
  dbUrl: string,
): Promise<CouchdbCredentials | undefined> {
  const data = (await repo.get<DataItem>('tokens'))?.data;
  if (typeof data !== 'object' || data === null) return undefined;
  const entry = (data as Record<string, unknown>)[dbUrl];
  if (typeof entry !== 'object' || entry === null) return undefined;
  const { name, password } = entry as Record<string, unknown>;
  return typeof name === 'string' && typeof password === 'string' ? { name, password } : undefined;
}
