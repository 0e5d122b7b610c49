import { STATUS_CODES } from 'node:http';
import { type FastifyError, type FastifyReply, type FastifyRequest } from 'fastify';
import { type SponsorshipOptions, sendProblem } from '../sponsors/sponsorship.js';
import { createSponsorCheck } from '../sponsors/sponsor-check.js';
import { type BodyDrains, createBodyDrains } from '../unread-body.js';
import { ExportTimeoutError, type PdfRenderer, createPdfRenderer } from './chromium-pdf.js';
import { type ExportConf } from './export-conf.js';
import { NoTurnError, createTurns } from './turns.js';

/** What the export routes share: the configuration, the Chromium renderer, the turns (one
 * queue for both exports), the sponsor check and the reading of bodies over the limit. */
export interface ExportServices {
  conf: ExportConf;
  renderer: PdfRenderer;
  turns: ReturnType<typeof createTurns>;
  isSponsor: ReturnType<typeof createSponsorCheck>;
  /** Reads the rest of a body answered 413 or 429 before it was read, so that the client reads
   * the answer; closed with the server. */
  drains: BodyDrains;
}

/** The services for `conf`; sponsorship off (`sponsorship` undefined): everyone may export. */
export function createExportServices(
  conf: ExportConf,
  sponsorship: SponsorshipOptions | undefined,
): ExportServices {
  return {
    conf,
    renderer: createPdfRenderer(conf.chromiumPath),
    turns: createTurns(conf.concurrency, conf.queueMax),
    isSponsor: createSponsorCheck(sponsorship),
    drains: createBodyDrains(),
  };
}

/** What every export route does first: its answer is never cached, its time starts, and the
 * caller must be a sponsor. Returns the export's deadline, or undefined once the refusal (401)
 * is sent. */
export async function admitExport(
  services: ExportServices,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<number | undefined> {
  reply.header('Cache-Control', 'no-store');
  const deadline = Date.now() + services.conf.timeoutMs;
  const query = request.query as Record<string, unknown>;
  const sponsor = await services.isSponsor(query, request.headers.authorization);
  if (sponsor.ok) return deadline;
  void sendProblem(reply, sponsor.status, sponsor.message);
  return undefined;
}

/** Turns what an export threw into its answer: a full queue 503, a time-out 504, else 500. */
export function sendExportFailure(reply: FastifyReply, error: unknown) {
  if (error instanceof NoTurnError && error.reason === 'full') {
    return sendProblem(reply, 503, 'Too many exports are waiting. RETRY');
  }
  const timedOut =
    error instanceof ExportTimeoutError ||
    (error instanceof NoTurnError && error.reason === 'timeout') ||
    (error instanceof Error && error.name === 'TimeoutError');
  if (timedOut) return sendProblem(reply, 504, 'The export took longer than allowed.');
  reply.log.error({ err: error }, 'export failed');
  return sendProblem(reply, 500, 'The export failed.');
}

/** What a client is told when its export body is over `bodyLimitBytes` (413). */
export function exportTooLargeMessage(bodyLimitBytes: number): string {
  const size =
    bodyLimitBytes >= 1024 * 1024
      ? `${formatAmount(bodyLimitBytes / (1024 * 1024))} MB`
      : `${formatAmount(bodyLimitBytes / 1024)} KB`;
  return `The document is too large to export: the server takes at most ${size}.`;
}

/** The export routes' error handler. A body over the export limit, told by its Content-Length
 * before it is read or found while reading a chunked one, is a 413 saying what the limit is; a
 * rate-limited export (429, from the rate limit's onRequest hook, before the body is read) keeps
 * the rate limit's message and its Retry-After. Both are sent so that the client reads them
 * although it is still sending its body (`services.drains`): the app shows their message, where
 * a connection closed under the upload would show 'Network request failed.'. Other errors go to
 * Fastify's handler (an answer sent before the body is read then closes the connection at once:
 * `closeAfterEarlyAnswers`). */
export function exportErrorHandler(services: ExportServices) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      reply.header('Cache-Control', 'no-store');
      const message = exportTooLargeMessage(services.conf.bodyLimitBytes);
      services.drains.answer(request, reply, 413, problem(413, message));
      return;
    }
    // (A 429 whose body has all arrived keeps its connection, as Fastify's handler sends it.)
    if (error.statusCode === 429 && request.raw.complete === false) {
      reply.header('Cache-Control', 'no-store');
      services.drains.answer(request, reply, 429, problem(429, error.message));
      return;
    }
    throw error;
  };
}

// The JSON of an error answer, as Fastify's own handler writes it.
const problem = (statusCode: number, message: string) => ({
  statusCode,
  error: STATUS_CODES[statusCode],
  message,
});

const formatAmount = (value: number) => value.toLocaleString('en', { maximumFractionDigits: 1 });
