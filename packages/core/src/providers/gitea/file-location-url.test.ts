import { describe, expect, it } from 'vitest';
import { LocationFieldError } from '../github/file-location-fields.js';
import { readGiteaFileForm } from './file-location-fields.js';
import { parseGiteaRepositoryUrl, splitProjectPath } from './file-location-url.js';

const server = 'https://git.example.org';

describe('parseGiteaRepositoryUrl', () => {
  it('reads the forms a user pastes from a Gitea server', () => {
    const notes = { owner: 'alice', repo: 'notes' };
    for (const input of [
      'https://git.example.org/alice/notes',
      '  https://git.example.org/alice/notes/  ',
      'https://git.example.org/alice/notes.git',
      'https://GIT.example.org/alice/notes/src/branch/master/book/one.md',
      'git@git.example.org:alice/notes.git',
      'ssh://git@git.example.org/alice/notes.git',
      'alice/notes',
    ]) {
      expect(parseGiteaRepositoryUrl(input, server), input).toEqual(notes);
    }
    expect(parseGiteaRepositoryUrl('https://git.example.org/my.org/the_repo', server)).toEqual({
      owner: 'my.org',
      repo: 'the_repo',
    });
  });

  it('reads a server that lives under a path or on a port', () => {
    expect(
      parseGiteaRepositoryUrl('http://host:3000/gitea/alice/notes', 'http://host:3000/gitea'),
    ).toEqual({ owner: 'alice', repo: 'notes' });
    expect(parseGiteaRepositoryUrl('http://host:3000/alice/notes', 'http://host:3000/gitea')).toBe(
      undefined,
    );
  });

  it('refuses another server, and what names no repository', () => {
    for (const input of [
      'https://codeberg.org/alice/notes',
      'https://git.example.org/alice',
      'https://git.example.org/',
      'alice/notes/book',
      'alice',
      'alice/..',
      '-alice/notes',
      '',
    ]) {
      expect(parseGiteaRepositoryUrl(input, server), input).toBeUndefined();
    }
  });

  it('splits a projectPath', () => {
    expect(splitProjectPath('alice/notes')).toEqual({ owner: 'alice', repo: 'notes' });
    expect(splitProjectPath('/alice/notes/')).toEqual({ owner: 'alice', repo: 'notes' });
    expect(splitProjectPath('alice')).toBeUndefined();
  });
});

describe('readGiteaFileForm', () => {
  it("takes the dialog's fields: path trimmed of its leading slash, branch master when empty", () => {
    expect(
      readGiteaFileForm({ repoUrl: `${server}/alice/notes`, path: ' /book/one.md ' }, server),
    ).toEqual({ projectPath: 'alice/notes', branch: 'master', path: 'book/one.md' });
    expect(
      readGiteaFileForm({ repoUrl: 'alice/notes', path: 'a.md', branch: ' drafts ' }, server),
    ).toMatchObject({ branch: 'drafts' });
  });

  it('names the field at fault', () => {
    const fault = (form: { repoUrl: string; path: string }) => {
      try {
        readGiteaFileForm(form, server);
      } catch (error) {
        expect(error).toBeInstanceOf(LocationFieldError);
        return [(error as LocationFieldError).field, (error as Error).message];
      }
      return undefined;
    };
    expect(fault({ repoUrl: 'https://elsewhere.org/a/b', path: 'a.md' })).toEqual([
      'repoUrl',
      'Repository URL is invalid.',
    ]);
    expect(fault({ repoUrl: 'alice/notes', path: '  ' })).toEqual([
      'path',
      'File path is required.',
    ]);
    expect(fault({ repoUrl: 'alice/notes', path: 'book/' })).toEqual([
      'path',
      'File path is required.',
    ]);
  });
});
