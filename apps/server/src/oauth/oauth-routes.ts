import { randomInt } from 'node:crypto';
import { type FastifyContextConfig, type FastifyInstance, type FastifyReply } from 'fastify';
import { HttpError } from '../http-error.js';
import { type OAuthClient, type OAuthConf } from './oauth-conf.js';
import { clientIdParam, grantParams, missing, type Query, tokenParam } from './token-params.js';
import { requestToken, type TokenAnswer } from './token-request.js';

/** The OAuth endpoints' paths (spec core §7, providers §7). */
export const OAUTH_PATHS = {
  githubToken: '/oauth2/githubToken',
  giteaToken: '/oauth2/giteaToken',
  gitlabToken: '/oauth2/gitlabToken',
  giteeToken: '/oauth2/giteeToken',
  giteeClientId: '/giteeClientId',
} as const;

function configured(client: OAuthClient, provider: string, envPrefix: string): void {
  if (client.clientIds.length === 0 || client.baseUrl === '') {
    throw new HttpError(
      400,
      `${provider} sign-in through this server is not configured (${envPrefix}_CLIENT_ID and ${envPrefix}_CLIENT_SECRET are not set).`,
      'NOT_CONFIGURED',
    );
  }
}

// The client id a request names must be one of the server's; without one, the first is used.
function secretFor(
  client: OAuthClient,
  clientId: string | undefined,
  provider: string,
): [string, string] {
  const id = clientId ?? client.clientIds[0]!;
  const secret = client.secrets.get(id);
  if (secret === undefined) {
    throw new HttpError(400, `Unknown ${provider} client id.`, 'UNKNOWN_CLIENT_ID');
  }
  return [id, secret];
}

function tokenReply(reply: FastifyReply, answer: TokenAnswer) {
  reply.header('Cache-Control', 'no-store');
  return answer;
}

/**
 * Registers a token route for GET, its parameters in the query as the spec gives them (core §7),
 * and for POST, the same parameters as a JSON object in the body: a refresh token (a long-lived
 * secret) then stays out of every URL, and so out of any proxy's access log.
 */
function routeGetAndPost(
  app: FastifyInstance,
  path: string,
  config: FastifyContextConfig,
  handle: (params: Query, reply: FastifyReply) => Promise<unknown>,
): void {
  app.get(path, { config }, (request, reply) => handle(request.query as Query, reply));
  app.post(path, { config }, (request, reply) => {
    const body = request.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new HttpError(
        400,
        'The body must be a JSON object of the parameters.',
        'BAD_PARAMETER',
      );
    }
    return handle(body as Query, reply);
  });
}

/** Registers the token exchanges of GitHub, Gitea, GitLab and Gitee and Gitee's client id.
 * `config` is each token route's Fastify config (its strict rate limit). */
export function registerOAuthRoutes(
  app: FastifyInstance,
  conf: OAuthConf,
  config: FastifyContextConfig,
): void {
  const { timeoutMs } = conf;

  // GitHub (host A): the answer is the token itself as text, as the reference server answered.
  app.get(OAUTH_PATHS.githubToken, { config }, async (request, reply) => {
    const query = request.query as Query;
    configured(conf.github, 'GitHub', 'GITHUB');
    const clientId = clientIdParam(query, 'clientId') ?? missing('clientId');
    const code = tokenParam(query, 'code') ?? missing('code');
    const [id, secret] = secretFor(conf.github, clientId, 'GitHub');
    const answer = await requestToken({
      provider: 'GitHub',
      envPrefix: 'GITHUB',
      url: `${conf.github.baseUrl}/login/oauth/access_token`,
      fields: { client_id: id, client_secret: secret, code },
      timeoutMs,
    });
    reply.header('Cache-Control', 'no-store').type('text/plain; charset=utf-8');
    return answer.access_token;
  });

  // Gitea (service S) and GitLab (host C): code or refresh token, JSON answer.
  for (const [path, client, provider, envPrefix, endpoint] of [
    [OAUTH_PATHS.giteaToken, conf.gitea, 'Gitea', 'GITEA', '/login/oauth/access_token'],
    [OAUTH_PATHS.gitlabToken, conf.gitlab, 'GitLab', 'GITLAB', '/oauth/token'],
  ] as const) {
    routeGetAndPost(app, path, config, async (query, reply) => {
      configured(client, provider, envPrefix);
      const grant = grantParams(query);
      const [id, secret] = secretFor(client, clientIdParam(query, 'clientId'), provider);
      const answer = await requestToken({
        provider,
        envPrefix,
        url: `${client.baseUrl}${endpoint}`,
        fields: { client_id: id, client_secret: secret, ...grant },
        timeoutMs,
      });
      return tokenReply(reply, answer);
    });
  }

  // Gitee (host B): several applications may share the load; the app asks which to use. No
  // provider call: the general rate limit is enough.
  app.get(OAUTH_PATHS.giteeClientId, async (request, reply) => {
    configured(conf.gitee, 'Gitee', 'GITEE');
    const ids = conf.gitee.clientIds;
    const random = (request.query as Query).random;
    // With `random`, one of the extra applications (all but the first) when there are any.
    const id =
      random !== undefined && ids.length > 1 ? ids[1 + randomInt(ids.length - 1)]! : ids[0]!;
    reply.header('Cache-Control', 'no-store').type('text/plain; charset=utf-8');
    return id;
  });

  // Gitee's exchange (clientId, code, oauth2RedirectUri) and its refresh (grant_type
  // refresh_token, refresh_token), which Gitee documents without a client secret. With the
  // clientId that issued the pair, the refresh also carries that application's credentials, as
  // a Doorkeeper server holding a confidential client asks (forge-sim's Gitee does).
  routeGetAndPost(app, OAUTH_PATHS.giteeToken, config, async (query, reply) => {
    configured(conf.gitee, 'Gitee', 'GITEE');
    const grant = grantParams(query, 'oauth2RedirectUri');
    const url = `${conf.gitee.baseUrl}/oauth/token`;
    const clientId = clientIdParam(query, 'clientId');
    if (grant.grant_type === 'refresh_token') {
      let client: Record<string, string> = {};
      if (clientId !== undefined) {
        const [id, secret] = secretFor(conf.gitee, clientId, 'Gitee');
        client = { client_id: id, client_secret: secret };
      }
      const answer = await requestToken({
        provider: 'Gitee',
        envPrefix: 'GITEE',
        url,
        fields: { grant_type: 'refresh_token', refresh_token: grant.refresh_token, ...client },
        timeoutMs,
      });
      return tokenReply(reply, answer);
    }
    if (clientId === undefined) missing('clientId');
    const [id, secret] = secretFor(conf.gitee, clientId, 'Gitee');
    const answer = await requestToken({
      provider: 'Gitee',
      envPrefix: 'GITEE',
      url,
      fields: { client_id: id, client_secret: secret, ...grant },
      timeoutMs,
    });
    return tokenReply(reply, answer);
  });
}
