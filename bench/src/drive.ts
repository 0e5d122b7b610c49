import { performance } from 'node:perf_hooks';
import {
  DriveClient,
  DriveWorkspaceProvider,
  googleEndpoints,
  HttpClient,
  type ItemRepository,
  openDriveWorkspace,
  WorkspaceSynchronizer,
} from '@inkstone/core';
import { DRIVE, startCloudSim } from '../../packages/cloud-sim/src/index';
import { ms } from './stats';
import { editFiles, FILES, openLocal, seedWorkspace, timers } from './sync-workspace';

/** How many files the "many changed" step edits. */
const MANY = 50;

// 'PATCH /upload/drive/v3/files/{id}' → 'PATCH upload files/:id'.
function kind(request: string): string {
  const [method = '', path = ''] = request.split(' ');
  const upload = path.startsWith('/upload/') ? 'upload ' : '';
  const rest = path
    .replace(/^\/(upload\/)?drive\/v3\//, '')
    .replace(/^files\/[^/]+/, 'files/:id')
    .replace(/\/revisions\/[^/]+$/, '/revisions/:id');
  return `${method} ${upload}${rest}`;
}

function breakdown(requests: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const request of requests) counts.set(kind(request), (counts.get(kind(request)) ?? 0) + 1);
  return [...counts].map(([name, count]) => `${count} ${name}`).join(', ');
}

/**
 * `BENCH_ONLY=drive`: in Node, against cloud-sim in this process, a workspace of FILES files
 * (20 folders) synced to a new Drive workspace folder through the Drive workspace provider,
 * then synced with nothing changed, after 1 and MANY files changed, and by a second client;
 * wall time and Drive API requests of each sync (one run each).
 */
export async function benchDrive(): Promise<void> {
  const google = await startCloudSim({ port: 0 });
  const user = google.accounts.addUser({ email: 'bench@example.com', name: 'Bench' });
  google.accounts.addClient({
    clientId: 'bench',
    clientSecret: 'secret',
    name: 'Inkstone',
    redirectUris: ['http://127.0.0.1:8080/oauth2/callback'],
  });
  const scopes = [DRIVE, 'openid', 'profile'];
  const { token, expiresAt } = google.accounts.issue(user, 'bench', scopes, { seconds: 86_400 });
  const requests: string[] = [];
  const http = new HttpClient({
    fetch: (url, init) => {
      requests.push(`${init.method} ${url.slice(google.url.length).split('?')[0]}`);
      return fetch(url, init as RequestInit);
    },
    timers,
  });
  const client = new DriveClient({
    http,
    endpoints: googleEndpoints(google.url),
    token: (sub) =>
      Promise.resolve({
        sub,
        name: 'Bench',
        scopes,
        accessToken: token,
        expiresOn: expiresAt,
        idToken: '',
      }),
    sub: user.id,
    scopes,
  });
  const measures: { step: string; time: number; requests: string[] }[] = [];
  try {
    const folders = await openDriveWorkspace(client, '', 'Bench workspace');
    const synchronizer = (repository: ItemRepository) =>
      new WorkspaceSynchronizer({
        repository,
        provider: new DriveWorkspaceProvider({ client, ...folders }),
        welcomeFileHashes: new Set(),
      });
    const measure = async (step: string, sync: WorkspaceSynchronizer) => {
      const start = requests.length;
      const started = performance.now();
      await sync.sync();
      measures.push({ step, time: performance.now() - started, requests: requests.slice(start) });
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
    if (files.length !== FILES) {
      throw new Error(`Drive: the second client has ${files.length} files.`);
    }
  } finally {
    await google.close();
  }
  console.log(
    `\nNode: sync of a ${FILES}-file workspace with a Drive folder on cloud-sim (in process), one run each`,
  );
  console.log(
    ['sync'.padEnd(44), 'time'.padStart(10), 'requests'.padStart(9), ' requests by kind'].join(' '),
  );
  for (const { step, time, requests: made } of measures) {
    console.log(
      [
        step.padEnd(44),
        ms(time).padStart(10),
        String(made.length).padStart(9),
        ` ${breakdown(made)}`,
      ].join(' '),
    );
  }
}
