import { randomBytes } from 'node:crypto';
import type { Accounts, GoogleUser } from '../accounts.js';
import { invalidCredentials, json, loginRequired, type Reply } from '../errors.js';
import { bearerToken, cookies, formFields, type SimRequest } from '../request.js';
import { authorizePage, errorPage } from './authorize-page.js';
import type { IdTokenSigner } from './id-token.js';
import { html } from '../html-page.js';

/** Where the account chooser is (accounts.google.com's `/o/oauth2/v2/auth`). */
export const AUTHORIZE_PATH = '/o/oauth2/v2/auth';
/** The token endpoint (oauth2.googleapis.com's `/token`). */
export const TOKEN_PATH = '/token';
/** The revocation endpoint (oauth2.googleapis.com's `/revoke`). */
export const REVOKE_PATH = '/revoke';
/** The id tokens' keys (www.googleapis.com's `/oauth2/v3/certs`). */
export const CERTS_PATH = '/oauth2/v3/certs';
/** OAuth2 v2's tokeninfo method (`oauth2.tokeninfo`). */
export const TOKENINFO_PATH = '/oauth2/v2/tokeninfo';
/** OAuth2 v2's userinfo method (`oauth2.userinfo.get`). */
export const USERINFO_PATH = '/oauth2/v2/userinfo';

/** The cookie by which the account chooser remembers the browser's account. */
export const SESSION_COOKIE = 'cloud_sim_account';
/** How long an authorization code may be exchanged: 10 minutes. */
export const CODE_LIFETIME_MS = 10 * 60 * 1000;

interface Code {
  user: GoogleUser;
  clientId: string;
  scopes: string[];
  redirectUri: string;
  offline: boolean;
  nonce?: string;
  expiresAt: number;
}

/** What the OAuth routes work with. */
export interface OAuthContext {
  accounts: Accounts;
  signer: IdTokenSigner;
}

const redirect = (location: string, headers: Record<string, string> = {}): Reply => ({
  status: 302,
  raw: Buffer.alloc(0),
  headers: { location, ...headers },
});
const tokenError = (status: number, error: string, description: string) =>
  json(status, { error, error_description: description });
const wantsOpenId = (scopes: readonly string[]) => scopes.includes('openid');

/** Google's OAuth 2.0 endpoints: authorization (code and implicit), token, revoke, tokeninfo. */
export class OAuthRoutes {
  readonly #codes = new Map<string, Code>();

  constructor(readonly ctx: OAuthContext) {}

  /** The answer for a request to one of the OAuth paths, undefined for any other path. */
  answer(request: SimRequest): Reply | undefined {
    switch (request.url.pathname) {
      case AUTHORIZE_PATH:
        return this.#authorize(request);
      case TOKEN_PATH:
        return request.method === 'POST' ? this.#token(formFields(request)) : undefined;
      case REVOKE_PATH: {
        const token = formFields(request).get('token') ?? '';
        return this.ctx.accounts.revoke(token)
          ? json(200, {})
          : tokenError(400, 'invalid_token', 'Token expired or revoked');
      }
      case CERTS_PATH:
        return json(200, this.ctx.signer.jwks());
      case TOKENINFO_PATH:
        return this.#tokeninfo(formFields(request));
      case USERINFO_PATH: {
        const token = bearerToken(request);
        if (token === undefined) return loginRequired();
        const record = this.ctx.accounts.valid(token);
        if (!record) return invalidCredentials();
        const { user } = record;
        return json(200, {
          id: user.id,
          email: user.email,
          verified_email: true,
          name: user.name,
          given_name: user.givenName,
          family_name: user.familyName,
          picture: user.picture,
        });
      }
      default:
        return undefined;
    }
  }

  #authorize(request: SimRequest): Reply {
    const params = request.method === 'POST' ? formFields(request) : request.url.searchParams;
    const client = this.ctx.accounts.client(params.get('client_id'));
    if (!client) {
      return html(401, errorPage(401, 'invalid_client', 'The OAuth client was not found.'));
    }
    const redirectUri = params.get('redirect_uri') ?? '';
    if (!client.redirectUris.includes(redirectUri)) {
      return html(
        400,
        errorPage(
          400,
          'redirect_uri_mismatch',
          `You can't sign in to this app because it doesn't comply with Google's OAuth 2.0 policy. redirect_uri=${redirectUri}`,
        ),
      );
    }
    const responseType = (params.get('response_type') ?? '').split(' ').filter(Boolean);
    const state = params.get('state');
    const implicit = responseType.includes('token') || responseType.includes('id_token');
    const back = (fields: Record<string, string>, headers: Record<string, string> = {}) => {
      const answer = new URLSearchParams(fields);
      if (state !== null) answer.set('state', state);
      return redirect(`${redirectUri}${implicit ? '#' : '?'}${answer.toString()}`, headers);
    };
    if (!responseType.includes('code') && !implicit) {
      return back({ error: 'unsupported_response_type' });
    }
    const scopes = (params.get('scope') ?? '').split(/[\s,]+/).filter(Boolean);
    if (scopes.length === 0)
      return back({
        error: 'invalid_request',
        error_description: 'Missing required parameter: scope',
      });
    if (params.get('cancel') === '1') {
      return back({ error: 'access_denied' });
    }

