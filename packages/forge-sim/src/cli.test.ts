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
    const { forge } = await runCli(['--port', '0'], (line) => lines.push(line));
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
  });

  it('refuses a port that is not one', async () => {
    await expect(runCli(['--port', 'eighty'], () => undefined)).rejects.toThrow('Invalid port');
  });
});
