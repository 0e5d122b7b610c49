import { describe, expect, it } from 'vitest';
import {
  githubWorkspace,
  normalizeFolderPath,
  readRepoFolder,
  repoFolderUrl,
  repoWorkspaceName,
} from './workspace-params';

const GH = 'https://github.com';

describe('the Folder path (spec providers §5)', () => {
  it('is trimmed, loses its leading slashes and ends with exactly one slash', () => {
    expect(normalizeFolderPath('  /journal/2026 ')).toBe('journal/2026/');
    expect(normalizeFolderPath('journal//')).toBe('journal/');
  });

  it('is the root when empty or only slashes', () => {
    expect(normalizeFolderPath('')).toBe('');
    expect(normalizeFolderPath(' / ')).toBe('');
    expect(normalizeFolderPath('///')).toBe('');
  });
});

describe('a repository workspace', () => {
  const folder = { owner: 'alice', repo: 'notes', branch: 'main', path: 'journal/' };

  it('is named after the repository and its folder', () => {
    expect(repoWorkspaceName(folder)).toBe('notes/journal');
    expect(repoWorkspaceName({ repo: 'notes', path: '' })).toBe('notes');
  });

  it('links to the folder on GitHub', () => {
    expect(repoFolderUrl(folder, GH)).toBe('https://github.com/alice/notes/tree/main/journal');
    expect(repoFolderUrl({ ...folder, path: '' }, GH)).toBe('https://github.com/alice/notes');
    expect(repoFolderUrl({ ...folder, branch: 'draft', path: '' }, GH)).toBe(
      'https://github.com/alice/notes/tree/draft',
    );
  });

  it('has the same id for the same folder, another for another branch or folder', () => {
    const workspace = githubWorkspace(folder, GH, '42');
    expect(workspace).toMatchObject({
      providerId: 'githubWorkspace',
      name: 'notes/journal',
      owner: 'alice',
      repo: 'notes',
      branch: 'main',
      path: 'journal/',
      sub: '42',
      locationUrl: 'https://github.com/alice/notes/tree/main/journal',
    });
    expect(githubWorkspace(folder, GH).id).toBe(workspace.id);
    expect(githubWorkspace({ ...folder, branch: 'draft' }, GH).id).not.toBe(workspace.id);
    expect(githubWorkspace({ ...folder, path: '' }, GH).id).not.toBe(workspace.id);
  });

  it('is read back from its parameters, normalised, or refused without owner and repo', () => {
    expect(
      readRepoFolder({ owner: 'alice', repo: 'notes', branch: ' ', path: '/journal' }),
    ).toEqual(folder);
    expect(readRepoFolder({ owner: 'alice', repo: '' })).toBe(
      'A GitHub workspace needs the owner and repo of its repository.',
    );
  });
});
