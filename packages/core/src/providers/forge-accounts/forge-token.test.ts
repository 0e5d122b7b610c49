import { describe, expect, it } from 'vitest';
import { isForgeToken, isGiteeToken, isSelfHostedToken, selfHostedSub } from './forge-token.js';
import { reduceServerUrl } from './server-url.js';

const gitlab = {
  sub: selfHostedSub('https://gitlab.example.org', 7),
  name: 'gina',
  accessToken: 'a',
  refreshToken: 'r',
  expiresOn: 1,
  serverUrl: 'https://gitlab.example.org',
  applicationId: 'app',
  applicationSecret: 'secret',
};

describe('forge tokens read from storage (spec providers §3)', () => {
  it('keeps a GitLab or Gitea token whose sub is its server’s', () => {
    expect(gitlab.sub).toBe('https://gitlab.example.org/7');
    expect(isSelfHostedToken(gitlab)).toBe(true);
    expect(isForgeToken('gitea', gitlab)).toBe(true);
    expect(isSelfHostedToken({ ...gitlab, sub: 'https://other.example.org/7' })).toBe(false);
    expect(isSelfHostedToken({ ...gitlab, serverUrl: 'https://gitlab.example.org/path' })).toBe(
      false,
    );
    expect(isSelfHostedToken({ ...gitlab, accessToken: '' })).toBe(false);
    expect(isSelfHostedToken({ ...gitlab, expiresOn: 'soon' })).toBe(false);
    expect(isSelfHostedToken({ ...gitlab, applicationSecret: undefined })).toBe(false);
  });

  it('keeps a Gitee token with its fields', () => {
    const gitee = { sub: '42', name: 'gina', accessToken: 'a', refreshToken: 'r', expiresOn: 5 };
    expect(isGiteeToken(gitee)).toBe(true);
    expect(isForgeToken('gitee', { ...gitee, isLogin: true })).toBe(true);
    expect(isGiteeToken({ ...gitee, isLogin: 'yes' })).toBe(false);
    expect(isGiteeToken(null)).toBe(false);
  });
});

describe('reduceServerUrl (spec providers §5)', () => {
  it('reduces to scheme and host, https when no scheme is given', () => {
    expect(reduceServerUrl(' https://gitlab.example.org/explore/projects?x=1 ')).toBe(
      'https://gitlab.example.org',
    );
    expect(reduceServerUrl('http://127.0.0.1:3000/')).toBe('http://127.0.0.1:3000');
    expect(reduceServerUrl('git.example.org')).toBe('https://git.example.org');
  });

  it('refuses what is no http(s) URL with a host', () => {
    for (const bad of [
      '',
      '   ',
      'ftp://git.example.org',
      'https://',
      'http://a b',
      'https://u:p@h.org',
    ]) {
      expect(reduceServerUrl(bad)).toBeUndefined();
    }
  });
});
