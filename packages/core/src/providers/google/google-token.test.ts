import { describe, expect, it } from 'vitest';
import {
  GOOGLE_SCOPE,
  googleEndpoints,
  googleScopes,
  holdsScopes,
  isGoogleToken,
} from './google-token.js';

describe('Google scopes (spec core §6)', () => {
  it('asks openid and profile always, and what each feature needs', () => {
    expect(googleScopes({})).toEqual(['openid', 'profile']);
    expect(googleScopes({ login: true })).toContain(GOOGLE_SCOPE.driveAppData);
    expect(googleScopes({ drive: 'full' })).toContain(GOOGLE_SCOPE.drive);
    expect(googleScopes({ drive: 'restricted' })).toContain(GOOGLE_SCOPE.driveFile);
    expect(googleScopes({ drive: 'restricted' })).not.toContain(GOOGLE_SCOPE.drive);
    expect(googleScopes({ blogger: true, photos: true })).toEqual([
      'openid',
      'profile',
      GOOGLE_SCOPE.blogger,
      GOOGLE_SCOPE.photos,
    ]);
  });

  it('counts full Drive access as covering the restricted one, not the other way round', () => {
    expect(holdsScopes({ scopes: [GOOGLE_SCOPE.drive] }, [GOOGLE_SCOPE.driveFile])).toBe(true);
    expect(holdsScopes({ scopes: [GOOGLE_SCOPE.driveFile] }, [GOOGLE_SCOPE.drive])).toBe(false);
    expect(holdsScopes({ scopes: ['openid'] }, ['openid', GOOGLE_SCOPE.blogger])).toBe(false);
  });

  it('reads back only a stored token with its identity, secret, id token and expiry', () => {
    const token = {
      sub: '1',
      name: 'Alice',
      scopes: ['openid'],
      accessToken: 'ya29.x',
      idToken: 'a.b.c',
      expiresOn: 1,
    };
    expect(isGoogleToken(token)).toBe(true);
    expect(isGoogleToken({ ...token, expiresOn: undefined })).toBe(false);
    expect(isGoogleToken({ ...token, idToken: undefined })).toBe(false);
    expect(isGoogleToken(null)).toBe(false);
  });
});

describe('Google endpoints', () => {
  it("are Google's own hosts by default", () => {
    const google = googleEndpoints();
    expect(google.authorize).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    expect(google.drive).toBe('https://www.googleapis.com/drive/v3');
    expect(google.people).toBe('https://people.googleapis.com/v1');
    expect(google.revoke).toBe('https://oauth2.googleapis.com/revoke');
  });

  it('are all on one stand-in origin when given, by the same paths', () => {
    const sim = googleEndpoints('http://127.0.0.1:4020/');
    expect(sim.authorize).toBe('http://127.0.0.1:4020/o/oauth2/v2/auth');
    expect(sim.driveUpload).toBe('http://127.0.0.1:4020/upload/drive/v3');
    expect(sim.blogger).toBe('http://127.0.0.1:4020/blogger/v3');
    expect(sim.people).toBe('http://127.0.0.1:4020/v1');
  });
});
