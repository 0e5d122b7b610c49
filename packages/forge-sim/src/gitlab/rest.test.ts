import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGitLabTestForge, type GitLabTestForge } from '../testing/gitlab-harness.js';

let t: GitLabTestForge;
let projectId: number;
beforeAll(async () => {
  t = await startGitLabTestForge();
  t.forge.users.add({ login: 'bob', token: 'glpat-bob', name: 'Bob' });
  t.forge.users.add({ login: 'reader', token: 'glpat-read', scopes: ['read_api'] });
  t.forge.users.add({ login: 'profile', token: 'glpat-user', scopes: ['read_user'] });
  projectId = (
    await t.api('POST', '/projects', {
      name: 'notes',
      description: 'Mine',
      initialize_with_readme: true,
    })
  ).body.id;
  await t.api('POST', '/projects', {
    name: 'open',
    visibility: 'public',
    initialize_with_readme: true,
  });
});
afterAll(async () => {
  await t.forge.close();
});

describe('users', () => {
  it('gives the signed-in user, a user by id, and users by username', async () => {
    const me = await t.api('GET', '/user');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      username: 'alice',
      name: 'Alice Liddell',
      email: 'alice@example.com',
      state: 'active',
    });
    const byId = await t.api('GET', `/users/${me.body.id}`);
    expect(byId.body).toMatchObject({ id: me.body.id, username: 'alice' });
    expect(byId.body.email).toBeUndefined();
    const byName = await t.api('GET', '/users?username=bob');
    expect(byName.body).toHaveLength(1);
    expect(byName.body[0].username).toBe('bob');
    expect((await t.api('GET', '/users?username=nobody')).body).toEqual([]);
    const missing = await t.api('GET', '/users/999999');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: '404 User Not Found' });
  });

  it("answers GitLab's 401 to a bad token or none, with any of its three ways of sending one", async () => {
    for (const token of ['wrong', null]) {
      const answer = await t.api('GET', '/user', undefined, token);
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ message: '401 Unauthorized' });
    }
    const privateToken = await fetch(`${t.forge.gitlabApiUrl}/user`, {
      headers: { 'PRIVATE-TOKEN': t.token },
    });
    expect(((await privateToken.json()) as { username: string }).username).toBe('alice');
    const query = await fetch(`${t.forge.gitlabApiUrl}/user?private_token=${t.token}`);
    expect(query.status).toBe(200);
  });
});

describe('projects', () => {
  it('finds a project by id or by URL-encoded path, with its default branch', async () => {
    const byPath = await t.api('GET', '/projects/alice%2Fnotes');
    expect(byPath.status).toBe(200);
    expect(byPath.body).toMatchObject({
      id: projectId,
      name: 'notes',
      path_with_namespace: 'alice/notes',
      default_branch: 'main',
      visibility: 'private',
      description: 'Mine',
      empty_repo: false,
      http_url_to_repo: `${t.forge.url}/alice/notes.git`,
    });
    expect((await t.api('GET', `/projects/${projectId}`)).body.path_with_namespace).toBe(
      'alice/notes',
    );
    const branch = await t.api('GET', `/projects/${projectId}/repository/branches/main`);
    expect(branch.body).toMatchObject({ name: 'main', default: true, protected: true });
    expect(branch.body.commit.id).toMatch(/^[0-9a-f]{40}$/);
    const noBranch = await t.api('GET', `/projects/${projectId}/repository/branches/nope`);
    expect(noBranch.body).toEqual({ message: '404 Branch Not Found' });
  });

  it('creates an empty project with the default branch asked for, and refuses a taken path', async () => {
    const made = await t.api('POST', '/projects', { path: 'workspace', default_branch: 'master' });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      path: 'workspace',
      empty_repo: true,
      default_branch: null,
      visibility: 'private',
    });
    const first = await t.api('POST', `/projects/${made.body.id}/repository/files/a.md`, {
      branch: 'master',
      commit_message: 'First',
      content: 'a',
    });
    expect(first.status).toBe(201);
    expect((await t.api('GET', '/projects/alice%2Fworkspace')).body.default_branch).toBe('master');
    await t.api('POST', '/projects', { path: 'elsewhere' });
    await t.api('POST', '/projects/alice%2Felsewhere/repository/files/a.md', {
      branch: 'drafts',
      commit_message: 'First',
      content: 'a',
    });
    const elsewhere = await t.api('GET', '/projects/alice%2Felsewhere');
    expect(elsewhere.body.default_branch).toBe('drafts');
    const again = await t.api('POST', '/projects', { path: 'workspace' });
    expect(again.status).toBe(400);
    expect(again.body.message.path).toEqual(['has already been taken']);
    const nothing = await t.api('POST', '/projects', {});
    expect(nothing.body).toEqual({
      error: 'name, path are missing, at least one parameter must be provided',
    });
  });

  it("hides someone else's private project and refuses writes to their public one", async () => {
    const hidden = await t.api('GET', '/projects/alice%2Fnotes', undefined, 'glpat-bob');
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual({ message: '404 Project Not Found' });
    expect((await t.api('GET', '/projects/alice%2Fopen', undefined, null)).status).toBe(200);
    const write = await t.api(
      'POST',
      '/projects/alice%2Fopen/repository/files/x.md',
      { branch: 'main', commit_message: 'x', content: 'x' },
      'glpat-bob',
    );
    expect(write.status).toBe(403);
    expect(write.body).toEqual({ message: '403 Forbidden' });
    const route = await t.api('GET', '/projects/alice%2Fopen/nothing-here');
    expect(route.body).toEqual({ error: '404 Not Found' });
  });
});

