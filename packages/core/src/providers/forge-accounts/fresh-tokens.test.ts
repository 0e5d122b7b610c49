import { describe, expect, it } from 'vitest';
import { FakeTimers } from '../../testing/fake-timers.js';
import { type ForgeId, type ForgeTokens, type GitlabToken } from './forge-token.js';
import { FreshTokens, NoForgeAccountError } from './fresh-tokens.js';
import { readTokenAnswer, TOKEN_REFRESH_MARGIN, type TokenGrant } from './token-grant.js';

const SERVER = 'https://gitlab.example.org';
const HOUR = 60 * 60 * 1000;

// A forge's token endpoint as GitLab runs it: each refresh token works once (rotation), and a
// refused refresh answers invalid_grant.
class RotatingEndpoint {
  private valid = new Set<string>(['r0']);
  private issued = 0;
  calls = 0;
  down = false;
  constructor(private readonly timers: FakeTimers) {}

  async refresh(token: { refreshToken?: string }): Promise<TokenGrant> {
    this.calls += 1;
    await Promise.resolve();
    if (this.down) throw new Error('Network request failed.');
    if (!token.refreshToken || !this.valid.delete(token.refreshToken)) {
      throw new Error('The provided authorization grant is invalid.');
    }
    this.issued += 1;
    const refreshToken = `r${this.issued}`;
    this.valid.add(refreshToken);
    // GitLab's answer without expires_in: its default 7200 s.
    return readTokenAnswer(
      'gitlab',
      { access_token: `a${this.issued}`, refresh_token: refreshToken },
      this.timers.now(),
    );
  }
}

function setUp(initial: Partial<GitlabToken> = {}) {
  const timers = new FakeTimers();
  const endpoint = new RotatingEndpoint(timers);
  const stored = new Map<string, ForgeTokens[ForgeId]>();
  const sub = `${SERVER}/7`;
  stored.set(sub, {
    sub,
    name: 'gina',
    accessToken: 'a0',
    refreshToken: 'r0',
    expiresOn: 2 * HOUR,
    serverUrl: SERVER,
    applicationId: '',
    applicationSecret: '',
    ...initial,
  });
  let online = true;
  const signIns: string[] = [];
  let signInAs: string | undefined;
  const tokens = new FreshTokens({
    read: async <F extends ForgeId>() => [...stored.values()] as ForgeTokens[F][],
    write: async (_forge, token) => {
      stored.set(token.sub, token);
    },
    refresh: (_forge, token) => endpoint.refresh(token),
    isOnline: () => online,
    signInAgain: async <F extends ForgeId>(_forge: F, token: ForgeTokens[F]) => {
      signIns.push(token.sub);
      const again = {
        ...token,
        sub: signInAs ?? token.sub,
        accessToken: 'signed-in',
        refreshToken: 'r-new',
        expiresOn: timers.now() + 2 * HOUR,
      };
      stored.set(again.sub, again);
      return again;
    },
    timers,
  });
  return {
    timers,
    endpoint,
    stored,
    sub,
    tokens,
    signIns,
    goOffline: () => (online = false),
    signInAs: (other: string) => (signInAs = other),
  };
}

