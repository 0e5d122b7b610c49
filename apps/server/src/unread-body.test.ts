import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { readPublicConf } from './conf.js';
import { DEFAULT_EXPORT_CONF } from './export/export-conf.js';
import { DEFAULT_LIMITS, type LimitsConf } from './limits.js';
import { createBodyDrains, UNREAD_BODY_BOUNDS, type UnreadBodyBounds } from './unread-body.js';

/** The export body of the issue: 60 MB, twelve times the default export limit. */
const SIZE = 60 * 1024 * 1024;
const CHUNK = 1024 * 1024;
const body = Buffer.alloc(SIZE, 'a');
const MESSAGE = 'The document is too large to export: the server takes at most 32 MB.';
const SLOW_MACHINE_MS = 120_000;

const typeOf = (path: string) => (path === '/pdfExport' ? 'text/html' : 'text/markdown');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The whole server with `limits` over DEFAULT_LIMITS, listening on a free port of loopback. */
async function listeningApp(limits: Partial<LimitsConf>) {
  const app = await buildApp({
    conf: readPublicConf({}),
    exports: DEFAULT_EXPORT_CONF,
    limits: { ...DEFAULT_LIMITS, ...limits },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, port: (app.server.address() as AddressInfo).port };
}

/** What a client read: the status and the JSON message, or the error it met instead. */
type Outcome = string;
const answered = (status: number, json: string): Outcome => {
  try {
    return `${status} ${(JSON.parse(json) as { message?: string }).message}`;
  } catch {
    return `${status} (not JSON: ${json.slice(0, 40)})`;
  }
};

// A client that writes its whole body (`payload`, the 60 MB one unless told) before it reads a
// byte of the answer (as many simple HTTP clients do), on a socket of its own.
function sendAllThenRead(
  port: number,
  path: string,
  chunked: boolean,
  payload: Buffer = body,
): Promise<Outcome> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    let failure = '';
    socket.pause();
    socket.on('data', (data: Buffer) => received.push(data));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      failure = error.code ?? error.message;
      socket.resume();
    });
    socket.on('close', () => {
      const text = Buffer.concat(received).toString('latin1');
      const match = /^HTTP\/1\.1 (\d+)[^]*?\r\n\r\n([^]*)$/.exec(text);
      resolve(match ? answered(Number(match[1]), match[2]!) : `no answer (${failure})`);
    });
    const size = payload.length;
    const length = chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${size}`;
    socket.write(`POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: ${typeOf(path)}\r\n`);
    socket.write(`${length}\r\n\r\n`);
    const framed = chunked
      ? [Buffer.from(`${size.toString(16)}\r\n`), payload, Buffer.from('\r\n0\r\n\r\n')]
      : [payload];
    socket.write(Buffer.concat(framed), () => socket.resume());
  });
}

// Node's fetch (undici), the body given whole or streamed in chunks of 1 MB, 2 ms apart.
async function withFetch(port: number, path: string, chunked: boolean): Promise<Outcome> {
  let offset = 0;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (offset >= SIZE) return controller.close();
      await sleep(2);
      controller.enqueue(body.subarray(offset, offset + CHUNK));
      offset += CHUNK;
    },
  });
  try {
    const response = await fetch(`http://127.0.0.1:${port}${path}`, {
      method: 'POST',
      headers: {
        'content-type': typeOf(path),
        ...(chunked ? {} : { 'content-length': String(SIZE) }),
      },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    return answered(response.status, await response.text());
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return `no answer (${cause?.code ?? String(error)})`;
  }
}

// Node's http.request, writing as fast as the socket takes it.
function withRequest(port: number, path: string, chunked: boolean): Promise<Outcome> {
  return new Promise((resolve) => {
    let done = false;
    const finish = (outcome: Outcome) => {
      if (!done) resolve(outcome);
      done = true;
    };
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        headers: { 'content-type': typeOf(path), ...(chunked ? {} : { 'content-length': SIZE }) },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (data: string) => (text += data));
        response.on('end', () => finish(answered(response.statusCode ?? 0, text)));
        response.on('error', (error: NodeJS.ErrnoException) => finish(`no answer (${error.code})`));
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) => finish(`no answer (${error.code})`));
    const write = async () => {
      for (let offset = 0; offset < SIZE && !request.destroyed; offset += CHUNK) {
        if (!request.write(body.subarray(offset, offset + CHUNK))) {
          await new Promise((next) => request.once('drain', next));
        }
      }
      if (!request.destroyed) request.end();
    };
    void write().catch(() => {});
  });
}

