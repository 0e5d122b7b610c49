import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { readPublicConf } from '../conf.js';
import { type SponsorStore } from '../sponsors/sponsor-store.js';
import { openSqliteSponsorStore } from '../sponsors/sqlite-sponsor-store.js';
import { deadUrl, startPaypal } from '../sponsors/stand-ins.testkit.js';

/** Generous time-outs: the whole repository's tests share a small machine. */
const SLOW_MACHINE_MS = 20_000;

const MERCHANT = 'sponsors@inkstone.example';
const NOW = Date.UTC(2026, 10, 22, 12);

let paypal: Awaited<ReturnType<typeof startPaypal>>;
beforeAll(async () => {
  paypal = await startPaypal();
});
afterAll(() => paypal.close());

let app: FastifyInstance;
let store: SponsorStore;
async function build(verifyUrl = `${paypal.url}/cgi-bin/webscr`) {
  store = await openSqliteSponsorStore(
    join(mkdtempSync(join(tmpdir(), 'inkstone-ipn-')), 'sponsors.sqlite'),
  );
  app = await buildApp({
    conf: readPublicConf({ ALLOW_SPONSORSHIP: 'true' }),
    sponsorship: {
      store,
      identity: {
        githubApiUrl: 'http://127.0.0.1:9',
        googleCertsUrl: 'http://127.0.0.1:9',
        googleClientId: '',
        timeoutMs: 2000,
      },
      paypal: { verifyUrl, receiverEmails: [MERCHANT, 'button@inkstone.example'], timeoutMs: 2000 },
      now: () => NOW,
    },
  });
}
beforeEach(() => build(), SLOW_MACHINE_MS);
afterEach(async () => {
  await app.close();
  await store.close();
});

let txn = 0;
/** A "Buy Now" button's IPN message as PayPal sends it (its documented variables, url-encoded,
 * windows-1252 characters included), and remembered by the stand-in as sent by PayPal. */
function notification(fields: Record<string, string> = {}, sentByPaypal = true): string {
  const message = new URLSearchParams({
    mc_gross: '5.99',
    protection_eligibility: 'Eligible',
    payer_id: 'LPLWNMTBWMFAY',
    tax: '0.00',
    payment_date: '04:12:35 Nov 22, 2026 PST',
    payment_status: 'Completed',
    charset: 'windows-1252',
    mc_fee: '0.50',
    notify_version: '3.9',
    custom: 'gh:42',
    payer_status: 'verified',
    business: MERCHANT,
    quantity: '1',
    verify_sign: 'AtkOfCXbDm2hu0ZELryHFjY-Vb7PAUvS6nMXgysbElEn9v-1XcmSoGtf',
    payer_email: 'buyer@example.com',
    txn_id: `61E67681CH3238${String(++txn).padStart(3, '0')}`,
    payment_type: 'instant',
    receiver_email: MERCHANT,
    receiver_id: 'S8XGHLYDW9T3S',
    txn_type: 'web_accept',
    item_name: 'Inkstone sponsorship',
    mc_currency: 'USD',
    item_number: '',
    residence_country: 'DE',
    handling_amount: '0.00',
    transaction_subject: '',
    payment_gross: '5.99',
    shipping: '0.00',
    ipn_track_id: '545c3ea5b3a07',
    ...fields,
  }).toString();
  // "Jörg" in windows-1252, as PayPal percent-encodes it: sent back byte for byte.
  const body = `${message}&first_name=J%F6rg&last_name=M%FCller`;
  if (sentByPaypal) paypal.sent.add(body);
  return body;
}

const post = (body: string, contentType = 'application/x-www-form-urlencoded') =>
  app.inject({ method: 'POST', url: '/paypalIpn', headers: { 'content-type': contentType }, body });

