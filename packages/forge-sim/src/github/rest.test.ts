import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaErrors } from '../testing/openapi.js';
import { startTestForge, type TestForge } from '../testing/harness.js';

let t: TestForge;
beforeAll(async () => {
  t = await startTestForge();
});
afterAll(async () => {
  await t.forge.close();
});

describe('authentication', () => {
  it('answers GET /user to a token given as "token X" or "Bearer X"', async () => {
    const asToken = await t.api('GET', '/user');
    expect(asToken.status).toBe(200);
    expect(asToken.body.login).toBe('alice');
    expect(asToken.body.name).toBe('Alice Liddell');
    expect(schemaErrors('get', '/user', 200, asToken.body)).toEqual([]);

    const response = await fetch(`${t.forge.apiUrl}/user`, {
      headers: { authorization: `Bearer ${t.token}` },
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { login: string }).login).toBe('alice');
  });

  it("refuses an unknown token with 401 'Bad credentials', on any route", async () => {
    for (const path of ['/user', '/repos/alice/anything', '/user/1001']) {
      const answer = await t.api('GET', path, undefined, 'ghp_wrong');
      expect(answer.status).toBe(401);
      expect(answer.body.message).toBe('Bad credentials');
      expect(answer.body.documentation_url).toMatch(/^https:\/\/docs\.github\.com\//);
      expect(schemaErrors('get', '/user', 401, answer.body)).toEqual([]);
    }
  });

  it('asks for authentication on GET /user without a token', async () => {
    const answer = await t.api('GET', '/user', undefined, null);
    expect(answer.status).toBe(401);
    expect(answer.body.message).toBe('Requires authentication');
  });

  it('carries the rate-limit headers on every answer, counting down', async () => {
    const first = await t.api('GET', '/user');
    const second = await t.api('GET', '/repos/alice/none');
    expect(first.headers.get('x-ratelimit-limit')).toBe('5000');
    const remaining = Number(first.headers.get('x-ratelimit-remaining'));
    expect(Number(second.headers.get('x-ratelimit-remaining'))).toBe(remaining - 1);
    const reset = Number(second.headers.get('x-ratelimit-reset'));
    expect(reset).toBeGreaterThan(Date.now() / 1000);
    expect(reset).toBeLessThanOrEqual(Date.now() / 1000 + 3600);
  });
});

describe('calls from a web page', () => {
  it('answers a CORS preflight and lets any origin read the answers and their rate limits', async () => {
    const preflight = await fetch(`${t.forge.apiUrl}/repos/alice/x/git/refs/heads/main`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:3000',
        'access-control-request-method': 'PATCH',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('PATCH');
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
    const answer = await t.api('GET', '/user');
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(answer.headers.get('access-control-expose-headers')).toMatch(/X-RateLimit-Reset/);
  });
});

describe('users', () => {
  it('gives a user by account id, and 404 for an unknown one', async () => {
    const me = await t.api('GET', '/user');
    const byId = await t.api('GET', `/user/${me.body.id}`, undefined, null);
    expect(byId.status).toBe(200);
    expect(byId.body.login).toBe('alice');
    expect(schemaErrors('get', '/user/{account_id}', 200, byId.body)).toEqual([]);
    const missing = await t.api('GET', '/user/99999999');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Not Found');
    expect(schemaErrors('get', '/user/{account_id}', 404, missing.body)).toEqual([]);
  });
});

describe('users by login', () => {
  it("answers a user's url (GET /users/{username}), and 404 for an unknown login", async () => {
    const me = await t.api('GET', '/user');
    const byUrl = await fetch(me.body.url);
    expect(byUrl.status).toBe(200);
    const body = (await byUrl.json()) as { login: string; id: number };
    expect(body.login).toBe('alice');
    expect(body.id).toBe(me.body.id);
    expect(schemaErrors('get', '/users/{username}', 200, body)).toEqual([]);
    const missing = await t.api('GET', '/users/nobody-here');
    expect(missing.status).toBe(404);
    expect(schemaErrors('get', '/users/{username}', 404, missing.body)).toEqual([]);
  });
});

describe('repositories', () => {
  it('creates a private repository that its owner sees and others do not', async () => {
    const created = await t.api('POST', '/user/repos', { name: 'secret-notes', private: true });
    expect(created.status).toBe(201);
    expect(created.body.full_name).toBe('alice/secret-notes');
    expect(created.body.private).toBe(true);
    expect(created.body.default_branch).toBe('main');
    expect(schemaErrors('post', '/user/repos', 201, created.body)).toEqual([]);

    const got = await t.api('GET', '/repos/alice/secret-notes');
    expect(got.status).toBe(200);
    expect(got.body.id).toBe(created.body.id);
    expect(schemaErrors('get', '/repos/{owner}/{repo}', 200, got.body)).toEqual([]);

    t.forge.users.add({ login: 'bob', token: 'ghp_bob' });
    const asBob = await t.api('GET', '/repos/alice/secret-notes', undefined, 'ghp_bob');
    expect(asBob.status).toBe(404);
    const anonymous = await t.api('GET', '/repos/alice/secret-notes', undefined, null);
    expect(anonymous.status).toBe(404);
  });

  it('shows a public repository to anyone', async () => {
    const created = await t.api('POST', '/user/repos', { name: 'open-book' });
    expect(created.body.private).toBe(false);
    const anonymous = await t.api('GET', '/repos/alice/open-book', undefined, null);
    expect(anonymous.status).toBe(200);
    expect(anonymous.body.owner.login).toBe('alice');
  });

  it("answers 404 'Not Found' for a repository that does not exist", async () => {
    const answer = await t.api('GET', '/repos/alice/no-such-repo');
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({
      message: 'Not Found',
      documentation_url: expect.stringMatching(/^https:\/\/docs\.github\.com\//),
    });
    expect(schemaErrors('get', '/repos/{owner}/{repo}', 404, answer.body)).toEqual([]);
  });

  it('answers 422 when the name already exists on the account, and keeps the first', async () => {
    const first = await t.api('POST', '/user/repos', { name: 'twice', auto_init: true });
    expect(first.status).toBe(201);
    const second = await t.api('POST', '/user/repos', { name: 'twice', private: true });
    expect(second.status).toBe(422);
    expect(second.body.message).toBe('Repository creation failed.');
    expect(second.body.errors[0].message).toBe('name already exists on this account');
    expect(schemaErrors('post', '/user/repos', 422, second.body)).toEqual([]);
    const kept = await t.api('GET', '/repos/alice/twice');
    expect(kept.body.private).toBe(false);
    expect((await t.api('GET', '/repos/alice/twice/git/ref/heads/main')).status).toBe(200);
  });

  it("counts the user's public and private repositories", async () => {
    t.forge.users.add({ login: 'carol', token: 'ghp_carol' });
    for (const [name, secret] of [
      ['one', false],
      ['two', false],
      ['three', true],
    ] as const) {
      await t.api('POST', '/user/repos', { name, private: secret }, 'ghp_carol');
    }
    const me = await t.api('GET', '/user', undefined, 'ghp_carol');
    expect(me.body.public_repos).toBe(2);
    expect(me.body.total_private_repos).toBe(1);
    expect(me.body.owned_private_repos).toBe(1);
    const seen = await t.api('GET', `/user/${me.body.id}`, undefined, null);
    expect(seen.body.public_repos).toBe(2);
  });

  it('needs a signed-in user to create a repository', async () => {
    const answer = await t.api('POST', '/user/repos', { name: 'nobody' }, null);
    expect(answer.status).toBe(401);
    expect(schemaErrors('post', '/user/repos', 401, answer.body)).toEqual([]);
  });
});
