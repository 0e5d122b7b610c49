import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startForgeSim, type ForgeSim } from '../server.js';
import { b64, callApi } from '../testing/dialect-client.js';
import { answerDifferences, documentedParameters, loadSwagger } from '../testing/swagger.js';
import { GITEA_ROUTES } from './routes.js';

const fixture = loadSwagger('gitea');
let forge: ForgeSim;
const token = 'gitea_fixture_token';
const api = (method: string, path: string, body?: unknown) =>
  callApi(forge.giteaApiUrl, method, path, {
    ...(body === undefined ? {} : { body }),
    sign: { header: `token ${token}` },
  });

beforeAll(async () => {
  forge = await startForgeSim({ port: 0 });
  forge.users.add({ login: 'carol', token, name: 'Carol', email: 'carol@example.com' });
});
afterAll(async () => {
  await forge.close();
});

describe("the Gitea dialect against Gitea's swagger.v1.json (fixtures/gitea-swagger.json)", () => {
  it('answers only operations the description has, with the parameters it documents', () => {
    expect(fixture.basePath).toBe('/api/v1');
    for (const route of GITEA_ROUTES) {
      const documented = documentedParameters(fixture, route.method, route.path);
      for (const name of route.query) {
        expect(documented.get('query')?.has(name), `${route.method} ${route.path} ?${name}`).toBe(
          true,
        );
      }
      for (const name of route.body) {
        expect(
          documented.get('body')?.has(name),
          `${route.method} ${route.path} body.${name}`,
        ).toBe(true);
      }
    }
  });

  it('answers every operation with the documented fields and types', async () => {
    const checks: [string, string, number, unknown][] = [];
    const check = async (method: string, template: string, path: string, body?: unknown) => {
      const answer = await api(method, path, body);
      checks.push([method, template, answer.status, answer.body]);
      return answer;
    };
    await check('GET', '/user', '/user');
    await check('GET', '/users/{username}', '/users/carol');
    await check('POST', '/user/repos', '/user/repos', { name: 'shape', auto_init: true });
    await check('GET', '/repos/{owner}/{repo}', '/repos/carol/shape');
    await check(
      'GET',
      '/repos/{owner}/{repo}/branches/{branch}',
      '/repos/carol/shape/branches/main',
    );
    const created = await check(
      'POST',
      '/repos/{owner}/{repo}/contents/{filepath}',
      '/repos/carol/shape/contents/a/b.md',
      { content: b64('b\n') },
    );
    const updated = await check(
      'PUT',
      '/repos/{owner}/{repo}/contents/{filepath}',
      '/repos/carol/shape/contents/a/b.md',
      { content: b64('b2\n'), sha: created.body.content.sha },
    );
    await check('POST', '/repos/{owner}/{repo}/contents', '/repos/carol/shape/contents', {
      files: [
        { operation: 'create', path: 'c.md', content: b64('c\n') },
        {
          operation: 'update',
          path: 'a/b.md',
          content: b64('b3\n'),
          sha: updated.body.content.sha,
        },
      ],
    });
    await check('GET', '/repos/{owner}/{repo}/contents', '/repos/carol/shape/contents');
    const file = await check(
      'GET',
      '/repos/{owner}/{repo}/contents/{filepath}',
      '/repos/carol/shape/contents/c.md',
    );
    await check(
      'GET',
      '/repos/{owner}/{repo}/git/blobs/{sha}',
      `/repos/carol/shape/git/blobs/${file.body.sha}`,
    );
    await check(
      'GET',
      '/repos/{owner}/{repo}/git/trees/{sha}',
      '/repos/carol/shape/git/trees/main?recursive=1',
    );
    await check('GET', '/repos/{owner}/{repo}/commits', '/repos/carol/shape/commits');
    await check(
      'DELETE',
      '/repos/{owner}/{repo}/contents/{filepath}',
      '/repos/carol/shape/contents/c.md',
      {
        sha: file.body.sha,
      },
    );
    expect(checks.map(([method, path]) => `${method} ${path}`).sort()).toEqual(
      GITEA_ROUTES.map((route) => `${route.method} ${route.path}`).sort(),
    );
    for (const [method, path, status, body] of checks) {
      expect([200, 201], `${method} ${path}`).toContain(status);
      expect(answerDifferences(fixture, method, path, status, body), `${method} ${path}`).toEqual(
        [],
      );
    }
  });

  it('would catch an answer missing a documented field or giving another type', () => {
    const differences = answerDifferences(fixture, 'GET', '/user', 200, { id: '7', login: 'x' });
    expect(differences).toContain('/id: string, documented integer');
    expect(differences).toContain('/full_name: documented, not answered');
  });
});
