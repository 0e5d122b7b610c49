import { performance } from 'node:perf_hooks';
import {
  type ContentItem,
  CouchdbWorkspaceProvider,
  HttpClient,
  type ItemRepository,
  itemIds,
  type Timers,
  withHash,
  WorkspaceSynchronizer,
} from '@inkstone/core';
import {
  type CouchdbTestServer,
  startCouchdbServer,
} from '../../packages/core/src/testing/couchdb-server';
import { median, ms } from './stats';
import { FILES, type LocalDb, openLocal, seedWorkspace } from './sync-workspace';

const RUNS = 3;
const NO_CHANGE_RUNS = 5;
const ONE_BY_ONE = process.env.BENCH_SYNC_ONE_BY_ONE === '1';

const STEPS = {
  first: `first sync: uploads ${FILES} files`,
  readBack: 'next sync: reads back its own uploads',
  noChange: 'sync with nothing changed',
  oneFile: 'sync after one file changed',
  download: `second client's first sync: downloads ${FILES}`,
} as const;
type Step = keyof typeof STEPS;

interface Measure {
  time: number;
  requests: string[];
}

// Node's timers and fetch as the ports, as the app gives the browser's.
const timers: Timers = {
  set(callback, delay) {
    const timer = setTimeout(callback, delay);
    return () => clearTimeout(timer);
  },
  now: Date.now,
};
const http = new HttpClient({ fetch: (url, init) => fetch(url, init as RequestInit), timers });

function synchronizer(repository: ItemRepository, dbUrl: string): WorkspaceSynchronizer {
  const credentials = () => Promise.reject(new Error('The benchmark database is public.'));
  const provider = new CouchdbWorkspaceProvider({ dbUrl, http, credentials, timers });
  // Without `saveItems` the engine sends each item by itself (SPEC S12).
  if (ONE_BY_ONE) Object.defineProperty(provider, 'saveItems', { value: undefined });
  return new WorkspaceSynchronizer({ repository, provider, welcomeFileHashes: new Set() });
}

// One sync, timed, with the requests the server received meanwhile.
async function measure(server: CouchdbTestServer, sync: WorkspaceSynchronizer): Promise<Measure> {
  const start = server.log.length;
  const started = performance.now();
  await sync.sync();
  return { time: performance.now() - started, requests: server.log.slice(start) };
}

// Edits a file's text as the editor saves it: a new content item with its new hash.
async function editFile(repository: ItemRepository, fileId: string): Promise<void> {
  await repository.update<ContentItem>(itemIds.content(fileId), (current) => {
    const { tx: _tx, hash: _hash, ...content } = current!;
    return withHash<ContentItem>({ ...content, text: `${content.text}\nOne more line.\n` });
  });
}

// One fresh database: every step once, the sync with nothing changed NO_CHANGE_RUNS times.
async function runOnce(server: CouchdbTestServer, kind: LocalDb, run: number) {
  const dbUrl = await server.createDatabase(`bench-sync-${run}`);
  const measures: Partial<Record<Step, Measure[]>> = {};
  const add = (step: Step, value: Measure) => (measures[step] ??= []).push(value);
  const local = await openLocal(kind);
  const changed = await seedWorkspace(local);
  const client = synchronizer(local, dbUrl);
  add('first', await measure(server, client));
  add('readBack', await measure(server, client));
  for (let i = 0; i < NO_CHANGE_RUNS; i += 1) add('noChange', await measure(server, client));
  await editFile(local, changed);
  add('oneFile', await measure(server, client));
  const other = await openLocal(kind);
  add('download', await measure(server, synchronizer(other, dbUrl)));
  for (const repository of [local, other]) if ('close' in repository) repository.close();
  await server.asAdmin('DELETE', `/bench-sync-${run}`);
  return measures;
}

// 'GET /db/_changes?…' → 'GET _changes', 'PUT /db/x%2Fcontent' → 'PUT content'…
function requestKind(request: string): string {
  const [method, url = ''] = request.split(' ');
  const path = decodeURIComponent(url.split('?')[0]!).split('/').slice(2).join('/');
  if (path.startsWith('_')) return `${method} ${path}`;
  if (path.includes('/content'))
    return `${method} ${path.endsWith('/data') ? 'attachment' : 'content'}`;
  return `${method} item`;
}

function breakdown(requests: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const request of requests.map(requestKind)) {
    counts.set(request, (counts.get(request) ?? 0) + 1);
  }
  return [...counts].map(([name, count]) => `${count} ${name}`).join(', ');
}

/** In Node, against the in-process CouchDB-protocol server: a workspace of FILES files synced
 * to a fresh database, then synced again unchanged, after one edit, and by a second client;
 * wall time and HTTP requests of each sync (medians of RUNS databases). */
export async function benchSync(kind: LocalDb = 'dexie'): Promise<void> {
  const server = await startCouchdbServer();
  const all: Partial<Record<Step, Measure[]>> = {};
  try {
    for (let run = 1; run <= RUNS; run += 1) {
      for (const [step, values] of Object.entries(await runOnce(server, kind, run))) {
        (all[step as Step] ??= []).push(...values);
      }
    }
  } finally {
    await server.stop();
  }
  console.log(
    `\nNode: sync of a ${FILES}-file workspace (${kind} local database${ONE_BY_ONE ? ', one item a request' : ''}) with the in-process CouchDB server; medians of ${RUNS} databases (${NO_CHANGE_RUNS} syncs each with nothing changed)`,
  );
  const header = ['sync'.padEnd(44), 'time p50'.padStart(10), 'requests'.padStart(9)];
  console.log([...header, ' of them, in the last run'].join(' '));
  for (const step of Object.keys(STEPS) as Step[]) {
    const values = all[step] ?? [];
    console.log(
      [
        STEPS[step].padEnd(44),
        ms(median(values.map((value) => value.time))).padStart(10),
        String(median(values.map((value) => value.requests.length))).padStart(9),
        ` ${breakdown(values.at(-1)?.requests ?? [])}`,
      ].join(' '),
    );
  }
}
