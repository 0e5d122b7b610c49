import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Fault } from '../faults.js';
import { json, ReplyError, type Reply } from '../http-reply.js';
import type { OAuthApps } from '../oauth/apps.js';
import type { RefreshableTokens } from '../oauth/tokens.js';
import type { Repositories } from '../repositories.js';
import type { Users } from '../users.js';
import { answerGitLabOAuth } from './oauth.js';
import { rateLimitHeaders, type GitLabRateLimits } from './rate-limits.js';
import { answerGitLab } from './rest.js';
import type { GitLabOrigins } from './representations.js';
import { COMMIT_ERRORS } from './write-commit.js';

/** GitLab's REST root below the web origin, as on gitlab.com. */
export const GITLAB_API_PREFIX = '/api/v4';

/** What the GitLab side of the server reads and changes. */
export interface GitLabServing {
  users: Users;
  repos: Repositories;
  apps: OAuthApps;
  tokens: RefreshableTokens;
  limits: GitLabRateLimits;
  origins: () => GitLabOrigins;
  readBody: (request: IncomingMessage) => Promise<Buffer>;
}

/** GitLab's CORS answer for `/api/*` (its Rack::Cors settings): any origin, its headers exposed. */
const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
  'access-control-allow-headers': 'Authorization, Content-Type, PRIVATE-TOKEN, Accept',
  'access-control-expose-headers':
    'Link, X-Total, X-Total-Pages, X-Per-Page, X-Page, X-Next-Page, X-Prev-Page, X-Gitlab-Blob-Id, X-Gitlab-Commit-Id, X-Gitlab-Content-Sha256, X-Gitlab-Encoding, X-Gitlab-File-Name, X-Gitlab-File-Path, X-Gitlab-Last-Commit-Id, X-Gitlab-Ref, X-Gitlab-Size, X-Gitlab-Execute-Filemode, Retry-After, RateLimit-Limit, RateLimit-Observed, RateLimit-Remaining, RateLimit-Reset, RateLimit-ResetTime, RateLimit-Name',
};

/** The token of a request: `Authorization: Bearer`, `PRIVATE-TOKEN`, or `private_token`/`access_token`. */
function tokenOf(request: IncomingMessage, url: URL) {
  const bearer = /^bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  if (bearer) return bearer[1];
  const header = request.headers['private-token'];
  if (typeof header === 'string' && header !== '') return header;
  return url.searchParams.get('private_token') ?? url.searchParams.get('access_token') ?? undefined;
}

