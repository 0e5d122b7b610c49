import { startForgeSim, type ForgeSim, type ForgeSimOptions } from '../server.js';
import type { ApiAnswer } from './harness.js';

/** A forge with the user `alice`, and a client of its GitLab v4 API. */
export interface GitLabTestForge {
  forge: ForgeSim;
  token: string;
  /**
   * Calls `{url}/api/v4{path}` with a JSON body, signed `Authorization: Bearer` with `token`
   * (alice's by default; `null`: anonymous).
   */
  api(method: string, path: string, body?: unknown, token?: string | null): Promise<ApiAnswer>;
}

/** Starts a forge on any free port in a temporary folder, with the user `alice`. */
export async function startGitLabTestForge(
  options: Omit<ForgeSimOptions, 'port'> = {},
): Promise<GitLabTestForge> {
  const forge = await startForgeSim({ port: 0, ...options });
  const token = 'glpat-alice-test-token';
  forge.users.add({ login: 'alice', token, name: 'Alice Liddell', email: 'alice@example.com' });
  return {
    forge,
    token,
    async api(method, path, body, signWith) {
      const sign = signWith === undefined ? token : signWith;
      const response = await fetch(`${forge.gitlabApiUrl}${path}`, {
        method,
        headers: {
          ...(sign === null ? {} : { authorization: `Bearer ${sign}` }),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        // Raw bytes (a /raw endpoint, a 429's "Retry later"): the text as it came.
      }
      return { status: response.status, headers: response.headers, body: parsed };
    },
  };
}
