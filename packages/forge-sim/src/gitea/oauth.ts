import type { OAuthApps } from '../oauth/apps.js';
import type { RefreshableTokens } from '../oauth/tokens.js';
import type { Users } from '../users.js';

/** How long Gitea's OAuth access tokens live (`[oauth2] ACCESS_TOKEN_EXPIRATION_TIME`, 3600 s). */
export const GITEA_ACCESS_TOKEN_SECONDS = 3600;

/** A JSON answer of the token endpoint. */
export interface TokenReply {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const reply = (status: number, body: unknown): TokenReply => ({
  status,
  headers: {
    'content-type': 'application/json;charset=utf-8',
    'cache-control': 'no-store',
    'access-control-allow-origin': '*',
  },
  body: JSON.stringify(body),
});

const refuse = (error: string, description: string) =>
  reply(400, { error, error_description: description });

/**
 * POST {url}/login/oauth/access_token as Gitea answers it: `grant_type` authorization_code
 * (`code`, `redirect_uri`) or refresh_token (`refresh_token`), the client by `client_id` and
 * `client_secret` (or HTTP Basic); JSON `{ access_token, token_type, expires_in, refresh_token }`,
 * or 400 with an OAuth error (`invalid_client`, `unauthorized_client`, `invalid_request`,
 * `unsupported_grant_type`). Refresh tokens stay usable after use, as Gitea's default.
 */
export function giteaAccessToken(
  stores: { apps: OAuthApps; users: Users; tokens: RefreshableTokens },
  fields: URLSearchParams,
): TokenReply {
  const grantType = fields.get('grant_type');
  if (grantType !== 'authorization_code' && grantType !== 'refresh_token') {
    return refuse(
      'unsupported_grant_type',
      'Only refresh_token or authorization_code grant type is supported',
    );
  }
  const clientId = fields.get('client_id') ?? '';
  const app = stores.apps.get(clientId);
  if (!app) return refuse('invalid_client', `cannot load client with client id: '${clientId}'`);
  if (fields.get('client_secret') !== app.clientSecret) {
    return refuse('unauthorized_client', 'invalid client secret');
  }
  const answer = (grant: { accessToken: string; refreshToken: string; expiresIn: number }) =>
    reply(200, {
      access_token: grant.accessToken,
      token_type: 'bearer',
      expires_in: grant.expiresIn,
      refresh_token: grant.refreshToken,
    });
  if (grantType === 'refresh_token') {
    const grant = stores.tokens.refresh(fields.get('refresh_token') ?? '', app.clientId, true);
    return grant ? answer(grant) : refuse('unauthorized_client', 'unable to parse refresh token');
  }
  const redirect = fields.get('redirect_uri');
  const grant = stores.apps.redeem(fields.get('code') ?? '', app.clientId);
  const user = grant ? stores.users.byId(grant.userId) : undefined;
  if (!grant || !user) return refuse('unauthorized_client', 'client is not authorized');
  if (grant.redirectUri && redirect !== grant.redirectUri) {
    return refuse('unauthorized_client', 'unexpected redirect URI');
  }
  return answer(stores.tokens.issue(user, grant.scopes, app.clientId));
}
