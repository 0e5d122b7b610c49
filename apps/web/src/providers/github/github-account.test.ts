import { GithubAuthError, GithubClient, type GithubToken } from '@inkstone/core';
import { type ForgeSim, startForgeSim } from '@inkstone/forge-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { githubTokenFor, readGithubIdentity } from './github-account';
import { realHttpClient } from '../../testing/real-http';

let forge: ForgeSim;
const http = realHttpClient();
const client = (token: string) => new GithubClient({ http, apiUrl: forge.apiUrl, token });

beforeAll(async () => {
  forge = await startForgeSim({ port: 0 });
});
afterAll(async () => forge.close());

describe('reading who a GitHub token belongs to (GET /user, over forge-sim)', () => {
  it('gives the numeric id as sub, the login as name and the avatar', async () => {
    const alice = forge.users.add({
      login: 'alice',
      token: 'ghp_alice_identity',
      name: 'Alice A.',
    });
    const identity = await readGithubIdentity(client('ghp_alice_identity'));
    expect(identity).toMatchObject({ sub: String(alice.id), name: 'alice' });
    expect(identity.avatarUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/.*alice/);
  });

  it('asks the user to sign in again when GitHub refuses the token', async () => {
    await expect(readGithubIdentity(client('ghp_nobody'))).rejects.toBeInstanceOf(GithubAuthError);
  });
});

describe('the token kept for a finished authorisation', () => {
  const identity = { sub: '1001', name: 'alice', avatarUrl: 'https://avatars.example/a.png' };
  const previous: GithubToken = {
    sub: '1001',
    name: 'alice-old',
    accessToken: 'gho_old',
    scopes: ['public_repo', 'gist'],
    repoFullAccess: false,
    isLogin: true,
    isSponsor: true,
  };

  it('asks public_repo or repo, plus gist, when GitHub does not list the scopes', () => {
    expect(
      githubTokenFor({ accessToken: 'gho_1', identity, repoFullAccess: false, isLogin: true }),
    ).toEqual({
      sub: '1001',
      name: 'alice',
      avatarUrl: 'https://avatars.example/a.png',
      accessToken: 'gho_1',
      scopes: ['public_repo', 'gist'],
      repoFullAccess: false,
      isLogin: true,
    });
    const full = githubTokenFor({
      accessToken: 'gho_2',
      identity,
      repoFullAccess: true,
      isLogin: false,
    });
    expect(full.scopes).toEqual(['repo', 'gist']);
    expect(full.repoFullAccess).toBe(true);
    expect(full.isLogin).toBeUndefined();
  });

  it('believes the scopes GitHub lists (X-OAuth-Scopes) over those asked', () => {
    const token = githubTokenFor({
      accessToken: 'gho_3',
      identity: { ...identity, scopes: ['gist', 'public_repo'] },
      repoFullAccess: true,
      isLogin: false,
    });
    expect(token.scopes).toEqual(['gist', 'public_repo']);
    expect(token.repoFullAccess).toBe(false);
  });

  it('keeps the login flag and the sponsorship of the same account linked again', () => {
    const token = githubTokenFor({
      accessToken: 'gho_new',
      identity,
      repoFullAccess: true,
      isLogin: false,
      previous,
    });
    expect(token).toMatchObject({
      accessToken: 'gho_new',
      name: 'alice',
      isLogin: true,
      isSponsor: true,
    });
  });

  it("refuses another account than the one expected: 'GitHub account ID not expected.'", () => {
    expect(() =>
      githubTokenFor({
        accessToken: 'gho_4',
        identity,
        repoFullAccess: false,
        isLogin: false,
        expectedSub: '2002',
      }),
    ).toThrow('GitHub account ID not expected.');
  });
});
