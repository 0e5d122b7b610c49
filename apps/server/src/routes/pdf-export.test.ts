import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { readPublicConf } from '../conf.js';
import { DEFAULT_EXPORT_CONF } from '../export/export-conf.js';
import { type StandIn, startStandIn } from '../sponsors/stand-ins.testkit.js';
import { startSponsoredApp } from './sponsored-app.testkit.js';

/** Generous time-outs: the whole repository's tests share a small machine. */
const SLOW_MACHINE_MS = 30_000;
const exports = {
  ...DEFAULT_EXPORT_CONF,
  chromiumPath: process.env.CHROMIUM_PATH ?? DEFAULT_EXPORT_CONF.chromiumPath,
};

/** The text of a PDF, through poppler's pdftotext. */
function pdfText(pdf: Buffer): string {
  const file = join(mkdtempSync(join(tmpdir(), 'inkstone-pdf-')), 'out.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

// A token given as `accessToken` goes in the Authorization header, as the app sends it.
const post = (app: FastifyInstance, html: string, query: Record<string, string> = {}) => {
  const { accessToken, ...rest } = query;
  return app.inject({
    method: 'POST',
    url: '/pdfExport',
    query: rest,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      ...(accessToken === undefined ? {} : { authorization: `Bearer ${accessToken}` }),
    },
    payload: html,
  });
};

describe('POST /pdfExport, sponsorship off (everyone is a sponsor)', () => {
  let app: FastifyInstance;
  let tracker: StandIn;
  beforeAll(async () => {
    tracker = await startStandIn((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'image/png' });
      response.end();
    });
    app = await buildApp({ conf: readPublicConf({}), exports });
  });
  afterAll(async () => {
    await app.close();
    await tracker.close();
  });

  it(
    'prints the HTML: a PDF holding its text, no request leaves, no script runs',
    async () => {
      const html = `<!doctype html><html><head><title>t</title>
        <link rel="stylesheet" href="${tracker.url}/style.css"></head><body>
        <h1>Hello Inkstone</h1><p id="p">Static text</p>
        <img src="${tracker.url}/x.png"><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
        <iframe src="${tracker.url}/frame"></iframe>
        <script>document.getElementById('p').textContent = 'Script ran';</script>
        </body></html>`;
      const response = await post(app, html, {
        options: JSON.stringify({ pageSize: 'a5', marginTop: 10 }),
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const text = pdfText(response.rawPayload);
      expect(text).toContain('Hello Inkstone');
      expect(text).toContain('Static text');
      expect(text).not.toContain('Script ran');
      expect(tracker.received).toEqual([]);
    },
    SLOW_MACHINE_MS,
  );

  it('refuses bad options and an empty body with 400, another content type with 415', async () => {
    for (const options of ['not json', '[]', '{"pageSize":"B7"}', '{"marginTop":-1}']) {
      const response = await post(app, '<p>x</p>', { options });
      expect(response.statusCode, options).toBe(400);
    }
    expect((await post(app, '   ')).statusCode).toBe(400);
    const json = await app.inject({
      method: 'POST',
      url: '/pdfExport',
      payload: { html: '<p>x</p>' },
    });
    expect(json.statusCode).toBe(400);
    const xml = await app.inject({
      method: 'POST',
      url: '/pdfExport',
      headers: { 'content-type': 'application/xml' },
      payload: '<p/>',
    });
    expect(xml.statusCode).toBe(415);
  });

  it('refuses a body over the export body limit with 413', async () => {
    const small = await buildApp({
      conf: readPublicConf({}),
      exports: { ...exports, bodyLimitBytes: 1024 },
    });
    const response = await post(small, `<p>${'x'.repeat(2048)}</p>`);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      statusCode: 413,
      error: 'Payload Too Large',
      message: 'The document is too large to export: the server takes at most 1 KB.',
    });
    await small.close();
  });
});

describe('POST /pdfExport, limits', () => {
  it(
    'answers 504 when the time runs out, and 503 when the queue is full',
    async () => {
      const app = await buildApp({
        conf: readPublicConf({}),
        exports: { ...exports, timeoutMs: 1, concurrency: 1, queueMax: 0 },
      });
      const [first, second] = await Promise.all([post(app, '<p>a</p>'), post(app, '<p>b</p>')]);
      expect([first.statusCode, second.statusCode].sort()).toEqual([503, 504]);
      expect(first.json<{ message: string }>().message).toMatch(/longer than allowed|RETRY/);
      await app.close();
    },
    SLOW_MACHINE_MS,
  );
});

describe('POST /pdfExport, sponsorship on', () => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ app, close } = await startSponsoredApp(exports));
  });
  afterAll(() => close());

  it('answers 401 without a token, with a refused one and for a non-sponsor', async () => {
    const queries: Array<Record<string, string>> = [
      {},
      { accessToken: 'gh-bad' },
      { accessToken: 'gh-other' },
    ];
    for (const query of queries) {
      const response = await post(app, '<p>x</p>', query);
      expect(response.statusCode, JSON.stringify(query)).toBe(401);
    }
    // A token in the URL would reach logs: refused before anything else.
    const inUrl = await app.inject({
      method: 'POST',
      url: '/pdfExport?accessToken=gh-good',
      headers: { 'content-type': 'text/html; charset=utf-8' },
      payload: '<p>x</p>',
    });
    expect(inUrl.statusCode).toBe(400);
    expect(inUrl.json().message).toMatch(/Authorization header/);
  });

  it(
    'prints for a sponsor',
    async () => {
      const response = await post(app, '<p>Sponsored</p>', { accessToken: 'gh-good' });
      expect(response.statusCode).toBe(200);
      expect(pdfText(response.rawPayload)).toContain('Sponsored');
    },
    SLOW_MACHINE_MS,
  );
});
