import { describe, expect, it } from 'vitest';
import { FakeTimers } from '../testing/fake-timers.js';
import {
  type FetchPort,
  HttpClient,
  HttpError,
  NetworkError,
  REQUEST_TIMEOUT,
  timeoutFor,
} from './http-client.js';

// A server that answers each request with the next of `answers` (a status, or a failure), and
// records when each request arrived.
function server(timers: FakeTimers, answers: (number | 'fail' | 'hang')[], body = '') {
  const arrivals: number[] = [];
  const fetch: FetchPort = (_url, init) => {
    arrivals.push(timers.now());
    const answer = answers.shift() ?? 200;
    if (answer === 'fail') return Promise.reject(new TypeError('Failed to fetch'));
    if (answer === 'hang') {
      return new Promise((_resolve, reject) => {
        (init.signal as AbortSignal).addEventListener('abort', () => reject(new Error('aborted')));
      });
    }
    return Promise.resolve({
      status: answer,
      headers: new Headers(),
      text: () => Promise.resolve(body),
    });
  };
  return { fetch, arrivals };
}

const noJitter = () => 0;

describe('HttpClient', () => {
  it('retries 429 and 5xx after 500 ms, doubling, until it succeeds', async () => {
    const timers = new FakeTimers();
    const { fetch, arrivals } = server(timers, [429, 503, 500, 200], 'ok');
    const client = new HttpClient({ fetch, timers, random: noJitter });
    const response = client.request({ url: 'https://api.example/x' });
    await timers.advance(5000);
    await expect(response).resolves.toMatchObject({ status: 200, text: 'ok' });
    expect(arrivals).toEqual([0, 500, 1500, 3500]);
  });

  it('gives up rather than wait more than 10 s', async () => {
    const timers = new FakeTimers();
    const { fetch, arrivals } = server(timers, Array(10).fill(502));
    const client = new HttpClient({ fetch, timers, random: noJitter });
    const response = client.request({ url: 'https://api.example/x' }).catch((e: unknown) => e);
    await timers.advance(60_000);
    const error = await response;
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(502);
    // 500, 1000, 2000, 4000, 8000: the next wait would be 16 s.
    expect(arrivals).toEqual([0, 500, 1500, 3500, 7500, 15500]);
  });

  it('retries a 403 only when it is a rate limit', async () => {
    const timers = new FakeTimers();
    const limited = server(timers, [403, 200], '{"message":"API rate limit exceeded"}');
    const client = new HttpClient({ fetch: limited.fetch, timers, random: noJitter });
    const ok = client.request({ url: 'https://api.example/x' });
    await timers.advance(1000);
    await expect(ok).resolves.toMatchObject({ status: 200 });

    const denied = server(timers, [403, 200], '{"message":"Resource not accessible"}');
    const other = new HttpClient({ fetch: denied.fetch, timers, random: noJitter });
    await expect(other.request({ url: 'https://api.example/x' })).rejects.toMatchObject({
      status: 403,
    });
    expect(denied.arrivals).toHaveLength(1);
  });

  it('does not retry other statuses, nor when asked not to', async () => {
    const timers = new FakeTimers();
    const { fetch, arrivals } = server(timers, [404, 503]);
    const client = new HttpClient({ fetch, timers });
    await expect(client.request({ url: 'https://api.example/x' })).rejects.toThrow(
      'HTTP error 404.',
    );
    await expect(client.request({ url: 'https://api.example/x', retry: false })).rejects.toThrow(
      'HTTP error 503.',
    );
    expect(arrivals).toHaveLength(2);
  });

  it('retries a request that creates only when the answer says it was not carried out', async () => {
    const timers = new FakeTimers();
    // 429 and 503 say the server did nothing: sent again. A 500 may come after the post was
    // made: sending it again could publish it twice, so it is the answer.
    const { fetch, arrivals } = server(timers, [429, 503, 500, 200]);
    const client = new HttpClient({ fetch, timers, random: noJitter });
    const create = client
      .request({ method: 'POST', url: 'https://api.example/posts', retry: 'unprocessed' })
      .catch((e: unknown) => e);
    await timers.advance(5000);
    expect(await create).toMatchObject({ status: 500 });
    expect(arrivals).toEqual([0, 500, 1500]);
  });

  it("says 'Network request timeout.' after 30 s, and 'Network request failed.'", async () => {
    const timers = new FakeTimers();
    const { fetch } = server(timers, ['hang', 'fail']);
    const client = new HttpClient({ fetch, timers });
    const hanging = client.request({ url: 'https://api.example/x' }).catch((e: unknown) => e);
    await timers.advance(29_999);
    await timers.advance(1);
    const timeout = await hanging;
    expect(timeout).toBeInstanceOf(NetworkError);
    expect((timeout as Error).message).toBe('Network request timeout.');
    await expect(client.request({ url: 'https://api.example/x' })).rejects.toThrow(
      'Network request failed.',
    );
  });

  it('gives a request with a big body the time to upload it: 4 MB waits 70 s, not 30', async () => {
    const timers = new FakeTimers();
    const { fetch } = server(timers, ['hang']);
    const client = new HttpClient({ fetch, timers });
    const body = 'x'.repeat(4_000_000);
    expect(timeoutFor(undefined)).toBe(REQUEST_TIMEOUT);
    expect(timeoutFor(body)).toBe(70_000);
    let settled = false;
    const hanging = client
      .request({ method: 'POST', url: 'https://api.example/x', body, timeout: timeoutFor(body) })
      .catch((e: unknown) => e)
      .finally(() => (settled = true));
    await timers.advance(REQUEST_TIMEOUT);
    expect(settled).toBe(false);
    await timers.advance(40_000);
    expect(await hanging).toBeInstanceOf(NetworkError);
  });

  it('spreads retries by up to +20%', async () => {
    const timers = new FakeTimers();
    const { fetch, arrivals } = server(timers, [429, 200]);
    const client = new HttpClient({ fetch, timers, random: () => 0.999 });
    const response = client.request({ url: 'https://api.example/x' });
    await timers.advance(700);
    await response;
    expect(arrivals[1]).toBeGreaterThan(590);
    expect(arrivals[1]).toBeLessThanOrEqual(600);
  });
});
