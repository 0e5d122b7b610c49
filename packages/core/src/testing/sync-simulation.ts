import { MemoryDatabase, type MemoryRepository } from '../db/memory-repository.js';
import { type Item } from '../items/types.js';
import { HttpError, NetworkError } from '../sync/http-client.js';
import { OfflineError } from '../sync/sync-context.js';
import { SyncKeptChangingError, WorkspaceSynchronizer } from '../sync/workspace-sync.js';
import { TooLateError } from '../sync/workspace-provider.js';
import { type WorkspaceProvider } from '../sync/workspace-provider.js';
import {
  type FaultInjector,
  type MemoryConnectionOptions,
  MemoryWorkspaceProvider,
  type ProviderFault,
} from './memory-workspace-provider.js';
import { SimRandom } from './sim-random.js';
import { randomEdit } from './sim-edits.js';

/** One simulated client: a browser profile (its own database) whose current tab syncs. */
export interface SimClient {
  index: number;
  db: MemoryDatabase;
  repository: MemoryRepository;
  synchronizer: WorkspaceSynchronizer;
  /** Fault rate of the calls of this tab (0 in the quiet phase). */
  faultRate: number;
  /** Set by a 'hang' fault: the tab was closed mid-sync. */
  closed: () => void;
  /** Whether its connection has the batch save, and how many items a batch holds (S12). */
  batch: boolean;
  batchSize: number;
  /** The abort flag of the running sync: half the 'offline' faults set it, as the task queue
   * does on going offline, instead of failing the call. */
  signal: { aborted: boolean };
}

/** The remote the clients of a simulation share: the in-memory one, or a real provider's (the
 * GitHub provider over forge-sim). Each client connects with its own faults. */
export interface SimRemote {
  connect(faults: FaultInjector, options: MemoryConnectionOptions): WorkspaceProvider;
  /** Every live item the remote holds (content with its text), for the final comparison. */
  snapshot(): Item[] | Promise<Item[]>;
}

/** Makes the remote of one seed (its random source, to draw the remote's own choices). */
export type SimRemoteFactory = (random: SimRandom) => SimRemote | Promise<SimRemote>;

/** What the simulation checks at the end. */
export interface SimWorld {
  random: SimRandom;
  remote: SimRemote;
  clients: SimClient[];
  /** Every marker word saved by any client. */
  inserted: Set<string>;
  /** Marker words that were in a file's text when a client trashed it (they may go). */
  deletable: Set<string>;
  counter: number;
  /** Files merged with conflicts, over the run. */
  conflicts: number;
  /** A short log of the run, printed when a seed fails. */
  log: string[];
}

const FAULTS: ProviderFault[] = ['timeout', 'server', 'tooLate', 'offline', 'lostReply', 'hang'];

function openTab(world: SimWorld, client: SimClient): void {
  client.repository = client.db.connect();
  const provider = world.remote.connect(
    () => {
      if (!world.random.chance(client.faultRate)) return undefined;
      const fault = world.random.pick(FAULTS);
      if (fault === 'hang') client.closed();
      if (fault === 'offline' && world.random.chance(0.5)) {
        client.signal.aborted = true;
        return undefined;
      }
      return fault;
    },
    { batch: client.batch },
  );
  client.synchronizer = new WorkspaceSynchronizer({
    repository: client.repository,
    provider,
    welcomeFileHashes: new Set(),
    onConflict: () => (world.conflicts += 1),
    batchSize: client.batchSize,
  });
}

/** Creates the world of one seed: 2–4 clients and one remote (by default the in-memory one with
 * a small page size). Three clients in four save in batches of 1 to 8 items, the others one
 * item a call. */
