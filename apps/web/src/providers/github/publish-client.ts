import { GithubClient } from '@inkstone/core';
import { loadGithubOrigins } from './github-conf';
import { browserHttpClient } from '../../services/browser-http';

/** A client of GitHub's REST API (the address from `/conf`) signed with `accessToken`, over the
 * app's HTTP client (retries and back-off of spec providers §7). */
export async function browserGithubClient(accessToken: string): Promise<GithubClient> {
  const { githubApiUrl } = await loadGithubOrigins();
  const http = browserHttpClient();
  return new GithubClient({ http, apiUrl: githubApiUrl, token: accessToken });
}
