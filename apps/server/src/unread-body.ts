import { type IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';

/** How much of a request body the server goes on reading, and throwing away, after it has
 * answered the request without reading it, and how many such bodies at once. */
export interface UnreadBodyBounds {
  /** Bytes read and discarded at most; past them the connection is closed. A body whose
   * declared Content-Length is larger is not read at all. */
  maxBytes: number;
  /** Milliseconds at most from the answer; past them the connection is closed. */
  maxMs: number;
  /** Milliseconds without a byte from the client after which the connection is closed. */
  idleMs: number;
  /** Bodies read at once at most; an answer past them closes its connection at once. */
  maxDrains: number;
}

/** Room for the 60 MB export body a client may send after its 413 (at 4 MB/s or more), but no
 * open-ended upload: 256 MiB, 15 s, 5 s of silence, 32 connections. Only the bodies of
 * `answer`'s callers are read (the exports' 413 and 429): a request refused for another reason
 * is never read, and the server's shutdown ends the readings under way (`close`). */
export const UNREAD_BODY_BOUNDS: UnreadBodyBounds = {
  maxBytes: 256 * 1024 * 1024,
  maxMs: 15_000,
  idleMs: 5_000,
  maxDrains: 32,
};

/** The reading of request bodies left unread by their answer. */
export interface BodyDrains {
  /** Sends `body` as the JSON answer, with `status`, to a request whose body is still arriving
   * (an export over its limit: 413; a rate-limited export: 429), in a way every client reads.
   *
   * Node closes the connection as soon as such an answer is written (Fastify asks it to with
   * `Connection: close`); bytes the client sends after that meet a closed socket, and the
   * kernel answers them with a reset, which makes many clients drop the answer they had
   * received (a client that sends its whole body before reading sees only the reset: EPIPE or
   * ECONNRESET where the 413 should be). Here the answer goes out at once, whole (its
   * Content-Length set), with `Connection: close`, but the response ends, and the connection
   * closes, only once the client has sent the rest of its body, which is read and thrown away
   * within the bounds. When the body is declared larger than `maxBytes`, when `maxDrains` are
   * under way, or once `close` was called, the answer is sent and the connection closed at
   * once, as Node does. */
  answer(request: FastifyRequest, reply: FastifyReply, status: number, body: object): FastifyReply;
  /** How many bodies are being read. */
  readonly active: number;
  /** Ends every reading under way (their answers end, their connections close) and starts no
   * more: for the server's shutdown, which would otherwise wait for them. */
  close(): void;
}

/** Makes every answer sent while its request's body is still arriving (a 429 of the rate limit
 * on a route other than the exports, a 404) close the connection once written. Node would
 * otherwise keep the connection for another request and read the rest of the body first, at the
 * client's pace: a refused client would keep a socket as long as it went on sending, and the
 * server's shutdown would wait for it. The client may then meet a reset instead of its answer if
 * it sends before it reads; only the exports' 413 and 429, whose message the app shows, are
 * worth reading the body for, within bounds (`BodyDrains`). */
export function closeAfterEarlyAnswers(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.raw.complete === false) reply.header('connection', 'close');
    return payload;
  });
}

/** Drains of unread bodies within `bounds`. */
export function createBodyDrains(bounds: UnreadBodyBounds = UNREAD_BODY_BOUNDS): BodyDrains {
  const running = new Set<() => void>();
  let closed = false;
  return {
    answer(request, reply, status, body) {
      reply.code(status).header('connection', 'close');
      const raw = request.raw;
      const declared = Number(raw.headers['content-length']);
      // (`complete` is Node's; requests made by `inject` have no socket to keep open.)
      const drainable =
        raw.complete === false &&
        !raw.destroyed &&
        Boolean(raw.socket) &&
        !closed &&
        running.size < bounds.maxDrains &&
        !(declared > bounds.maxBytes);
      if (!drainable) return reply.send(body);
      const json = JSON.stringify(body);
      reply
        .type('application/json; charset=utf-8')
        .header('content-length', Buffer.byteLength(json));
      const answer = new PassThrough();
      answer.write(json);
      const finish = discardBody(raw, bounds, () => {
        running.delete(finish);
        answer.end();
      });
      running.add(finish);
      return reply.send(answer);
    },
    get active() {
      return running.size;
    },
    close() {
      closed = true;
      for (const finish of [...running]) finish();
    },
  };
}

// Reads what is left of `request` until it ends, the client goes, or a bound is passed, then
// calls `done` once. Returns the function that stops the reading early.
function discardBody(
  request: IncomingMessage,
  bounds: UnreadBodyBounds,
  done: () => void,
): () => void {
  let received = 0;
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    clearTimeout(overall);
    clearTimeout(idle);
    request.off('data', onData);
    request.off('end', finish);
    request.off('close', finish);
    request.off('error', finish);
    done();
  };
  const overall = setTimeout(finish, bounds.maxMs);
  let idle = setTimeout(finish, bounds.idleMs);
  const onData = (chunk: Buffer) => {
    received += chunk.length;
    if (received > bounds.maxBytes) return finish();
    clearTimeout(idle);
    idle = setTimeout(finish, bounds.idleMs);
  };
  request.on('data', onData);
  request.on('end', finish);
  request.on('close', finish);
  request.on('error', finish);
  request.resume();
  return finish;
}
