import type { Users } from '../users.js';
import { parseScopes, redirectAllowed, type OAuthApp, type OAuthApps } from './apps.js';

/** An answer of the web origin: HTML, a redirect or a token. */
export interface WebReply {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const ERROR_DOCS =
  'https://docs.github.com/apps/managing-oauth-apps/troubleshooting-oauth-app-access-token-request-errors';
const AUTHORIZE_DOCS =
  'https://docs.github.com/apps/managing-oauth-apps/troubleshooting-authorization-request-errors';
/** The cookie that keeps the user signed in to the authorize pages of every dialect. */
export const LOGIN_COOKIE = 'forge_sim_login';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** An HTML page of the web origin. */
export function page(
  status: number,
  title: string,
  main: string,
  headers: Record<string, string> = {},
): WebReply {
  return {
    status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
      'x-frame-options': 'deny',
      ...headers,
    },
    body: `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem}
button{padding:.5rem 1rem}.error{color:#b00}</style></head>
<body><main>${main}</main></body></html>
`,
  };
}

/** The URL `base` with `params` added to its query. */
export function withParams(base: string, params: Record<string, string | undefined>) {
  const url = new URL(base);
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined) url.searchParams.set(key, value);
  }
  return url.toString();
}

/** The user the login cookie names, if any. */
export function cookieLogin(cookie: string | undefined) {
  for (const part of (cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === LOGIN_COOKIE) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

/** The app and the redirect an authorize request names, or the page that refuses it. */
function check(
  apps: OAuthApps,
  params: URLSearchParams,
): { app: OAuthApp; redirect: string } | WebReply {
  const app = apps.get(params.get('client_id'));
  if (!app)
    return page(
      404,
      'Not Found',
      '<h1>Not Found</h1><p>No OAuth application has this client_id.</p>',
    );
  const asked = params.get('redirect_uri');
  if (asked && !redirectAllowed(app.callbackUrl, asked)) {
    // As GitHub documents it: back to the registered callback, never to the URI asked for.
    return {
      status: 302,
      headers: {
        location: withParams(app.callbackUrl, {
          error: 'redirect_uri_mismatch',
          error_description:
            'The redirect_uri MUST match the registered callback URL for this application.',
          error_uri: `${AUTHORIZE_DOCS}/#redirect-uri-mismatch`,
          state: params.get('state') ?? undefined,
        }),
      },
      body: '',
    };
  }
  return { app, redirect: asked || app.callbackUrl };
}

/**
 * How a dialect's authorize page posts its form: where, which query fields it carries on, and
 * where Cancel leads. GitHub's (`/login/oauth/authorize`) when absent.
 */
export interface AuthorizeForm {
  action: string;
  fields: readonly string[];
  cancelUrl: string;
}

/** The authorize page: who the user is, the scopes asked for, Authorize and Cancel. */
export function authorizePage(
  app: OAuthApp,
  params: URLSearchParams,
  redirect: string,
  login: string,
  problem?: string,
  form?: AuthorizeForm,
): WebReply {
  const title = `Authorize ${app.name}`;
  const scopes = parseScopes(params.get('scope'));
  const state = params.get('state') ?? undefined;
  const cancel =
    form?.cancelUrl ??
    withParams(redirect, {
      error: 'access_denied',
      error_description: 'The user has denied your application access.',
      error_uri: `${AUTHORIZE_DOCS}/#access-denied`,
      state,
    });
  const hidden = (form?.fields ?? ['client_id', 'redirect_uri', 'scope', 'state'])
    .filter((name) => params.get(name) !== null)
    .map((name) => `<input type="hidden" name="${name}" value="${escape(params.get(name) ?? '')}">`)
    .join('\n');
  return page(
    problem ? 422 : 200,
    title,
    `<h1>${escape(title)}</h1>
<p>${escape(app.name)} wants to access your forge-sim account${
      scopes.length > 0
        ? `: ${scopes.map((scope) => `<code>${escape(scope)}</code>`).join(', ')}`
        : '.'
    }</p>
${problem ? `<p class="error" role="alert">${escape(problem)}</p>` : ''}
<form method="post" action="${escape(form?.action ?? '/login/oauth/authorize')}">
${hidden}
<p><label for="login">Username</label>
<input id="login" name="login" autocomplete="username" required value="${escape(login)}"></p>
<p><button type="submit">${escape(title)}</button> <a href="${escape(cancel)}">Cancel</a></p>
</form>
<p>Authorizing will redirect to <code>${escape(new URL(redirect).origin)}</code>.</p>`,
  );
}

/** GET /login/oauth/authorize: the page where the user says who they are and authorizes. */
export function showAuthorize(
  apps: OAuthApps,
  query: URLSearchParams,
  cookie: string | undefined,
): WebReply {
  const checked = check(apps, query);
  if ('status' in checked) return checked;
  return authorizePage(checked.app, query, checked.redirect, cookieLogin(cookie) ?? '');
}

/**
 * POST /login/oauth/authorize (the page's form): a code for the user named `login`, sent back to
 * the redirect URI with the state; the user stays signed in by a cookie.
 */
export function submitAuthorize(apps: OAuthApps, users: Users, form: URLSearchParams): WebReply {
  const checked = check(apps, form);
  if ('status' in checked) return checked;
  const login = (form.get('login') ?? '').trim();
  const user = users.byLogin(login);
  if (!user)
    return authorizePage(checked.app, form, checked.redirect, login, 'Incorrect username.');
  const code = apps.issueCode({
    clientId: checked.app.clientId,
    userId: user.id,
    scopes: parseScopes(form.get('scope')),
    redirectUri: form.get('redirect_uri') ?? undefined,
  });
  return {
    status: 302,
    headers: {
      location: withParams(checked.redirect, { code, state: form.get('state') ?? undefined }),
      'set-cookie': `${LOGIN_COOKIE}=${encodeURIComponent(user.login)}; Path=/; HttpOnly; SameSite=Lax`,
    },
    body: '',
  };
}

/**
 * POST /login/oauth/access_token: `client_id`, `client_secret`, `code`, `redirect_uri` (form or
 * JSON) → a new token of the user carrying the granted scopes; errors as GitHub gives them (200
 * with `error`). JSON when the Accept header asks for it, form-encoded otherwise.
 */
export function exchangeCode(
  apps: OAuthApps,
  users: Users,
  fields: URLSearchParams,
  accept: string | undefined,
): WebReply {
  const answer = (body: Record<string, string>): WebReply => {
    const asJson = (accept ?? '').includes('application/json');
    return {
      status: 200,
      headers: {
        'content-type': asJson
          ? 'application/json; charset=utf-8'
          : 'application/x-www-form-urlencoded; charset=utf-8',
        'cache-control': 'no-store',
      },
      body: asJson ? JSON.stringify(body) : new URLSearchParams(body).toString(),
    };
  };
  const refuse = (error: string, description: string, anchor: string) =>
    answer({ error, error_description: description, error_uri: `${ERROR_DOCS}/#${anchor}` });

  const app = apps.get(fields.get('client_id'));
  if (!app || fields.get('client_secret') !== app.clientSecret) {
    return refuse(
      'incorrect_client_credentials',
      'The client_id and/or client_secret passed are incorrect.',
      'incorrect-client-credentials',
    );
  }
  const redirect = fields.get('redirect_uri');
  if (redirect && !redirectAllowed(app.callbackUrl, redirect)) {
    return refuse(
      'redirect_uri_mismatch',
      'The redirect_uri MUST match the registered callback URL for this application.',
      'redirect-uri-mismatch2',
    );
  }
  const grant = apps.redeem(fields.get('code') ?? '', app.clientId);
  const user = grant ? users.byId(grant.userId) : undefined;
  if (!grant || !user) {
    return refuse(
      'bad_verification_code',
      'The code passed is incorrect or expired.',
      'bad-verification-code',
    );
  }
  if (grant.redirectUri && redirect && redirect !== grant.redirectUri) {
    return refuse(
      'redirect_uri_mismatch',
      'The redirect_uri MUST match the registered callback URL for this application.',
      'redirect-uri-mismatch2',
    );
  }
  const token = users.issueToken(user, grant.scopes);
  return answer({ access_token: token, token_type: 'bearer', scope: grant.scopes.join(',') });
}
