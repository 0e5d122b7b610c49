import { execFile } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import {
  type ContentItem,
  GithubClient,
  GithubWorkspaceProvider,
  HttpClient,
  type ItemRepository,
  itemIds,
  type Timers,
  withHash,
  WorkspaceSynchronizer,
} from '@inkstone/core';
import { type ForgeSim, startForgeSim } from '@inkstone/forge-sim';
import { ms } from './stats';
import { FILES, openLocal, seedWorkspace } from './sync-workspace';

const run = promisify(execFile);
const OWNER = 'bench';
const TOKEN = 'ghp_bench';
const REPO = 'workspace';
const MANY = 50;

const timers: Timers = {
  set(callback, delay) {
    const timer = setTimeout(callback, delay);
    return () => clearTimeout(timer);
  },
  now: Date.now,
};

interface Measure {
  step: string;
  time: number;
  requests: string[];
  commits: number;
}

// Edits files' texts as the editor saves them: a new content item with its new hash.
async function editFiles(repository: ItemRepository, fileIds: readonly string[]): Promise<void> {
  for (const fileId of fileIds) {
    await repository.update<ContentItem>(itemIds.content(fileId), (current) => {
      const { tx: _tx, hash: _hash, ...content } = current!;
      return withHash<ContentItem>({ ...content, text: `${content.text}\nOne more line.\n` });
    });
  }
}

// 'GET /repos/bench/workspace/git/blobs/…' → 'GET blobs'.
function breakdown(requests: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const request of requests) {
    const [method, url = ''] = request.split(' ');
    const parts = url.split('?')[0]!.split('/');
    const kind = `${method} ${parts[5] === 'refs' || parts[5] === 'ref' ? 'ref' : (parts[5] ?? parts[1])}`;
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  return [...counts].map(([name, count]) => `${count} ${name}`).join(', ');
}

async function commitCount(forge: ForgeSim): Promise<number> {
  const gitDir = forge.repos.get(OWNER, REPO)!.gitDir;
  const { stdout } = await run('git', ['--git-dir', gitDir, 'rev-list', '--count', 'main']);
  return Number(stdout.trim());
}

/** In Node, against forge-sim in this process (real bare git repositories): a workspace of
 * FILES files synced to a repository through the GitHub provider, then synced with nothing
 * changed, after 1 and 50 files changed, and by a second client; wall time, API requests and
 * commits of each sync. Targets (issue 25): nothing changed ≤ 2 requests; N changed ≤ N + 5
 * requests and 1 commit. */
export async function benchGithub(): Promise<void> {
  const forge = await startForgeSim({ port: 0 });
  const requests: string[] = [];
  const http = new HttpClient({
    fetch: (url, init) => {
      requests.push(`${init.method} ${url.slice(forge.apiUrl.length)}`);
      return fetch(url, init as RequestInit);
    },
    timers,
  });
  const measures: Measure[] = [];
  try {
    forge.users.add({ login: OWNER, token: TOKEN });
    await forge.repos.create({ owner: OWNER, name: REPO, autoInit: true });
    const client = new GithubClient({ http, apiUrl: forge.apiUrl, token: TOKEN });
    const synchronizer = (repository: ItemRepository) =>
      new WorkspaceSynchronizer({
        repository,
        provider: new GithubWorkspaceProvider({
          client,
          owner: OWNER,
          repo: REPO,
          branch: 'main',
          path: '',
        }),
        welcomeFileHashes: new Set(),
      });
    const measure = async (step: string, sync: WorkspaceSynchronizer) => {
      const commits = await commitCount(forge);
      const start = requests.length;
      const started = performance.now();
      await sync.sync();
      measures.push({
        step,
        time: performance.now() - started,
        requests: requests.slice(start),
        commits: (await commitCount(forge)) - commits,
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
    if (files.length !== FILES + 1) throw new Error(`The second client has ${files.length} files.`);
  } finally {
    await forge.close();
  }
  console.log(
    `\nNode: sync of a ${FILES}-file workspace with a GitHub repository on forge-sim (in process, real git), one run each`,
  );
  const header = [
    'sync'.padEnd(44),
    'time'.padStart(10),
    'requests'.padStart(9),
    'commits'.padStart(8),
  ];
  console.log([...header, ' requests by kind'].join(' '));
  for (const { step, time, requests: made, commits } of measures) {
    console.log(
      [
        step.padEnd(44),
        ms(time).padStart(10),
        String(made.length).padStart(9),
        String(commits).padStart(8),
        ` ${breakdown(made)}`,
      ].join(' '),
    );
  }
}
