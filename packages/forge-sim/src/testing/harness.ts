import { startForgeSim, type ForgeSim } from '../server.js';

/** A JSON answer as a test reads it. */
export interface ApiAnswer {
  status: number;
  headers: Headers;
  // Tests read answers as they come (`answer.body.sha`): a wrong shape fails the test anyway.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/** A forge with one signed-up user, and a client of its REST API. */
export interface TestForge {
  forge: ForgeSim;
  token: string;
  /** Calls the REST API, signed with `token` (the user's by default; `null`: anonymous). */
  api(method: string, path: string, body?: unknown, token?: string | null): Promise<ApiAnswer>;
}

/** Starts a forge on any free port in a temporary folder, with the user `alice`. */
export async function startTestForge(options: { treeLimit?: number } = {}): Promise<TestForge> {
  const forge = await startForgeSim({ port: 0, ...options });
  const token = 'ghp_alice_test_token';
  forge.users.add({ login: 'alice', token, name: 'Alice Liddell', email: 'alice@example.com' });
  return {
    forge,
    token,
    async api(method, path, body, signWith) {
      const sign = signWith === undefined ? token : signWith;
      const response = await fetch(`${forge.apiUrl}${path}`, {
        method,
        headers: {
          accept: 'application/vnd.github+json',
          ...(sign === null ? {} : { authorization: `token ${sign}` }),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      return {
        status: response.status,
        headers: response.headers,
        body: text ? JSON.parse(text) : null,
      };
    },
  };
}
