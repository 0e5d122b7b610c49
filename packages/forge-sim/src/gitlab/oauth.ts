import { createHash } from 'node:crypto';
import {
  authorizePage,
  cookieLogin,
  LOGIN_COOKIE,
  page,
  withParams,
  type WebReply,
} from '../oauth/flow.js';
import { parseScopes, type OAuthApp, type OAuthApps } from '../oauth/apps.js';
import type { RefreshableTokens } from '../oauth/tokens.js';
import type { Users } from '../users.js';

/** The scopes GitLab's OAuth provider grants (docs.gitlab.com/integration/oauth_provider). */
export const GITLAB_SCOPES = [
  'api',
  'read_api',
  'read_user',
  'read_repository',
  'write_repository',
  'openid',
  'profile',
  'email',
];

/** Doorkeeper's descriptions of the OAuth 2 errors, as GitLab answers them. */
const DESCRIPTIONS = {
  invalid_client:
    'Client authentication failed due to unknown client, no client authentication included, or unsupported authentication method.',
  invalid_grant:
    'The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.',
  invalid_redirect_uri: 'The redirect URI included is not valid.',
  unsupported_grant_type:
    'The authorization grant type is not supported by the authorization server.',
  unsupported_response_type: 'The authorization server does not support this response type.',
  invalid_scope: 'The requested scope is invalid, unknown, or malformed.',
  access_denied: 'The resource owner or authorization server denied the request.',
  invalid_code_challenge_method: 'The code challenge method must be plain or S256.',
};

/** What the GitLab OAuth endpoints read and change. */
export interface GitLabOAuthContext {
  apps: OAuthApps;
  users: Users;
  tokens: RefreshableTokens;
}

