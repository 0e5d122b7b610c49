import { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { readPublicConf } from '../conf.js';
import { readOAuthConf } from './oauth-conf.js';
import {
  ISSUED,
  type ProviderKind,
  type StandIn,
  type StandInAccount,
  startStandIn,
} from './stand-ins.fixture.js';

const ACCOUNT: StandInAccount = {
  clientId: 'client-id-123',
  clientSecret: 'client-secret-value-456',
  code: 'good-code-789',
  refreshToken: 'refresh-token-abc',
  redirectUri: 'https://inkstone.example.org/oauth2/callback',
};

const standIns = {} as Record<ProviderKind, StandIn>;
let app: FastifyInstance;

beforeAll(async () => {
  for (const kind of ['github', 'gitlab', 'gitea', 'gitee'] as const) {
    standIns[kind] = await startStandIn(kind, ACCOUNT);
  }
});
afterAll(async () => {
  await Promise.all(Object.values(standIns).map((standIn) => standIn.close()));
});
afterEach(async () => {
  await app?.close();
  for (const standIn of Object.values(standIns)) {
    standIn.mode = 'normal';
    standIn.seen.length = 0;
  }
});

async function start(env: Record<string, string> = {}): Promise<FastifyInstance> {
  const base: Record<string, string> = {
    OAUTH_TIMEOUT_MS: '5000',
    GITHUB_URL: standIns.github.baseUrl,
    GITLAB_URL: standIns.gitlab.baseUrl,
    GITEA_URL: standIns.gitea.baseUrl,
    GITEE_URL: standIns.gitee.baseUrl,
  };
  for (const name of ['GITHUB', 'GITLAB', 'GITEA', 'GITEE']) {
    base[`${name}_CLIENT_ID`] = ACCOUNT.clientId;
    base[`${name}_CLIENT_SECRET`] = ACCOUNT.clientSecret;
  }
  const merged = { ...base, ...env };
  app = await buildApp({ conf: readPublicConf(merged), oauth: readOAuthConf(merged) });
  return app;
}

const get = (url: string) => app.inject({ method: 'GET', url });
const q = (params: Record<string, string>) => new URLSearchParams(params).toString();

describe('GET /oauth2/githubToken', () => {
  const url = (params: Record<string, string>) => `/oauth2/githubToken?${q(params)}`;

  it('exchanges the code and answers the token as text, the secret sent in the body as JSON is asked', async () => {
    await start();
    const response = await get(url({ clientId: ACCOUNT.clientId, code: ACCOUNT.code }));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toBe(ISSUED.accessToken);

    const [seen] = standIns.github.seen;
    expect(seen).toMatchObject({ method: 'POST', path: '/login/oauth/access_token', query: '' });
    expect(seen?.headers.accept).toBe('application/json');
    expect(seen?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(seen?.fields).toEqual({
      client_id: ACCOUNT.clientId,
      client_secret: ACCOUNT.clientSecret,
      code: ACCOUNT.code,
    });
  });

  it('answers 400 for a code GitHub refuses (bad_verification_code)', async () => {
    await start();
    const response = await get(url({ clientId: ACCOUNT.clientId, code: 'expired-code' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'TOKEN_REFUSED' });
    expect(response.json().message).toContain('bad_verification_code');
    expect(response.body).not.toContain('expired-code');
  });

  it('answers 400 for a client id the server does not know, without asking GitHub', async () => {
    await start();
    const response = await get(url({ clientId: 'someone-else', code: ACCOUNT.code }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'UNKNOWN_CLIENT_ID',
      message: 'Unknown GitHub client id.',
    });
    expect(standIns.github.seen).toHaveLength(0);
  });

  it.each([
    [{ clientId: ACCOUNT.clientId }, 'The query parameter code is required.'],
    [{ code: ACCOUNT.code }, 'The query parameter clientId is required.'],
    [{ clientId: ACCOUNT.clientId, code: '' }, 'The query parameter code is required.'],
    [{ clientId: ACCOUNT.clientId, code: 'a b<script>' }, 'The query parameter code is malformed.'],
    [
      { clientId: ACCOUNT.clientId, code: 'x'.repeat(5000) },
      'The query parameter code is malformed.',
    ],
    [
      { clientId: 'id with spaces', code: ACCOUNT.code },
      'The query parameter clientId is malformed.',
    ],
  ])('answers 400 for bad input %j', async (params, message) => {
    await start();
    const response = await get(url(params));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('answers 400 for a repeated parameter', async () => {
    await start();
    const response = await get(`/oauth2/githubToken?clientId=${ACCOUNT.clientId}&code=a&code=b`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('The query parameter code must be given once.');
  });

  it('answers 502 naming the variables when GitHub refuses the server’s secret', async () => {
    await start({ GITHUB_CLIENT_SECRET: 'a-wrong-secret' });
    const response = await get(url({ clientId: ACCOUNT.clientId, code: ACCOUNT.code }));
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toContain('GITHUB_CLIENT_SECRET');
    expect(response.body).not.toContain('a-wrong-secret');
  });

  it('answers 400 saying so when GitHub sign-in is not configured', async () => {
    await start({ GITHUB_CLIENT_ID: '', GITHUB_CLIENT_SECRET: '' });
    const response = await get(url({ clientId: ACCOUNT.clientId, code: ACCOUNT.code }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'NOT_CONFIGURED' });
  });
});

describe.each([
  ['gitea', '/oauth2/giteaToken', '/login/oauth/access_token', 3600],
  ['gitlab', '/oauth2/gitlabToken', '/oauth/token', 7200],
] as const)('GET %s token (%s)', (kind, path, upstreamPath, expiresIn) => {
  const url = (params: Record<string, string>) => `${path}?${q(params)}`;

  it('exchanges a code with the redirect URI and answers access_token, refresh_token, expires_in', async () => {
    await start();
    const response = await get(
      url({
        code: ACCOUNT.code,
        grant_type: 'authorization_code',
        redirect_uri: ACCOUNT.redirectUri,
      }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      access_token: ISSUED.accessToken,
      refresh_token: ISSUED.refreshToken,
      expires_in: expiresIn,
    });
    const [seen] = standIns[kind].seen;
    expect(seen).toMatchObject({ method: 'POST', path: upstreamPath, query: '' });
    expect(seen?.fields).toEqual({
      client_id: ACCOUNT.clientId,
      client_secret: ACCOUNT.clientSecret,
      grant_type: 'authorization_code',
      code: ACCOUNT.code,
      redirect_uri: ACCOUNT.redirectUri,
    });
  });

  it('refreshes with refresh_token and grant_type', async () => {
    await start();
    const response = await get(
      url({
        refresh_token: ACCOUNT.refreshToken,
        grant_type: 'refresh_token',
        redirect_uri: ACCOUNT.redirectUri,
      }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().access_token).toBe(ISSUED.accessToken);
    expect(standIns[kind].seen[0]?.fields).toMatchObject({
      grant_type: 'refresh_token',
      refresh_token: ACCOUNT.refreshToken,
      client_secret: ACCOUNT.clientSecret,
    });
  });

  it('takes the same parameters as a JSON body by POST, the refresh token out of the URL', async () => {
    await start();
    const response = await app.inject({
      method: 'POST',
      url: path,
      payload: { refresh_token: ACCOUNT.refreshToken, grant_type: 'refresh_token' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().access_token).toBe(ISSUED.accessToken);
    expect(response.headers['cache-control']).toBe('no-store');
    const notObject = await app.inject({ method: 'POST', url: path, payload: [1] });
    expect(notObject.statusCode).toBe(400);
    expect(notObject.json().message).toBe('The body must be a JSON object of the parameters.');
  });

  it('answers 400 when the provider refuses the code or the refresh token', async () => {
    await start();
    const code = await get(url({ code: 'used-code', redirect_uri: ACCOUNT.redirectUri }));
    expect(code.statusCode).toBe(400);
    expect(code.json().code).toBe('TOKEN_REFUSED');
    const refresh = await get(url({ refresh_token: 'revoked', grant_type: 'refresh_token' }));
    expect(refresh.statusCode).toBe(400);
    expect(refresh.json().message).toContain('invalid_grant');
  });

  it.each([
    [{}, 'The query parameter code is required.'],
    [{ code: ACCOUNT.code }, 'The query parameter redirect_uri is required.'],
    [
      { code: ACCOUNT.code, redirect_uri: 'javascript:alert(1)' },
      'The query parameter redirect_uri must be an http(s) URL.',
    ],
    [
      { code: ACCOUNT.code, redirect_uri: ACCOUNT.redirectUri, grant_type: 'password' },
      'The query parameter grant_type must be authorization_code or refresh_token.',
    ],
    [{ grant_type: 'refresh_token' }, 'The query parameter refresh_token is required.'],
    [
      { code: ACCOUNT.code, refresh_token: 'r', redirect_uri: ACCOUNT.redirectUri },
      'Send either code or refresh_token, not both.',
    ],
  ])('answers 400 for bad input %j', async (params, message) => {
    await start();
    const response = await get(url(params));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(standIns[kind].seen).toHaveLength(0);
  });

  it('answers 400 for a client id other than the server’s', async () => {
    await start();
    const response = await get(
      url({ clientId: 'other', code: ACCOUNT.code, redirect_uri: ACCOUNT.redirectUri }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('UNKNOWN_CLIENT_ID');
  });

  it('answers 502 when the provider refuses the server’s own credentials', async () => {
    await start({ [`${kind.toUpperCase()}_CLIENT_SECRET`]: 'wrong-secret' });
    const response = await get(url({ code: ACCOUNT.code, redirect_uri: ACCOUNT.redirectUri }));
    expect(response.statusCode).toBe(502);
    expect(response.json().code).toBe('UPSTREAM_CLIENT_REFUSED');
  });
});

describe('Gitee (host B)', () => {
  it('hands out the first client id, or one of the others when asked with random', async () => {
    await start({ GITEE_CLIENT_ID: 'first,second,third', GITEE_CLIENT_SECRET: 's1,s2,s3' });
    const plain = await get('/giteeClientId');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toContain('text/plain');
    expect(plain.body).toBe('first');
    const picks = new Set<string>();
    for (let i = 0; i < 30; i += 1) picks.add((await get(`/giteeClientId?random=${i}`)).body);
    expect([...picks].sort()).toEqual(['second', 'third']);
  });

  it('answers 400 for /giteeClientId when Gitee is not configured', async () => {
    await start({ GITEE_CLIENT_ID: '', GITEE_CLIENT_SECRET: '' });
    expect((await get('/giteeClientId')).statusCode).toBe(400);
  });

  it('exchanges clientId, code and oauth2RedirectUri for a token', async () => {
    await start();
    const response = await get(
      `/oauth2/giteeToken?${q({ clientId: ACCOUNT.clientId, code: ACCOUNT.code, oauth2RedirectUri: ACCOUNT.redirectUri })}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      access_token: ISSUED.accessToken,
      refresh_token: ISSUED.refreshToken,
      expires_in: 86400,
    });
    expect(standIns.gitee.seen[0]).toMatchObject({
      method: 'POST',
      path: '/oauth/token',
      query: '',
    });
    expect(standIns.gitee.seen[0]?.fields).toEqual({
      client_id: ACCOUNT.clientId,
      client_secret: ACCOUNT.clientSecret,
      grant_type: 'authorization_code',
      code: ACCOUNT.code,
      redirect_uri: ACCOUNT.redirectUri,
    });
  });

  it('refreshes a token with the refresh token only (Gitee needs no secret for it)', async () => {
    await start();
    const response = await get(
      `/oauth2/giteeToken?${q({ grant_type: 'refresh_token', refresh_token: ACCOUNT.refreshToken })}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().access_token).toBe(ISSUED.accessToken);
    expect(standIns.gitee.seen[0]?.fields).toEqual({
      grant_type: 'refresh_token',
      refresh_token: ACCOUNT.refreshToken,
    });
  });

  it('refreshes through the application that issued the pair when the app names it', async () => {
    await start();
    const response = await get(
      `/oauth2/giteeToken?${q({ grant_type: 'refresh_token', refresh_token: ACCOUNT.refreshToken, clientId: ACCOUNT.clientId })}`,
    );
    expect(response.statusCode).toBe(200);
    expect(standIns.gitee.seen[0]?.fields).toEqual({
      grant_type: 'refresh_token',
      refresh_token: ACCOUNT.refreshToken,
      client_id: ACCOUNT.clientId,
      client_secret: ACCOUNT.clientSecret,
    });
    const unknown = await get(
      `/oauth2/giteeToken?${q({ grant_type: 'refresh_token', refresh_token: ACCOUNT.refreshToken, clientId: 'not-ours' })}`,
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Unknown Gitee client id.');
  });

  it('answers 400 for a missing clientId, redirect URI or an unknown client id', async () => {
    await start();
    const noClient = await get(
      `/oauth2/giteeToken?${q({ code: 'c', oauth2RedirectUri: ACCOUNT.redirectUri })}`,
    );
    expect(noClient.json().message).toBe('The query parameter clientId is required.');
    const noRedirect = await get(
      `/oauth2/giteeToken?${q({ clientId: ACCOUNT.clientId, code: 'c' })}`,
    );
    expect(noRedirect.json().message).toBe('The query parameter oauth2RedirectUri is required.');
    const unknown = await get(
      `/oauth2/giteeToken?${q({ clientId: 'nobody', code: 'c', oauth2RedirectUri: ACCOUNT.redirectUri })}`,
    );
    expect(unknown.json().code).toBe('UNKNOWN_CLIENT_ID');
    for (const response of [noClient, noRedirect, unknown]) expect(response.statusCode).toBe(400);
  });
});

describe('upstream failures', () => {
  const githubUrl = `/oauth2/githubToken?${q({ clientId: ACCOUNT.clientId, code: ACCOUNT.code })}`;
  const gitlabUrl = `/oauth2/gitlabToken?${q({ code: ACCOUNT.code, redirect_uri: ACCOUNT.redirectUri })}`;

  it.each([
    ['error500', 502, 'UPSTREAM_FAILED'],
    ['html', 502, 'UPSTREAM_UNREADABLE'],
    ['rateLimited', 503, 'UPSTREAM_RATE_LIMITED'],
    ['hang', 504, 'UPSTREAM_TIMEOUT'],
  ] as const)(
    'a provider in mode %s gives %i, and the server keeps answering',
    async (mode, status, code) => {
      await start(mode === 'hang' ? { OAUTH_TIMEOUT_MS: '300' } : {});
      standIns.github.mode = mode;
      standIns.gitlab.mode = mode;
      for (const url of [githubUrl, gitlabUrl]) {
        const response = await get(url);
        expect(response.statusCode).toBe(status);
        expect(response.json().code).toBe(code);
        expect(response.body).not.toContain(ACCOUNT.clientSecret);
      }
      if (mode === 'rateLimited') expect((await get(githubUrl)).headers['retry-after']).toBe('42');
      expect((await get('/health')).statusCode).toBe(200);
    },
  );

  it('answers 502 when the provider cannot be reached at all', async () => {
    await start({ GITHUB_URL: 'http://127.0.0.1:9' });
    const response = await get(githubUrl);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({
      code: 'UPSTREAM_UNREACHABLE',
      message: 'GitHub could not be reached for the token request.',
    });
  });
});
