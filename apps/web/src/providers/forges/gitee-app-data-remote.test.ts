import { type GiteeToken } from '@inkstone/core';
import { type ForgeSim, type ForgeUser, startForgeSim } from '@inkstone/forge-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giteeAppDataRemote } from './gitee-app-data-remote';
import { realHttpClient } from '../../testing/real-http';

// The main workspace's remote once signed in with Gitee, over forge-sim's Gitee dialect: the
// login's token asked fresh before each sync, its private inkstone-appdata made on the first
// one, and nothing without a Gitee login.

const http = realHttpClient();

let forge: ForgeSim;
let gina: ForgeUser;

beforeAll(async () => {
  forge = await startForgeSim({ port: 0 });
  gina = forge.users.add({ login: 'gina', token: 'gina-token' });
});
afterAll(async () => forge.close());

const token = (isLogin: boolean, accessToken = 'gina-token'): GiteeToken => ({
  sub: String(gina.id),
  name: 'gina',
  accessToken,
  expiresOn: Date.now() + 3_600_000,
  ...(isLogin ? { isLogin } : {}),
});

describe('giteeAppDataRemote', () => {
  it('is none while no Gitee account is the login one', () => {
    const remote = giteeAppDataRemote({
      accounts: [token(false)],
      giteeUrl: forge.url,
      http,
      fresh: () => Promise.reject(new Error('not asked')),
      signInAgain: () => Promise.reject(new Error('not asked')),
    });
    expect(remote).toBeUndefined();
  });

  it('syncs with the login’s private inkstone-appdata, made on the first sync with a fresh token', async () => {
    const asked: string[] = [];
    const targets: string[] = [];
    const remote = giteeAppDataRemote({
      accounts: [token(true, 'stale')],
      giteeUrl: forge.url,
      http,
      fresh: async (forgeId, sub) => {
        asked.push(`${forgeId} ${sub}`);
        return token(true);
      },
      signInAgain: () => Promise.reject(new Error('not asked')),
      onTarget: (target) => targets.push(target),
    });
    expect(remote?.target).toBe(`${forge.url}/gina/inkstone-appdata`);
    expect(remote?.provider.id).toBe('giteeAppData');
    expect(forge.repos.get('gina', 'inkstone-appdata')).toBeUndefined();

    const changes = await remote!.provider.getChanges(undefined);
    // An empty main workspace: the repository's README is not taken for a file.
    expect(changes.changes).toEqual([]);
    expect(forge.repos.get('gina', 'inkstone-appdata')?.private).toBe(true);
    expect(asked).toEqual([`gitee ${gina.id}`]);
    expect(targets).toEqual([`${forge.url}/gina/inkstone-appdata`]);
    await remote!.provider.getChanges(undefined);
    expect(asked).toHaveLength(2);
  });
});
