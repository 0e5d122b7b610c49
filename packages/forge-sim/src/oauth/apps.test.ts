import { describe, expect, it } from 'vitest';
import { CODE_LIFETIME_MS, OAuthApps, parseScopes, redirectAllowed } from './apps.js';

describe('redirectAllowed (GitHub: same host and port, a path at or under the callback)', () => {
  const callback = 'http://127.0.0.1:8080/oauth2/callback';
  it.each([
    ['http://127.0.0.1:8080/oauth2/callback', true],
    ['http://127.0.0.1:8080/oauth2/callback/deeper?x=1', true],
    ['http://127.0.0.1:8080/oauth2/callbackevil', false],
    ['http://127.0.0.1:8080/elsewhere', false],
    ['http://127.0.0.1:9999/oauth2/callback', false],
    ['https://127.0.0.1:8080/oauth2/callback', false],
    ['http://evil.example/oauth2/callback', false],
    ['not a url', false],
  ])('%s → %s', (redirect, allowed) => {
    expect(redirectAllowed(callback, redirect)).toBe(allowed);
  });
});

describe('parseScopes', () => {
  it('splits on spaces and commas, once each', () => {
    expect(parseScopes('public_repo gist')).toEqual(['public_repo', 'gist']);
    expect(parseScopes('repo,gist, repo')).toEqual(['repo', 'gist']);
    expect(parseScopes(null)).toEqual([]);
  });
});

describe('codes', () => {
  const app = { clientId: 'c1', clientSecret: 's1', callbackUrl: 'http://x/cb', name: 'App' };
  const grant = { clientId: 'c1', userId: 1, scopes: ['gist'], redirectUri: undefined };

  it('are single-use and belong to their app', () => {
    const apps = new OAuthApps();
    apps.add(app);
    const code = apps.issueCode(grant);
    expect(apps.redeem(code, 'other')).toBeUndefined();
    expect(apps.redeem(code, 'c1')?.scopes).toEqual(['gist']);
    expect(apps.redeem(code, 'c1')).toBeUndefined();
  });

  it('expire after 10 minutes', () => {
    let now = 1_000_000;
    const apps = new OAuthApps(() => now);
    apps.add(app);
    const fresh = apps.issueCode(grant);
    const stale = apps.issueCode(grant);
    now += CODE_LIFETIME_MS - 1;
    expect(apps.redeem(fresh, 'c1')).toBeDefined();
    now += 1;
    expect(apps.redeem(stale, 'c1')).toBeUndefined();
  });
});
