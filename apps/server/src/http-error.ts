/** An error that Fastify's error handler turns into `{ statusCode, code, error, message }` with
 * the given status; `headers` are set on the reply (Retry-After, Allow). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}
