// Every call the Gitee modules make, checked against Gitee's published v5 description (the
// swagger forge-sim keeps in fixtures/gitee-swagger.json): the operation exists, with each query
// parameter and body field the call sends. Only `access_token` (declared by every operation)
// and the cache-busting `t` (the spec's "timestamp", undeclared) are left aside.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryDatabase } from '../../db/memory-repository.js';
import { withHash } from '../../items/hash.js';
import { type LocationItem } from '../../items/types.js';
import { type FetchPort } from '../../sync/http-client.js';
import { syncFileLocations } from '../../sync/location-sync.js';
import { WorkspaceSynchronizer } from '../../sync/workspace-sync.js';
import { nodeFetch } from '../../testing/couchdb-provider.js';
import {
  GITEE_TEST_LOGIN as LOGIN,
  type GiteeTestForge,
  startGiteeTestForge,
} from '../../testing/gitee-provider.js';
import { databaseWithFile } from '../../testing/github-location-forge.js';
import { testContent, testFile, testFolder } from '../../testing/test-items.js';
import { ensureGiteeAppDataRepository } from './app-data-repository.js';
import { GITEE_PROVIDER_IDS } from './constants.js';
import { createGiteeFileProvider } from './file-location-provider.js';
import { giteeGistVersions } from './gist-api.js';
import { createGiteeGistProvider } from './gist-location-provider.js';

interface Operation {
  parameters?: { name: string; in: string }[];
}
type Description = { paths: Record<string, Record<string, Operation>> };

// forge-sim's package root, from its built entry point (the fixture ships beside dist/).
const forgeSimRoot = join(
  dirname(createRequire(import.meta.url).resolve('@inkstone/forge-sim')),
  '..',
);
const description = JSON.parse(
  readFileSync(join(forgeSimRoot, 'fixtures', 'gitee-swagger.json'), 'utf8'),
) as Description;

interface Call {
  method: string;
  path: string;
  query: string[];
  body: string[];
}
const calls: Call[] = [];
let apiPath = '';
const recording: FetchPort = (url, init) => {
  const parsed = new URL(url);
  let body: string[] = [];
  if (typeof init.body === 'string' && init.body !== '') {
    body = Object.keys(JSON.parse(init.body) as object);
  }
  calls.push({
    method: init.method,
    path: decodeURI(parsed.pathname.slice(apiPath.length)),
    query: [...parsed.searchParams.keys()],
    body,
  });
  return nodeFetch(url, init);
};

let t: GiteeTestForge;
beforeAll(async () => {
  t = await startGiteeTestForge({ fetch: recording });
  apiPath = new URL(t.forge.giteeApiUrl).pathname.replace(/\/v5$/, '');
});
afterAll(async () => {
  await t.close();
});

// The operation of the description a call is, by method and path template.
function operationOf(call: Call): { template: string; operation: Operation } | undefined {
  for (const [template, operations] of Object.entries(description.paths)) {
    const pattern = template.replace(/\{path\}/, '.+').replace(/\{[^}]+\}/g, '[^/]+');
    const operation = operations[call.method.toLowerCase()];
    if (operation && new RegExp(`^${pattern}$`).test(call.path)) return { template, operation };
  }
  return undefined;
}

describe("the Gitee modules' calls against Gitee's v5 description", { timeout: 120_000 }, () => {
  it('uses only documented operations and parameters', async () => {
    // A workspace: create, edit, move (the blob read and written again) and delete files, read
    // a file's revisions.
    const repo = await t.createRepository();
    const repository = new MemoryDatabase('described').connect();
    const provider = t.provider(repo, { path: 'notes' });
    const sync = () =>
      new WorkspaceSynchronizer({ repository, provider, welcomeFileHashes: new Set() }).sync();
    await repository.put([
      testFolder('d', 'Dir'),
      testFile('a', 'A', 'd'),
      testContent('a', 'One.\n', { properties: 'x: 1\n' }),
      testFile('b', 'B'),
      testContent('b', 'Two.\n'),
      testFile('c', 'C', 'd'),
      testContent('c', 'Three.\n'),
    ]);
    await sync();
    await repository.put([testFolder('d', 'Moved'), testContent('b', 'Two, edited.\n')]);
    await repository.delete(['a', 'a/content']);
    await sync();
    await provider.listRevisions('b');
    // The app-data repository, a file location and a gist.
    await ensureGiteeAppDataRepository(t.client(), LOGIN);
    const file = await databaseWithFile('Text.\n');
    const location = (providerId: string, fields: Record<string, unknown>) =>
      withHash<LocationItem>({
        id: `loc-${providerId}`,
        type: 'syncLocation',
        fileId: 'f',
        providerId,
        ...fields,
      });
    await file.repository.put([
      location(GITEE_PROVIDER_IDS.file, { owner: LOGIN, repo, branch: 'master', path: 'f.md' }),
      location(GITEE_PROVIDER_IDS.gist, { gistId: '', filename: 'f.md', isPublic: false }),
    ]);
    const providers = {
      [GITEE_PROVIDER_IDS.file]: createGiteeFileProvider({
        client: t.client(),
        repository: file.repository,
        messages: { createFileMessage: 'c {{path}}', updateFileMessage: 'u {{path}}' },
      }),
      [GITEE_PROVIDER_IDS.gist]: createGiteeGistProvider({
        client: t.client(),
        repository: file.repository,
      }),
    };
    await syncFileLocations('f', { repository: file.repository, providers });
    await file.edit('Text, edited.\n');
    await syncFileLocations('f', { repository: file.repository, providers });
    const gist = (await file.repository.get<LocationItem>(`loc-${GITEE_PROVIDER_IDS.gist}`))!;
    await giteeGistVersions(t.client(), String(gist.gistId));

    const used = new Set<string>();
    const faults: string[] = [];
    for (const call of calls) {
      const found = operationOf(call);
      if (!found) {
        faults.push(`${call.method} ${call.path}: no such operation`);
        continue;
      }
      used.add(`${call.method} ${found.template}`);
      const declared = new Map(
        (found.operation.parameters ?? []).map((parameter) => [parameter.name, parameter.in]),
      );
      for (const name of call.query) {
        if (name === 't' || name === 'access_token') continue;
        if (declared.get(name) !== 'query') faults.push(`${call.method} ${call.path}: ?${name}`);
      }
      const takesBody = [...declared.values()].includes('body');
      for (const name of call.body) {
        if (name === 'access_token' || takesBody) continue;
        if (declared.get(name) !== 'formData') faults.push(`${call.method} ${call.path}: ${name}`);
      }
    }
    expect(faults).toEqual([]);
    // What was exercised: every operation the Gitee modules call.
    expect([...used].sort()).toEqual([
      'DELETE /v5/repos/{owner}/{repo}/contents/{path}',
      'GET /v5/gists/{id}',
      'GET /v5/gists/{id}/commits',
      'GET /v5/repos/{owner}/{repo}',
      'GET /v5/repos/{owner}/{repo}/branches/{branch}',
      'GET /v5/repos/{owner}/{repo}/commits',
      'GET /v5/repos/{owner}/{repo}/contents/{path}',
      'GET /v5/repos/{owner}/{repo}/git/blobs/{sha}',
      'GET /v5/repos/{owner}/{repo}/git/trees/{sha}',
      'PATCH /v5/gists/{id}',
      'POST /v5/gists',
      'POST /v5/repos/{owner}/{repo}/contents/{path}',
      'POST /v5/user/repos',
      'PUT /v5/repos/{owner}/{repo}/contents/{path}',
    ]);
  });
});
