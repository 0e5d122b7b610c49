import { performance } from 'node:perf_hooks';
import {
  HttpClient,
  type ItemRepository,
  type WorkspaceProvider,
  WorkspaceSynchronizer,
} from '@inkstone/core';
import { type ForgeSim, startForgeSim } from '@inkstone/forge-sim';
import { ms } from './stats';
import { editFiles, FILES, openLocal, seedWorkspace, timers } from './sync-workspace';

/** How many files the "many changed" step edits. */
const MANY = 50;

/** One forge's dialect as the sync benchmark drives it, over one forge-sim. */
export interface ForgeBench {
  /** The forge's name in the tables. */
  name: string;
  /** Makes the account and the repository; returns the workspace provider of a new client
   * (each call a new provider, as a new browser would make) and how to count the branch's
   * commits. `http` records every request. */
  setup(
    forge: ForgeSim,
    http: HttpClient,
  ): Promise<{ provider: () => WorkspaceProvider; commits: () => Promise<number> }>;
  /** The API root requests are counted under (stripped from the recorded URLs). */
  apiUrl(forge: ForgeSim): string;
  /** The kind of a request for the breakdown, from its method and path under the API root. */
  kind(method: string, path: string): string;
}

/** One sync measured. */
export interface SyncMeasure {
  step: string;
  time: number;
  requests: string[];
  commits: number;
}

// Edits files' texts as the editor saves them: a new content item with its new hash.
/**
 * In Node, against forge-sim in this process (real bare git repositories): a workspace of FILES
 * files synced to a repository through the forge's provider, then synced with nothing changed,
 * after 1 and MANY files changed, and by a second client; wall time, API requests and commits
 * of each sync.
 */
export async function measureForgeSync(bench: ForgeBench): Promise<SyncMeasure[]> {
  const forge = await startForgeSim({ port: 0 });
  const requests: string[] = [];
  const root = bench.apiUrl(forge);
  const http = new HttpClient({
    fetch: (url, init) => {
      requests.push(`${init.method} ${url.startsWith(root) ? url.slice(root.length) : url}`);
      return fetch(url, init as RequestInit);
    },
    timers,
  });
  const measures: SyncMeasure[] = [];
  try {
    const { provider, commits } = await bench.setup(forge, http);
    const synchronizer = (repository: ItemRepository) =>
      new WorkspaceSynchronizer({ repository, provider: provider(), welcomeFileHashes: new Set() });
    const measure = async (step: string, sync: WorkspaceSynchronizer) => {
      const before = await commits();
      const start = requests.length;
      const started = performance.now();
      await sync.sync();
      measures.push({
        step,
        time: performance.now() - started,
        requests: requests.slice(start),
        commits: (await commits()) - before,
      });
    };
    const local = await openLocal('memory');
    await seedWorkspace(local);
    const fileIds = (await local.getAll('file')).map((file) => file.id).sort();
    const first = synchronizer(local);
    await measure(`first sync: uploads ${FILES} files`, first);
    for (let i = 0; i < 3; i += 1) await measure('sync with nothing changed', first);
    await editFiles(local, fileIds.slice(0, 1));
    await measure('sync after 1 file changed', first);
    await editFiles(local, fileIds.slice(100, 100 + MANY));
    await measure(`sync after ${MANY} files changed`, first);
    const other = await openLocal('memory');
    await measure(`second client's first sync: downloads ${FILES}`, synchronizer(other));
    const files = await other.getAll('file');
    if (files.length !== FILES + 1) {
      throw new Error(`${bench.name}: the second client has ${files.length} files.`);
    }
  } finally {
    await forge.close();
  }
  return measures;
}

/** '3 GET blobs, 1 POST commits': the requests of a sync by kind. */
export function breakdown(bench: ForgeBench, requests: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const request of requests) {
    const [method = '', url = ''] = request.split(' ');
    const kind = `${method} ${bench.kind(method, url.split('?')[0]!)}`;
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  return [...counts].map(([name, count]) => `${count} ${name}`).join(', ');
}

/** Prints one forge's syncs, a line each. */
export function printForgeSync(bench: ForgeBench, measures: readonly SyncMeasure[]): void {
  console.log(
    `\nNode: sync of a ${FILES}-file workspace with a ${bench.name} repository on forge-sim (in process, real git), one run each`,
  );
  const header = [
    'sync'.padEnd(44),
    'time'.padStart(10),
    'requests'.padStart(9),
    'commits'.padStart(8),
  ];
  console.log([...header, ' requests by kind'].join(' '));
  for (const { step, time, requests, commits } of measures) {
    console.log(
      [
        step.padEnd(44),
        ms(time).padStart(10),
        String(requests.length).padStart(9),
        String(commits).padStart(8),
        ` ${breakdown(bench, requests)}`,
      ].join(' '),
    );
  }
}

/** Prints every forge's syncs side by side: time / requests / commits per step. */
export function printForgesSideBySide(
  results: readonly { bench: ForgeBench; measures: readonly SyncMeasure[] }[],
): void {
  console.log(
    `\nNode: the ${FILES}-file workspace sync on each forge of forge-sim (in process, real git), one run each: time / requests / commits`,
  );
  const width = 24;
  console.log(
    ['sync'.padEnd(44), ...results.map(({ bench }) => bench.name.padStart(width))].join(' '),
  );
  const steps = results[0]?.measures.map((measure) => measure.step) ?? [];
  steps.forEach((step, index) => {
    const cells = results.map(({ measures }) => {
      const measure = measures[index];
      if (!measure) return '—'.padStart(width);
      const cell = `${ms(measure.time)} / ${measure.requests.length} / ${measure.commits}`;
      return cell.padStart(width);
    });
    console.log([step.padEnd(44), ...cells].join(' '));
  });
}
