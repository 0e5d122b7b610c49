import { describe, expect, it } from 'vitest';
import { type LocationFieldError } from '../github/file-location-fields.js';
import { readGiteeFileForm } from './file-location-fields.js';
import { giteeRepositoryWebUrl, parseGiteeRepositoryUrl } from './file-location-url.js';

describe('parseGiteeRepositoryUrl', () => {
  it.each([
    ['https://gitee.com/erin/notes', { owner: 'erin', repo: 'notes' }],
    ['https://gitee.com/erin/notes.git', { owner: 'erin', repo: 'notes' }],
    ['  https://gitee.com/erin/notes/  ', { owner: 'erin', repo: 'notes' }],
    ['https://gitee.com/erin/notes/tree/master/docs', { owner: 'erin', repo: 'notes' }],
    ['https://gitee.com/erin/notes/blob/master/a.md?x=1#top', { owner: 'erin', repo: 'notes' }],
    ['http://GITEE.com/my_space/my.notes-1', { owner: 'my_space', repo: 'my.notes-1' }],
    ['git@gitee.com:erin/notes.git', { owner: 'erin', repo: 'notes' }],
    ['erin/notes', { owner: 'erin', repo: 'notes' }],
  ])('reads %s', (input, expected) => {
    expect(parseGiteeRepositoryUrl(input)).toEqual(expected);
  });

  it.each([
    '',
    'notes',
    'erin/notes/docs',
    'https://gitee.com/erin',
    'https://github.com/erin/notes',
    'git@github.com:erin/notes.git',
    'https://gitee.com/erin/..',
    'https://gitee.com/er in/notes',
    'ftp://gitee.com/erin/notes',
  ])('names no repository in %j', (input) => {
    expect(parseGiteeRepositoryUrl(input)).toBeUndefined();
  });

  it("reads a URL of the forge it is given (forge-sim's origin in tests)", () => {
    expect(
      parseGiteeRepositoryUrl('http://127.0.0.1:4000/erin/notes', 'http://127.0.0.1:4000'),
    ).toEqual({ owner: 'erin', repo: 'notes' });
    expect(giteeRepositoryWebUrl({ owner: 'erin', repo: 'notes' })).toBe(
      'https://gitee.com/erin/notes',
    );
  });
});

describe('readGiteeFileForm', () => {
  it("takes the branch as given, 'master' when empty, and the path without its leading slash", () => {
    expect(
      readGiteeFileForm({ repoUrl: 'https://gitee.com/erin/notes', path: ' /docs/a.md ' }),
    ).toEqual({ owner: 'erin', repo: 'notes', branch: 'master', path: 'docs/a.md' });
    expect(
      readGiteeFileForm({ repoUrl: 'erin/notes', path: 'a.md', branch: ' drafts ' }).branch,
    ).toBe('drafts');
  });

  it('names the field at fault in the spec words', () => {
    const fault = (form: { repoUrl: string; path: string }) => {
      try {
        readGiteeFileForm(form);
      } catch (error) {
        return error as LocationFieldError;
      }
      throw new Error('accepted');
    };
    expect(fault({ repoUrl: 'https://github.com/erin/notes', path: 'a.md' })).toMatchObject({
      field: 'repoUrl',
      message: 'Repository URL is invalid.',
    });
    expect(fault({ repoUrl: 'erin/notes', path: 'docs/' })).toMatchObject({
      field: 'path',
      message: 'File path is required.',
    });
  });
});
