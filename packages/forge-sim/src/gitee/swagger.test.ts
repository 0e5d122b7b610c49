import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startForgeSim, type ForgeSim } from '../server.js';
import { b64, callApi } from '../testing/dialect-client.js';
import { answerDifferences, documentedParameters, loadSwagger } from '../testing/swagger.js';
import { GITEE_ROUTES } from './routes.js';

const fixture = loadSwagger('gitee');
let forge: ForgeSim;
const token = 'gitee_fixture_token';
const api = (method: string, path: string, body?: unknown) =>
  callApi(forge.giteeApiUrl, method, path, {
    ...(body === undefined ? {} : { body }),
    sign: { query: token },
  });

/**
 * Gitee's description is generated from Grape entities, which say `string` for any field whose
 * entity declares no type (objects, numbers and booleans among them): such a field must be
 * answered, with any JSON value; every other documented type is checked.
 */
const options = { untypedStrings: true };

beforeAll(async () => {
  forge = await startForgeSim({ port: 0 });
  forge.users.add({ login: 'hana', token, name: 'Hana', email: 'hana@example.com' });
});
afterAll(async () => {
  await forge.close();
});

describe("the Gitee dialect against Gitee's v5 description (fixtures/gitee-swagger.json)", () => {
  it('answers only documented operations, reading only the parameters each documents', () => {
    for (const route of GITEE_ROUTES) {
      const documented = documentedParameters(fixture, route.method, `${route.path}`);
      const all = new Set([...documented.values()].flatMap((names) => [...names]));
      expect(
        all.has('access_token') || route.method === 'POST',
        `${route.method} ${route.path} access_token`,
      ).toBe(true);
      for (const name of route.params) {
        expect(all.has(name), `${route.method} ${route.path} ${name}`).toBe(true);
      }
    }
  });

  it('answers every operation with the documented fields (and types, where Gitee gives one)', async () => {
    const checks: [string, string, number, unknown][] = [];
    const check = async (method: string, template: string, path: string, body?: unknown) => {
      const answer = await api(method, path, body);
      checks.push([method, template, answer.status, answer.body]);
      return answer;
    };
    await check('GET', '/v5/user', '/user');
    await check('GET', '/v5/users/{username}', '/users/hana');
    await check('POST', '/v5/user/repos', '/user/repos', { name: 'shape', auto_init: true });
    await check('GET', '/v5/repos/{owner}/{repo}', '/repos/hana/shape');
    await check(
      'GET',
      '/v5/repos/{owner}/{repo}/branches/{branch}',
      '/repos/hana/shape/branches/master',
    );
    const created = await check(
      'POST',
      '/v5/repos/{owner}/{repo}/contents/{path}',
      '/repos/hana/shape/contents/a/b.md',
      {
        content: b64('b\n'),
        message: 'Add b',
      },
    );
    const updated = await check(
      'PUT',
      '/v5/repos/{owner}/{repo}/contents/{path}',
      '/repos/hana/shape/contents/a/b.md',
      {
        content: b64('b2\n'),
        sha: created.body.content.sha,
        message: 'Update b',
      },
    );
    const file = await check(
      'GET',
      '/v5/repos/{owner}/{repo}/contents/{path}',
      '/repos/hana/shape/contents/a/b.md',
    );
    await check(
      'GET',
      '/v5/repos/{owner}/{repo}/git/blobs/{sha}',
      `/repos/hana/shape/git/blobs/${file.body.sha}`,
    );
    await check(
      'GET',
      '/v5/repos/{owner}/{repo}/git/trees/{sha}',
      '/repos/hana/shape/git/trees/master?recursive=1',
    );
    const commits = await check(
      'GET',
      '/v5/repos/{owner}/{repo}/commits',
      '/repos/hana/shape/commits',
    );
    await check(
      'GET',
      '/v5/repos/{owner}/{repo}/commits/{sha}',
      `/repos/hana/shape/commits/${commits.body[0].sha}`,
    );
    const query = new URLSearchParams({ sha: updated.body.content.sha, message: 'Delete b' });
    await check(
      'DELETE',
      '/v5/repos/{owner}/{repo}/contents/{path}',
      `/repos/hana/shape/contents/a/b.md?${query.toString()}`,
    );
    const gist = await check('POST', '/v5/gists', '/gists', {
      description: 'd',
      files: { 'a.md': { content: 'a' } },
    });
    await check('GET', '/v5/gists/{id}', `/gists/${gist.body.id}`);
    await check('PATCH', '/v5/gists/{id}', `/gists/${gist.body.id}`, {
      files: { 'a.md': { content: 'a2' } },
    });
    await check('GET', '/v5/gists/{id}/commits', `/gists/${gist.body.id}/commits`);
    expect(checks.map(([method, path]) => `${method} ${path}`).sort()).toEqual(
      GITEE_ROUTES.map((route) => `${route.method} ${route.path}`).sort(),
    );
    for (const [method, path, status, body] of checks) {
      expect([200, 201], `${method} ${path}`).toContain(status);
      // The description lists POST /gists' answer as an array of gists; Gitee answers the one
      // gist it made, which is checked against the array's item.
      const documentedBody = method === 'POST' && path === '/v5/gists' ? [body] : body;
      expect(
        answerDifferences(fixture, method, path, status, documentedBody, options),
        `${method} ${path}`,
      ).toEqual([]);
    }
  });
});
