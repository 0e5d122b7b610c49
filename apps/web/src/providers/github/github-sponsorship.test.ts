import { type GithubToken } from '@inkstone/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../store';
import { serverConfLoaded } from '../../store/server-slice';
import { GithubAccounts, USER_INFO_POLL, USER_INFO_REFRESH } from './github-accounts';
import { readSponsorship } from '../../services/sponsorship';

// The product server's GET /userInfo as the app reads it. Its answers are the server's own
// (apps/server/src/routes/user-info.test.ts checks them against a GitHub stand-in, and
// e2e/tests/github-signin.spec.ts runs the real server): here, what the app makes of each, and
// when it asks.

const BASE = 'https://inkstone.example.org/';
const NOW = Date.UTC(2026, 10, 26);

function userInfo(answer: () => Response) {
  const calls: { url: string; authorization: string | null }[] = [];
  const send = (async (url: string, init?: RequestInit) => {
    calls.push({ url, authorization: new Headers(init?.headers).get('authorization') });
    return answer();
  }) as typeof fetch;
  return { calls, send };
}

const gh = (value: string) => ({ kind: 'accessToken' as const, value });

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('readSponsorship of a GitHub token (GET /userInfo?tokenKind=accessToken)', () => {
  it('sends the token in the Authorization header only, and reads sponsorUntil against now', async () => {
    const { calls, send } = userInfo(() => json(200, { sponsorUntil: NOW + 1000 }));
    expect(await readSponsorship(gh('gho_secret'), { fetch: send, base: BASE }, NOW)).toBe(true);
    expect(calls[0]).toEqual({
      url: `${BASE}userInfo?tokenKind=accessToken`,
      authorization: 'Bearer gho_secret',
    });
    const past = userInfo(() => json(200, { sponsorUntil: NOW - 1 }));
    expect(await readSponsorship(gh('t'), { fetch: past.send, base: BASE }, NOW)).toBe(false);
  });

  it('reads a 404 as never sponsored, anything else as RETRY (what was known stands)', async () => {
    const never = userInfo(() => json(404, { message: 'Unknown user.' }));
    expect(await readSponsorship(gh('t'), { fetch: never.send, base: BASE }, NOW)).toBe(false);
    const busy = userInfo(() => json(503, { message: 'GitHub is busy. RETRY' }));
    await expect(readSponsorship(gh('t'), { fetch: busy.send, base: BASE }, NOW)).rejects.toThrow(
      /RETRY/,
    );
  });
});

describe('the signed-in account’s sponsorship over time (spec core §9 "User info")', () => {
  beforeEach(() => vi.useFakeTimers({ now: NOW }));
  afterEach(() => vi.useRealTimers());

  it('is asked again an hour after the last answer, looked at every minute', async () => {
    let sponsorUntil = NOW - 1;
    const { calls, send } = userInfo(() => json(200, { sponsorUntil }));
    const login: GithubToken = {
      sub: '7',
      name: 'ada',
      accessToken: 'gho_ada',
      scopes: ['public_repo', 'gist'],
      repoFullAccess: false,
      isLogin: true,
    };
    const stored = new Map([[login.sub, login]]);
    const store = createStore();
    store.dispatch(serverConfLoaded({ allowSponsorship: true }));
    const accounts = new GithubAccounts({
      store,
      opener: { origin: BASE, open: () => null, listen: () => () => undefined },
      timers: {
        set: (callback, delay) => {
          const handle = setTimeout(callback, delay);
          return () => clearTimeout(handle);
        },
        now: () => Date.now(),
      },
      fetch: send,
      serverBase: BASE,
      tokens: {
        read: async () => [...stored.values()],
        write: async (token) => void stored.set(token.sub, token),
        remove: async (sub) => void stored.delete(sub),
      },
    });
    await accounts.refreshSponsorship();
    expect(calls).toHaveLength(1);
    expect(store.getState().accounts.github[0]?.isSponsor).toBe(false);

    const stop = accounts.watchSponsorship();
    // The user pays meanwhile; nothing is asked before the hour is over.
    sponsorUntil = NOW + 90 * 24 * 3600 * 1000;
    await vi.advanceTimersByTimeAsync(USER_INFO_REFRESH - USER_INFO_POLL);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(USER_INFO_POLL);
    expect(calls).toHaveLength(2);
    expect(store.getState().accounts.github[0]?.isSponsor).toBe(true);
    expect(stored.get('7')?.isSponsor).toBe(true);
    stop();
    await vi.advanceTimersByTimeAsync(2 * USER_INFO_REFRESH);
    expect(calls).toHaveLength(2);
  });
});
