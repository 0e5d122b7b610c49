import { describe, expect, it } from 'vitest';
import {
  githubWorkspace,
  normalizeFolderPath,
  parseRepoUrl,
  readRepoFolder,
  repoFolderUrl,
  repoWorkspaceName,
} from './workspace-params';

const GH = 'https://github.com';

describe('the Repository URL', () => {
  it('reads a repository page on the configured host, with or without .git or a deeper path', () => {
    const expected = { owner: 'alice', repo: 'notes' };
    expect(parseRepoUrl('https://github.com/alice/notes', GH)).toEqual(expected);
    expect(parseRepoUrl('  https://github.com/alice/notes.git ', GH)).toEqual(expected);
    expect(parseRepoUrl('https://github.com/alice/notes/', GH)).toEqual(expected);
    expect(parseRepoUrl('https://github.com/alice/notes/tree/main/journal', GH)).toEqual(expected);
  });

  it('reads owner/repo', () => {
    expect(parseRepoUrl('alice/my.notes_2', GH)).toEqual({ owner: 'alice', repo: 'my.notes_2' });
  });

  it('reads the host the server names (an Enterprise server under a prefix, the local forge)', () => {
    expect(parseRepoUrl('http://127.0.0.1:9000/bob/wiki', 'http://127.0.0.1:9000')).toEqual({
      owner: 'bob',
      repo: 'wiki',
    });
    expect(
      parseRepoUrl('https://ghe.example.com/git/bob/wiki', 'https://ghe.example.com/git'),
    ).toEqual({ owner: 'bob', repo: 'wiki' });
    expect(parseRepoUrl('https://ghe.example.com/bob/wiki', 'https://ghe.example.com/git')).toBe(
      undefined,
    );
  });

  it('refuses another host, a missing repository and names GitHub would not take', () => {
    for (const input of [
      '',
      'alice',
      'alice/',
      'alice/notes/extra',
      'https://gitlab.com/alice/notes',
      'https://github.com/alice',
      'https://github.com/alice/..',
      'alice/no tes',
      'not a url://x',
    ]) {
      expect(parseRepoUrl(input, GH), input).toBeUndefined();
    }
  });
});

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
