// The GitLab client against forge-sim's GitLab dialect: the token in a header, GitLab's errors
// in the spec's words, and lists read to their last page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from '../../sync/http-client.js';
import { nodeFetch } from '../../testing/couchdb-provider.js';
import { simTimers } from '../../testing/forge-sim-remote.js';
import { commitWithGit } from '../../testing/git-inspect.js';
import {
  GITLAB_TEST_TOKEN,
  type GitlabTestForge,
  startGitlabTestForge,
} from '../../testing/gitlab-provider.js';
import { GitlabApiError, GitlabAuthError, GitlabClient } from './gitlab-client.js';

let t: GitlabTestForge;
beforeAll(async () => {
  t = await startGitlabTestForge();
});
afterAll(() => t.close());

describe('GitlabClient (over forge-sim)', { timeout: 60_000 }, () => {
  it('sends the token as a Bearer header, never in the URL', async () => {
    await t.createProject('client-header');
    t.requests.length = 0;
    const project = await t
      .client()
      .get<{ path_with_namespace: string }>('/projects/alice%2Fclient-header');
    expect(project.path_with_namespace).toBe('alice/client-header');
    expect(t.requests).toHaveLength(1);
    expect(t.requests[0]).not.toContain(GITLAB_TEST_TOKEN);
  });

  it("turns a refused token into GitlabAuthError and GitLab's refusals into GitlabApiError with its message", async () => {
    const stranger = t.client().withToken('not-a-token');
    await expect(stranger.get('/user')).rejects.toBeInstanceOf(GitlabAuthError);
    await expect(t.client().get('/projects/alice%2Fno-such-project')).rejects.toEqual(
      new GitlabApiError(404, '404 Project Not Found'),
    );
    // Grape's parameter errors are `{ error }`.
    await t.createProject('client-errors');
    await expect(
      t.client().post('/projects/alice%2Fclient-errors/repository/commits', {}),
    ).rejects.toMatchObject({ status: 400, message: expect.stringContaining('branch is missing') });
  });

  it("says 'HTTP error {status} on GitLab location.' where GitLab gave no message (its 429 is plain text)", async () => {
    const client = new GitlabClient({
      http: new HttpClient({ fetch: nodeFetch, timers: simTimers, random: () => 0 }),
      serverUrl: t.forge.url,
      token: GITLAB_TEST_TOKEN,
    });
    // More refusals than the client retries.
    for (let i = 0; i < 10; i += 1) t.forge.faults.next({ rateLimit: true, path: /\/user$/ });
    await expect(client.get('/user')).rejects.toEqual(
      new GitlabApiError(429, 'HTTP error 429 on GitLab location.'),
    );
    t.forge.faults.clear();
  });

  it('reads a list to its last page, 100 entries a page, whatever size was asked', async () => {
    const project = await t.createProject('client-pages');
    const files = new Map<string, string>();
    for (let i = 0; i < 250; i += 1) files.set(`n${i}.md`, `${i}\n`);
    await commitWithGit(t.forge, 'alice', project, files, 'Many');
    t.requests.length = 0;
    const entries = await t
      .client()
      .getAll<{ path: string }>('/projects/alice%2Fclient-pages/repository/tree', {
        ref: 'main',
        per_page: 9999,
      });
    expect(entries).toHaveLength(251); // the notes and the README
    expect(new Set(entries.map((entry) => entry.path)).size).toBe(251);
    expect(t.requests).toHaveLength(3);
    for (const request of t.requests) expect(request).toContain('per_page=100');
  });
});
