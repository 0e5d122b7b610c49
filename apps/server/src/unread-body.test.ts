import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { readPublicConf } from './conf.js';
import { DEFAULT_EXPORT_CONF } from './export/export-conf.js';
import { DEFAULT_LIMITS } from './limits.js';
import { answerBeforeUnreadBody } from './unread-body.js';

/** The export body of the issue: 60 MB, twelve times the default export limit. */
const SIZE = 60 * 1024 * 1024;
const CHUNK = 1024 * 1024;
const body = Buffer.alloc(SIZE, 'a');
const MESSAGE = 'The document is too large to export: the server takes at most 5 MB.';
const SLOW_MACHINE_MS = 120_000;

const typeOf = (path: string) => (path === '/pdfExport' ? 'text/html' : 'text/markdown');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What a client read: the status and the JSON message, or the error it met instead. */
type Outcome = string;
const answered = (status: number, json: string): Outcome => {
  try {
    return `${status} ${(JSON.parse(json) as { message?: string }).message}`;
  } catch {
    return `${status} (not JSON: ${json.slice(0, 40)})`;
  }
};

// A client that writes its whole body before it reads a byte of the answer (as many simple
// HTTP clients do), on a socket of its own.
function sendAllThenRead(port: number, path: string, chunked: boolean): Promise<Outcome> {
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
    const length = chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${SIZE}`;
    socket.write(`POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: ${typeOf(path)}\r\n`);
    socket.write(`${length}\r\n\r\n`);
    const framed = chunked
      ? [Buffer.from(`${SIZE.toString(16)}\r\n`), body, Buffer.from('\r\n0\r\n\r\n')]
      : [body];
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

describe('an export body over the limit (60 MB against 5 MB)', () => {
  let app: FastifyInstance;
  let port: number;
  beforeAll(async () => {
    app = await buildApp({
      conf: readPublicConf({}),
      exports: DEFAULT_EXPORT_CONF,
      limits: { ...DEFAULT_LIMITS, rateLimitMax: 1_000, rateLimitStrictMax: 1_000 },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
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

describe('reading an answered body is bounded', () => {
  let app: FastifyInstance;
  let port: number;
  beforeAll(async () => {
    app = Fastify({ bodyLimit: 1024 });
    answerBeforeUnreadBody(app, { maxBytes: 4 * CHUNK, maxMs: 3_000, idleMs: 300 });
    app.post('/echo', async (request) => request.body);
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(() => app.close());

  // Opens a connection, sends a chunked body with `send`, and says what came back and when
  // the server closed the connection.
  function chunkedClient(send: (socket: net.Socket, closed: () => boolean) => Promise<void>) {
    return new Promise<{ answer: string; closedAfterMs: number }>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      const started = Date.now();
      let answer = '';
      let closed = false;
      socket.on('data', (data: Buffer) => (answer += data.toString('latin1')));
      socket.on('error', () => {});
      socket.on('close', () => {
        closed = true;
        resolve({ answer, closedAfterMs: Date.now() - started });
      });
      socket.write(
        'POST /echo HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/plain\r\n' +
          'Transfer-Encoding: chunked\r\n\r\n',
      );
      send(socket, () => closed).catch(() => socket.destroy());
    });
  }

  it('past maxBytes: a client that never stops sending has its 413, then the connection closes', async () => {
    const piece = Buffer.alloc(64 * 1024, 'b');
    const frame = Buffer.concat([
      Buffer.from(`${piece.length.toString(16)}\r\n`),
      piece,
      Buffer.from('\r\n'),
    ]);
    const { answer, closedAfterMs } = await chunkedClient(async (socket, closed) => {
      while (!closed()) {
        if (!socket.write(frame)) await new Promise((next) => socket.once('drain', next));
        await sleep(1);
      }
    });
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(closedAfterMs).toBeLessThan(3_000);
  });

  it('after idleMs of silence: a client that stops sending has its 413, then the connection closes', async () => {
    const { answer, closedAfterMs } = await chunkedClient(async (socket) => {
      socket.write(`800\r\n${'c'.repeat(0x800)}\r\n`);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(closedAfterMs).toBeGreaterThanOrEqual(250);
    expect(closedAfterMs).toBeLessThan(3_000);
  });
});