describe('FreshTokens (spec core §4, providers §4 "Token refresh")', () => {
  it('reuses a token with more than 5 minutes left, and refreshes it within the last 5', async () => {
    const { timers, tokens, sub, endpoint, stored } = setUp();
    await timers.advance(2 * HOUR - TOKEN_REFRESH_MARGIN - 1);
    expect((await tokens.fresh('gitlab', sub)).accessToken).toBe('a0');
    expect(endpoint.calls).toBe(0);

    await timers.advance(2);
    const fresh = await tokens.fresh('gitlab', sub);
    expect(fresh).toMatchObject({ accessToken: 'a1', refreshToken: 'r1' });
    // GitLab's default lifetime when expires_in is missing: 7200 s from now.
    expect(fresh.expiresOn).toBe(timers.now() + 7200 * 1000);
    // Stored, the rotated refresh token with it: the next refresh uses r1, not the spent r0.
    expect(stored.get(sub)).toMatchObject({ accessToken: 'a1', refreshToken: 'r1', name: 'gina' });
    await timers.advance(2 * HOUR);
    expect((await tokens.fresh('gitlab', sub)).accessToken).toBe('a2');
    expect(endpoint.calls).toBe(2);
  });

  it('refreshes once for callers asking at the same time (a rotated refresh token works once)', async () => {
    const { timers, tokens, sub, endpoint, signIns } = setUp();
    await timers.advance(2 * HOUR);
    const answers = await Promise.all([1, 2, 3].map(() => tokens.fresh('gitlab', sub)));
    expect(answers.map((token) => token.accessToken)).toEqual(['a1', 'a1', 'a1']);
    expect(endpoint.calls).toBe(1);
    expect(signIns).toEqual([]);
  });

  it('asks to sign in again when the refresh is refused online, and keeps the new token', async () => {
    const { timers, tokens, sub, signIns, stored } = setUp({ refreshToken: 'revoked' });
    await timers.advance(2 * HOUR);
    expect((await tokens.fresh('gitlab', sub)).accessToken).toBe('signed-in');
    expect(signIns).toEqual([sub]);
    expect(stored.get(sub)?.refreshToken).toBe('r-new');
  });

  it('throws the error offline and changes nothing stored', async () => {
    const { timers, tokens, sub, signIns, stored, endpoint, goOffline } = setUp();
    await timers.advance(2 * HOUR);
    endpoint.down = true;
    goOffline();
    const before = structuredClone(stored.get(sub));
    await expect(tokens.fresh('gitlab', sub)).rejects.toThrow('Network request failed.');
    expect(signIns).toEqual([]);
    expect(stored.get(sub)).toEqual(before);
  });

  it('asks to sign in again for a GitLab token without a refresh token, or without an expiry', async () => {
    const noRefresh = setUp({ refreshToken: undefined });
    await noRefresh.timers.advance(2 * HOUR);
    await noRefresh.tokens.fresh('gitlab', noRefresh.sub);
    expect(noRefresh.signIns).toEqual([noRefresh.sub]);
    expect(noRefresh.endpoint.calls).toBe(0);

    const noExpiry = setUp({ expiresOn: undefined });
    await noExpiry.tokens.fresh('gitlab', noExpiry.sub);
    expect(noExpiry.signIns).toEqual([noExpiry.sub]);
  });

  it("refuses another account signing in again: 'GitLab account ID not expected.'", async () => {
    const { timers, tokens, sub, signInAs } = setUp({ refreshToken: undefined });
    signInAs(`${SERVER}/8`);
    await timers.advance(2 * HOUR);
    await expect(tokens.fresh('gitlab', sub)).rejects.toThrow('GitLab account ID not expected.');
  });

  it('takes the token another tab refreshed meanwhile rather than ask to sign in', async () => {
    const { timers, tokens, sub, signIns, stored, endpoint } = setUp();
    await timers.advance(2 * HOUR);
    // The other tab spends r0 first and stores its pair.
    const other = await endpoint.refresh({ refreshToken: 'r0' });
    const mine = tokens.fresh('gitlab', sub);
    stored.set(sub, { ...stored.get(sub)!, ...other });
    expect((await mine).accessToken).toBe(other.accessToken);
    expect(signIns).toEqual([]);
  });

  it('signs in again on demand (a Gitee 401), once for callers asking together', async () => {
    const { tokens, sub, signIns, endpoint } = setUp();
    const answers = await Promise.all([
      tokens.signInAgain('gitlab', sub),
      tokens.signInAgain('gitlab', sub),
      tokens.fresh('gitlab', sub),
    ]);
    expect(answers.map((token) => token.accessToken)).toEqual([
      'signed-in',
      'signed-in',
      'signed-in',
    ]);
    expect(signIns).toEqual([sub]);
    expect(endpoint.calls).toBe(0);
  });

  it('says when the account is not linked', async () => {
    const { tokens } = setUp();
    await expect(tokens.fresh('gitlab', `${SERVER}/99`)).rejects.toBeInstanceOf(
      NoForgeAccountError,
    );
  });
});
