import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSim, type TestSim } from './testing/harness.js';

let t: TestSim;
beforeAll(async () => {
  t = await startTestSim();
});
afterAll(async () => {
  await t.sim.close();
});

const named = async (name: string) =>
  (
    await t.call(
      'GET',
      `/drive/v3/files?q=${encodeURIComponent(`name = '${name}'`)}&fields=files(id)`,
    )
  ).body.files as { id: string }[];
const create = (name: string) =>
  t
    .call('POST', '/upload/drive/v3/files?uploadType=media', {
      body: name,
      headers: { 'content-type': 'text/plain' },
    })
    .then(async (answer) => {
      // The media upload names it Untitled: name it as asked.
      if (answer.status === 200)
        await t.call('PATCH', `/drive/v3/files/${answer.body.id}`, { body: { name } });
      return answer;
    });

describe('faults on demand', () => {
  it("answers a 5xx with Google's backendError body once, changing nothing, then answers normally", async () => {
    for (const status of [500, 502, 503] as const) {
      t.sim.faults.next({ status });
      const failed = await t.call('POST', '/drive/v3/files', { body: { name: `five-${status}` } });
      expect(failed.status).toBe(status);
      expect(failed.body.error).toMatchObject({
        code: status,
        errors: [{ domain: 'global', reason: 'backendError' }],
      });
      expect(await named(`five-${status}`)).toEqual([]);
      expect((await t.call('GET', '/drive/v3/files')).status).toBe(200);
    }
  });

  it('answers 401 as for an expired token, once, the token working again after', async () => {
    t.sim.faults.next({ expiredToken: true });
    const refused = await t.call('GET', '/drive/v3/changes/startPageToken');
    expect(refused.status).toBe(401);
    expect(refused.body.error.errors[0]).toMatchObject({
      reason: 'authError',
      location: 'Authorization',
    });
    expect((await t.call('GET', '/drive/v3/changes/startPageToken')).status).toBe(200);
  });

  it("answers 403 with Google's rate-limit reasons, changing nothing", async () => {
    t.sim.faults.next({ rateLimit: true });
    t.sim.faults.next({ rateLimit: 'rateLimitExceeded' });
    const user = await t.call('POST', '/drive/v3/files', { body: { name: 'limited' } });
    expect(user.status).toBe(403);
    expect(user.body.error).toMatchObject({
      code: 403,
      message: 'User Rate Limit Exceeded',
      errors: [{ domain: 'usageLimits', reason: 'userRateLimitExceeded' }],
    });
    const project = await t.call('GET', '/drive/v3/files');
    expect(project.body.error.errors[0].reason).toBe('rateLimitExceeded');
    expect(await named('limited')).toEqual([]);
  });

  it('loses the reply of a change it made (dropReply): the client fails, the file is there', async () => {
    t.sim.faults.next({ dropReply: true, method: 'POST' });
    await expect(
      t.call('POST', '/drive/v3/files', { body: { name: 'made-unseen' } }),
    ).rejects.toThrow();
    expect(await named('made-unseen')).toHaveLength(1);
  });

  it('answers a gateway error after making the change (gatewayAfterChange)', async () => {
    t.sim.faults.next({ gatewayAfterChange: 504, method: 'POST' });
    const answer = await t.call('POST', '/drive/v3/files', { body: { name: 'made-behind-504' } });
    expect(answer.status).toBe(504);
    expect(await named('made-behind-504')).toHaveLength(1);
  });

  it('hangs a request (hang) without changing anything until the client gives up', async () => {
    t.sim.faults.next({ hang: true, path: /^\/upload\// });
    const started = Date.now();
    const hung = fetch(`${t.sim.url}/upload/drive/v3/files?uploadType=media`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.token}` },
      body: 'never',
      signal: AbortSignal.timeout(300),
    });
    await expect(hung).rejects.toThrow(/abort|timeout/i);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    const files = await t.call('GET', '/drive/v3/files?fields=files(name)');
    expect(
      (files.body.files as { name: string }[]).filter((file) => file.name === 'Untitled'),
    ).toEqual([]);
  });

  it('ends a hung request when the sim closes, so that a test never waits on it', async () => {
    const { startCloudSim } = await import('./server.js');
    const sim = await startCloudSim();
    sim.faults.next({ hang: true });
    const hung = fetch(`${sim.url}/drive/v3/files`).then(
      () => 'answered',
      () => 'cut',
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    await sim.close();
    expect(await hung).toBe('cut');
  });

  it('delays an answer by latencyMs and then answers it', async () => {
    t.sim.faults.next({ latencyMs: 200 });
    const started = Date.now();
    expect((await t.call('GET', '/drive/v3/about?fields=user')).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
  });

  it('serves a fault only to the request whose path and method match', async () => {
    t.sim.faults.next({ status: 503, path: /\/changes\?/, method: 'GET' });
    expect((await create('passes-by')).status).toBe(200);
    expect(t.sim.faults.pending).toBe(1);
    const token = (await t.call('GET', '/drive/v3/changes/startPageToken')).body.startPageToken;
    expect((await t.call('GET', `/drive/v3/changes?pageToken=${token}`)).status).toBe(503);
    expect(t.sim.faults.pending).toBe(0);
  });

  it('breaks the OAuth token endpoint too (a 5xx there)', async () => {
    t.sim.faults.next({ status: 503, path: /^\/token/ });
    const answer = await t.call('POST', '/token', {
      token: null,
      body: 'grant_type=refresh_token',
    });
    expect(answer.status).toBe(503);
  });
});
