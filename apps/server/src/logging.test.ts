import { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, readLogLevel } from './app.js';
import { readPublicConf } from './conf.js';
import { readOAuthConf } from './oauth/oauth-conf.js';
import {
  ISSUED,
  type StandIn,
  type StandInAccount,
  startStandIn,
} from './oauth/stand-ins.fixture.js';

const ACCOUNT: StandInAccount = {
  clientId: 'log-client-id',
  clientSecret: 'log-secret-never-logged',
  code: 'log-code-never-logged',
  refreshToken: 'log-refresh-never-logged',
  redirectUri: 'https://inkstone.example.org/oauth2/callback',
};

let github: StandIn;
let gitea: StandIn;
beforeAll(async () => {
  github = await startStandIn('github', ACCOUNT);
  gitea = await startStandIn('gitea', ACCOUNT);
});
afterAll(async () => {
  await github.close();
  await gitea.close();
});

describe('structured logs', () => {
  let app: FastifyInstance;
  const lines: string[] = [];

  it('are JSON lines with the method and path of each request, never a secret, code or token', async () => {
    const env = {
      GITHUB_CLIENT_ID: ACCOUNT.clientId,
      GITHUB_CLIENT_SECRET: ACCOUNT.clientSecret,
      GITHUB_URL: github.baseUrl,
      GITEA_CLIENT_ID: ACCOUNT.clientId,
      GITEA_CLIENT_SECRET: ACCOUNT.clientSecret,
      GITEA_URL: gitea.baseUrl,
      OAUTH_TIMEOUT_MS: '2000',
    };
    app = await buildApp({
      conf: readPublicConf(env),
      oauth: readOAuthConf(env),
      logStream: { write: (line) => lines.push(line) },
    });
    const q = (params: Record<string, string>) => new URLSearchParams(params).toString();
    const requests = [
      `/oauth2/githubToken?${q({ clientId: ACCOUNT.clientId, code: ACCOUNT.code })}`,
      `/oauth2/githubToken?${q({ clientId: ACCOUNT.clientId, code: 'wrong-code-never-logged' })}`,
      `/oauth2/giteaToken?${q({ code: ACCOUNT.code, redirect_uri: ACCOUNT.redirectUri })}`,
      `/oauth2/giteaToken?${q({ refresh_token: ACCOUNT.refreshToken, grant_type: 'refresh_token' })}`,
    ];
    const answers = [];
    for (const url of requests) {
      answers.push(
        await app.inject({
          method: 'GET',
          url,
          headers: { authorization: 'Bearer header-token-never-logged' },
        }),
      );
    }
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 400, 200, 200]);
    // Upstream failures are logged as errors (5xx): still nothing secret in them.
    github.mode = 'error500';
    gitea.mode = 'hang';
    expect((await app.inject({ method: 'GET', url: requests[0]! })).statusCode).toBe(502);
    expect((await app.inject({ method: 'GET', url: requests[2]! })).statusCode).toBe(504);
    await app.close();

    expect(lines.length).toBeGreaterThanOrEqual(12);
    const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const paths = records
      .map((record) => (record.req as { path?: string } | undefined)?.path)
      .filter((path) => path !== undefined);
    expect(paths).toContain('/oauth2/githubToken');
    expect(paths).toContain('/oauth2/giteaToken');
    expect(records.some((record) => record.level === 50)).toBe(true);

    const all = lines.join('\n');
    for (const secret of [
      ACCOUNT.clientSecret,
      ACCOUNT.code,
      ACCOUNT.refreshToken,
      'wrong-code-never-logged',
      'header-token-never-logged',
      ISSUED.accessToken,
      ISSUED.refreshToken,
      'code=',
      'client_secret',
    ]) {
      expect(all).not.toContain(secret);
    }
  });
});

describe('the log level (LOG_LEVEL)', () => {
  it('logs requests at info, the default, and only what is at warn and above when asked', async () => {
    const linesAt = async (level: ReturnType<typeof readLogLevel>) => {
      const lines: string[] = [];
      const app = await buildApp({
        conf: readPublicConf({}),
        logStream: { write: (line) => lines.push(line) },
        logLevel: level,
      });
      expect((await app.inject({ method: 'GET', url: '/conf' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/nothing-here' })).statusCode).toBe(404);
      await app.close();
      return lines;
    };
    expect((await linesAt(readLogLevel({}))).length).toBeGreaterThanOrEqual(4);
    expect(await linesAt(readLogLevel({ LOG_LEVEL: ' WARN ' }))).toEqual([]);
    expect(await linesAt(readLogLevel({ LOG_LEVEL: 'silent' }))).toEqual([]);
  });

  it('refuses a level that is not one, naming those that are', () => {
    expect(() => readLogLevel({ LOG_LEVEL: 'verbose' })).toThrow(
      'LOG_LEVEL must be one of trace, debug, info, warn, error, fatal, silent; got "verbose".',
    );
  });
});
