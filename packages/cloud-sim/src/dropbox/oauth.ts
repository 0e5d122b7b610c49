import { createHash, randomBytes } from 'node:crypto';
import { json, type Reply } from '../errors.js';
import { cookies, formFields, type SimRequest } from '../request.js';
import type { DropboxAccounts, DropboxApp, DropboxUser } from './accounts.js';
import { APP_FOLDER_PARENT } from './routes.js';
import { escape, html } from '../html-page.js';

/** www.dropbox.com's authorization page. */
export const DROPBOX_AUTHORIZE_PATH = '/oauth2/authorize';
/** api.dropboxapi.com's token endpoint. */
export const DROPBOX_TOKEN_PATH = '/oauth2/token';
/** The cookie by which the page remembers the browser's Dropbox account. */
export const DROPBOX_SESSION_COOKIE = 'cloud_sim_dropbox_account';
/** How long an authorization code may be exchanged: 10 minutes (a sim choice). */
export const DROPBOX_CODE_LIFETIME_MS = 10 * 60 * 1000;

interface Code {
  user: DropboxUser;
  app: DropboxApp;
  scopes: string[];
  /** The redirect URI of the authorization, which the exchange must repeat; '' when none. */
  redirectUri: string;
  offline: boolean;
  challenge?: { value: string; method: 'plain' | 'S256' };
  expiresAt: number;
}

const tokenError = (error: string, description: string, status = 400) =>
  json(status, { error, error_description: description });

/** Dropbox's page for a request it will not redirect (a bad client_id or redirect_uri). */
function errorPage(message: string) {
  return `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>Dropbox - API Request Authorization (cloud-sim)</title></head>
  <body><main><h1>Error (400)</h1><p role="alert">${escape(message)}</p></main></body>
</html>
`;
}

/**
 * The sign-in and consent page, reduced to a form a test fills by role and name: a heading
 * **Sign in to Dropbox**, a text field **Email**, what the app asks ("{app} would like access to
 * the files and folders in your Dropbox" or "…to its own folder, Applications › {app}…"), a button
 * **Allow** and a link **Cancel**.
 */
function authorizePage(app: DropboxApp, params: URLSearchParams, email: string, message?: string) {
  const hidden = [...params]
    .filter(([name]) => name !== 'email')
    .map(([name, value]) => `<input type="hidden" name="${escape(name)}" value="${escape(value)}">`)
    .join('\n      ');
  const cancel = new URLSearchParams(params);
  cancel.set('cancel', '1');
  const asks =
    app.access === 'app_folder'
      ? `${app.name} would like access to its own folder, ${APP_FOLDER_PARENT.slice(1)} › ${app.name}, inside your Dropbox.`
      : `${app.name} would like access to the files and folders in your Dropbox.`;
  return `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>Dropbox - API Request Authorization (cloud-sim)</title></head>
  <body>
    <main>
      <h1>Sign in to Dropbox</h1>
      ${message ? `<p role="alert">${escape(message)}</p>` : ''}
      <form method="post" action="${DROPBOX_AUTHORIZE_PATH}">
      ${hidden}
      <label>Email <input type="email" name="email" value="${escape(email)}" autocomplete="username"></label>
      <p>${escape(asks)}</p>
      <button type="submit">Allow</button>
      <a href="${DROPBOX_AUTHORIZE_PATH}?${escape(cancel.toString())}">Cancel</a>
      </form>
    </main>
  </body>
</html>
`;
}

/** Dropbox's OAuth 2 endpoints: `/oauth2/authorize` (code, with PKCE, and token) and `/oauth2/token`. */
export class DropboxOAuthRoutes {
  readonly #codes = new Map<string, Code>();

  constructor(readonly accounts: DropboxAccounts) {}

  answer(request: SimRequest): Reply | undefined {
    switch (request.url.pathname) {
      case DROPBOX_AUTHORIZE_PATH:
        return this.#authorize(request);
      case DROPBOX_TOKEN_PATH:
        return request.method === 'POST' ? this.#token(request) : undefined;
      default:
        return undefined;
    }
  }

