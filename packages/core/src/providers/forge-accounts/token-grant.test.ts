import { describe, expect, it } from 'vitest';
import { readTokenAnswer, tokenAction, TOKEN_REFRESH_MARGIN } from './token-grant.js';

describe('readTokenAnswer', () => {
  it('reads the pair and the end of the access token from expires_in', () => {
    expect(
      readTokenAnswer(
        'gitea',
        { access_token: 'a', refresh_token: 'r', expires_in: 3600, token_type: 'bearer' },
        1_000,
      ),
    ).toEqual({ accessToken: 'a', refreshToken: 'r', expiresOn: 1_000 + 3_600_000 });
  });

  it('gives GitLab 7200 s when expires_in is missing (spec providers §9)', () => {
    expect(readTokenAnswer('gitlab', { access_token: 'a' }, 0)).toEqual({
      accessToken: 'a',
      expiresOn: 7_200_000,
    });
  });

  it("throws the forge's description for an error answer", () => {
    expect(() =>
      readTokenAnswer(
        'gitlab',
        {
          error: 'invalid_grant',
          error_description: 'The provided authorization grant is invalid.',
        },
        0,
      ),
    ).toThrow('The provided authorization grant is invalid.');
    expect(() => readTokenAnswer('gitee', 'nonsense', 0)).toThrow(
      'Could not get required authorization.',
    );
  });
});

describe('tokenAction', () => {
  it('reuse past the margin, refresh within it, sign in without expiry or refresh token', () => {
    const expiresOn = 10 * TOKEN_REFRESH_MARGIN;
    expect(
      tokenAction({ expiresOn, refreshToken: 'r' }, expiresOn - TOKEN_REFRESH_MARGIN - 1),
    ).toBe('reuse');
    expect(tokenAction({ expiresOn, refreshToken: 'r' }, expiresOn - TOKEN_REFRESH_MARGIN)).toBe(
      'refresh',
    );
    expect(tokenAction({ expiresOn }, expiresOn)).toBe('signIn');
    expect(tokenAction({ refreshToken: 'r' }, 0)).toBe('signIn');
  });
});
