// The session's answers to statuses express-pouchdb does not give, and the browser's way of
// carrying the session cookie (rules C3 and C4 of SPEC.md), over a scripted fetch.
import { describe, expect, it, vi } from 'vitest';
import { type FetchInit, HttpClient } from '../../sync/http-client.js';
import { FakeTimers } from '../../testing/fake-timers.js';
import { DatabaseNotAccessibleError } from './errors.js';
import { CouchdbSession } from './session.js';

const DB = 'https://couch.example/notes';

// A fetch answering each call with the next status (and Set-Cookie), recording what it got.
function scripted(answers: { status: number; body?: string; setCookie?: string }[]) {
  const calls: { url: string; init: FetchInit }[] = [];
  const fetch = vi.fn((url: string, init: FetchInit) => {
    calls.push({ url, init });
    const answer = answers.shift() ?? { status: 500 };
    return Promise.resolve({
      status: answer.status,
      headers: {
        get: (name: string) => (name === 'set-cookie' ? (answer.setCookie ?? null) : null),
      },
      text: () => Promise.resolve(answer.body ?? '{}'),
    });
  });
  return { fetch, calls };
}

const credentials = () => Promise.resolve({ name: 'alice', password: 's3cret' });

describe('CouchdbSession', () => {
  it('C4: a 403 is the not-accessible message', async () => {
    const { fetch } = scripted([{ status: 403, body: '{"error":"forbidden"}' }]);
    const http = new HttpClient({ fetch, timers: new FakeTimers() });
    const session = new CouchdbSession(http, DB, credentials);
    await expect(session.request('')).rejects.toEqual(new DatabaseNotAccessibleError(DB));
    await expect(
      new CouchdbSession(
        new HttpClient({ fetch: scripted([{ status: 403 }]).fetch, timers: new FakeTimers() }),
        DB,
        credentials,
      ).request(''),
    ).rejects.toThrow(`${DB} is not accessible. Make sure you have the proper permissions.`);
  });

  it('C4: a 404 for a document is left as it is', async () => {
    const { fetch } = scripted([{ status: 404, body: '{"error":"not_found","reason":"missing"}' }]);
    const session = new CouchdbSession(
      new HttpClient({ fetch, timers: new FakeTimers() }),
      DB,
      credentials,
    );
    await expect(session.request('/doc')).rejects.toMatchObject({ name: 'HttpError', status: 404 });
  });

  it('C3: in a browser (Set-Cookie unreadable) the cookie travels with credentials', async () => {
    const { fetch, calls } = scripted([{ status: 401 }, { status: 200 }, { status: 200 }]);
    const http = new HttpClient({ fetch, timers: new FakeTimers(), withCredentials: true });
    await new CouchdbSession(http, DB, credentials).request('/_changes');
    expect(calls.map((call) => `${call.init.method} ${call.url}`)).toEqual([
      `GET ${DB}/_changes`,
      'POST https://couch.example/_session',
      `GET ${DB}/_changes`,
    ]);
    for (const call of calls) {
      expect(call.init.credentials).toBe('include');
      expect(call.init.headers?.cookie).toBeUndefined();
      expect(call.url).not.toContain('s3cret');
      expect(JSON.stringify(call.init.headers)).not.toContain('s3cret');
    }
    expect(JSON.parse(calls[1]?.init.body as string)).toEqual({
      name: 'alice',
      password: 's3cret',
    });
  });

  it('C3: where Set-Cookie is readable, AuthSession is sent back as a Cookie header', async () => {
    const { fetch, calls } = scripted([
      { status: 401 },
      { status: 200, setCookie: 'AuthSession=abc123; Version=1; Path=/; HttpOnly' },
      { status: 200 },
      { status: 200 },
    ]);
    const session = new CouchdbSession(
      new HttpClient({ fetch, timers: new FakeTimers() }),
      DB,
      credentials,
    );
    await session.request('/a');
    await session.request('/b');
    expect(calls[2]?.init.headers?.cookie).toBe('AuthSession=abc123');
    expect(calls[3]?.init.headers?.cookie).toBe('AuthSession=abc123');
  });
});
