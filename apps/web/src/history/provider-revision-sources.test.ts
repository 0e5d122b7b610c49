// The History panel's provider sources over forge-sim: a GitLab workspace's commits of a file,
// through the app's remote (fresh token, lazily opened provider) and the sync state the sync
// leaves; a GitHub file location's commits, through the per-account provider the app syncs it
// with. The providers' calls themselves are tested in core, against the same stand-in.
import {
  type ContentItem,
  createGithubFileProvider,
  type FileItem,
  GithubClient,
  type ItemRepository,
  type LocationItem,
  MemoryDatabase,
  type SelfHostedToken,
  syncFileLocations,
  withHash,
  WorkspaceSynchronizer,
} from '@inkstone/core';
import { type ForgeSim, type ForgeUser, startForgeSim } from '@inkstone/forge-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgeRemote } from '../providers/forges/forge-workspace-remote';
import { forgeWorkspace } from '../providers/forges/forge-workspace-params';
import { delegatingLocationProvider } from '../providers/per-account-locations';
import { realHttpClient } from '../testing/real-http';
import { NOT_SYNCED_YET, providerRevisionSources } from './provider-revision-sources';

const http = realHttpClient();
const TOKEN = 'gina-history-token';

let forge: ForgeSim;
let gina: ForgeUser;

beforeAll(async () => {
  forge = await startForgeSim({ port: 0 });
  gina = forge.users.add({ login: 'gina', token: TOKEN });
  await forge.repos.create({ owner: 'gina', name: 'notes', autoInit: true, defaultBranch: 'main' });
});
afterAll(async () => forge.close());

const content = (fileId: string, text: string) =>
  withHash<ContentItem>({
    id: `${fileId}/content`,
    type: 'content',
    text,
    properties: '',
    discussions: {},
    comments: {},
    history: [],
  });
const file = (id: string, name: string) =>
  withHash<FileItem>({ id, type: 'file', name, parentId: null });

const newDatabase = (): ItemRepository => new MemoryDatabase(`history-${Math.random()}`).connect();

const noLocations = () => Promise.resolve({});

describe('the revisions of a GitLab workspace’s file', () => {
  it('lists its commits newest first with their messages, reads an old one, and has none for a file never synced', async () => {
    const token: SelfHostedToken = {
      sub: `${forge.url}/${gina.id}`,
      name: 'gina',
      accessToken: TOKEN,
      expiresOn: Date.now() + 3_600_000,
      serverUrl: forge.url,
      applicationId: '',
      applicationSecret: '',
    };
    const remote = forgeRemote({
      current: forgeWorkspace(
        {
          forge: 'gitlab',
          serverUrl: forge.url,
          projectPath: 'gina/notes',
          branch: 'main',
          path: 'journal',
        },
        forge.url,
      ),
      accounts: [token],
      giteeUrl: forge.url,
      http,
      fresh: async () => token,
      signInAgain: () => Promise.reject(new Error('not asked')),
    })!;
    const repository = newDatabase();
    const sync = () =>
      new WorkspaceSynchronizer({
        repository,
        provider: remote.provider,
        welcomeFileHashes: new Set(),
      }).sync();
    await repository.put([file('doc', 'Doc'), content('doc', 'First.\n')]);
    await sync();
    await repository.put([content('doc', 'Second.\n')]);
    await sync();
    await repository.put([file('new', 'New'), content('new', 'Not synced.\n')]);

    const [source, ...others] = await providerRevisionSources('doc', {
      repository,
      syncRepository: repository,
      workspaceProvider: remote.provider,
      locationProviders: noLocations,
    });
    expect(others).toEqual([]);
    expect(source!.name).toBe('GitLab');
    const revisions = await source!.list('doc');
    expect(revisions.map((revision) => revision.message)).toEqual([
      'journal/Doc.md updated with Inkstone',
      'journal/Doc.md created with Inkstone',
    ]);
    expect(revisions[0]!.created).toBeGreaterThanOrEqual(revisions[1]!.created);
    expect(await source!.load('doc', revisions[1]!.id)).toBe('First.\n');
    expect(await source!.load('doc', revisions[0]!.id)).toBe('Second.\n');

    expect(await source!.list('new')).toEqual([]);
    await expect(source!.load('new', revisions[0]!.id)).rejects.toThrow(NOT_SYNCED_YET);
  });
});

describe('the revisions of a file’s GitHub file location', () => {
  it('lists the commits of its path with their author, reads an old one, and says what failed', async () => {
    const client = new GithubClient({ http, apiUrl: forge.apiUrl, token: TOKEN });
    const repository = newDatabase();
    const location = withHash<LocationItem>({
      id: 'loc',
      type: 'syncLocation',
      fileId: 'doc',
      providerId: 'github',
      owner: 'gina',
      repo: 'notes',
      branch: 'main',
      path: 'loose/Doc.md',
      sub: String(gina.id),
    });
    await repository.put([file('doc', 'Doc'), content('doc', 'One.\n'), location]);
    let linked = true;
    const provider = createGithubFileProvider({
      client,
      repository,
      messages: {
        createFileMessage: '{{path}} created with Inkstone',
        updateFileMessage: '{{path}} updated with Inkstone',
      },
    });
    const github = delegatingLocationProvider(async () => {
      if (!linked) throw new Error('Sign in with GitHub first.');
      return provider;
    });
    const sync = () => syncFileLocations('doc', { repository, providers: { github } });
    await sync();
    await repository.put([content('doc', 'Two.\n')]);
    await sync();

    const sources = await providerRevisionSources('doc', {
      repository,
      syncRepository: repository,
      workspaceProvider: undefined,
      locationProviders: async () => ({ github }),
    });
    expect(sources.map((source) => source.name)).toEqual(['GitHub (loose/Doc.md)']);
    const revisions = await sources[0]!.list('doc');
    expect(revisions.map((revision) => [revision.message, revision.sub])).toEqual([
      ['loose/Doc.md updated with Inkstone', String(gina.id)],
      ['loose/Doc.md created with Inkstone', String(gina.id)],
    ]);
    expect(await sources[0]!.load('doc', revisions[1]!.id)).toBe('One.\n');

    // An account no longer linked: the list fails with its words (and works again once it is).
    linked = false;
    await expect(sources[0]!.list('doc')).rejects.toThrow('Sign in with GitHub first.');
    linked = true;
    expect(await sources[0]!.list('doc')).toHaveLength(2);
  });
});
