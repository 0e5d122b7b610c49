import { describe, expect, it } from 'vitest';
import {
  gitlabServerUrl,
  GitlabServerUrlError,
  gitlabWorkspaceParams,
} from './workspace-options.js';

describe('GitLab workspace parameters (spec providers §3, §5)', () => {
  it('reduces the server URL to scheme and host, and refuses what is not an http(s) URL', () => {
    expect(gitlabServerUrl(' https://GitLab.Example.com/alice/notes?x=1 ')).toBe(
      'https://gitlab.example.com',
    );
    expect(gitlabServerUrl('http://127.0.0.1:4010/')).toBe('http://127.0.0.1:4010');
    // As the account dialog reads it: no scheme is https.
    expect(gitlabServerUrl('gitlab.example.com')).toBe('https://gitlab.example.com');
    for (const bad of ['ftp://gitlab.example.com', '', 'https://', 'https://exa mple.com']) {
      expect(() => gitlabServerUrl(bad), bad).toThrow(GitlabServerUrlError);
    }
    expect(() => gitlabServerUrl('ftp://nope')).toThrow(
      expect.objectContaining({ field: 'serverUrl' }),
    );
  });

  it('trims the project path and the folder and strips their slashes; the branch is master when empty', () => {
    expect(
      gitlabWorkspaceParams({
        serverUrl: 'https://gitlab.example.com/',
        projectPath: ' /team/book/ ',
        projectId: 42,
        branch: '  ',
        path: ' //chapters/draft/ ',
      }),
    ).toEqual({
      serverUrl: 'https://gitlab.example.com',
      projectPath: 'team/book',
      projectId: '42',
      branch: 'master',
      path: 'chapters/draft',
    });
    expect(
      gitlabWorkspaceParams({
        serverUrl: 'https://gitlab.example.com',
        projectPath: 'alice/notes',
        branch: ' main ',
        path: '/',
      }),
    ).toEqual({
      serverUrl: 'https://gitlab.example.com',
      projectPath: 'alice/notes',
      branch: 'main',
      path: '',
    });
  });
});
