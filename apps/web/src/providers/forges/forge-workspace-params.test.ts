import { describe, expect, it } from 'vitest';
import { parseWorkspaceQuery, workspaceUrl } from '../../services/workspace-list';
import { readForgeWorkspaceFields } from './forge-workspace-dialog';
import {
  forgeFolderPath,
  forgeFolderUrl,
  forgeOfProvider,
  forgeWorkspace,
  readForgeFolder,
} from './forge-workspace-params';

const GITLAB = 'https://gitlab.example.org';

describe('forge workspace parameters (spec providers §2, §3, §5)', () => {
  it('trims a GitLab or Gitea folder path and strips its slashes; a Gitee one keeps one trailing slash', () => {
    expect(forgeFolderPath('gitlab', ' /notes/journal/ ')).toBe('notes/journal');
    expect(forgeFolderPath('gitea', '///')).toBe('');
    expect(forgeFolderPath('gitee', ' /notes/ ')).toBe('notes/');
    expect(forgeFolderPath('gitee', ' / ')).toBe('');
  });

  it('reads a GitLab workspace URL: server reduced to scheme and host, master by default, the sub kept', () => {
    const request = parseWorkspaceQuery(
      `?providerId=gitlabWorkspace&serverUrl=${encodeURIComponent(`${GITLAB}/explore`)}&projectPath=%2Fgroup%2Fsub%2Fnotes%2F&path=%2Fjournal%2F&sub=${encodeURIComponent(`${GITLAB}/7`)}`,
    );
    expect(request.kind).toBe('workspace');
    if (request.kind !== 'workspace') return;
    expect(request.workspace).toMatchObject({
      providerId: 'gitlabWorkspace',
      serverUrl: GITLAB,
      projectPath: 'group/sub/notes',
      branch: 'master',
      path: 'journal',
      sub: `${GITLAB}/7`,
      name: 'notes/journal',
      locationUrl: `${GITLAB}/group/sub/notes/-/tree/master/journal`,
    });
    // The URL it gives back opens the same workspace.
    const again = parseWorkspaceQuery(
      new URL(workspaceUrl(request.workspace, 'https://app.example/')).search,
    );
    expect(again.kind === 'workspace' && again.workspace.id).toBe(request.workspace.id);
  });

  it('gives the same workspace id to the dialog and the URL, whatever the account', () => {
    const folder = readForgeFolder('gitea', {
      serverUrl: 'https://git.example.org',
      projectPath: 'gina/notes',
      branch: '',
      path: '',
    });
    expect(typeof folder).toBe('object');
    if (typeof folder === 'string') return;
    const a = forgeWorkspace(folder, 'https://gitee.com', 'https://git.example.org/1');
    const b = forgeWorkspace(folder, 'https://gitee.com');
    expect(a.id).toBe(b.id);
    expect(a.locationUrl).toBe('https://git.example.org/gina/notes');
    expect(workspaceUrl(a, 'https://app.example/')).toBe(
      'https://app.example/?providerId=giteaWorkspace&serverUrl=https%3A%2F%2Fgit.example.org&projectPath=gina%2Fnotes&branch=master&path=&sub=https%3A%2F%2Fgit.example.org%2F1',
    );
  });

  it('reads a Gitee workspace URL with owner and repo, its page on the given Gitee', () => {
    const request = parseWorkspaceQuery(
      '?providerId=giteeWorkspace&owner=gina&repo=notes&path=journal&branch=dev',
      undefined,
      'http://127.0.0.1:4010',
    );
    expect(request.kind === 'workspace' && request.workspace).toMatchObject({
      owner: 'gina',
      repo: 'notes',
      branch: 'dev',
      path: 'journal/',
      locationUrl: 'http://127.0.0.1:4010/gina/notes/tree/dev/journal',
    });
  });

  it('refuses a workspace URL that names no repository, in words', () => {
    expect(
      parseWorkspaceQuery('?providerId=gitlabWorkspace&serverUrl=ftp%3A%2F%2Fx&projectPath=a%2Fb'),
    ).toEqual({
      kind: 'error',
      message: 'A GitLab workspace needs the serverUrl and projectPath of its repository.',
    });
    expect(
      parseWorkspaceQuery(
        '?providerId=giteaWorkspace&serverUrl=https%3A%2F%2Fgit.example.org&projectPath=a%2Fb%2Fc',
      ),
    ).toEqual({
      kind: 'error',
      message: 'A Gitea workspace needs the serverUrl and projectPath of its repository.',
    });
    expect(parseWorkspaceQuery('?providerId=giteeWorkspace&owner=gina')).toEqual({
      kind: 'error',
      message: 'A Gitee workspace needs the owner and repo of its repository.',
    });
  });

  it('tells each forge by its workspace provider id', () => {
    expect(forgeOfProvider('gitlabWorkspace')).toBe('gitlab');
    expect(forgeOfProvider('giteaWorkspace')).toBe('gitea');
    expect(forgeOfProvider('giteeWorkspace')).toBe('gitee');
    expect(forgeOfProvider('githubWorkspace')).toBeUndefined();
  });

  it('shows a Gitea folder on another branch at its src/branch page', () => {
    expect(
      forgeFolderUrl(
        {
          forge: 'gitea',
          serverUrl: 'https://git.example.org',
          projectPath: 'gina/notes',
          branch: 'dev',
          path: '',
        },
        'https://gitee.com',
      ),
    ).toBe('https://git.example.org/gina/notes/src/branch/dev');
  });
});

describe('the workspace dialog fields', () => {
  const account = { sub: `${GITLAB}/7`, name: 'gina', serverUrl: GITLAB };

  it('reads a project of the account’s server, with its folder and branch', () => {
    expect(
      readForgeWorkspaceFields({ forge: 'gitlab' }, account, {
        repoUrl: `${GITLAB}/group/notes/-/tree/main`,
        path: ' /journal/ ',
        branch: ' ',
      }),
    ).toEqual({
      forge: 'gitlab',
      serverUrl: GITLAB,
      projectPath: 'group/notes',
      branch: 'master',
      path: 'journal',
    });
  });

  it('refuses a project of another server', () => {
    expect(
      readForgeWorkspaceFields({ forge: 'gitlab' }, account, {
        repoUrl: 'https://gitlab.com/group/notes',
        path: '',
        branch: '',
      }),
    ).toBeUndefined();
  });

  it('reads a Gitee repository with a trailing slash on its folder', () => {
    expect(
      readForgeWorkspaceFields(
        { forge: 'gitee' },
        { sub: '3', name: 'gina', serverUrl: 'https://gitee.com' },
        { repoUrl: 'gina/notes', path: 'journal', branch: '' },
      ),
    ).toEqual({ forge: 'gitee', owner: 'gina', repo: 'notes', branch: 'master', path: 'journal/' });
  });
});
