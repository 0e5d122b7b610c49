import { describe, expect, it } from 'vitest';
import { readWordPressFragment, wordpressToken, wordpressTokenExpired } from './wordpress-token.js';

describe('linking a WordPress.com account (implicit grant)', () => {
  it('reads the fragment and keeps accessToken, expiresOn, name and sub', () => {
    const grant = readWordPressFragment(
      '#access_token=abc&expires_in=1209600&token_type=bearer&site_id=0&scope=global&state=s1',
    );
    expect(grant).toEqual({ accessToken: 'abc', expiresIn: 1209600, state: 's1' });
    const token = wordpressToken(grant, { ID: 77, display_name: 'Ann', username: 'ann' }, 1000);
    expect(token).toEqual({
      accessToken: 'abc',
      expiresOn: 1000 + 1209600 * 1000,
      name: 'Ann',
      sub: '77',
    });
    expect(wordpressTokenExpired(token, 2000)).toBe(false);
    expect(wordpressTokenExpired(token, token.expiresOn)).toBe(true);
  });

  it('asks to link again once fewer than 5 minutes remain (spec core §4 and providers §9: the token refresh margin)', () => {
    const token = { accessToken: 'a', expiresOn: 10 * 60_000, name: 'Ann', sub: '1' };
    expect(wordpressTokenExpired(token, 4 * 60_000)).toBe(false);
    expect(wordpressTokenExpired(token, 5 * 60_000 - 1)).toBe(false);
    expect(wordpressTokenExpired(token, 5 * 60_000)).toBe(true);
    expect(wordpressTokenExpired(token, 6 * 60_000)).toBe(true);
  });

  it('says so when the user cancelled or no token came', () => {
    expect(() => readWordPressFragment('#error=access_denied&state=s1')).toThrow(
      'WordPress access was not granted.',
    );
    expect(() => readWordPressFragment('#token_type=bearer')).toThrow(/no access token/);
  });

  it('decodes the fragment as a form: an encoded token and state come back whole', () => {
    expect(readWordPressFragment('access_token=a%2Bb%2Fc%3D&expires_in=60&state=x+y')).toEqual({
      accessToken: 'a+b/c=',
      expiresIn: 60,
      state: 'x y',
    });
  });
});
