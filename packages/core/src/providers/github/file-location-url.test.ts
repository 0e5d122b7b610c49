import { describe, expect, it } from 'vitest';
import { readGistForm, readGithubFileForm } from './file-location-fields.js';
import { parseRepositoryUrl } from './file-location-url.js';

const GITHUB = 'https://github.com';
const FORGE = 'http://127.0.0.1:4010';

describe('parseRepositoryUrl (Repository URL of the GitHub dialogs, spec providers §5)', () => {
  it.each([
    ['owner/repo', GITHUB],
    [' owner/repo ', GITHUB],
    ['https://github.com/owner/repo', GITHUB],
    ['https://github.com/owner/repo.git', GITHUB],
    ['https://github.com/owner/repo/', GITHUB],
    ['https://github.com/owner/repo/tree/main/docs', GITHUB],
    ['git@github.com:owner/repo.git', GITHUB],
    ['http://127.0.0.1:4010/owner/repo.git', FORGE],
  ])('reads %s', (input, host) => {
    expect(parseRepositoryUrl(input, host)).toEqual({ owner: 'owner', repo: 'repo' });
  });

  it('reads a repository of an Enterprise server under a path of its own', () => {
    expect(
      parseRepositoryUrl('https://git.corp/github/team/notes', 'https://git.corp/github'),
    ).toEqual({ owner: 'team', repo: 'notes' });
    // The same host without the server's path is not the server.
    expect(parseRepositoryUrl('https://git.corp/team/notes', 'https://git.corp/github')).toBe(
      undefined,
    );
  });

  it('reads the host /conf names (the local forge) and names with dots and underscores', () => {
    expect(parseRepositoryUrl('http://127.0.0.1:9000/bob/wiki', 'http://127.0.0.1:9000')).toEqual({
      owner: 'bob',
      repo: 'wiki',
    });
    expect(parseRepositoryUrl('  https://github.com/alice/notes.git ', GITHUB)).toEqual({
      owner: 'alice',
      repo: 'notes',
    });
    expect(parseRepositoryUrl('alice/my.notes_2', GITHUB)).toEqual({
      owner: 'alice',
      repo: 'my.notes_2',
    });
  });

  it.each([
    ['', GITHUB],
    ['owner', GITHUB],
    ['https://gitlab.com/owner/repo', GITHUB],
    ['https://github.com/owner', GITHUB],
    ['own er/repo', GITHUB],
    ['-owner/repo', GITHUB],
    ['owner/re po', GITHUB],
    ['git@gitlab.com:owner/repo.git', GITHUB],
    ['owner/', GITHUB],
    ['owner/repo/extra', GITHUB],
    ['https://github.com/owner/..', GITHUB],
    ['owner/..', GITHUB],
    ['not a url://x', GITHUB],
    ['http://127.0.0.1:4011/owner/repo', FORGE],
  ])('refuses %j', (input, host) => {
    expect(parseRepositoryUrl(input, host)).toBeUndefined();
  });
});

describe('readGithubFileForm', () => {
  it('takes branch main when none is given and drops leading slashes of the path', () => {
    expect(
      readGithubFileForm({ repoUrl: 'a/b', path: ' /docs/x.md ', branch: ' ' }, GITHUB),
    ).toEqual({ owner: 'a', repo: 'b', branch: 'main', path: 'docs/x.md' });
  });

  it('names the field at fault: an unparsable repository URL, then a missing path', () => {
    expect(() => readGithubFileForm({ repoUrl: 'nope', path: 'x.md' }, GITHUB)).toThrow(
      expect.objectContaining({ field: 'repoUrl' }),
    );
    expect(() => readGithubFileForm({ repoUrl: 'a/b', path: '  ' }, GITHUB)).toThrow(
      expect.objectContaining({ field: 'path' }),
    );
    expect(() => readGithubFileForm({ repoUrl: 'a/b', path: 'docs/' }, GITHUB)).toThrow(
      expect.objectContaining({ field: 'path' }),
    );
  });
});

describe('readGistForm', () => {
  it('requires a filename (spec providers §5) and keeps an existing gist id trimmed', () => {
    expect(() => readGistForm({ filename: ' ', isPublic: false })).toThrow(
      expect.objectContaining({ field: 'filename' }),
    );
    expect(readGistForm({ filename: ' notes.md ', isPublic: true, gistId: ' abc ' })).toEqual({
      filename: 'notes.md',
      isPublic: true,
      gistId: 'abc',
    });
  });
});
