import type { Users } from '../users.js';
import type { OAuthApps } from './apps.js';
import { exchangeCode, showAuthorize, submitAuthorize, type WebReply } from './flow.js';

/** One request to the web origin's `/login/oauth/…`, its body read. */
export interface OAuthRequest {
  method: string;
  url: URL;
  body: string;
  contentType: string | undefined;
  accept: string | undefined;
  cookie: string | undefined;
}

/** The fields of a token request: form-encoded or JSON, as GitHub takes both; the query too. */
function tokenFields(request: OAuthRequest) {
  const fields = new URLSearchParams(request.url.searchParams);
  let given: Record<string, unknown> = {};
  if ((request.contentType ?? '').includes('json')) {
    try {
      const parsed: unknown = JSON.parse(request.body);
      if (parsed && typeof parsed === 'object') given = parsed as Record<string, unknown>;
    } catch {
      // An unreadable body gives no fields: the answer says the credentials are wrong.
    }
  } else {
    given = Object.fromEntries(new URLSearchParams(request.body));
  }
  for (const [key, value] of Object.entries(given)) {
    if (typeof value === 'string') fields.set(key, value);
  }
  return fields;
}

/** Answers GitHub's OAuth web flow: the authorize page, its form, and the token endpoint. */
export function answerOAuth(
  ctx: { apps: OAuthApps; users: Users },
  request: OAuthRequest,
): WebReply {
  const { pathname } = request.url;
  if (pathname === '/login/oauth/authorize' && request.method === 'GET') {
    return showAuthorize(ctx.apps, request.url.searchParams, request.cookie);
  }
  if (pathname === '/login/oauth/authorize' && request.method === 'POST') {
    return submitAuthorize(ctx.apps, ctx.users, new URLSearchParams(request.body));
  }
  if (pathname === '/login/oauth/access_token' && request.method === 'POST') {
    return exchangeCode(ctx.apps, ctx.users, tokenFields(request), request.accept);
  }
  return { status: 404, headers: { 'content-type': 'text/plain' }, body: 'Not Found\n' };
}