describe('POST /paypalIpn', { timeout: SLOW_MACHINE_MS }, () => {
  it('verifies the exact message with PayPal, then extends the sponsorship by the offer bought', async () => {
    const body = notification();
    const response = await post(body);
    expect(response.statusCode).toBe(200);
    const verification = paypal.received.at(-1)!;
    expect(verification.method).toBe('POST');
    expect(verification.url).toBe('/cgi-bin/webscr');
    expect(verification.body).toBe(`cmd=_notify-validate&${body}`);
    expect(await store.getSponsorUntil('gh:42')).toBe(Date.UTC(2027, 10, 22, 12));
  });

  it('maps each of the three offers to its period, extending from the current end', async () => {
    await post(notification({ mc_gross: '1.99', custom: 'go:1089' }));
    expect(await store.getSponsorUntil('go:1089')).toBe(Date.UTC(2027, 1, 22, 12));
    await post(notification({ mc_gross: '9.99', custom: 'go:1089' }));
    expect(await store.getSponsorUntil('go:1089')).toBe(Date.UTC(2029, 1, 22, 12));
    await post(notification({ mc_gross: '5.99', custom: 'go:1089' }));
    expect(await store.getSponsorUntil('go:1089')).toBe(Date.UTC(2030, 1, 22, 12));
  });

  it('applies a resent notification (same txn_id) once', async () => {
    const body = notification();
    expect((await post(body)).statusCode).toBe(200);
    expect((await post(body)).statusCode).toBe(200);
    expect(await store.getSponsorUntil('gh:42')).toBe(Date.UTC(2027, 10, 22, 12));
  });

  it('accepts a payment to the button address, and a charset in the content type', async () => {
    const body = notification({ business: 'button@inkstone.example', receiver_email: 'other@x' });
    const response = await post(body, 'application/x-www-form-urlencoded; charset=windows-1252');
    expect(response.statusCode).toBe(200);
    expect(await store.getSponsorUntil('gh:42')).toBeDefined();
  });

  it('answers 200 and extends nothing when PayPal says INVALID', async () => {
    const forged = notification({}, false);
    const response = await post(forged);
    expect(response.statusCode).toBe(200);
    expect(paypal.received.at(-1)!.body).toBe(`cmd=_notify-validate&${forged}`);
    expect(await store.getSponsorUntil('gh:42')).toBeUndefined();
  });

  it('answers 200 and extends nothing for verified notifications that buy no offer', async () => {
    const ignored: Record<string, string>[] = [
      { payment_status: 'Pending' },
      { payment_status: 'Refunded', mc_gross: '-5.99' },
      { receiver_email: 'thief@example.com', business: 'thief@example.com' },
      { mc_currency: 'EUR' },
      { mc_gross: '5.98' },
      { mc_gross: '0.01' },
      { mc_gross: 'lots' },
      { custom: '' },
      { custom: 'alice' },
      { txn_id: '' },
    ];
    for (const fields of ignored) {
      const response = await post(notification(fields));
      expect(response.statusCode, JSON.stringify(fields)).toBe(200);
    }
    expect(await store.getSponsorUntil('gh:42')).toBeUndefined();
    expect(await store.getSponsorUntil('alice')).toBeUndefined();
  });

  it('answers 503 when PayPal cannot verify, so that PayPal resends; then applies the resend', async () => {
    const body = notification();
    paypal.down = true;
    try {
      expect((await post(body)).statusCode).toBe(503);
    } finally {
      paypal.down = false;
    }
    expect(await store.getSponsorUntil('gh:42')).toBeUndefined();
    expect((await post(body)).statusCode).toBe(200);
    expect(await store.getSponsorUntil('gh:42')).toBeDefined();
    await app.close();
    await store.close();
    await build(await deadUrl());
    expect((await post(notification())).statusCode).toBe(503);
  });

  it('answers 4xx to what is not a notification, and keeps answering', async () => {
    const before = paypal.received.length;
    expect((await post('')).statusCode).toBe(400);
    expect((await post('no fields at all')).statusCode).toBe(400);
    expect((await post('a=1\u0000&b=2')).statusCode).toBe(400);
    expect((await post('{"txn_id":"1"}', 'application/json')).statusCode).toBe(400);
    expect((await post('txn_id=1', 'text/plain')).statusCode).toBe(400);
    expect((await post(`a=${'x'.repeat(40_000)}`)).statusCode).toBe(413);
    expect((await post('txn_id=1', 'application/xml')).statusCode).toBe(415);
    expect((await app.inject({ method: 'GET', url: '/paypalIpn' })).statusCode).toBe(404);
    expect(paypal.received.length).toBe(before);
    expect((await post(notification())).statusCode).toBe(200);
  });
});
