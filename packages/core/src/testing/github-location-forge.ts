// What the GitHub location tests share: forge-sim with the user alice and a repository, a
// GithubClient of hers over the real HTTP client, and a file in an in-memory database.
import { startForgeSim, type ForgeSim } from '@inkstone/forge-sim';
import { MemoryDatabase } from '../db/memory-repository.js';
import { withHash } from '../items/hash.js';
import { type ContentItem, type FileItem } from '../items/types.js';
import { HttpClient } from '../sync/http-client.js';
import { nodeFetch } from './couchdb-provider.js';
import { GithubClient } from '../providers/github/github-client.js';

/** Real timers for the HTTP client: forge-sim answers for real. */
const realTimers = {
  set(callback: () => void, delay: number) {
    const timer = setTimeout(callback, delay);
    return () => clearTimeout(timer);
  },
  now: () => Date.now(),
};

/** A forge with alice and her repository `notes` (one commit), and her client. */
export async function startLocationForge(): Promise<{
  forge: ForgeSim;
  client: GithubClient;
  /** Calls the forge as alice would from elsewhere (another tool, the web). */
  api<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
}> {
  const forge = await startForgeSim({ port: 0 });
  const token = 'ghp_alice_locations';
  forge.users.add({ login: 'alice', token, name: 'Alice' });
  const client = new GithubClient({
    http: new HttpClient({ fetch: nodeFetch, timers: realTimers }),
    apiUrl: forge.apiUrl,
    token,
  });
  await client.post('/user/repos', { name: 'notes', auto_init: true });
  return {
    forge,
    client,
    api: <T>(method: string, path: string, body?: unknown) => client.send<T>(method, path, body),
  };
}

/** An in-memory database holding the file `f` named Notes with `text`. */
export async function databaseWithFile(text: string, properties = '') {
  const repository = new MemoryDatabase(`locations-${Math.random()}`).connect();
  await repository.put([
    withHash<FileItem>({ id: 'f', type: 'file', name: 'Notes', parentId: null }),
    withHash<ContentItem>({
      id: 'f/content',
      type: 'content',
      text,
      properties,
      discussions: {},
      comments: {},
      history: [],
    }),
  ]);
  const edit = async (next: string) => {
    const current = (await repository.get<ContentItem>('f/content'))!;
    const { hash: _hash, tx: _tx, ...rest } = current;
    await repository.put([withHash<ContentItem>({ ...rest, text: next })]);
  };
  const read = async () => (await repository.get<ContentItem>('f/content'))!;
  return { repository, edit, read };
}