describe('an export body over the limit (60 MB against 32 MB)', () => {
  let app: FastifyInstance;
  let port: number;
  beforeAll(async () => {
    ({ app, port } = await listeningApp({ rateLimitMax: 1_000, rateLimitStrictMax: 1_000 }));
  });
  afterAll(() => app.close());

  it(
    'gets its 413 and JSON error in every client, with Content-Length or chunked, never a reset',
    async () => {
      const outcomes: Record<string, Outcome[]> = {};
      const clients = { sendAllThenRead, withFetch, withRequest };
      for (let round = 0; round < 2; round += 1) {
        for (const path of ['/pdfExport', '/pandocExport']) {
          for (const [name, client] of Object.entries(clients)) {
            for (const chunked of [false, true]) {
              const key = `${path} ${name} ${chunked ? 'chunked' : 'Content-Length'}`;
              (outcomes[key] ??= []).push(await client(port, path, chunked));
            }
          }
        }
      }
      const expected = Object.fromEntries(
        Object.entries(outcomes).map(([key, seen]) => [key, seen.map(() => `413 ${MESSAGE}`)]),
      );
      expect(outcomes).toEqual(expected);
    },
    SLOW_MACHINE_MS,
  );

  it('is answered with Connection: close, and the server serves the next request', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/pdfExport`, {
      method: 'POST',
      headers: { 'content-type': 'text/html' },
      body,
    });
    expect(response.status).toBe(413);
    expect(response.headers.get('connection')).toBe('close');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toMatchObject({ statusCode: 413, message: MESSAGE });
    expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200);
  });
});

// Opens a connection to `port`, posts to `path` (or asks with `method`) a chunked body sent by
// `send`, and says what came back and when the server closed the connection. `length` declares a
// Content-Length instead (the body then sent as it is, unframed); `onAnswer` is called at the
// first byte of the answer.
function slowClient(
  port: number,
  path: string,
  send: (socket: net.Socket, closed: () => boolean) => Promise<void>,
  length?: number,
  onAnswer = () => {},
  method = 'POST',
) {
  return new Promise<{ answer: string; closedAfterMs: number }>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const started = Date.now();
    let answer = '';
    let closed = false;
    socket.on('data', (data: Buffer) => {
      if (answer === '') onAnswer();
      answer += data.toString('latin1');
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      closed = true;
      resolve({ answer, closedAfterMs: Date.now() - started });
    });
    socket.write(
      `${method} ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: ${typeOf(path)}\r\n` +
        (length === undefined ? 'Transfer-Encoding: chunked' : `Content-Length: ${length}`) +
        '\r\n\r\n',
    );
    send(socket, () => closed).catch(() => socket.destroy());
  });
}

/** One chunk of a chunked body. */
const frame = (piece: Buffer) =>
  Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')]);

/** Sends `first`, then a small chunk every `everyMs` until the connection closes or `forMs`
 * have passed: a client that is never silent for long. */
const trickle =
  (first: Buffer, everyMs: number, forMs: number, framed = true, gaps: number[] = []) =>
  async (socket: net.Socket, closed: () => boolean) => {
    const started = Date.now();
    if (!socket.write(framed ? frame(first) : first)) {
      await new Promise((next) => socket.once('drain', next));
    }
    let last = Date.now();
    while (!closed() && Date.now() - started < forMs) {
      await sleep(everyMs);
      // (How long the client really went between two writes: on a starved machine a 50 ms
      // sleep can last longer than the server's idle limit.)
      gaps.push(Date.now() - last);
      last = Date.now();
      if (!closed()) socket.write(framed ? frame(Buffer.from('t')) : Buffer.from('t'));
    }
  };

describe('reading an answered body is bounded', () => {
  const bounds: UnreadBodyBounds = { maxBytes: 4 * CHUNK, maxMs: 1_500, idleMs: 300, maxDrains: 2 };
  const drains = createBodyDrains(bounds);
  let app: FastifyInstance;
  let port: number;
  beforeAll(async () => {
    app = Fastify({ bodyLimit: 1024 });
    app.post(
      '/echo',
      {
        errorHandler: (error, request, reply) => {
          drains.answer(request, reply, 413, { statusCode: 413, message: error.message });
        },
      },
      async (request) => request.body,
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(() => app.close());

  const over = Buffer.alloc(2048, 'c');

  it('past maxBytes: a client that never stops sending has its 413, then the connection closes', async () => {
    const piece = frame(Buffer.alloc(64 * 1024, 'b'));
    const { answer, closedAfterMs } = await slowClient(port, '/echo', async (socket, closed) => {
      while (!closed()) {
        if (!socket.write(piece)) await new Promise((next) => socket.once('drain', next));
        await sleep(1);
      }
    });
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(closedAfterMs).toBeLessThan(bounds.maxMs);
  });

  it('after idleMs of silence: a client that stops sending has its 413, then the connection closes', async () => {
    const { answer, closedAfterMs } = await slowClient(port, '/echo', async (socket) => {
      socket.write(frame(over));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(closedAfterMs).toBeGreaterThanOrEqual(250);
    expect(closedAfterMs).toBeLessThan(bounds.maxMs);
  });

  it('after maxMs: a client that sends a little at a time, never silent for idleMs, is cut off', async () => {
    const gaps: number[] = [];
    const { answer, closedAfterMs } = await slowClient(
      port,
      '/echo',
      trickle(over, 50, 10_000, true, gaps),
    );
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(closedAfterMs).toBeLessThan(bounds.maxMs + 3_000);
    // Cut off at maxMs, unless the machine held the client silent for idleMs first (then the
    // idle rule closed it, earlier, as it should).
    if (Math.max(0, ...gaps) < bounds.idleMs) {
      expect(closedAfterMs).toBeGreaterThanOrEqual(bounds.maxMs - 50);
    }
  });

  it('reads maxDrains bodies at once: the next answer closes its connection at once', async () => {
    // Each drained client is read until maxMs, unless the machine held it silent for idleMs
    // first (then the idle rule closed it, earlier, as it should: as in the test above).
    const drainedFully = (closedAfterMs: number, gaps: number[]) => {
      if (Math.max(0, ...gaps) < bounds.idleMs) {
        expect(closedAfterMs).toBeGreaterThanOrEqual(bounds.maxMs - 50);
      }
    };
    const heldGaps = [[], []] as number[][];
    const held = heldGaps.map((gaps) =>
      slowClient(port, '/echo', trickle(over, 50, 10_000, true, gaps)),
    );
    await expect.poll(() => drains.active).toBe(2);
    const third = await slowClient(port, '/echo', trickle(over, 50, 10_000));
    expect(third.answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(third.closedAfterMs).toBeLessThan(bounds.maxMs / 2);
    (await Promise.all(held)).forEach(({ closedAfterMs }, index) =>
      drainedFully(closedAfterMs, heldGaps[index]!),
    );
    // Once they ended, a body is read again.
    expect(drains.active).toBe(0);
    const nextGaps: number[] = [];
    const next = await slowClient(port, '/echo', trickle(over, 50, 10_000, true, nextGaps));
    expect(next.answer).toMatch(/^HTTP\/1\.1 413 /);
    drainedFully(next.closedAfterMs, nextGaps);
  });

  it('does not read a body declared larger than maxBytes: its 413 closes the connection at once', async () => {
    const { answer, closedAfterMs } = await slowClient(
      port,
      '/echo',
      trickle(over, 50, 10_000, false),
      2 * bounds.maxBytes,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(closedAfterMs).toBeLessThan(bounds.maxMs / 2);
  });
});

describe('a rate-limited export (429) is read by its client; other early answers close at once', () => {
  /** An export body the export limit (32 MB) takes, but too long to be in the server's socket
   * buffers when its answer is sent: 4 MB. */
  const allowedBody = Buffer.alloc(4 * CHUNK, 'm');
  /** The rate limit's own message, which counts down what is left of its minute: 'retry in 1
   * minute' at once, 'retry in 59 seconds' a second later (as a loaded machine may be). */
  const RATE_LIMITED = /Rate limit exceeded, retry in (1 minute|[1-5]?\d seconds?)/;
  let app: FastifyInstance;
  let port: number;
  beforeAll(async () => {
    ({ app, port } = await listeningApp({ rateLimitStrictMax: 1 }));
    // The strict limit's one request of the minute to each export route (400: no body); every
    // export after it is rate limited.
    for (const path of ['/pdfExport', '/pandocExport?format=rst']) {
      const first = await fetch(`http://127.0.0.1:${port}${path}`, {
        method: 'POST',
        headers: { 'content-type': typeOf(path) },
        body: ' ',
      });
      expect(first.status).toBe(400);
    }
  });
  afterAll(() => app.close());

  it(
    'answers a rate-limited export still uploading its body with its 429 and message, never a reset',
    { timeout: SLOW_MACHINE_MS },
    async () => {
      // (Before, the 429 closed the connection under the upload: the client saw ECONNRESET or
      // EPIPE, and the app 'Network request failed.'.)
      const outcomes: Record<string, Outcome[]> = {};
      for (let round = 0; round < 2; round += 1) {
        for (const path of ['/pdfExport', '/pandocExport']) {
          for (const chunked of [false, true]) {
            const key = `${path} ${chunked ? 'chunked' : 'Content-Length'}`;
            (outcomes[key] ??= []).push(await sendAllThenRead(port, path, chunked, allowedBody));
          }
        }
      }
      const expected = Object.fromEntries(
        Object.entries(outcomes).map(([key, seen]) => [
          key,
          seen.map(() => expect.stringMatching(new RegExp(`^429 ${RATE_LIMITED.source}$`))),
        ]),
      );
      expect(outcomes).toEqual(expected);
      // As the app's fetch reads it: the rate limit's headers, the connection then closed.
      const response = await fetch(`http://127.0.0.1:${port}/pdfExport`, {
        method: 'POST',
        headers: { 'content-type': 'text/html' },
        body: allowedBody,
      });
      expect(response.status).toBe(429);
      expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(response.headers.get('x-ratelimit-remaining')).toBe('0');
      expect(response.headers.get('connection')).toBe('close');
      expect(await response.json()).toEqual({
        statusCode: 429,
        error: 'Too Many Requests',
        message: expect.stringMatching(RATE_LIMITED),
      });
      expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200);
    },
  );

  it(
    'reads a rate-limited export’s body within the bounds, as a 413’s: the connection closes when it ends',
    { timeout: 15_000 },
    async () => {
      let sending = true;
      const { answer, closedAfterMs } = await slowClient(port, '/pandocExport', async (socket) => {
        socket.write(frame(Buffer.from('# Title\n')));
        await sleep(300);
        socket.write(frame(Buffer.from('More text.\n')));
        await sleep(300);
        sending = false;
        socket.write('0\r\n\r\n');
      });
      expect(sending).toBe(false);
      expect(answer).toMatch(/^HTTP\/1\.1 429 /);
      expect(answer).toMatch(RATE_LIMITED);
      expect(closedAfterMs).toBeGreaterThanOrEqual(550);
      expect(closedAfterMs).toBeLessThan(UNREAD_BODY_BOUNDS.idleMs);
    },
  );

  it(
    'closes the connection at once after another early answer (a 429 outside the exports), without reading the body',
    { timeout: 15_000 },
    async () => {
      // The token exchange's one request of the minute, then a refused one that keeps sending:
      // read until its end, it would hold the socket for as long as the client likes.
      expect((await fetch(`http://127.0.0.1:${port}/oauth2/githubToken`)).status).not.toBe(429);
      const { answer, closedAfterMs } = await slowClient(
        port,
        '/oauth2/githubToken',
        trickle(Buffer.from('a body'), 50, 8_000),
        undefined,
        undefined,
        'GET',
      );
      expect(answer).toMatch(/^HTTP\/1\.1 429 /);
      expect(answer).toMatch(/\r\nconnection: close\r\n/i);
      expect(closedAfterMs).toBeLessThan(2_000);
    },
  );
});

describe('the server’s close', () => {
  // Over the export limit, whatever it is.
  const exportBody = Buffer.alloc(DEFAULT_EXPORT_CONF.bodyLimitBytes + CHUNK, 'e');
  let app: FastifyInstance;
  let port: number;
  beforeAll(async () => {
    ({ app, port } = await listeningApp({ rateLimitStrictMax: 1 }));
  });
  afterAll(() => app.close());

  it(
    'ends the readings under way when it closes, at once, each client having its 413',
    {
      timeout: 15_000,
    },
    async () => {
      let answered = false;
      const reading = slowClient(
        port,
        '/pdfExport',
        trickle(exportBody, 50, 20_000),
        undefined,
        () => (answered = true),
      );
      await expect.poll(() => answered, { timeout: 10_000 }).toBe(true);
      const closing = Date.now();
      await app.close();
      const closedInMs = Date.now() - closing;
      const { answer } = await reading;
      expect(answer).toMatch(/^HTTP\/1\.1 413 /);
      expect(closedInMs).toBeLessThan(2_000);
    },
  );
});
