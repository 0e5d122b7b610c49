import { describe, expect, it } from 'vitest';
import { CODE_LIFETIME_MS, OAuthApps, parseScopes, redirectAllowed } from './apps.js';

describe('redirectAllowed (GitHub: same host and port, a path at or under the callback)', () => {
  const callback = 'https://notes.example:8443/oauth2/callback';
  it.each([
    ['https://notes.example:8443/oauth2/callback', true],
    ['https://notes.example:8443/oauth2/callback/deeper?x=1', true],
    ['https://notes.example:8443/oauth2/callbackevil', false],
    ['https://notes.example:8443/elsewhere', false],
    ['https://notes.example:9999/oauth2/callback', false],
    ['http://notes.example:8443/oauth2/callback', false],
    ['https://evil.example:8443/oauth2/callback', false],
    ['https://sub.notes.example:8443/oauth2/callback', false],
    ['not a url', false],
  ])('%s → %s', (redirect, allowed) => {
    expect(redirectAllowed(callback, redirect)).toBe(allowed);
  });

  it('lets a loopback callback take any port, but not another host or path', () => {
    const loopback = 'http://127.0.0.1/oauth2/callback';
    expect(redirectAllowed(loopback, 'http://127.0.0.1:4101/oauth2/callback')).toBe(true);
    expect(redirectAllowed('http://localhost:8080/cb', 'http://localhost:3000/cb')).toBe(true);
    expect(redirectAllowed(loopback, 'http://localhost:4101/oauth2/callback')).toBe(false);
    expect(redirectAllowed(loopback, 'http://127.0.0.1:4101/other')).toBe(false);
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
