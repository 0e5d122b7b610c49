import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from './cli.js';
import type { ForgeSim } from './server.js';

let running: ForgeSim | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

describe('pnpm forge-sim', () => {
  it('prints a URL and a demo token that the API accepts', async () => {
    const lines: string[] = [];
    // As `pnpm forge-sim -- --port 0` hands them on.
    const { forge } = await runCli(['--', '--port', '0'], (line) => lines.push(line));
    running = forge;
    const output = lines.join('\n');
    const url = /listening on (http:\/\/\S+)/.exec(output)?.[1];
    const token = /demo token:\s+(\S+)/.exec(output)?.[1];
    expect(url).toBe(forge.url);
    expect(token).toMatch(/^fsim_[0-9a-f]{32}$/);

    const me = await fetch(`${url}/api/v3/user`, { headers: { authorization: `token ${token}` } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { login: string }).login).toBe('demo');
    const hello = await fetch(`${url}/api/v3/repos/demo/hello/git/ref/heads/main`);
    expect(hello.status).toBe(200);
    const gitlabRoot = /REST API \(GitLab v4\):\s+(\S+)/.exec(output)?.[1];
    expect(gitlabRoot).toBe(`${url}/api/v4`);
    const project = await fetch(`${gitlabRoot}/projects/demo%2Fhello`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(((await project.json()) as { default_branch: string }).default_branch).toBe('main');
  });

  it('refuses a port that is not one', async () => {
    await expect(runCli(['--port', 'eighty'], () => undefined)).rejects.toThrow('Invalid port');
  });

  it('refuses an option it does not know, and an option without its value, starting nothing', async () => {
    const lines: string[] = [];
    await expect(runCli(['--prot', '0'], (line) => lines.push(line))).rejects.toThrow(
      'Unknown option: --prot (forge-sim takes --port N, --data DIR and --callback URL).',
    );
    await expect(runCli(['--port'], (line) => lines.push(line))).rejects.toThrow(
      '--port needs a value.',
    );
    await expect(runCli(['--data', '--port', '0'], (line) => lines.push(line))).rejects.toThrow(
      '--data needs a value.',
    );
    expect(lines).toEqual([]);
  });

  it("prints an OAuth app whose credentials the token endpoint takes, for the app's server", async () => {
    const lines: string[] = [];
    const callback = 'http://localhost:9090/oauth2/callback';
    const { forge } = await runCli(['--port', '0', '--callback', callback], (line) =>
      lines.push(line),
    );
    running = forge;
    const output = lines.join('\n');
    const env = Object.fromEntries(
      [...output.matchAll(/(GITHUB_[A-Z_]+)=(\S+)/g)].map((match) => [match[1], match[2]]),
    );
    expect(env.GITHUB_URL).toBe(forge.url);
    expect(env.GITHUB_API_URL).toBe(forge.apiUrl);
    expect(output).toContain(`callback ${callback}`);

    const authorized = await fetch(`${forge.url}/login/oauth/authorize`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: env.GITHUB_CLIENT_ID ?? '',
        login: 'demo',
        scope: 'gist',
      }),
      redirect: 'manual',
    });
    const location = new URL(authorized.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(callback);
    const token = await fetch(`${forge.url}/login/oauth/access_token`, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: env.GITHUB_CLIENT_ID ?? '',
        client_secret: env.GITHUB_CLIENT_SECRET ?? '',
        code: location.searchParams.get('code') ?? '',
      }),
    });
    expect(((await token.json()) as { scope: string }).scope).toBe('gist');

    // The same app through GitLab's OAuth provider, with the GITLAB_* line.
    const gitlab = Object.fromEntries(
      [...output.matchAll(/(GITLAB_[A-Z_]+)=(\S+)/g)].map((match) => [match[1], match[2]]),
    );
    expect(gitlab.GITLAB_URL).toBe(forge.url);
    const glAuthorized = await fetch(`${forge.url}/oauth/authorize`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: gitlab.GITLAB_CLIENT_ID ?? '',
        redirect_uri: callback,
        response_type: 'code',
        scope: 'api',
        login: 'demo',
      }),
      redirect: 'manual',
    });
    const glCode = new URL(glAuthorized.headers.get('location') ?? '').searchParams.get('code');
    const glToken = await fetch(`${forge.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: gitlab.GITLAB_CLIENT_ID ?? '',
        client_secret: gitlab.GITLAB_CLIENT_SECRET ?? '',
        code: glCode ?? '',
        grant_type: 'authorization_code',
        redirect_uri: callback,
      }),
    });
    expect(((await glToken.json()) as { expires_in: number }).expires_in).toBe(7200);
  });

  it('refuses a callback that is no http URL, starting nothing', async () => {
    await expect(runCli(['--port', '0', '--callback', 'nowhere'], () => undefined)).rejects.toThrow(
      'Invalid callback URL: nowhere (an http or https URL).',
    );
  });
});
