// GiteaClient against forge-sim's Gitea dialect: the token in a header only, Gitea's errors in
// the spec's words, and lists read to their last page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient, type FetchPort } from '../../sync/http-client.js';
import { nodeFetch, nodeTimers } from '../../testing/couchdb-provider.js';
import {
  GITEA_TEST_LOGIN as LOGIN,
  GITEA_TEST_TOKEN,
  type GiteaTestForge,
  startGiteaTestForge,
} from '../../testing/gitea-provider.js';
import { commitWithGit } from '../../testing/git-inspect.js';
import { GiteaApiError, GiteaAuthError, GiteaClient } from './gitea-client.js';

let t: GiteaTestForge;
const sent: { url: string; headers: Record<string, string> }[] = [];
const recording: FetchPort = (url, init) => {
  sent.push({ url, headers: init.headers ?? {} });
  return nodeFetch(url, init);
};
const client = (token: string | undefined = GITEA_TEST_TOKEN) =>
  new GiteaClient({
    http: new HttpClient({ fetch: recording, timers: nodeTimers, random: () => 0 }),
    apiUrl: t.forge.giteaApiUrl,
    token,
  });

beforeAll(async () => {
  t = await startGiteaTestForge({ gitea: { maxResponseItems: 4 } });
});
afterAll(() => t.close());

describe('GiteaClient (forge-sim)', { timeout: 60_000 }, () => {
  it('sends the token in the Authorization header, never in the URL', async () => {
    sent.length = 0;
    const me = await client().get<{ login: string }>('/user');
    expect(me.login).toBe(LOGIN);
    expect(sent[0]!.headers.Authorization).toBe(`token ${GITEA_TEST_TOKEN}`);
    expect(sent.every((request) => !request.url.includes(GITEA_TEST_TOKEN))).toBe(true);
  });

  it("turns a refused token into 'sign in again', and other refusals into Gitea's words or the spec's", async () => {
    await expect(client('wrong').get('/user')).rejects.toBeInstanceOf(GiteaAuthError);
    const missing = await client()
      .get(`/repos/${LOGIN}/none`)
      .catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(GiteaApiError);
    expect(missing).toMatchObject({ status: 404, message: "The target couldn't be found." });
    // A known route with another method: Gitea answers 405 with no body.
    const repo = await t.createRepository();
    const bodiless = await client()
      .send('PATCH', `/repos/${LOGIN}/${repo}/contents/README.md`, {})
      .catch((error: unknown) => error);
    expect(bodiless).toMatchObject({ status: 405, message: 'HTTP error 405 on Gitea location.' });
  });

  it('reads a list to its last page, however few items the server gives a page', async () => {
    const repo = await t.createRepository();
    for (let i = 0; i < 9; i += 1) {
      await commitWithGit(
        t.forge,
        LOGIN,
        repo,
        new Map([['log.md', `${i}\n`]]),
        `Entry ${i}`,
        'master',
      );
    }
    sent.length = 0;
    const commits = await client().getAll<{ commit: { message: string } }>(
      `/repos/${LOGIN}/${repo}/commits`,
      { sha: 'master' },
    );
    expect(commits).toHaveLength(10); // the README's commit and the nine
    expect(commits[0]!.commit.message.trim()).toBe('Entry 8');
    expect(sent).toHaveLength(3); // pages of 4 (the instance's MAX_RESPONSE_ITEMS), asked 50
    expect(sent.map((request) => new URL(request.url).searchParams.get('page'))).toEqual([
      '1',
      '2',
      '3',
    ]);
  });
});