    let user: GoogleUser | undefined;
    let headers: Record<string, string> = {};
    if (request.method === 'POST') {
      const email = params.get('email') ?? '';
      user = this.ctx.accounts.byEmail(email);
      if (!user) {
        return html(
          200,
          authorizePage({
            appName: client.name,
            params,
            scopes,
            email,
            message: "Couldn't find your Google Account",
          }),
        );
      }
      headers = {
        'set-cookie': `${SESSION_COOKIE}=${encodeURIComponent(user.email)}; Path=/; HttpOnly; SameSite=Lax`,
      };
    } else {
      const remembered = cookies(request).get(SESSION_COOKIE);
      const hint = params.get('login_hint');
      if (params.get('prompt') === 'none') {
        // A silent request: the browser's account answers at once, or the client is told to ask.
        user = remembered ? this.ctx.accounts.byEmail(remembered) : undefined;
        if (!user) return back({ error: 'interaction_required' });
        if (hint && hint !== user.email && hint !== user.id) {
          return back({ error: 'interaction_required' });
        }
      } else {
        return html(
          200,
          authorizePage({ appName: client.name, params, scopes, email: hint ?? remembered ?? '' }),
        );
      }
    }

    const nonce = params.get('nonce') ?? undefined;
    if (implicit) {
      const fields: Record<string, string> = {};
      if (responseType.includes('token')) {
        const token = this.ctx.accounts.issue(user, client.clientId, scopes);
        Object.assign(fields, {
          access_token: token.token,
          token_type: 'Bearer',
          expires_in: String(this.ctx.accounts.tokenSeconds),
          scope: scopes.join(' '),
        });
      }
      if (
        responseType.includes('id_token') ||
        (responseType.includes('token') && wantsOpenId(scopes))
      ) {
        fields.id_token = this.ctx.signer.sign(
          user,
          client.clientId,
          this.ctx.accounts.now(),
          nonce,
        );
      }
      return back(fields, headers);
    }
    const code = `4/${randomBytes(24).toString('base64url')}`;
    this.#codes.set(code, {
      user,
      clientId: client.clientId,
      scopes,
      redirectUri,
      offline: params.get('access_type') === 'offline',
      ...(nonce ? { nonce } : {}),
      expiresAt: this.ctx.accounts.now() + CODE_LIFETIME_MS,
    });
    return back({ code, scope: scopes.join(' ') }, headers);
  }

  #token(fields: URLSearchParams): Reply {
    const client = this.ctx.accounts.client(fields.get('client_id'));
    if (!client || client.clientSecret !== fields.get('client_secret')) {
      return tokenError(401, 'invalid_client', 'Unauthorized');
    }
    const { accounts, signer } = this.ctx;
    const grantType = fields.get('grant_type');
    if (grantType === 'authorization_code') {
      const key = fields.get('code') ?? '';
      const code = this.#codes.get(key);
      this.#codes.delete(key);
      if (
        !code ||
        code.clientId !== client.clientId ||
        code.expiresAt <= accounts.now() ||
        code.redirectUri !== fields.get('redirect_uri')
      ) {
        return tokenError(400, 'invalid_grant', 'Bad Request');
      }
      const refresh = code.offline
        ? accounts.issueRefresh(code.user, client.clientId, code.scopes).token
        : undefined;
      const token = accounts.issue(
        code.user,
        client.clientId,
        code.scopes,
        refresh ? { grant: refresh } : {},
      );
      return json(200, {
        access_token: token.token,
        expires_in: accounts.tokenSeconds,
        ...(refresh ? { refresh_token: refresh } : {}),
        scope: code.scopes.join(' '),
        token_type: 'Bearer',
        ...(wantsOpenId(code.scopes)
          ? { id_token: signer.sign(code.user, client.clientId, accounts.now(), code.nonce) }
          : {}),
      });
    }
    if (grantType === 'refresh_token') {
      const grant = accounts.refreshGrant(fields.get('refresh_token') ?? '');
      if (!grant || grant.clientId !== client.clientId) {
        return tokenError(400, 'invalid_grant', 'Token has been expired or revoked.');
      }
      const token = accounts.issue(grant.user, client.clientId, grant.scopes, {
        grant: grant.token,
      });
      return json(200, {
        access_token: token.token,
        expires_in: accounts.tokenSeconds,
        scope: grant.scopes.join(' '),
        token_type: 'Bearer',
        ...(wantsOpenId(grant.scopes)
          ? { id_token: signer.sign(grant.user, client.clientId, accounts.now()) }
          : {}),
      });
    }
    return tokenError(400, 'unsupported_grant_type', `Invalid grant_type: ${grantType ?? ''}`);
  }

  #tokeninfo(fields: URLSearchParams): Reply {
    const { accounts, signer } = this.ctx;
    const idToken = fields.get('id_token');
    if (idToken !== null) {
      const claims = signer.verify(idToken);
      if (!claims || claims.exp * 1000 <= accounts.now()) {
        return tokenError(400, 'invalid_token', 'Invalid Value');
      }
      return json(200, {
        issued_to: claims.azp,
        audience: claims.aud,
        user_id: claims.sub,
        expires_in: Math.max(0, claims.exp - Math.floor(accounts.now() / 1000)),
        email: claims.email,
        verified_email: claims.email_verified,
      });
    }
    const record = accounts.valid(fields.get('access_token') ?? undefined);
    if (!record) return tokenError(400, 'invalid_token', 'Invalid Value');
    return json(200, {
      issued_to: record.clientId,
      audience: record.clientId,
      user_id: record.user.id,
      scope: record.scopes.join(' '),
      expires_in: accounts.secondsLeft(record),
      email: record.user.email,
      verified_email: true,
    });
  }
}