export async function createWorld(seed: number, makeRemote?: SimRemoteFactory): Promise<SimWorld> {
  const random = new SimRandom(seed);
  const world: SimWorld = {
    random,
    remote: makeRemote ? await makeRemote(random) : new MemoryWorkspaceProvider(1 + random.int(6)),
    clients: [],
    inserted: new Set(),
    deletable: new Set(),
    counter: 0,
    conflicts: 0,
    log: [],
  };
  const count = 2 + random.int(3);
  for (let index = 0; index < count; index += 1) {
    const client = { index, db: new MemoryDatabase(`client-${index}`) } as SimClient;
    client.faultRate = 0.15;
    client.batch = !random.chance(0.25);
    client.batchSize = 1 + random.int(8);
    openTab(world, client);
    world.clients.push(client);
  }
  return world;
}

const EXPECTED = [HttpError, NetworkError, TooLateError, OfflineError, SyncKeptChangingError];

/** Runs one sync of a client, maybe with an edit while it runs; a 'hang' fault closes the tab
 * (the sync promise is abandoned) and opens a new one on the same database. Errors the sync may
 * meet are logged; any other error fails the run. */
export async function syncClient(world: SimWorld, client: SimClient, editMeanwhile: boolean) {
  let closed = false;
  let onClosed = () => undefined as void;
  const hung = new Promise<'hung'>((resolve) => (onClosed = () => resolve('hung')));
  client.closed = () => {
    closed = true;
    onClosed();
  };
  client.signal = { aborted: false };
  const running = client.synchronizer.sync(client.signal).then(
    () => 'done' as const,
    (error: unknown) => {
      if (EXPECTED.some((type) => error instanceof type)) return `failed: ${String(error)}`;
      throw error;
    },
  );
  if (editMeanwhile) await randomEdit(world, client);
  const outcome = await Promise.race([running, hung]);
  world.log.push(`sync ${client.index}: ${outcome}`);
  client.closed = () => undefined;
  if (closed) openTab(world, client);
}

/** The files and texts a client has, in a canonical form for comparison. */
export async function clientView(client: SimClient): Promise<string> {
  return itemsView(await client.repository.getAll());
}

/** The files, folders and texts of a list of items, in a canonical form for comparison. */
export function itemsView(items: readonly Item[]): string {
  const byId = new Map(items.map((item) => [item.id, item]));
  const files = items.flatMap((item) => {
    if (item.type !== 'file' && item.type !== 'folder') return [];
    const content = byId.get(`${item.id}/content`);
    const text = content?.type === 'content' ? [content.text, content.properties] : null;
    return [[item.id, item.type, item.name, item.parentId, text]];
  });
  return JSON.stringify(files.sort((a, b) => String(a[0]).localeCompare(String(b[0]))));
}

/** Plays one seed: random edits and faulty syncs, then quiet syncs until every client is
 * stable. Returns the views of the clients and the words lost (to check by the caller). */
export async function runSimulation(
  seed: number,
  steps = 40,
  watch?: (world: SimWorld) => void,
  makeRemote?: SimRemoteFactory,
) {
  const world = await createWorld(seed, makeRemote);
  watch?.(world);
  const { random } = world;
  for (let step = 0; step < steps; step += 1) {
    const client = random.pick(world.clients);
    if (random.chance(0.35)) await syncClient(world, client, random.chance(0.3));
    else await randomEdit(world, client);
  }
  for (const client of world.clients) client.faultRate = 0;
  let views: string[] = [];
  for (let round = 0; round < 8; round += 1) {
    for (const client of world.clients) await syncClient(world, client, false);
    const next = await Promise.all(world.clients.map(clientView));
    const stable = next.every((view, i) => view === views[i]);
    views = next;
    if (stable && new Set(views).size === 1) break;
  }
  const finalText = views.join('\n');
  const lost = [...world.inserted].filter(
    (word) => !world.deletable.has(word) && !finalText.includes(word),
  );
  return {
    views,
    remoteView: itemsView(await world.remote.snapshot()),
    lost,
    conflicts: world.conflicts,
    log: world.log,
  };
}
