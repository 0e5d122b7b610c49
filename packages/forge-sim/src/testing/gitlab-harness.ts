import { startForgeSim, type ForgeSim, type ForgeSimOptions } from '../server.js';
import { callApi } from './dialect-client.js';
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
    api(method, path, body, signWith) {
      const sign = signWith === undefined ? token : signWith;
      return callApi(forge.gitlabApiUrl, method, path, {
        body,
        sign: sign === null ? null : { header: `Bearer ${sign}` },
      });
    },
  };
}
