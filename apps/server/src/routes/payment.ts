import { type FastifyPluginAsync } from 'fastify';
import { evaluatePayment, verifyIpn } from '../sponsors/paypal-ipn.js';
import { type SponsorshipOptions, sendProblem } from '../sponsors/sponsorship.js';

/** A notification is a few kilobytes; PayPal documents none near this. */
const BODY_LIMIT = 32 * 1024;
/** A url-encoded form is printable ASCII (spaces are `+`, the rest percent-encoded). */
const FORM = /^[\x21-\x7e]+$/;

/** `POST /paypalIpn`: PayPal's Instant Payment Notification for the sponsor buttons. Verified
 * with PayPal, then a Completed payment of one offer extends the sponsorship of the user named
 * in `custom`, once per txn_id. Answers 200 to every notification it handled (PayPal resends
 * the others), 400 to a body that is not a form, 503 when PayPal or the store cannot be reached
 * (PayPal resends it later). */
export const paymentRoutes: FastifyPluginAsync<SponsorshipOptions> = async (app, options) => {
  // This parser lives in this plugin only: the raw bytes are what PayPal verifies.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'buffer', bodyLimit: BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  app.post('/paypalIpn', async (request, reply) => {
    const raw = request.body;
    const text = Buffer.isBuffer(raw) ? raw.toString('latin1') : '';
    const fields = new URLSearchParams(text);
    if (!FORM.test(text) || !text.includes('=') || fields.size === 0) {
      return sendProblem(reply, 400, 'The notification is not a url-encoded form.');
    }
    const log = request.log.child({ txnId: fields.get('txn_id') ?? undefined });

    const verdict = await verifyIpn(raw as Buffer, options.paypal);
    if (verdict === 'unreachable') {
      log.warn('PayPal could not be reached to verify a notification');
      return sendProblem(reply, 503, 'PayPal could not be reached to verify the notification.');
    }
    if (verdict === 'INVALID') {
      log.warn('PayPal did not verify a notification: ignored');
      return reply.code(200).send();
    }

    const outcome = evaluatePayment(fields, options.paypal);
    if (outcome.kind === 'ignore') {
      log.info({ reason: outcome.reason }, 'payment notification ignored');
      return reply.code(200).send();
    }
    try {
      const now = options.now?.() ?? Date.now();
      const result = await options.store.extendSponsorship(
        outcome.userId,
        outcome.period,
        outcome.paymentId,
        now,
      );
      log.info({ userId: outcome.userId, ...result }, 'sponsorship payment');
    } catch (error) {
      log.error({ err: error }, 'sponsor store write failed');
      return sendProblem(reply, 503, 'The payment could not be recorded now.');
    }
    return reply.code(200).send();
  });
};
