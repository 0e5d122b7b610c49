import { type GithubToken, HttpClient, MAIN_WORKSPACE_ID } from '@inkstone/core';
import { describe, expect, it } from 'vitest';
import { accountFor, APP_DATA_NEEDS_PRIVATE_ACCESS, githubRemote } from './workspace-remote';
import { githubWorkspace } from './workspace-params';

const origins = { githubUrl: 'https://github.com', githubApiUrl: 'https://api.github.com' };
const account = (sub: string, isLogin = false): GithubToken => ({
  sub,
  name: `user${sub}`,
  accessToken: `token${sub}`,
  scopes: ['repo', 'gist'],
  repoFullAccess: true,
  isLogin,
});
// Nothing is sent: making a remote reads no network.
const http = new HttpClient({
  fetch: () => Promise.reject(new Error('no network in this test')),
  timers: { now: () => 0, set: () => () => {} },
});
const folder = { owner: 'alice', repo: 'notes', branch: 'main', path: 'journal/' };
const main = { id: MAIN_WORKSPACE_ID, name: 'Main workspace', providerId: 'main' };

describe('the account a GitHub workspace syncs with', () => {
  it('is its own when linked, and none when its own is not linked here', () => {
    const workspace = githubWorkspace(folder, origins.githubUrl, '2');
    expect(accountFor(workspace, [account('1', true), account('2')])?.sub).toBe('2');
    expect(accountFor(workspace, [account('1', true)])).toBeUndefined();
  });

  it('is the login one, else the first, for a workspace opened by URL (no account named)', () => {
    const workspace = githubWorkspace(folder, origins.githubUrl);
    expect(accountFor(workspace, [account('1'), account('2', true)])?.sub).toBe('2');
    expect(accountFor(workspace, [account('3'), account('4')])?.sub).toBe('3');
  });
});

describe('the GitHub remote of a workspace', () => {
  it('syncs a repository folder, named by its GitHub page', () => {
    const remote = githubRemote({
      current: githubWorkspace(folder, origins.githubUrl),
      accounts: [account('1')],
      origins,
      http,
    });
    expect(remote?.provider.id).toBe('githubWorkspace');
    expect(remote?.target).toBe('https://github.com/alice/notes/tree/main/journal');
  });

  it('keeps the main workspace in this browser until someone signs in, then uses inkstone-appdata', () => {
    expect(githubRemote({ current: main, accounts: [account('1')], origins, http })).toBe(
      undefined,
    );
    const remote = githubRemote({ current: main, accounts: [account('1', true)], origins, http });
    expect(remote?.provider.id).toBe('githubAppData');
    expect(remote?.target).toBe('https://github.com/user1/inkstone-appdata');
  });

  it('refuses a login without access to private repositories before any request', async () => {
    const login = { ...account('1', true), scopes: ['public_repo', 'gist'], repoFullAccess: false };
    const remote = githubRemote({ current: main, accounts: [login], origins, http });
    await expect(remote?.provider.getChanges(undefined)).rejects.toThrow(
      APP_DATA_NEEDS_PRIVATE_ACCESS,
    );
  });

  it('has none for a workspace without its account, or of another provider', () => {
    const workspace = githubWorkspace(folder, origins.githubUrl, '9');
    expect(githubRemote({ current: workspace, accounts: [account('1')], origins, http })).toBe(
      undefined,
    );
    const couch = { id: 'x', name: 'db', providerId: 'couchdbWorkspace', dbUrl: 'https://c/db' };
    expect(githubRemote({ current: couch, accounts: [account('1', true)], origins, http })).toBe(
      undefined,
    );
  });
});