  #authorize(request: SimRequest): Reply {
    const params = request.method === 'POST' ? formFields(request) : request.url.searchParams;
    const app = this.accounts.app(params.get('client_id'));
    if (!app) return html(400, errorPage('Invalid client_id.'));
    const redirectUri = params.get('redirect_uri') ?? '';
    const responseType = params.get('response_type') ?? '';
    if (responseType !== 'code' && responseType !== 'token') {
      return html(400, errorPage(`Invalid response_type: "${responseType}".`));
    }
    // A redirect URI is optional for the code flow (the code is then shown) and must be exact.
    if ((redirectUri || responseType === 'token') && !app.redirectUris.includes(redirectUri)) {
      return html(
        400,
        errorPage(
          `Invalid redirect_uri: "${redirectUri}". It must exactly match one of the redirect URIs you've pre-configured for your app (including the path).`,
        ),
      );
    }
    const state = params.get('state');
    const back = (fields: Record<string, string>, headers: Record<string, string> = {}): Reply => {
      const answer = new URLSearchParams(fields);
      if (state !== null) answer.set('state', state);
      if (!redirectUri) {
        return html(
          200,
          `<!doctype html><html lang="en"><body><main><h1>Access code</h1><p>${escape(fields.code ?? fields.error ?? '')}</p></main></body></html>`,
          headers,
        );
      }
      const separator = responseType === 'token' ? '#' : '?';
      return {
        status: 302,
        raw: Buffer.alloc(0),
        headers: { location: `${redirectUri}${separator}${answer.toString()}`, ...headers },
      };
    };
    const challenge = params.get('code_challenge');
    const method = params.get('code_challenge_method') ?? 'plain';
    if (challenge !== null) {
      if (responseType !== 'code' || (method !== 'plain' && method !== 'S256')) {
        return back({
          error: 'invalid_request',
          error_description: 'invalid code_challenge_method',
        });
      }
      if (!/^[A-Za-z0-9._~-]{43,128}$/.test(challenge)) {
        return back({ error: 'invalid_request', error_description: 'invalid code_challenge' });
      }
    }
    const accessType = params.get('token_access_type');
    if (accessType !== null && !['online', 'offline', 'legacy'].includes(accessType)) {
      return back({ error: 'invalid_request', error_description: 'invalid token_access_type' });
    }
    const asked = (params.get('scope') ?? '').split(' ').filter(Boolean);
    const unknown = asked.find((scope) => !app.scopes.includes(scope));
    if (unknown) {
      return back({
        error: 'invalid_scope',
        error_description: `Your app isn't permitted to request the scope "${unknown}".`,
      });
    }
    if (params.get('cancel') === '1') {
      return back({
        error: 'access_denied',
        error_description: 'The user chose not to give your app access to their Dropbox account.',
      });
    }
    if (request.method !== 'POST') {
      const remembered = cookies(request).get(DROPBOX_SESSION_COOKIE) ?? '';
      return html(200, authorizePage(app, params, remembered));
    }
    const email = params.get('email') ?? '';
    const user = this.accounts.byEmail(email);
    if (!user) return html(200, authorizePage(app, params, email, 'Invalid email or password'));
    const headers = {
      'set-cookie': `${DROPBOX_SESSION_COOKIE}=${encodeURIComponent(user.email)}; Path=/; HttpOnly; SameSite=Lax`,
    };
    const scopes = asked.length > 0 ? asked : app.scopes;
    if (responseType === 'token') {
      const token = this.accounts.issue(user, app, { scopes });
      return back(
        {
          access_token: token.token,
          token_type: 'bearer',
          expires_in: String(this.accounts.tokenSeconds),
          scope: scopes.join(' '),
          uid: user.uid,
          account_id: user.accountId,
        },
        headers,
      );
    }
    const code = randomBytes(32).toString('base64url');
    this.#codes.set(code, {
      user,
      app,
      scopes,
      redirectUri,
      offline: accessType === 'offline',
      ...(challenge !== null
        ? { challenge: { value: challenge, method: method as 'plain' | 'S256' } }
        : {}),
      expiresAt: this.accounts.now() + DROPBOX_CODE_LIFETIME_MS,
    });
    return back({ code }, headers);
  }

  #token(request: SimRequest): Reply {
    const fields = formFields(request);
    // The app authenticates with HTTP Basic (key:secret) or client_id/client_secret in the body.
    let appKey = fields.get('client_id');
    let secret = fields.get('client_secret');
    const basic = /^Basic\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    if (basic) {
      const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      appKey = decoded.slice(0, colon < 0 ? undefined : colon);
      secret = colon < 0 ? null : decoded.slice(colon + 1);
    }
    const app = this.accounts.app(appKey);
    if (!app) return tokenError('invalid_client', 'Invalid client_id or client_secret', 400);
    const secretOk = secret !== null && app.appSecret !== undefined && secret === app.appSecret;
    if (secret !== null && !secretOk) {
      return tokenError('invalid_client', 'Invalid client_id or client_secret', 400);
    }
    const grantType = fields.get('grant_type');
    const { accounts } = this;
    if (grantType === 'authorization_code') {
      const key = fields.get('code') ?? '';
      const code = this.#codes.get(key);
      this.#codes.delete(key);
      if (!code || code.app.appKey !== app.appKey || code.expiresAt <= accounts.now()) {
        return tokenError('invalid_grant', "code doesn't exist or has expired");
      }
      if ((fields.get('redirect_uri') ?? '') !== code.redirectUri) {
        return tokenError('invalid_grant', 'redirect_uri mismatch');
      }
      if (code.challenge) {
        const verifier = fields.get('code_verifier') ?? '';
        const expected =
          code.challenge.method === 'S256'
            ? createHash('sha256').update(verifier).digest('base64url')
            : verifier;
        if (!verifier || expected !== code.challenge.value) {
          return tokenError('invalid_grant', 'invalid code verifier');
        }
      } else if (!secretOk) {
        return tokenError('invalid_client', 'No auth function available for given request', 400);
      }
      const refresh = code.offline
        ? accounts.issueRefresh(code.user, app, code.scopes, Boolean(code.challenge))
        : undefined;
      const token = accounts.issue(code.user, app, {
        scopes: code.scopes,
        ...(refresh ? { grant: refresh.token } : {}),
      });
      return json(200, {
        access_token: token.token,
        token_type: 'bearer',
        expires_in: accounts.tokenSeconds,
        ...(refresh ? { refresh_token: refresh.token } : {}),
        scope: code.scopes.join(' '),
        uid: code.user.uid,
        account_id: code.user.accountId,
      });
    }
    if (grantType === 'refresh_token') {
      const grant = accounts.refreshGrant(fields.get('refresh_token') ?? '');
      if (!grant || grant.app.appKey !== app.appKey) {
        return tokenError('invalid_grant', 'refresh token is invalid or revoked');
      }
      if (!grant.pkce && !secretOk) {
        return tokenError('invalid_client', 'No auth function available for given request', 400);
      }
      const asked = (fields.get('scope') ?? '').split(' ').filter(Boolean);
      if (asked.some((scope) => !grant.scopes.includes(scope))) {
        return tokenError('invalid_scope', 'scope not granted by the refresh token');
      }
      const scopes = asked.length > 0 ? asked : grant.scopes;
      const token = accounts.issue(grant.user, app, { scopes, grant: grant.token });
      return json(200, {
        access_token: token.token,
        token_type: 'bearer',
        expires_in: accounts.tokenSeconds,
        ...(asked.length > 0 ? { scope: scopes.join(' ') } : {}),
      });
    }
    return tokenError('unsupported_grant_type', `grant_type is not supported: ${grantType ?? ''}`);
  }
}
