import {
  GITEA_PROVIDER_IDS,
  GITEE_PROVIDER_IDS,
  type ForgeId,
  GitlabFieldError,
  GITLAB_PROVIDER_IDS,
  LocationFieldError,
  type LocationItem,
  NoForgeAccountError,
  withHash,
} from '@inkstone/core';
import { describe, expect, it } from 'vitest';
import { readForgeFileForm } from './forge-file-form';
import { describeForgeLocation, forgeClient, forgeOfLocation } from './forge-locations';

const location = (providerId: string, fields: Record<string, unknown>) =>
  withHash<LocationItem>({ id: 'l1', type: 'syncLocation', fileId: 'f', providerId, ...fields });

const servers = (forge: string, sub: string) =>
  sub === 'https://git.example.org/7' ? 'https://git.example.org' : undefined;

describe('forge locations as the panels show them', () => {
  it('gives each forge’s file page, with the branch and the path encoded', () => {
    const common = { sub: 'https://git.example.org/7', branch: 'draft 2', path: 'docs/a b.md' };
    expect(
      describeForgeLocation(
        location(GITLAB_PROVIDER_IDS.file, { ...common, projectPath: 'team/sub/notes' }),
        'https://gitee.com',
        servers,
      ),
    ).toEqual({
      description: 'GitLab team/sub/notes docs/a b.md (draft 2)',
      url: 'https://git.example.org/team/sub/notes/-/blob/draft%202/docs/a%20b.md',
    });
    expect(
      describeForgeLocation(
        location(GITEA_PROVIDER_IDS.file, { ...common, projectPath: 'gina/notes', projectId: 3 }),
        'https://gitee.com',
        servers,
      )?.url,
    ).toBe('https://git.example.org/gina/notes/src/branch/draft%202/docs/a%20b.md');
    expect(
      describeForgeLocation(
        location(GITEE_PROVIDER_IDS.file, { ...common, owner: 'gina', repo: 'notes' }),
        'https://gitee.com',
        servers,
      )?.url,
    ).toBe('https://gitee.com/gina/notes/blob/draft%202/docs/a%20b.md');
  });

  it('gives no link for an account no longer linked, nor for a gist not yet published', () => {
    const gitlab = location(GITLAB_PROVIDER_IDS.file, {
      sub: 'https://other.example/1',
      projectPath: 'a/b',
      branch: 'master',
      path: 'x.md',
    });
    expect(describeForgeLocation(gitlab, 'https://gitee.com', servers)).toEqual({
      description: 'GitLab a/b x.md (master)',
      url: undefined,
    });
    const gist = location(GITEE_PROVIDER_IDS.gist, {
      gistId: '',
      filename: 'notes.md',
      isPublic: false,
    });
    expect(describeForgeLocation(gist, 'https://gitee.com', servers)).toEqual({
      description: 'Gitee gist notes.md (secret)',
      url: undefined,
    });
  });

  it('leaves other providers’ locations alone', () => {
    expect(
      describeForgeLocation(location('github', { owner: 'a' }), 'https://gitee.com', servers),
    ).toBeUndefined();
    expect(forgeOfLocation('github')).toBeUndefined();
    expect(forgeOfLocation(GITEE_PROVIDER_IDS.gist)).toBe('gitee');
  });

  it('refuses to write with an account not linked here, in words naming the forge', async () => {
    // The accounts passed in, as `services.forgeAccounts` is: none is linked in this browser.
    const noAccounts = {
      fresh: (forge: ForgeId, sub: string) => Promise.reject(new NoForgeAccountError(forge, sub)),
      giteeUrl: () => 'https://gitee.com',
      serverUrlOf: () => undefined,
    };
    await expect(forgeClient(noAccounts, 'gitea', 'https://git.example.org/7')).rejects.toThrow(
      'Link a Gitea account first',
    );
  });
});

describe('the forge file dialogs', () => {
  it('read GitLab’s Project URL on the account’s server, the branch master when empty', () => {
    expect(
      readForgeFileForm(
        { forge: 'gitlab', serverUrl: 'https://git.example.org' },
        {
          url: 'https://git.example.org/team/sub/notes/-/tree/main',
          path: '/docs/a.md',
          branch: '',
        },
      ),
    ).toEqual({
      forge: 'gitlab',
      projectPath: 'team/sub/notes',
      branch: 'master',
      path: 'docs/a.md',
    });
  });

  it('name the field at fault in the spec’s words', () => {
    const fault = (forge: 'gitlab' | 'gitea' | 'gitee', url: string, path: string) => {
      try {
        readForgeFileForm(
          { forge, serverUrl: 'https://git.example.org' },
          { url, path, branch: '' },
        );
      } catch (error) {
        if (error instanceof GitlabFieldError || error instanceof LocationFieldError) {
          return [error.field, error.message];
        }
        throw error;
      }
      return undefined;
    };
    expect(fault('gitlab', 'https://elsewhere.example/a/b', 'x.md')).toEqual([
      'projectUrl',
      'Project URL is invalid.',
    ]);
    expect(fault('gitea', 'nobody', 'x.md')).toEqual(['repoUrl', 'Repository URL is invalid.']);
    expect(fault('gitee', 'gina/notes', ' ')).toEqual(['path', 'File path is required.']);
    expect(fault('gitee', 'gina/notes', 'docs/')).toEqual(['path', 'File path is required.']);
  });
});
