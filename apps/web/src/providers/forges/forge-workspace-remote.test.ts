import {
  type ForgeId,
  type ForgeToken,
  type GiteeToken,
  type SelfHostedToken,
  type Workspace,
} from '@inkstone/core';
import { type ForgeSim, type ForgeUser, startForgeSim } from '@inkstone/forge-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgeAccountMissing, forgeRemote } from './forge-workspace-remote';
import { forgeWorkspace } from './forge-workspace-params';
import { realHttpClient } from '../../testing/real-http';

// The remote of a forge workspace over forge-sim's GitLab and Gitee dialects: the token is
// asked fresh before each sync, a new one remakes the provider, and a Gitee 401 on the tree
// signs in again and reads once more.

const http = realHttpClient();

let forge: ForgeSim;
let gina: ForgeUser;

beforeAll(async () => {
  forge = await startForgeSim({ port: 0 });
  gina = forge.users.add({ login: 'gina', token: 'gina-token' });
  await forge.repos.create({
    owner: 'gina',
    name: 'notes',
    autoInit: true,
    defaultBranch: 'master',
  });
});
afterAll(async () => forge.close());

const gitlabToken = (accessToken: string): SelfHostedToken => ({
  sub: `${forge.url}/${gina.id}`,
  name: 'gina',
  accessToken,
  expiresOn: Date.now() + 3_600_000,
  serverUrl: forge.url,
  applicationId: '',
  applicationSecret: '',
});

describe('forgeRemote', () => {
  it('asks a fresh token before each sync, and syncs a GitLab folder with it', async () => {
    const workspace: Workspace = forgeWorkspace(
      {
        forge: 'gitlab',
        serverUrl: forge.url,
        projectPath: 'gina/notes',
        branch: 'master',
        path: 'journal',
      },
      forge.url,
    );
    const asked: string[] = [];
    const projectIds: string[] = [];
    const remote = forgeRemote({
      current: workspace,
      accounts: [gitlabToken('stale')],
      giteeUrl: forge.url,
      http,
      fresh: async (forgeId: ForgeId, sub: string) => {
        asked.push(`${forgeId} ${sub}`);
        return gitlabToken('gina-token');
      },
      signInAgain: () => Promise.reject(new Error('not asked')),
      onProjectId: (id) => projectIds.push(id),
    });
    expect(remote?.target).toBe(`${forge.url}/gina/notes/-/tree/master/journal`);
    const first = await remote!.provider.getChanges(undefined);
    await remote!.provider.getChanges(undefined);
    expect(asked).toEqual([`gitlab ${forge.url}/${gina.id}`, `gitlab ${forge.url}/${gina.id}`]);
    expect(first.changes).toBeDefined();
    // The project's numeric id, learnt at the first sync, is told to be kept.
    expect(projectIds[0]).toMatch(/^\d+$/);
  });

  it('signs in again on a Gitee 401 on the tree, and reads with the new token', async () => {
    const workspace = forgeWorkspace(
      { forge: 'gitee', owner: 'gina', repo: 'notes', branch: 'master', path: '' },
      forge.url,
    );
    const token = (accessToken: string): GiteeToken => ({
      sub: String(gina.id),
      name: 'gina',
      accessToken,
      expiresOn: Date.now() + 3_600_000,
    });
    let signIns = 0;
    const remote = forgeRemote({
      current: workspace,
      accounts: [token('revoked')],
      giteeUrl: forge.url,
      http,
      fresh: async () => token('revoked'),
      signInAgain: async (): Promise<ForgeToken> => {
        signIns += 1;
        return token('gina-token');
      },
    });
    const page = await remote!.provider.getChanges(undefined);
    expect(signIns).toBe(1);
    expect(page.changes.length).toBeGreaterThan(0);
  });

  it('has no remote without a linked account of the workspace’s server', () => {
    const workspace = forgeWorkspace(
      {
        forge: 'gitea',
        serverUrl: 'https://git.example.org',
        projectPath: 'gina/notes',
        branch: 'master',
        path: '',
      },
      forge.url,
    );
    const remote = forgeRemote({
      current: workspace,
      accounts: [gitlabToken('x')],
      giteeUrl: forge.url,
      http,
      fresh: () => Promise.reject(new Error('not asked')),
      signInAgain: () => Promise.reject(new Error('not asked')),
    });
    expect(remote).toBeUndefined();
    expect(forgeAccountMissing('gitea', 'notes')).toBe(
      '“notes” syncs with a Gitea account that is not linked in this browser: add the account in Accounts to sync it.',
    );
  });
});