/** One request to `/oauth/…` of the web origin, its body read. */
export interface GitLabOAuthRequest {
  method: string;
  url: URL;
  body: string;
  contentType: string | undefined;
  authorization: string | undefined;
  cookie: string | undefined;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether `redirectUri` is the app's redirect URI: the same URI exactly (Doorkeeper), a loopback
 * one on any port (RFC 8252 §7.3).
 */
export function redirectMatches(callbackUrl: string, redirectUri: string) {
  if (callbackUrl === redirectUri) return true;
  try {
    const a = new URL(callbackUrl);
    const b = new URL(redirectUri);
    return (
      LOOPBACK.has(a.hostname) &&
      a.protocol === b.protocol &&
      a.hostname === b.hostname &&
      a.pathname === b.pathname &&
      a.search === b.search
    );
  } catch {
    return false;
  }
}

const errorPage = (description: string) =>
  page(
    400,
    'An error has occurred',
    `<h1>An error has occurred</h1><p role="alert">${description}</p>`,
  );

type Checked = { app: OAuthApp; redirect: string; scopes: string[] } | WebReply;

/** The app, redirect and scopes of an authorize request, or Doorkeeper's refusal. */
function check(apps: OAuthApps, params: URLSearchParams): Checked {
  const app = apps.get(params.get('client_id'));
  if (!app) return errorPage(DESCRIPTIONS.invalid_client);
  const redirect = params.get('redirect_uri') ?? '';
  if (!redirect) {
    return errorPage(
      'The request is missing a required parameter, includes an unsupported parameter value, or is otherwise malformed. Missing required parameter: redirect_uri.',
    );
  }
  if (!redirectMatches(app.callbackUrl, redirect))
    return errorPage(DESCRIPTIONS.invalid_redirect_uri);
  const back = (error: keyof typeof DESCRIPTIONS) => ({
    status: 302,
    headers: {
      location: withParams(redirect, {
        error,
        error_description: DESCRIPTIONS[error],
        state: params.get('state') ?? undefined,
      }),
    },
    body: '',
  });
  if (params.get('response_type') !== 'code') return back('unsupported_response_type');
  const scopes = parseScopes(params.get('scope'));
  if (scopes.some((scope) => !GITLAB_SCOPES.includes(scope))) return back('invalid_scope');
  const method = params.get('code_challenge_method');
  if (params.get('code_challenge') && method && method !== 'S256' && method !== 'plain') {
    return {
      status: 302,
      headers: {
        location: withParams(redirect, {
          error: 'invalid_request',
          error_description: DESCRIPTIONS.invalid_code_challenge_method,
          state: params.get('state') ?? undefined,
        }),
      },
      body: '',
    };
  }
  // No scope asked: GitLab's default scope, api.
  return { app, redirect, scopes: scopes.length > 0 ? scopes : ['api'] };
}

const FIELDS = [
  'client_id',
  'redirect_uri',
  'response_type',
  'scope',
  'state',
  'code_challenge',
  'code_challenge_method',
];

function formFor(params: URLSearchParams, redirect: string) {
  return {
    action: '/oauth/authorize',
    fields: FIELDS,
    cancelUrl: withParams(redirect, {
      error: 'access_denied',
      error_description: DESCRIPTIONS.access_denied,
      state: params.get('state') ?? undefined,
    }),
  };
}

/** GET and POST /oauth/authorize: the page, then a code back to the app with the state. */
function authorize(ctx: GitLabOAuthContext, request: GitLabOAuthRequest): WebReply {
  const params =
    request.method === 'POST' ? new URLSearchParams(request.body) : request.url.searchParams;
  const checked = check(ctx.apps, params);
  if ('status' in checked) return checked;
  const form = formFor(params, checked.redirect);
  if (request.method === 'GET') {
    return authorizePage(
      checked.app,
      params,
      checked.redirect,
      cookieLogin(request.cookie) ?? '',
      undefined,
      form,
    );
  }
  const login = (params.get('login') ?? '').trim();
  const user = ctx.users.byLogin(login);
  if (!user) {
    return authorizePage(checked.app, params, checked.redirect, login, 'Incorrect username.', form);
  }
  const code = ctx.apps.issueCode({
    clientId: checked.app.clientId,
    userId: user.id,
    scopes: checked.scopes,
    redirectUri: checked.redirect,
    codeChallenge: params.get('code_challenge') ?? undefined,
    codeChallengeMethod: params.get('code_challenge')
      ? (params.get('code_challenge_method') ?? 'plain')
      : undefined,
  });
  return {
    status: 302,
    headers: {
      location: withParams(checked.redirect, { code, state: params.get('state') ?? undefined }),
      'set-cookie': `${LOGIN_COOKIE}=${encodeURIComponent(user.login)}; Path=/; HttpOnly; SameSite=Lax`,
    },
    body: '',
  };
}

/** The fields of a token request: form-encoded or JSON; client credentials also by Basic auth. */
function tokenFields(request: GitLabOAuthRequest) {
  const fields = new URLSearchParams();
  if ((request.contentType ?? '').includes('json')) {
    try {
      const parsed = JSON.parse(request.body) as Record<string, unknown>;
      for (const [key, value] of Object.entries(parsed ?? {})) {
        if (typeof value === 'string') fields.set(key, value);
      }
    } catch {
      // An unreadable body has no fields: the answer says which is missing.
    }
  } else {
    for (const [key, value] of new URLSearchParams(request.body)) fields.set(key, value);
  }
  const basic = /^basic\s+(\S+)$/i.exec(request.authorization ?? '');
  if (basic) {
    const decoded = Buffer.from(basic[1] ?? '', 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    fields.set('client_id', decodeURIComponent(decoded.slice(0, colon)));
    fields.set('client_secret', decodeURIComponent(decoded.slice(colon + 1)));
  }
  return fields;
}

function tokenReply(status: number, body: Record<string, unknown>): WebReply {
  return {
    status,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      pragma: 'no-cache',
    },
    body: JSON.stringify(body),
  };
}

const refuse = (
  status: number,
  error: keyof typeof DESCRIPTIONS | 'invalid_request',
  description?: string,
) =>
  tokenReply(status, {
    error,
    error_description: description ?? DESCRIPTIONS[error as keyof typeof DESCRIPTIONS],
  });

/** Whether `verifier` answers the PKCE `challenge` by `method` (RFC 7636 §4.6). */
function pkceMatches(challenge: string, method: string | undefined, verifier: string) {
  if (method === 'S256') {
    return createHash('sha256').update(verifier).digest('base64url') === challenge;
  }
  return verifier === challenge;
}

/**
 * POST /oauth/token: `grant_type=authorization_code` (client_id, client_secret, code,
 * redirect_uri, code_verifier) or `grant_type=refresh_token` (client_id, client_secret,
 * refresh_token) → an access token of 7200 s and a new refresh token (the used one is revoked);
 * errors as Doorkeeper gives them (`{error, error_description}`, 400 or 401).
 */
function token(ctx: GitLabOAuthContext, request: GitLabOAuthRequest): WebReply {
  const fields = tokenFields(request);
  const grantType = fields.get('grant_type');
  if (!grantType) {
    return refuse(
      400,
      'invalid_request',
      'The request is missing a required parameter, includes an unsupported parameter value, or is otherwise malformed. Missing required parameter: grant_type.',
    );
  }
  if (grantType !== 'authorization_code' && grantType !== 'refresh_token') {
    return refuse(400, 'unsupported_grant_type');
  }
  const app = ctx.apps.get(fields.get('client_id'));
  if (!app || fields.get('client_secret') !== app.clientSecret)
    return refuse(401, 'invalid_client');
  let issued;
  if (grantType === 'refresh_token') {
    issued = ctx.tokens.refresh(fields.get('refresh_token') ?? '', app.clientId);
  } else {
    const grant = ctx.apps.redeem(fields.get('code') ?? '', app.clientId);
    const user = grant ? ctx.users.byId(grant.userId) : undefined;
    const verified =
      !grant?.codeChallenge ||
      pkceMatches(
        grant.codeChallenge,
        grant.codeChallengeMethod,
        fields.get('code_verifier') ?? '',
      );
    if (grant && user && grant.redirectUri === fields.get('redirect_uri') && verified) {
      issued = ctx.tokens.issue(user, grant.scopes, app.clientId);
    }
  }
  if (!issued) return refuse(400, 'invalid_grant');
  return tokenReply(200, {
    access_token: issued.accessToken,
    token_type: 'Bearer',
    expires_in: issued.expiresIn,
    refresh_token: issued.refreshToken,
    scope: issued.scopes.join(' '),
    created_at: issued.createdAt,
  });
}

/** Answers GitLab's OAuth provider on the web origin: `/oauth/authorize` and `/oauth/token`. */
export function answerGitLabOAuth(ctx: GitLabOAuthContext, request: GitLabOAuthRequest): WebReply {
  const { pathname } = request.url;
  if (pathname === '/oauth/authorize' && (request.method === 'GET' || request.method === 'POST')) {
    return authorize(ctx, request);
  }
  if (pathname === '/oauth/token' && request.method === 'POST') return token(ctx, request);
  return { status: 404, headers: { 'content-type': 'text/plain' }, body: 'Not Found\n' };
}
