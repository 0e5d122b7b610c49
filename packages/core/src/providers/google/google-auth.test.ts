import { describe, expect, it } from 'vitest';
import {
  checkIdToken,
  googleAccessSummary,
  googleAuthorizeUrl,
  googleTokenFromGrant,
  googleTokenNeedsRefresh,
  idTokenClaims,
  takeGoogleAnswer,
} from './google-auth.js';
import { GOOGLE_SCOPE, googleScopes } from './google-token.js';

const NOW = Date.UTC(2026, 10, 27, 12);
const base64url = (text: string) =>
  Buffer.from(text, 'utf8')
    .toString('base64')
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const jwt = (claims: Record<string, unknown>) =>
  `${base64url('{"alg":"RS256"}')}.${base64url(JSON.stringify(claims))}.signature`;
const idToken = (over: Record<string, unknown> = {}) =>
  jwt({ sub: '1001', aud: 'cid', exp: NOW / 1000 + 3600, name: 'Zoë Ålund', nonce: 'n1', ...over });

describe('Google id token (core §5, §8)', () => {
  it('reads the claims, UTF-8 names included', () => {
    expect(idTokenClaims(idToken())).toEqual({
      sub: '1001',
      aud: 'cid',
      exp: NOW / 1000 + 3600,
      name: 'Zoë Ålund',
      nonce: 'n1',
    });
  });

  it('refuses what is not a JWT with sub, aud and exp', () => {
    expect(() => idTokenClaims('not-a-token')).toThrow('Could not get required authorization.');
    expect(() => idTokenClaims(jwt({ aud: 'cid', exp: 1 }))).toThrow(
      'Could not get required authorization.',
    );
  });

  it("says 'Client ID inconsistent.' when the audience is another client's", () => {
    expect(() => checkIdToken(idToken({ aud: 'other' }), { clientId: 'cid', now: NOW })).toThrow(
      'Client ID inconsistent.',
    );
  });

  it('takes a token only with more than 5 minutes left', () => {
    expect(
      checkIdToken(idToken({ exp: NOW / 1000 + 301 }), { clientId: 'cid', now: NOW }).sub,
    ).toBe('1001');
    expect(() =>
      checkIdToken(idToken({ exp: NOW / 1000 + 300 }), { clientId: 'cid', now: NOW }),
    ).toThrow('Could not get required authorization.');
  });

  it("says 'Google account ID not expected.' when another account answers", () => {
    expect(() => checkIdToken(idToken(), { clientId: 'cid', now: NOW, sub: '2002' })).toThrow(
      'Google account ID not expected.',
    );
    expect(checkIdToken(idToken(), { clientId: 'cid', now: NOW, sub: '1001' }).sub).toBe('1001');
  });

  it('refuses a nonce other than the one sent', () => {
    expect(() => checkIdToken(idToken(), { clientId: 'cid', now: NOW, nonce: 'n2' })).toThrow(
      'Could not get required authorization.',
    );
  });
});

describe('refresh decision (core §4)', () => {
  const token = { expiresOn: NOW + 10 * 60_000, scopes: googleScopes({ drive: 'full' }) };
  it('reuses a token with more than 5 minutes left and every scope', () => {
    expect(googleTokenNeedsRefresh(token, [GOOGLE_SCOPE.driveFile], NOW)).toBe(false);
  });
  it('refreshes when fewer than 5 minutes remain', () => {
    expect(googleTokenNeedsRefresh(token, [GOOGLE_SCOPE.drive], NOW + 5 * 60_000 + 1)).toBe(true);
  });
  it('refreshes when a scope is missing', () => {
    expect(googleTokenNeedsRefresh(token, [GOOGLE_SCOPE.blogger], NOW)).toBe(true);
  });
});

describe('authorize address', () => {
  it('asks an implicit answer with the scopes, state, nonce and granted scopes kept', () => {
    const url = new URL(
      googleAuthorizeUrl({
        endpoint: 'https://accounts.google.com/o/oauth2/v2/auth',
        clientId: 'cid',
        redirectUri: 'https://app.example/oauth2/callback',
        scopes: googleScopes({ blogger: true }),
        state: 's1',
        nonce: 'n1',
      }),
    );
    expect(url.origin + url.pathname).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'cid',
      redirect_uri: 'https://app.example/oauth2/callback',
      response_type: 'token id_token',
      scope: `openid profile ${GOOGLE_SCOPE.blogger}`,
      state: 's1',
      nonce: 'n1',
      include_granted_scopes: 'true',
    });
  });

  it('names the account and asks for no page when silent', () => {
    const url = new URL(
      googleAuthorizeUrl({
        endpoint: 'http://127.0.0.1:4300/o/oauth2/v2/auth',
        clientId: 'cid',
        redirectUri: 'http://127.0.0.1:8080/oauth2/callback',
        scopes: ['openid', 'openid', 'profile'],
        state: 's',
        nonce: 'n',
        loginHint: '1001',
        silent: true,
      }),
    );
    expect(url.searchParams.get('login_hint')).toBe('1001');
    expect(url.searchParams.get('prompt')).toBe('none');
    expect(url.searchParams.get('scope')).toBe('openid profile');
  });
});

describe('implicit answer', () => {
  const answer = {
    state: 's1',
    accessToken: 'ya29.a',
    expiresIn: '3599',
    idToken: idToken(),
    scope: `openid profile ${GOOGLE_SCOPE.driveFile}`,
  };
  const expected = { state: 's1', clientId: 'cid', now: NOW, nonce: 'n1' };

  it('gives the token, its expiry and scopes', () => {
    const grant = takeGoogleAnswer(answer, expected);
    expect(grant.expiresOn).toBe(NOW + 3599_000);
    expect(grant.scopes).toEqual(['openid', 'profile', GOOGLE_SCOPE.driveFile]);
    expect(grant.claims.sub).toBe('1001');
  });

  it('refuses a wrong state, an error or a missing token', () => {
    const refused = 'Could not get required authorization.';
    expect(() => takeGoogleAnswer({ ...answer, state: 'x' }, expected)).toThrow(refused);
    expect(() => takeGoogleAnswer({ state: 's1', error: 'access_denied' }, expected)).toThrow(
      refused,
    );
    expect(() => takeGoogleAnswer({ ...answer, accessToken: undefined }, expected)).toThrow(
      refused,
    );
  });

  it('keeps the login and sponsor marks of the account, and says what it may reach', () => {
    const grant = takeGoogleAnswer(answer, expected);
    const before = googleTokenFromGrant(grant, { name: 'Zoë' });
    const token = googleTokenFromGrant(
      { ...grant, scopes: [...grant.scopes, GOOGLE_SCOPE.blogger] },
      {},
      { ...before, isLogin: true, isSponsor: true },
    );
    expect(token).toMatchObject({
      sub: '1001',
      name: 'Zoë',
      isLogin: true,
      isSponsor: true,
      isDrive: true,
      driveFullAccess: false,
      isBlogger: true,
      isPhotos: false,
    });
    expect(googleAccessSummary(token)).toEqual(['Sign-in', 'Drive (restricted)', 'Blogger']);
  });
});