const REASONS: Record<number, string> = {
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

function send(
  response: ServerResponse,
  reply: Reply,
  extra: Record<string, string>,
  head: boolean,
) {
  const body = reply.raw ?? (reply.body === undefined ? '' : JSON.stringify(reply.body));
  response.writeHead(reply.status, {
    'content-type': 'application/json',
    ...CORS,
    ...extra,
    ...reply.headers,
  });
  response.end(head ? undefined : body);
}

/** Parses a GitLab request body: JSON, or form fields (Grape takes both). */
function parseBody(
  raw: Buffer,
  contentType: string | undefined,
): Record<string, unknown> | undefined {
  if (raw.length === 0) return {};
  const text = raw.toString('utf8');
  if ((contentType ?? '').includes('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(text));
  }
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return undefined;
  }
}

/** Serves one request under `/api/v4`: auth, rate limits, faults, then the dialect. */
export async function serveGitLabApi(
  deps: GitLabServing,
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
  fault: Fault | undefined,
) {
  const method = request.method ?? 'GET';
  if (method === 'OPTIONS') {
    response.writeHead(204, { ...CORS, 'access-control-max-age': '7200' });
    response.end();
    return;
  }
  const raw = await deps.readBody(request);
  const head = method === 'HEAD';
  const token = tokenOf(request, url);
  const user = token === undefined ? undefined : deps.users.byToken(token);
  const limits = deps.limits.take(user?.id ?? `ip:${request.socket.remoteAddress ?? ''}`, !!user);
  const throttled = (retryAfter: number, headers: Record<string, string>) => {
    response.writeHead(429, {
      'content-type': 'text/plain',
      ...CORS,
      ...headers,
      'retry-after': String(retryAfter),
    });
    response.end('Retry later\n');
  };
  if (fault?.status) {
    send(
      response,
      json(fault.status, { message: `${fault.status} ${REASONS[fault.status] ?? 'Error'}` }),
      limits.headers,
      head,
    );
    return;
  }
  if (fault?.rateLimit || fault?.secondaryRateLimit !== undefined) {
    const seconds =
      typeof fault.secondaryRateLimit === 'number' ? fault.secondaryRateLimit : limits.retryAfter;
    const reset = Math.floor(Date.now() / 1000) + seconds;
    const limit = Number(limits.headers['ratelimit-limit']);
    throttled(seconds, rateLimitHeaders(limits.headers['ratelimit-name'], limit, limit + 1, reset));
    return;
  }
  if (limits.exceeded) {
    throttled(limits.retryAfter, limits.headers);
    return;
  }
  let reply: Reply;
  if (token !== undefined && (!user || deps.tokens.expired(token))) {
    reply = user
      ? json(401, {
          error: 'invalid_token',
          error_description:
            'Token is expired. You can either do re-authorization or token refresh.',
        })
      : json(401, { message: '401 Unauthorized' });
  } else if (fault?.staleSha) {
    reply = json(400, { message: COMMIT_ERRORS.changed });
  } else {
    // Grape reads parameters from the query string and the body alike (the body wins); GitLab
    // documents DELETE …/files/:file_path's branch and commit_message as query parameters.
    const parsed = parseBody(raw, request.headers['content-type']);
    const body = parsed && { ...Object.fromEntries(url.searchParams), ...parsed };
    if (!body) {
      reply = json(400, { error: 'The provided JSON is not valid' });
    } else {
      try {
        reply = await answerGitLab(
          { users: deps.users, repos: deps.repos, origins: deps.origins(), tokens: deps.tokens },
          {
            method,
            path: url.pathname.slice(GITLAB_API_PREFIX.length) || '/',
            query: url.searchParams,
            body,
            user,
            scopes: token === undefined ? undefined : deps.users.scopesOf(token),
          },
        );
      } catch (cause) {
        if (!(cause instanceof ReplyError)) throw cause;
        reply = cause.reply;
      }
    }
  }
  if (fault?.dropReply) {
    request.socket.destroy();
    return;
  }
  send(response, reply, limits.headers, head);
}

/** Serves GitLab's OAuth provider (`/oauth/authorize`, `/oauth/token`) on the web origin. */
export async function serveGitLabOAuth(
  deps: GitLabServing,
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
  fault: Fault | undefined,
) {
  if (request.method === 'OPTIONS' && url.pathname === '/oauth/token') {
    // GitLab lets a browser app (PKCE) call the token endpoint from any origin.
    response.writeHead(204, {
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'POST',
      'access-control-allow-headers': 'Authorization, Content-Type',
      'access-control-max-age': '7200',
    });
    response.end();
    return;
  }
  const reply = answerGitLabOAuth(
    { apps: deps.apps, users: deps.users, tokens: deps.tokens },
    {
      method: request.method ?? 'GET',
      url,
      body: (await deps.readBody(request)).toString('utf8'),
      contentType: request.headers['content-type'],
      authorization: request.headers.authorization,
      cookie: request.headers.cookie,
    },
  );
  if (fault?.dropReply) {
    request.socket.destroy();
    return;
  }
  const cors = url.pathname === '/oauth/token' ? { 'access-control-allow-origin': '*' } : {};
  response.writeHead(reply.status, { ...cors, ...reply.headers });
  response.end(reply.body);
}
