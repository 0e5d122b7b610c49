import { describe, expect, it } from 'vitest';
import { GitlabFieldError, readGitlabFileForm } from './file-location-fields.js';
import { parseProjectUrl, projectWebUrl } from './file-location-url.js';

const server = 'https://gitlab.example.com';

describe("GitLab's Project URL", () => {
  it('reads the project path from the forms a user copies', () => {
    for (const url of [
      'https://gitlab.example.com/alice/notes',
      'https://gitlab.example.com/alice/notes/',
      'https://gitlab.example.com/alice/notes.git',
      'https://GITLAB.example.com/alice/notes/-/tree/master/docs',
      'https://gitlab.example.com/alice/notes/-/blob/main/README.md?ref_type=heads',
      'git@gitlab.example.com:alice/notes.git',
      'ssh://git@gitlab.example.com/alice/notes.git',
      '  alice/notes  ',
    ]) {
      expect(parseProjectUrl(url, server), url).toBe('alice/notes');
    }
  });

  it('keeps groups and subgroups', () => {
    expect(
      parseProjectUrl('https://gitlab.example.com/team/writing/book/-/tree/main', server),
    ).toBe('team/writing/book');
    expect(parseProjectUrl('team/writing/book', server)).toBe('team/writing/book');
  });

  it('takes an instance under a relative URL root or on a port', () => {
    expect(
      parseProjectUrl('https://host.example/gitlab/alice/notes', 'https://host.example/gitlab'),
    ).toBe('alice/notes');
    expect(parseProjectUrl('http://127.0.0.1:4010/alice/notes', 'http://127.0.0.1:4010')).toBe(
      'alice/notes',
    );
    expect(parseProjectUrl('git@127.0.0.1:alice/notes.git', 'http://127.0.0.1:4010')).toBe(
      'alice/notes',
    );
  });

  it('refuses another instance, a path with no namespace and what is not a path', () => {
    for (const url of [
      'https://gitlab.com/alice/notes',
      'https://gitlab.example.com/notes',
      'notes',
      '',
      'https://gitlab.example.com/alice/no te',
      'https://gitlab.example.com/alice/../etc',
      'ftp://gitlab.example.com/alice/notes',
    ]) {
      expect(parseProjectUrl(url, server), url).toBeUndefined();
    }
  });

  it('shows the web URL back', () => {
    expect(projectWebUrl('team/book', 'https://gitlab.example.com/')).toBe(
      'https://gitlab.example.com/team/book',
    );
  });
});

describe('the GitLab file dialogs', () => {
  it('need a parsable Project URL and a File path; the branch is master when empty', () => {
    expect(
      readGitlabFileForm(
        { projectUrl: 'https://gitlab.example.com/alice/notes', path: ' /docs/a.md ', branch: ' ' },
        server,
      ),
    ).toEqual({ projectPath: 'alice/notes', projectId: '', branch: 'master', path: 'docs/a.md' });
    expect(() => readGitlabFileForm({ projectUrl: 'nope', path: 'a.md' }, server)).toThrow(
      expect.objectContaining({ field: 'projectUrl', message: 'Project URL is invalid.' }),
    );
    expect(() => readGitlabFileForm({ projectUrl: 'alice/notes', path: '  ' }, server)).toThrow(
      GitlabFieldError,
    );
    expect(() => readGitlabFileForm({ projectUrl: 'alice/notes', path: 'docs/' }, server)).toThrow(
      expect.objectContaining({ field: 'path', message: 'File path is required.' }),
    );
  });
});
