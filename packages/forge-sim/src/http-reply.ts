/** The documentation link GitHub puts in its error bodies. */
export const DOCS_URL = 'https://docs.github.com/rest';

/** A JSON answer of the REST dialect, written by the server (or dropped by a fault). */
export interface Reply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  /** Bytes answered as they are (with their own content-type header) in place of JSON. */
  raw?: Buffer;
}

/** An answer with a JSON body. */
export const json = (status: number, body: unknown, headers?: Record<string, string>): Reply => ({
  status,
  body,
  ...(headers ? { headers } : {}),
});

/** GitHub's error body, `{ message, documentation_url }`. */
export const error = (status: number, message: string, extra: Record<string, unknown> = {}) =>
  json(status, { message, documentation_url: DOCS_URL, ...extra });

/** Thrown by a route to answer with an error at once. */
export class ReplyError extends Error {
  constructor(readonly reply: Reply) {
    super(`HTTP ${reply.status}`);
    this.name = 'ReplyError';
  }
}

/** Throws GitHub's error body with `status` and `message`. */
export function fail(status: number, message: string, extra?: Record<string, unknown>): never {
  throw new ReplyError(error(status, message, extra));
}
