import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Fault } from '../faults.js';
import type { RefreshableTokens } from '../oauth/tokens.js';
import { GiteaError, type GiteaContext, type GiteaReply } from './context.js';
import { answerGitea } from './routes.js';

/** The API root below the instance's URL. */
export const GITEA_API_PREFIX = '/api/v1';

/**
 * CORS as a Gitea with `[cors] ENABLED = true` and `ALLOW_DOMAIN = *` answers it (Gitea's CORS is
 * off unless the admin turns it on; a browser app needs it on), the paging headers exposed.
 */
const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
  'access-control-allow-headers': 'Authorization, Content-Type, User-Agent',
  'access-control-expose-headers':
    'Link, X-Total-Count, X-HasMore, X-Page, X-PerPage, X-PageCount, X-Total',
};

/** The token of `Authorization: token X` / `Bearer X`, or of the `access_token` / `token` query. */
function tokenOf(request: IncomingMessage, url: URL) {
  const header = /^(?:token|bearer)\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  if (header) return header[1];
  return url.searchParams.get('access_token') ?? url.searchParams.get('token') ?? undefined;
}

/** What serving one Gitea request needs from the server. */
export interface GiteaServing {
  ctx: GiteaContext;
  tokens: RefreshableTokens;
  readBody: (request: IncomingMessage) => Promise<Buffer>;
}

/** Answers one request to `{url}/api/v1…` (the fault, if any, already taken for it). */
export async function serveGitea(
  serving: GiteaServing,
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
  fault: Fault | undefined,
) {
  const { ctx, tokens } = serving;
  const swagger = `${ctx.web}/api/swagger`;
  if (request.method === 'OPTIONS') {
    response.writeHead(200, { ...CORS, 'access-control-max-age': '600' });
    response.end();
    return;
  }
  const raw = await serving.readBody(request);
  let reply: GiteaReply;
  try {
    if (fault?.status) throw new GiteaError(fault.status, 'Server Error');
    const token = tokenOf(request, url);
    const user = token === undefined ? undefined : ctx.users.byToken(token);
    if (token !== undefined && (!user || tokens.expired(token))) {
      throw new GiteaError(401, 'token is required');
    }
    let body: unknown;
    if (raw.length > 0) {
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        throw new GiteaError(422, '[JSON]: invalid JSON');
      }
    }
    reply = await answerGitea(ctx, url.pathname.slice(GITEA_API_PREFIX.length) || '/', {
      method: request.method ?? 'GET',
      query: url.searchParams,
      body,
      user,
    });
  } catch (cause) {
    if (!(cause instanceof GiteaError)) throw cause;
    reply = {
      status: cause.status,
      body: {
        message: cause.message,
        url: swagger,
        ...(cause.errors !== undefined ? { errors: cause.errors } : {}),
      },
    };
  }
  if (fault?.dropReply) {
    request.socket.destroy();
    return;
  }
  response.writeHead(reply.status, {
    ...(reply.body === undefined ? {} : { 'content-type': 'application/json;charset=utf-8' }),
    ...CORS,
    ...reply.headers,
  });
  response.end(reply.body === undefined ? '' : JSON.stringify(reply.body));
}