describe('token scopes', () => {
  it('lets read_api read but not write, and read_user only read the user', async () => {
    expect((await t.api('GET', '/projects/alice%2Fopen', undefined, 'glpat-read')).status).toBe(
      200,
    );
    const write = await t.api('POST', '/projects', { name: 'x' }, 'glpat-read');
    expect(write.status).toBe(403);
    expect(write.body).toEqual({
      error: 'insufficient_scope',
      error_description:
        'The request requires higher privileges than provided by the access token.',
      scope: 'api',
    });
    expect(write.headers.get('www-authenticate')).toMatch(/error="insufficient_scope"/);
    expect((await t.api('GET', '/user', undefined, 'glpat-user')).status).toBe(200);
    const project = await t.api('GET', '/projects/alice%2Fopen', undefined, 'glpat-user');
    expect(project.status).toBe(403);
    expect(project.body.scope).toBe('api read_api');
  });
});

describe('rate limits and faults', () => {
  it('counts requests in RateLimit-* headers', async () => {
    const first = await t.api('GET', '/user');
    const second = await t.api('GET', '/user');
    expect(first.headers.get('ratelimit-limit')).toBe('2000');
    expect(Number(second.headers.get('ratelimit-remaining'))).toBe(
      Number(first.headers.get('ratelimit-remaining')) - 1,
    );
    expect(Number(first.headers.get('ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000);
  });

  it("answers a rate-limit fault with 429, Retry-After and 'Retry later'", async () => {
    t.forge.faults.next({ secondaryRateLimit: 7, path: /\/api\/v4\/user$/ });
    const limited = await t.api('GET', '/user');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('7');
    expect(limited.headers.get('ratelimit-remaining')).toBe('0');
    expect(limited.body).toBe('Retry later\n');
    expect((await t.api('GET', '/user')).status).toBe(200);
  });

  it('answers a server-error fault with GitLab’s body, changing nothing', async () => {
    t.forge.faults.next({ status: 500, path: /repository\/files/ });
    const failed = await t.api('POST', `/projects/${projectId}/repository/files/f.md`, {
      branch: 'main',
      commit_message: 'f',
      content: 'f',
    });
    expect(failed.status).toBe(500);
    expect(failed.body).toEqual({ message: '500 Internal Server Error' });
    expect(
      (await t.api('GET', `/projects/${projectId}/repository/files/f.md?ref=main`)).status,
    ).toBe(404);
  });

  it('answers a stale-sha fault on a commit as a changed file, changing nothing', async () => {
    const head = (await t.api('GET', `/projects/${projectId}/repository/commits/main`)).body.id;
    t.forge.faults.next({ staleSha: true });
    const refused = await t.api('POST', `/projects/${projectId}/repository/commits`, {
      branch: 'main',
      commit_message: 'x',
      actions: [{ action: 'create', file_path: 'x.md', content: 'x' }],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/has changed since you started editing it/);
    expect((await t.api('GET', `/projects/${projectId}/repository/commits/main`)).body.id).toBe(
      head,
    );
  });

  it('makes the change and drops the answer on a dropReply fault', async () => {
    t.forge.faults.next({ dropReply: true, path: /repository\/files\/dropped/ });
    await expect(
      t.api('POST', `/projects/${projectId}/repository/files/dropped.md`, {
        branch: 'main',
        commit_message: 'd',
        content: 'd',
      }),
    ).rejects.toThrow();
    expect(
      (await t.api('GET', `/projects/${projectId}/repository/files/dropped.md?ref=main`)).status,
    ).toBe(200);
  });
});
