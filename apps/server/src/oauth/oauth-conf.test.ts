import { describe, expect, it } from 'vitest';
import { DEFAULT_OAUTH_TIMEOUT_MS, readOAuthConf } from './oauth-conf.js';

describe('readOAuthConf', () => {
  it('configures nothing without variables, with the public hosts as base URLs', () => {
    const conf = readOAuthConf({});
    expect(conf.github).toEqual({
      baseUrl: 'https://github.com',
      secrets: new Map(),
      clientIds: [],
    });
    expect(conf.gitee.baseUrl).toBe('https://gitee.com');
    expect(conf.gitlab.baseUrl).toBe('https://gitlab.com');
    expect(conf.gitea.baseUrl).toBe('');
    expect(conf.timeoutMs).toBe(DEFAULT_OAUTH_TIMEOUT_MS);
  });

  it('pairs client ids with secrets in order and drops an id without a secret', () => {
    const conf = readOAuthConf({ GITEE_CLIENT_ID: 'a, b ,c', GITEE_CLIENT_SECRET: 'sa,sb' });
    expect(conf.gitee.clientIds).toEqual(['a', 'b']);
    expect(conf.gitee.secrets.get('b')).toBe('sb');
  });

  it('takes base URLs for GitHub Enterprise and self-hosted GitLab/Gitea, without a trailing slash', () => {
    const conf = readOAuthConf({
      GITHUB_URL: 'https://ghe.example.org/',
      GITLAB_URL: 'https://example.org/gitlab/',
      GITEA_URL: 'http://127.0.0.1:3000',
    });
    expect(conf.github.baseUrl).toBe('https://ghe.example.org');
    expect(conf.gitlab.baseUrl).toBe('https://example.org/gitlab');
    expect(conf.gitea.baseUrl).toBe('http://127.0.0.1:3000');
  });

  it('refuses a base URL that is not http(s) and a bad time-out, naming the variable', () => {
    expect(() => readOAuthConf({ GITEA_URL: 'gitea.example.org' })).toThrow(
      /GITEA_URL must be an http\(s\) URL/,
    );
    expect(() => readOAuthConf({ GITHUB_URL: 'ftp://example.org' })).toThrow(/GITHUB_URL/);
    expect(() => readOAuthConf({ OAUTH_TIMEOUT_MS: '0' })).toThrow(/OAUTH_TIMEOUT_MS/);
  });
});
