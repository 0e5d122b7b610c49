// The main workspace's repository (spec providers §7) against forge-sim.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryDatabase } from '../../db/memory-repository.js';
import { withHash } from '../../items/hash.js';
import { type ContentItem, type FileItem } from '../../items/types.js';
import { WorkspaceSynchronizer } from '../../sync/workspace-sync.js';
import { cloneFiles } from '../../testing/git-inspect.js';
import {
  GITHUB_TEST_LOGIN as LOGIN,
  GITHUB_TEST_TOKEN,
  type GithubTestForge,
  startGithubTestForge,
} from '../../testing/github-provider.js';
import { APP_DATA_REPO_PUBLIC, ensureAppDataRepository } from './app-data-repository.js';
import { APP_DATA_REPO, GITHUB_PROVIDER_IDS } from './constants.js';

let t: GithubTestForge;
beforeAll(async () => {
  t = await startGithubTestForge();
});
afterAll(async () => {
  await t.close();
});

describe('ensureAppDataRepository', () => {
  it('creates inkstone-appdata private on 404, then finds it; the main workspace syncs there', async () => {
    t.requests.length = 0;
    const created = await ensureAppDataRepository(t.client(), LOGIN);
    expect(created).toMatchObject({ name: APP_DATA_REPO, private: true });
    expect(t.requests.slice(0, 2)).toEqual([
      `GET /repos/${LOGIN}/${APP_DATA_REPO}`,
      'POST /user/repos',
    ]);
    t.requests.length = 0;
    expect(await ensureAppDataRepository(t.client(), LOGIN)).toMatchObject({ private: true });
    expect(t.requests).toEqual([`GET /repos/${LOGIN}/${APP_DATA_REPO}`]);

    const repository = new MemoryDatabase('main').connect();
    const provider = t.provider(APP_DATA_REPO, { providerId: GITHUB_PROVIDER_IDS.appData });
    expect(provider.id).toBe('githubAppData');
    await repository.put([
      withHash<FileItem>({ id: 'note', type: 'file', name: 'Private note', parentId: null }),
      withHash<ContentItem>({
        id: 'note/content',
        type: 'content',
        text: 'Only mine.\n',
        properties: '',
        discussions: {},
        comments: {},
        history: [],
      }),
    ]);
    await new WorkspaceSynchronizer({ repository, provider, welcomeFileHashes: new Set() }).sync();
    // Only the user's file: no README from the repository's creation.
    expect(await repository.getAll('file')).toHaveLength(1);
    const files = await cloneFiles(t.forge, LOGIN, APP_DATA_REPO, GITHUB_TEST_TOKEN);
    expect(files.get('Private note.md')).toBe('Only mine.\n');
    expect(files.has('README.md')).toBe(false);
  });

  it('refuses a public repository of that name: nothing of the main workspace goes there', async () => {
    t.forge.users.add({ login: 'bob', token: 'ghp_bob' });
    await t.forge.repos.create({
      owner: 'bob',
      name: APP_DATA_REPO,
      private: false,
      autoInit: true,
    });
    await expect(ensureAppDataRepository(t.client().withToken('ghp_bob'), 'bob')).rejects.toThrow(
      APP_DATA_REPO_PUBLIC,
    );
  });
});
