import { type FastifyReply } from 'fastify';
import { STATUS_CODES } from 'node:http';
import { type IdentityConfig } from './identity.js';
import { type PaypalConfig } from './paypal-ipn.js';
import { type SponsorStore } from './sponsor-store.js';

/** What the sponsorship routes (`GET /userInfo`, `POST /paypalIpn`) need. */
export interface SponsorshipOptions {
  store: SponsorStore;
  identity: IdentityConfig;
  paypal: PaypalConfig;
  /** The clock, for tests. */
  now?: () => number;
}

/** Answers an error in Fastify's own shape: `{ statusCode, error, message }`. */
export function sendProblem(reply: FastifyReply, statusCode: number, message: string) {
  return reply.code(statusCode).send({ statusCode, error: STATUS_CODES[statusCode], message });
}
