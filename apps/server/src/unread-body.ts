import { type IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import { type FastifyInstance } from 'fastify';

/** How much of a request body the server goes on reading, and throwing away, after it has
 * answered the request without reading it (a 413, a 429, a 401 sent before the body). */
export interface UnreadBodyBounds {
  /** Bytes read and discarded at most; past them the connection is closed. */
  maxBytes: number;
  /** Milliseconds at most from the answer; past them the connection is closed. */
  maxMs: number;
  /** Milliseconds without a byte from the client after which the connection is closed. */
  idleMs: number;
}

/** Room for the 60 MB export body a client may send after its 413, at a modem's pace, but no
 * open-ended upload: 256 MiB, one minute, 5 s of silence. */
export const UNREAD_BODY_BOUNDS: UnreadBodyBounds = {
  maxBytes: 256 * 1024 * 1024,
  maxMs: 60_000,
  idleMs: 5_000,
};

/** Makes every answer sent while the request's body is still arriving readable by the client.
 *
 * Node closes the connection as soon as such an answer is written (Fastify asks it to with
 * `Connection: close`); bytes the client sends after that meet a closed socket, and the kernel
 * answers them with a reset, which makes many clients drop the answer they had received (a
 * client that sends its whole body before reading sees only the reset: EPIPE or ECONNRESET
 * where the 413 should be). Here the answer goes out at once, whole (its Content-Length set),
 * with `Connection: close`, but the response ends, and the connection closes, only once the
 * client has sent the rest of its body, which is read and thrown away within `bounds`. */
export function answerBeforeUnreadBody(
  app: FastifyInstance,
  bounds: UnreadBodyBounds = UNREAD_BODY_BOUNDS,
): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const raw = request.raw;
    // (`complete` is Node's; requests made by `inject` have no socket to keep open.)
    if (raw.complete !== false || raw.destroyed || !raw.socket) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    reply.header('connection', 'close');
    reply.header('content-length', Buffer.byteLength(payload));
    const answer = new PassThrough();
    answer.write(payload);
    discardBody(raw, bounds)
      .catch(() => {})
      .finally(() => answer.end());
    return answer;
  });
}

// Reads what is left of `request` until it ends, the client goes, or a bound is passed.
function discardBody(request: IncomingMessage, bounds: UnreadBodyBounds): Promise<void> {
  return new Promise((resolve) => {
    let received = 0;
    const finish = () => {
      clearTimeout(overall);
      clearTimeout(idle);
      request.off('data', onData);
      request.off('end', finish);
      request.off('close', finish);
      request.off('error', finish);
      resolve();
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
  });
}
