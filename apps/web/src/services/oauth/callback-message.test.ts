import { describe, expect, it } from 'vitest';
import { authorizeUrl, newState, redirectUri } from './authorize-url';
import { callbackMessage, isCallbackMessage } from './callback-message';

describe('the OAuth callback protocol', () => {
  it('reads code, state and error from the redirect’s query or fragment', () => {
    expect(callbackMessage('https://app.example/oauth2/callback?code=abc&state=s1')).toEqual({
      type: 'inkstone-oauth-callback',
      code: 'abc',
      state: 's1',
    });
    expect(
      callbackMessage('https://app.example/oauth2/callback?state=s2&error=access_denied'),
    ).toMatchObject({ state: 's2', error: 'access_denied' });
    expect(callbackMessage('https://app.example/oauth2/callback#code=x&state=y')).toMatchObject({
      code: 'x',
      state: 'y',
    });
    expect(isCallbackMessage(callbackMessage('https://app.example/oauth2/callback'))).toBe(true);
    expect(isCallbackMessage({ type: 'inkstone-oauth-callback', code: 1 })).toBe(false);
    expect(isCallbackMessage('code=abc')).toBe(false);
  });

  it("reads an implicit flow's tokens from the fragment (Google's token id_token)", () => {
    const message = callbackMessage(
      'https://app.example/oauth2/callback#access_token=ya29.a&token_type=Bearer&expires_in=3599&scope=openid%20profile&id_token=h.p.s&state=s3',
    );
    expect(message).toEqual({
      type: 'inkstone-oauth-callback',
      state: 's3',
      accessToken: 'ya29.a',
      expiresIn: '3599',
      idToken: 'h.p.s',
      scope: 'openid profile',
    });
    expect(isCallbackMessage(message)).toBe(true);
    expect(isCallbackMessage({ ...message, idToken: 7 })).toBe(false);
  });

  it('builds the authorize URL with client id, redirect URI, scopes and state', () => {
    const url = new URL(
      authorizeUrl('http://127.0.0.1:4010/login/oauth/authorize', {
        clientId: 'Iv1.abc',
        redirectUri: redirectUri('http://localhost:8080'),
        scopes: ['public_repo', 'gist'],
        state: 'f00',
      }),
    );
    expect(url.origin + url.pathname).toBe('http://127.0.0.1:4010/login/oauth/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'Iv1.abc',
      redirect_uri: 'http://localhost:8080/oauth2/callback',
      scope: 'public_repo gist',
      state: 'f00',
    });
  });

  it('makes a new 128-bit state each time', () => {
    const a = newState();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(newState()).not.toBe(a);
  });
});
