// What the forges' workspace-sync tests share: a "browser" (its own local database syncing a
// workspace through its own provider, with the few actions a user takes in it), a hook that
// runs something just before a chosen request, and the three paragraphs the merge tests edit.
import { MemoryDatabase } from '../db/memory-repository.js';
import { withHash } from '../items/hash.js';
import { type ContentItem, type FileItem, type Item } from '../items/types.js';
import { type WorkspaceProvider } from '../sync/workspace-provider.js';
import { type WorkspaceSyncOptions, WorkspaceSynchronizer } from '../sync/workspace-sync.js';

/** Three paragraphs, for edits of different paragraphs and of one sentence. */
export const PARAGRAPHS = 'First paragraph.\n\nSecond paragraph.\n\nThird paragraph.\n';

/** One browser: its own database, syncing the workspace through `provider`. */
export function syncBrowser<P extends WorkspaceProvider>(
  provider: P,
  options: { ask?: () => Promise<string>; images?: WorkspaceSyncOptions['images'] } = {},
) {
  const repository = new MemoryDatabase(`browser-${Math.random()}`).connect();
  const synchronizer = new WorkspaceSynchronizer({
    repository,
    provider,
    welcomeFileHashes: new Set(),
    askCommitMessage: options.ask,
    ...(options.images ? { images: options.images } : {}),
  });
  return {
    repository,
    provider,
    /** Syncs once, as the sync button does. */
    sync: () => synchronizer.sync(),
    /** Saves items in the local database, as the editor does. */
    put: (...items: Item[]) => repository.put(items),
    /** The text of a file, undefined when it has none here. */
    text: async (fileId: string) => (await repository.get<ContentItem>(`${fileId}/content`))?.text,
    /** Edits a file's text, as typing does. */
    edit: async (fileId: string, change: (text: string) => string) => {
      const current = (await repository.get<ContentItem>(`${fileId}/content`))!;
      const { tx: _tx, ...rest } = current as ContentItem & { tx?: number };
      await repository.put([withHash<ContentItem>({ ...rest, text: change(current.text) })]);
    },
    /** A file's content item (text, properties, discussions, comments). */
    content: (fileId: string) => repository.get<ContentItem>(`${fileId}/content`),
    /** Changes a file's discussions and comments, as the editor's comment actions do. */
    talk: async (
      fileId: string,
      change: (
        talk: Pick<ContentItem, 'discussions' | 'comments'>,
      ) => Pick<ContentItem, 'discussions' | 'comments'>,
    ) => {
      const current = (await repository.get<ContentItem>(`${fileId}/content`))!;
      const { tx: _tx, ...rest } = current as ContentItem & { tx?: number };
      await repository.put([withHash<ContentItem>({ ...rest, ...change(current) })]);
    },
    /** Every file's id and name, sorted. */
    files: async () =>
      (await repository.getAll('file')).map((item) => [item.id, (item as FileItem).name]).sort(),
  };
}

/** A browser of `syncBrowser`. */
export type SyncBrowser<P extends WorkspaceProvider = WorkspaceProvider> = ReturnType<
  typeof syncBrowser<P>
>;

/** Runs `next.before` once, just before the first request that `next.match` matches (its
 * method, a space, its URL); `next` is then undefined again. */
export class RequestHook {
  next: { match: RegExp; before: () => Promise<void> } | undefined;

  /** What a test's fetch calls before each request. */
  async beforeRequest(url: string, init: { method: string }): Promise<void> {
    const current = this.next;
    if (current && current.match.test(`${init.method} ${url}`)) {
      this.next = undefined;
      await current.before();
    }
  }
}
