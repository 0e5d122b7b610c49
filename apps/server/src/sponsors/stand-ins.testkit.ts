// Local stand-ins of the providers the sponsorship routes call (GitHub's GET /user, Google's
// id-token keys, PayPal's IPN verification), on 127.0.0.1, for the tests only.
import { generateKeyPairSync, sign } from 'node:crypto';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';

/** A request a stand-in received. */
export interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A running stand-in: its base URL, what it received, and `close`. */
export interface StandIn {
  url: string;
  received: Received[];
  close(): Promise<void>;
}

/** Starts an HTTP server answering with `handle`. */
export async function startStandIn(
  handle: (request: Received, response: ServerResponse) => void,
): Promise<StandIn> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry = {
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('latin1'),
      };
      received.push(entry);
      handle(entry, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A URL nothing listens on. */
export async function deadUrl(): Promise<string> {
  const standIn = await startStandIn(() => undefined);
  await standIn.close();
  return standIn.url;
}

const json = (response: ServerResponse, status: number, body: unknown, headers = {}) => {
  response.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
};

/** GitHub's `GET /user`: token `gh-good` is user 42, `gh-other` user 7; `gh-limited` is rate limited; `gh-down`
 * meets a 502; `gh-garbage` gets HTML; `gh-hang` never gets an answer; others are refused. */
export function startGithub(): Promise<StandIn> {
  return startStandIn((request, response) => {
    const auth = request.headers.authorization ?? '';
    if (request.url !== '/user') return json(response, 404, { message: 'Not Found' });
    if (auth === 'Bearer gh-good') return json(response, 200, { id: 42, login: 'octocat' });
    if (auth === 'Bearer gh-other') return json(response, 200, { id: 7, login: 'hubot' });
    if (auth === 'Bearer gh-limited') {
      return json(response, 403, { message: 'rate limit' }, { 'x-ratelimit-remaining': '0' });
    }
    if (auth === 'Bearer gh-down') return json(response, 502, { message: 'bad gateway' });
    if (auth === 'Bearer gh-garbage') {
      response.writeHead(200, { 'Content-Type': 'text/html' });
      return response.end('<html>');
    }
    if (auth === 'Bearer gh-hang') return;
    json(response, 401, { message: 'Bad credentials' });
  });
}

/** Google's signing keys (one RSA key, kid `k1`), and `sign` to make id tokens with it (or with
 * another key, `forge`). */
export async function startGoogle(): Promise<
  StandIn & { sign(payload: object, options?: { forge?: boolean; kid?: string }): string }
> {
  const key = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...key.publicKey.export({ format: 'jwk' }), kid: 'k1', alg: 'RS256', use: 'sig' };
  const standIn = await startStandIn((_request, response) =>
    json(response, 200, { keys: [jwk] }, { 'Cache-Control': 'public, max-age=3600' }),
  );
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return {
    ...standIn,
    sign(payload, options = {}) {
      const input = `${encode({ alg: 'RS256', kid: options.kid ?? 'k1', typ: 'JWT' })}.${encode(payload)}`;
      const signature = sign(
        'RSA-SHA256',
        Buffer.from(input),
        options.forge ? other.privateKey : key.privateKey,
      );
      return `${input}.${signature.toString('base64url')}`;
    },
  };
}

/** PayPal's IPN verification: VERIFIED for exactly `cmd=_notify-validate&` followed by a
 * notification PayPal sent (`sent`), INVALID for anything else; `down` makes it answer 503. */
export async function startPaypal(): Promise<StandIn & { sent: Set<string>; down: boolean }> {
  const state = { sent: new Set<string>(), down: false };
  const standIn = await startStandIn((request, response) => {
    if (state.down) {
      response.writeHead(503);
      return response.end('Service Unavailable');
    }
    const prefix = 'cmd=_notify-validate&';
    const verified =
      request.method === 'POST' &&
      request.headers['content-type'] === 'application/x-www-form-urlencoded' &&
      request.body.startsWith(prefix) &&
      state.sent.has(request.body.slice(prefix.length));
    response.writeHead(200, { 'Content-Type': 'text/html; charset=UTF-8' });
    response.end(verified ? 'VERIFIED' : 'INVALID');
  });
  return {
    ...standIn,
    sent: state.sent,
    get down() {
      return state.down;
    },
    set down(value: boolean) {
      state.down = value;
    },
  };
}
