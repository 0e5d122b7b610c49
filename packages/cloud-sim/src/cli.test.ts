import { describe, expect, it } from 'vitest';
import { CliError, runCli } from './cli.js';

describe('pnpm cloud-sim', () => {
  it('starts with a demo account whose printed token reads Drive, and stops', async () => {
    const lines: string[] = [];
    const { sim } = await runCli(['--', '--port', '0'], (line) => lines.push(line));
    try {
      expect(lines[0]).toBe(`cloud-sim listening on ${sim.url}`);
      const token = /access token \(Drive, an hour\): (\S+)/.exec(lines.join('\n'))![1]!;
      const answer = await fetch(`${sim.url}/drive/v3/files`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(answer.status).toBe(200);
      const dropbox = /Dropbox access token \(four hours\): (\S+)/.exec(lines.join('\n'))![1]!;
      const account = await fetch(`${sim.url}/2/users/get_current_account`, {
        method: 'POST',
        headers: { authorization: `Bearer ${dropbox}` },
      });
      expect(((await account.json()) as { email: string }).email).toBe('demo@example.com');
    } finally {
      await sim.close();
    }
  });

  it('refuses an unknown option, a bad port and a bad redirect URL in words', async () => {
    await expect(runCli(['--data', 'x'], () => {})).rejects.toThrow(
      new CliError('Unknown option: --data (cloud-sim takes --port N and --redirect URL).'),
    );
    await expect(runCli(['--port', 'http'], () => {})).rejects.toThrow(/^Invalid port: http/);
    await expect(runCli(['--port', '0', '--redirect', 'ftp://x'], () => {})).rejects.toThrow(
      /^Invalid redirect URL: ftp:\/\/x/,
    );
  });
});
