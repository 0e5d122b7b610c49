// Gitee's client over forge-sim's Gitee dialect: where the token goes, which 401 restarts
// sign-in, Gitee's error messages and the spec's generic one, and lists read to the last page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FetchPort, HttpClient, NetworkError } from '../../sync/http-client.js';
import { nodeTimers } from '../../testing/couchdb-provider.js';
import {
  GITEE_TEST_BRANCH as BRANCH,
  GITEE_TEST_LOGIN as LOGIN,
  type GiteeTestForge,
  startGiteeTestForge,
} from '../../testing/gitee-provider.js';
import { GITEE_PER_PAGE } from './constants.js';
import {
  GiteeApiError,
  GiteeAuthError,
  GiteeClient,
  GiteeSignInError,
  repoPath,
} from './gitee-client.js';

let t: GiteeTestForge;
beforeAll(async () => {
  t = await startGiteeTestForge();
});
afterAll(async () => {
  await t.close();
});

// A token of the test user that forge-sim can expire (as one issued by Gitee's OAuth).
function expiredClient() {
  const user = t.forge.users.byLogin(LOGIN)!;
  const issued = t.forge.giteeTokens.issue(user, ['projects'], 'client');
  t.forge.giteeTokens.expire(issued.accessToken);
  return { client: t.client(issued.accessToken), token: issued.accessToken };
}

const caught = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a refusal');
};

describe('GiteeClient (forge-sim)', { timeout: 60_000 }, () => {
  it('sends access_token in the query of a read and in the body of a write, with a timestamp on reads', async () => {
    const repo = await t.createRepository();
    const client = t.client();
    await client.get(`${repoPath(LOGIN, repo)}/branches/${BRANCH}`);
    await client.post(`${repoPath(LOGIN, repo)}/contents/a.md`, {
      content: 'YQ==',
      message: 'A',
      branch: BRANCH,
    });
    const [read, write] = t.urls.slice(-2);
    expect(read).toMatch(/[?&]access_token=gitee_erin_core_tests(&|$)/);
    expect(read).toMatch(/[?&]t=\d+/);
    expect(write).not.toContain('access_token');
    expect(write).not.toContain('?');
  });

  it('restarts sign-in on a 401 of the user or tree call, and says sign in again on any other 401', async () => {
    const repo = await t.createRepository();
    const { client, token } = expiredClient();
    const user = await caught(client.get('/user'));
    expect(user).toBeInstanceOf(GiteeSignInError);
    const tree = await caught(client.get(`${repoPath(LOGIN, repo)}/git/trees/${BRANCH}`));
    expect(tree).toBeInstanceOf(GiteeSignInError);
    const write = await caught(
      client.post(`${repoPath(LOGIN, repo)}/contents/b.md`, { content: '', message: 'B' }),
    );
    expect(write).toBeInstanceOf(GiteeAuthError);
    expect(write).not.toBeInstanceOf(GiteeSignInError);
    for (const error of [user, tree, write]) {
      expect(error.message).toBe('Gitee refused the access token. Sign in with Gitee again.');
      expect(String(error.stack)).not.toContain(token);
    }
  });

  it("gives Gitee's message and status, and never the token, on a refusal", async () => {
    const error = await caught(t.client().get(`${repoPath(LOGIN, 'no-such-repo')}/branches/x`));
    expect(error).toBeInstanceOf(GiteeApiError);
    expect((error as GiteeApiError).status).toBe(404);
    expect(error.message).toBe('Not Found Project');
  });

  it('reads a list to its last page by total_page, 100 a page', async () => {
    const repo = await t.createRepository();
    const client = t.client();
    for (let i = 0; i < 3; i += 1) {
      await client.post(`${repoPath(LOGIN, repo)}/contents/n${i}.md`, {
        content: 'eA==',
        message: `N${i}`,
        branch: BRANCH,
      });
    }
    t.requests.length = 0;
    const all = await client.getAll<{ sha: string }>(`${repoPath(LOGIN, repo)}/commits`, {
      sha: BRANCH,
    });
    expect(all).toHaveLength(4);
    expect(t.requests).toEqual([
      `GET /repos/${LOGIN}/${repo}/commits?sha=${BRANCH}&page=1&per_page=100`,
    ]);
  });
});

// What forge-sim never answers: a body that is not Gitee's JSON, a list without Gitee's paging
// headers, a network failure. A fetch answering as told.
function scripted(answers: { status: number; body: string; headers?: Record<string, string> }[]) {
  const urls: string[] = [];
  const fetch: FetchPort = (url) => {
    urls.push(url);
    const answer = answers.shift();
    if (!answer) return Promise.reject(new Error(`network down for ${url}`));
    return Promise.resolve({
      status: answer.status,
      headers: { get: (name: string) => answer.headers?.[name] ?? null },
      text: () => Promise.resolve(answer.body),
    });
  };
  const client = new GiteeClient({
    http: new HttpClient({ fetch, timers: nodeTimers, random: () => 0 }),
    apiUrl: 'https://gitee.example/api/v5',
    token: 'secret-token',
  });
  return { client, urls };
}

describe('GiteeClient on answers forge-sim does not give', () => {
  it("says 'HTTP error {status} on Gitee location.' when Gitee gave no message", async () => {
    const { client } = scripted([{ status: 403, body: '<html>Forbidden</html>' }]);
    const error = await caught(client.get('/repos/a/b'));
    expect(error).toBeInstanceOf(GiteeApiError);
    expect(error.message).toBe('HTTP error 403 on Gitee location.');
  });

  it('keeps the token out of a network failure', async () => {
    const { client } = scripted([]);
    const error = await caught(client.get('/user'));
    expect(error).toBeInstanceOf(NetworkError);
    expect(`${error.message} ${String(error.stack)}`).not.toContain('secret-token');
  });

  it('reads pages until a short one when Gitee sends no total_page', async () => {
    const page = (n: number) => JSON.stringify(Array.from({ length: n }, (_, i) => ({ i })));
    const { client, urls } = scripted([
      { status: 200, body: page(GITEE_PER_PAGE) },
      { status: 200, body: page(GITEE_PER_PAGE) },
      { status: 200, body: page(7) },
    ]);
    expect(await client.getAll('/repos/a/b/commits')).toHaveLength(2 * GITEE_PER_PAGE + 7);
    expect(urls.map((url) => /[?&]page=(\d+)/.exec(url)?.[1])).toEqual(['1', '2', '3']);
  });
});
