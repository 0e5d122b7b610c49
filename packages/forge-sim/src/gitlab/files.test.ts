import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGitLabTestForge, type GitLabTestForge } from '../testing/gitlab-harness.js';

let t: GitLabTestForge;
let projectId: number;
beforeAll(async () => {
  t = await startGitLabTestForge();
  projectId = (await t.api('POST', '/projects', { name: 'book', initialize_with_readme: true }))
    .body.id;
});
afterAll(async () => {
  await t.forge.close();
});

const file = (path: string) =>
  `/projects/${projectId}/repository/files/${encodeURIComponent(path)}`;

describe('the files API, as a git-workspace client uses it', () => {
  it('creates, reads, updates with last_commit_id and deletes a file, one commit each', async () => {
    const text = 'Chapter one — día\n';
    const created = await t.api('POST', file('chapters/one.md'), {
      branch: 'main',
      commit_message: 'Add chapter one',
      content: Buffer.from(text).toString('base64'),
      encoding: 'base64',
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ file_path: 'chapters/one.md', branch: 'main' });

    const read = await t.api('GET', `${file('chapters/one.md')}?ref=main`);
    expect(read.status).toBe(200);
    expect(Buffer.from(read.body.content, 'base64').toString('utf8')).toBe(text);
    expect(read.body).toMatchObject({
      file_name: 'one.md',
      file_path: 'chapters/one.md',
      size: Buffer.byteLength(text),
      encoding: 'base64',
      ref: 'main',
      content_sha256: createHash('sha256').update(text).digest('hex'),
    });
    const history = await t.api(
      'GET',
      `/projects/${projectId}/repository/commits?path=chapters/one.md`,
    );
    expect(read.body.last_commit_id).toBe(history.body[0].id);
    expect(history.body[0].title).toBe('Add chapter one');

    const updated = await t.api('PUT', file('chapters/one.md'), {
      branch: 'main',
      commit_message: 'Edit chapter one',
      content: 'Better\n',
      last_commit_id: read.body.last_commit_id,
    });
    expect(updated.status).toBe(200);
    // The same last_commit_id again: the file changed since, so GitLab refuses and keeps it.
    const stale = await t.api('PUT', file('chapters/one.md'), {
      branch: 'main',
      commit_message: 'Lost edit',
      content: 'Lost\n',
      last_commit_id: read.body.last_commit_id,
    });
    expect(stale.status).toBe(400);
    expect(stale.body).toEqual({
      message: 'You are attempting to update a file that has changed since you started editing it.',
    });
    const raw = await fetch(`${t.forge.gitlabApiUrl}${file('chapters/one.md')}/raw?ref=main`, {
      headers: { 'private-token': t.token },
    });
    expect(await raw.text()).toBe('Better\n');
    expect(raw.headers.get('x-gitlab-file-path')).toBe('chapters/one.md');

    const deleted = await t.api('DELETE', file('chapters/one.md'), {
      branch: 'main',
      commit_message: 'Remove chapter one',
    });
    expect(deleted.status).toBe(204);
    const gone = await t.api('GET', `${file('chapters/one.md')}?ref=main`);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ message: '404 File Not Found' });
  });

  it('answers HEAD with the X-Gitlab-* headers and no body', async () => {
    const response = await fetch(`${t.forge.gitlabApiUrl}${file('README.md')}?ref=main`, {
      method: 'HEAD',
      headers: { authorization: `Bearer ${t.token}` },
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
    expect(response.headers.get('x-gitlab-file-name')).toBe('README.md');
    expect(response.headers.get('x-gitlab-blob-id')).toMatch(/^[0-9a-f]{40}$/);
    expect(response.headers.get('x-gitlab-last-commit-id')).toMatch(/^[0-9a-f]{40}$/);
  });

  it("refuses what GitLab refuses, in GitLab's words, and loses nothing", async () => {
    const exists = await t.api('POST', file('README.md'), {
      branch: 'main',
      commit_message: 'x',
      content: 'overwrite?',
    });
    expect(exists.status).toBe(400);
    expect(exists.body).toEqual({ message: 'A file with this name already exists' });
    const missing = await t.api('PUT', file('nope.md'), {
      branch: 'main',
      commit_message: 'x',
      content: 'x',
    });
    expect(missing.body).toEqual({ message: "A file with this name doesn't exist" });
    const noParams = await t.api('POST', file('new.md'), {});
    expect(noParams.status).toBe(400);
    expect(noParams.body).toEqual({
      error: 'branch is missing, commit_message is missing, content is missing',
    });
    const noRef = await t.api('GET', file('README.md'));
    expect(noRef.body).toEqual({ error: 'ref is missing' });
    const badPath = await t.api('GET', `${file('../etc/passwd')}?ref=main`);
    expect(badPath.body).toEqual({ error: 'file_path should be a valid file path' });
    const readme = await t.api('GET', `${file('README.md')}?ref=main`);
    expect(Buffer.from(readme.body.content, 'base64').toString()).toBe('# book\n');
  });
});
