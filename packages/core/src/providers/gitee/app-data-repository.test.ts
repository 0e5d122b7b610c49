// A Gitee main workspace's repository (spec providers, "Host B") against forge-sim's Gitee dialect.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryDatabase } from '../../db/memory-repository.js';
import { withHash } from '../../items/hash.js';
import { type ContentItem, type FileItem } from '../../items/types.js';
import { WorkspaceSynchronizer } from '../../sync/workspace-sync.js';
import { cloneFiles } from '../../testing/git-inspect.js';
import {
  GITEE_TEST_LOGIN as LOGIN,
  GITEE_TEST_TOKEN,
  type GiteeTestForge,
  startGiteeTestForge,
} from '../../testing/gitee-provider.js';
import { GITEE_APP_DATA_REPO_PUBLIC, ensureGiteeAppDataRepository } from './app-data-repository.js';
import { APP_DATA_REPO } from '../github/constants.js';
import { GITEE_PROVIDER_IDS } from './constants.js';

let t: GiteeTestForge;
beforeAll(async () => {
  t = await startGiteeTestForge();
});
afterAll(async () => {
  await t.close();
});

describe('ensureGiteeAppDataRepository', { timeout: 60_000 }, () => {
  it('creates inkstone-appdata private on 404, then finds it; the main workspace syncs there', async () => {
    t.requests.length = 0;
    const created = await ensureGiteeAppDataRepository(t.client(), LOGIN);
    expect(created).toMatchObject({ path: APP_DATA_REPO, private: true, default_branch: 'master' });
    expect(t.requests.slice(0, 2)).toEqual([
      `GET /repos/${LOGIN}/${APP_DATA_REPO}`,
      'POST /user/repos',
    ]);
    t.requests.length = 0;
    expect(await ensureGiteeAppDataRepository(t.client(), LOGIN)).toMatchObject({ private: true });
    expect(t.requests).toEqual([`GET /repos/${LOGIN}/${APP_DATA_REPO}`]);

    const repository = new MemoryDatabase('main').connect();
    const provider = t.provider(APP_DATA_REPO, { providerId: GITEE_PROVIDER_IDS.appData });
    expect(provider.id).toBe('giteeAppData');
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
    // The repository made through Gitee's API is on master.
    const files = await cloneFiles(t.forge, LOGIN, APP_DATA_REPO, GITEE_TEST_TOKEN);
    expect(files.get('Private note.md')).toBe('Only mine.\n');
    expect(files.has('README.md')).toBe(false);
  });

  it('refuses a public repository of that name: nothing of the main workspace goes there', async () => {
    t.forge.users.add({ login: 'bob', token: 'gitee_bob' });
    await t.forge.repos.create({
      owner: 'bob',
      name: APP_DATA_REPO,
      private: false,
      autoInit: true,
      defaultBranch: 'master',
    });
    await expect(
      ensureGiteeAppDataRepository(t.client().withToken('gitee_bob'), 'bob'),
    ).rejects.toThrow(GITEE_APP_DATA_REPO_PUBLIC);
  });
});
