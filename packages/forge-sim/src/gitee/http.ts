import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Fault } from '../faults.js';
import type { RefreshableTokens } from '../oauth/tokens.js';
import { GiteeError, type GiteeContext, type GiteeReply } from './context.js';
import { answerGitee } from './routes.js';

/** Gitee's API root below the site's URL (the v5 API lives at `/api/v5`). */
export const GITEE_API_PREFIX = '/api/v5';

/** As gitee.com's API: any origin may call it with a token. */
const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
  'access-control-allow-headers': 'Authorization, Content-Type',
  'access-control-expose-headers': 'total_count, total_page',
};

/** The body's parameters: JSON or a form (`committer[name]` keys kept as they are). */
function bodyFields(raw: Buffer, contentType: string | undefined): Record<string, unknown> {
  if (raw.length === 0) return {};
  const text = raw.toString('utf8');
  if ((contentType ?? '').includes('json')) {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      throw new SyntaxError('not an object');
    return parsed as Record<string, unknown>;
  }
  return Object.fromEntries(new URLSearchParams(text));
}

/** What serving one Gitee request needs from the server. */
export interface GiteeServing {
  ctx: GiteeContext;
  tokens: RefreshableTokens;
  readBody: (request: IncomingMessage) => Promise<Buffer>;
}

/**
 * Answers one request to `{url}/api/v5…`: the token from `access_token` (query or body) or
 * `Authorization: token X` / `Bearer X`; an unknown token is a 401, and so is an expired one.
 */
export async function serveGitee(
  serving: GiteeServing,
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
  fault: Fault | undefined,
) {
  const { ctx, tokens } = serving;
  if (request.method === 'OPTIONS') {
    response.writeHead(204, { ...CORS, 'access-control-max-age': '86400' });
    response.end();
    return;
  }
  const raw = await serving.readBody(request);
  let reply: GiteeReply;
  try {
    if (fault?.status) throw new GiteeError(fault.status, 'Server Error');
    let fields: Record<string, unknown>;
    try {
      fields = {
        ...Object.fromEntries(url.searchParams),
        ...bodyFields(raw, request.headers['content-type']),
      };
    } catch {
      throw new GiteeError(400, 'Invalid JSON');
    }
    const header = /^(?:token|bearer)\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
    const token =
      header?.[1] ?? (typeof fields.access_token === 'string' ? fields.access_token : undefined);
    const user = token ? ctx.users.byToken(token) : undefined;
    if (token && !user) throw new GiteeError(401, '401 Unauthorized: Access token does not exist');
    if (token && tokens.expired(token))
      throw new GiteeError(401, '401 Unauthorized: Access token is expired');
    reply = await answerGitee(ctx, url.pathname.slice('/api'.length), {
      method: request.method ?? 'GET',
      fields,
      user,
    });
  } catch (cause) {
    if (!(cause instanceof GiteeError)) throw cause;
    reply = { status: cause.status, body: { message: cause.message } };
  }
  if (fault?.dropReply) {
    request.socket.destroy();
    return;
  }
  response.writeHead(reply.status, {
    'content-type': 'application/json; charset=utf-8',
    ...CORS,
    ...reply.headers,
  });
  response.end(JSON.stringify(reply.body));
}
