import { GithubClient, HttpClient } from '@inkstone/core';
import { browserTimers } from '../../services/broadcast-signal';
import { loadGithubOrigins } from './github-conf';

/** A client of GitHub's REST API (the address from `/conf`) signed with `accessToken`, over the
 * app's HTTP client (retries and back-off of spec providers §7). */
export async function browserGithubClient(accessToken: string): Promise<GithubClient> {
  const { githubApiUrl } = await loadGithubOrigins();
  const http = new HttpClient({
    fetch: (url, init) => fetch(url, init as RequestInit),
    timers: browserTimers,
  });
  return new GithubClient({ http, apiUrl: githubApiUrl, token: accessToken });
}
