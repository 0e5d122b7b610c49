import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';

/** Which provider's token endpoint a stand-in imitates. */
export type ProviderKind = 'github' | 'gitlab' | 'gitea' | 'gitee';

/** The one OAuth application and grant a stand-in knows. */
export interface StandInAccount {
  clientId: string;
  clientSecret: string;
  code: string;
  refreshToken: string;
  redirectUri: string;
}

/** How a stand-in misbehaves: answers normally, fails with a 500 or 429, answers HTML, or never
 * answers. */
export type StandInMode = 'normal' | 'error500' | 'rateLimited' | 'html' | 'hang';

/** A request the stand-in received, as it arrived. */
export interface SeenRequest {
  method: string;
  path: string;
  query: string;
  headers: IncomingMessage['headers'];
  fields: Record<string, string>;
}

/** A running stand-in: its base URL, what it saw, and a switch for failures. */
export interface StandIn {
  baseUrl: string;
  seen: SeenRequest[];
  mode: StandInMode;
  close(): Promise<void>;
}

const TOKEN_PATH: Record<ProviderKind, string> = {
  github: '/login/oauth/access_token',
  gitlab: '/oauth/token',
  gitea: '/login/oauth/access_token',
  gitee: '/oauth/token',
};

/** The access token each stand-in issues, so tests can recognise it. */
export const ISSUED = {
  accessToken: 'issued-access-token-0123456789',
  refreshToken: 'issued-refresh-token-9876543210',
} as const;

type Answer = { status: number; body: Record<string, unknown> };

// What each provider checks and answers, after its documentation: GitHub answers 200 even for
// errors (error, error_description, error_uri); GitLab and Gitea answer RFC 6749 §5.2 errors
// with 400/401; Gitee's refresh needs no client credentials.
function decide(
  kind: ProviderKind,
  account: StandInAccount,
  fields: Record<string, string>,
): Answer {
  const clientOk =
    fields.client_id === account.clientId && fields.client_secret === account.clientSecret;
  if (kind === 'github') {
    if (!clientOk) {
      return {
        status: 200,
        body: {
          error: 'incorrect_client_credentials',
          error_description: 'The client_id and/or client_secret passed are incorrect.',
          error_uri:
            '/apps/managing-oauth-apps/troubleshooting-oauth-app-access-token-request-errors/#incorrect-client-credentials',
        },
      };
    }
    if (fields.code !== account.code) {
      return {
        status: 200,
        body: {
          error: 'bad_verification_code',
          error_description: 'The code passed is incorrect or expired.',
          error_uri:
            '/apps/managing-oauth-apps/troubleshooting-oauth-app-access-token-request-errors/#bad-verification-code',
        },
      };
    }
    return {
      status: 200,
      body: { access_token: ISSUED.accessToken, token_type: 'bearer', scope: 'repo,gist' },
    };
  }

  const grant = fields.grant_type;
  const refreshing = grant === 'refresh_token';
  if (grant !== 'authorization_code' && !refreshing) {
    return {
      status: 400,
      body: {
        error: 'unsupported_grant_type',
        error_description: 'The authorization grant type is not supported.',
      },
    };
  }
  const needsClient = !(kind === 'gitee' && refreshing);
  if (needsClient && !clientOk) {
    return kind === 'gitea'
      ? {
          status: 400,
          body: { error: 'invalid_client', error_description: 'invalid client secret' },
        }
      : {
          status: 401,
          body: {
            error: 'invalid_client',
            error_description:
              'Client authentication failed due to unknown client, no client authentication included, or unsupported authentication method.',
          },
        };
  }
  const grantOk = refreshing
    ? fields.refresh_token === account.refreshToken
    : fields.code === account.code && fields.redirect_uri === account.redirectUri;
  if (!grantOk) {
    return kind === 'gitea' && !refreshing
      ? {
          status: 400,
          body: { error: 'unauthorized_client', error_description: 'client is not authorized' },
        }
      : {
          status: 400,
          body: {
            error: 'invalid_grant',
            error_description:
              'The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.',
          },
        };
  }
  const expiresIn = { gitlab: 7200, gitea: 3600, gitee: 86400 }[kind];
  return {
    status: 200,
    body: {
      access_token: ISSUED.accessToken,
      token_type: 'bearer',
      expires_in: expiresIn,
      refresh_token: ISSUED.refreshToken,
      scope: kind === 'gitee' ? 'projects pull_requests' : 'api',
      created_at: 1_700_000_000,
    },
  };
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(
  response: ServerResponse,
  status: number,
  type: string,
  body: string,
  headers: Record<string, string> = {},
) {
  response.writeHead(status, { 'Content-Type': type, ...headers });
  response.end(body);
}

/** Starts a stand-in of `kind`'s token endpoint on 127.0.0.1 at a free port. */
export async function startStandIn(kind: ProviderKind, account: StandInAccount): Promise<StandIn> {
  const standIn: StandIn = { baseUrl: '', seen: [], mode: 'normal', close: async () => {} };
  const server: Server = createServer((request, response) => {
    (async () => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      const raw = await readBody(request);
      const type = request.headers['content-type'] ?? '';
      let fields: Record<string, string> = {};
      if (type.startsWith('application/x-www-form-urlencoded'))
        fields = Object.fromEntries(new URLSearchParams(raw));
      else if (type.startsWith('application/json') && raw)
        fields = JSON.parse(raw) as Record<string, string>;
      standIn.seen.push({
        method: request.method ?? '',
        path: url.pathname,
        query: url.search,
        headers: request.headers,
        fields,
      });

      if (standIn.mode === 'hang') return; // never answers; the server's time-out must act
      if (standIn.mode === 'error500')
        return send(response, 500, 'text/html', '<h1>Internal Server Error</h1>');
      if (standIn.mode === 'rateLimited')
        return send(response, 429, 'application/json', '{"message":"Too many requests"}', {
          'Retry-After': '42',
        });
      if (standIn.mode === 'html')
        return send(response, 200, 'text/html', '<html><body>Sign in</body></html>');
      if (request.method !== 'POST' || url.pathname !== TOKEN_PATH[kind])
        return send(response, 404, 'text/plain', 'Not Found');

      const answer = decide(kind, account, fields);
      const wantsJson = (request.headers.accept ?? '').includes('application/json');
      if (kind === 'github' && !wantsJson) {
        // GitHub's default answer is form-encoded.
        const form = new URLSearchParams(
          Object.entries(answer.body).map(([k, v]): [string, string] => [k, String(v)]),
        );
        return send(
          response,
          answer.status,
          'application/x-www-form-urlencoded; charset=utf-8',
          form.toString(),
        );
      }
      send(response, answer.status, 'application/json; charset=utf-8', JSON.stringify(answer.body));
    })().catch((error: unknown) => {
      // A request the stand-in could not read (a body that is not JSON) fails loudly.
      send(response, 500, 'text/plain', `Stand-in failure: ${String(error)}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  standIn.baseUrl = `http://127.0.0.1:${port}`;
  standIn.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return standIn;
}
