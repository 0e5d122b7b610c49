import type { OAuthApps } from '../oauth/apps.js';
import type { IssuedToken, RefreshableTokens } from '../oauth/tokens.js';
import type { Users } from '../users.js';

/** How long Gitee's access tokens live: one day (`expires_in: 86400`). */
export const GITEE_ACCESS_TOKEN_SECONDS = 86_400;

/** An answer of Gitee's token endpoint. */
export interface GiteeTokenReply {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const reply = (status: number, body: unknown): GiteeTokenReply => ({
  status,
  headers: {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'access-control-allow-origin': '*',
  },
  body: JSON.stringify(body),
});

/**
 * POST {url}/oauth/token as Gitee's (Doorkeeper's) token endpoint: `grant_type`
 * authorization_code (`code`, `client_id`, `client_secret`, `redirect_uri`) or refresh_token
 * (`refresh_token`), parameters in the query or the body; JSON `{ access_token, token_type,
 * expires_in, refresh_token, scope, created_at }`, or an OAuth error (401 invalid_client, 400
 * invalid_grant or unsupported_grant_type). A refresh token is spent by its use.
 */
export function giteeToken(
  stores: { apps: OAuthApps; users: Users; tokens: RefreshableTokens },
  fields: URLSearchParams,
): GiteeTokenReply {
  const grantType = fields.get('grant_type');
  if (grantType !== 'authorization_code' && grantType !== 'refresh_token') {
    return reply(400, {
      error: 'unsupported_grant_type',
      error_description:
        'The authorization grant type is not supported by the authorization server.',
    });
  }
  const app = stores.apps.get(fields.get('client_id'));
  if (!app || app.dialect !== 'gitee' || fields.get('client_secret') !== app.clientSecret) {
    return reply(401, {
      error: 'invalid_client',
      error_description:
        'Client authentication failed due to unknown client, no client authentication included, or unsupported authentication method.',
    });
  }
  const invalidGrant = () =>
    reply(400, {
      error: 'invalid_grant',
      error_description:
        'The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.',
    });
  const answer = (grant: IssuedToken) =>
    reply(200, {
      access_token: grant.accessToken,
      token_type: 'bearer',
      expires_in: grant.expiresIn,
      refresh_token: grant.refreshToken,
      scope: grant.scopes.join(' '),
      created_at: grant.createdAt,
    });
  if (grantType === 'refresh_token') {
    const grant = stores.tokens.refresh(fields.get('refresh_token') ?? '', app.clientId);
    return grant ? answer(grant) : invalidGrant();
  }
  const grant = stores.apps.redeem(fields.get('code') ?? '', app.clientId);
  const user = grant ? stores.users.byId(grant.userId) : undefined;
  if (!grant || !user) return invalidGrant();
  if (grant.redirectUri && fields.get('redirect_uri') !== grant.redirectUri) return invalidGrant();
  return answer(stores.tokens.issue(user, grant.scopes, app.clientId));
}
