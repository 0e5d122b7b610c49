import { mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { readPublicConf } from './conf.js';

// The static export with the .br and .gz copies the web app's build writes beside its files
// (apps/web/scripts/compress-static.mjs): which answer each client gets, and that the headers
// (type, caching, the pages' and the worker's policies) are those of the file whichever copy
// is sent.

const filler = (word: string) => Array.from({ length: 200 }, (_, i) => `${word} ${i}`).join(' ');

/** The files of the export, by path; those in `withoutCopies` get no compressed copy. */
const FILES: Record<string, string> = {
  'index.html': `<!doctype html><title>Inkstone</title><script>self.a=1</script><p>${filler('page')}</p>`,
  '404.html': `<!doctype html><title>Not found</title><script>self.b=2</script><p>${filler('lost')}</p>`,
  'share.html': `<!doctype html><title>Shared file</title><script>window.x=1</script>${filler('s')}`,
  'share/__next._full.txt': 'segment',
  'oauth2/callback.html': `<!doctype html><title>Signing in</title><script>self.opener</script>${filler('c')}`,
  'oauth2/callback/__next._tree.txt': 'tree',
  '_next/static/chunks/app.js': `console.log(${JSON.stringify(filler('chunk'))});`,
  '_next/static/chunks/style.css': `body{margin:0}${filler('.a{color:red}')}`,
  '_next/static/chunks/turbopack-worker-ab12.js': `self.onmessage=()=>{${filler('//')}}`,
  '_next/static/chunks/small.js': 'console.log(2)',
};
const withoutCopies = new Set(['_next/static/chunks/small.js']);

let root: string;
let app: FastifyInstance;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'inkstone-web-compressed-'));
  for (const [path, text] of Object.entries(FILES)) {
    const file = join(root, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
    if (withoutCopies.has(path) || path.endsWith('.txt')) continue;
    writeFileSync(`${file}.br`, brotliCompressSync(text));
    writeFileSync(`${file}.gz`, gzipSync(text));
  }
  app = await buildApp({ conf: readPublicConf({}), webRoot: root });
});
afterAll(() => app.close());

const get = (url: string, acceptEncoding?: string, method: 'GET' | 'HEAD' = 'GET') =>
  app.inject({
    method,
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

/** The answer's body as the client reads it, decoded by its Content-Encoding. */
function decoded(response: Awaited<ReturnType<typeof get>>): string {
  const body = response.rawPayload;
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(body).toString('utf8');
  expect(encoding).toBeUndefined();
  return body.toString('utf8');
}

/** The headers that must not depend on the copy sent. */
const sameHeaders = ['content-type', 'cache-control', 'content-security-policy', 'referrer-policy'];

describe('precompressed static files', () => {
  const cases: { url: string; file: string; status?: number }[] = [
    { url: '/', file: 'index.html' },
    { url: '/index.html', file: 'index.html' },
    { url: '/share?id=abc', file: 'share.html' },
    { url: '/share.html', file: 'share.html' },
    { url: '/oauth2/callback?code=c0de&state=s1', file: 'oauth2/callback.html' },
    { url: '/404', file: '404.html' },
    { url: '/no/such/page', file: '404.html', status: 404 },
    { url: '/_next/static/chunks/app.js', file: '_next/static/chunks/app.js' },
    { url: '/_next/static/chunks/style.css', file: '_next/static/chunks/style.css' },
    {
      url: '/_next/static/chunks/turbopack-worker-ab12.js',
      file: '_next/static/chunks/turbopack-worker-ab12.js',
    },
  ];

  it.each(cases)(
    '$url: brotli when accepted, else gzip, else the file, each the same text and headers',
    async ({ url, file, status = 200 }) => {
      const plain = await get(url);
      expect(plain.statusCode).toBe(status);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(FILES[file]);
      expect(plain.headers.vary).toMatch(/accept-encoding/i);

      for (const [accept, encoding] of [
        ['gzip, deflate, br, zstd', 'br'],
        ['br;q=1.0, gzip;q=0.5', 'br'],
        ['gzip, deflate', 'gzip'],
        ['identity', undefined],
        ['br;q=0, gzip;q=0', undefined],
      ] as const) {
        const answer = await get(url, accept);
        expect(answer.statusCode, accept).toBe(status);
        expect(answer.headers['content-encoding'], accept).toBe(encoding);
        expect(decoded(answer), accept).toBe(FILES[file]);
        expect(answer.headers.vary, accept).toMatch(/accept-encoding/i);
        if (encoding) {
          const copy = readFileSync(join(root, `${file}.${encoding === 'br' ? 'br' : 'gz'}`));
          expect(Number(answer.headers['content-length'])).toBe(copy.length);
        }
        for (const header of sameHeaders) {
          expect(answer.headers[header], `${accept}: ${header}`).toEqual(plain.headers[header]);
        }
      }
    },
  );

  it('keeps the pages revalidated and the hashed files cached for good, and each policy', async () => {
    const page = await get('/', 'br');
    expect(page.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect(page.headers['content-type']).toContain('text/html');
    // The page's inline script is allowed by its hash, as on the uncompressed answer.
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
    const script = await get('/_next/static/chunks/app.js', 'br');
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script.headers['content-type']).toMatch(/javascript/);
    const css = await get('/_next/static/chunks/style.css', 'gzip');
    expect(css.headers['content-type']).toContain('text/css');
    const worker = await get('/_next/static/chunks/turbopack-worker-ab12.js', 'br');
    expect(worker.headers['content-encoding']).toBe('br');
    expect(worker.headers['content-security-policy']).toBe(
      (await get('/_next/static/chunks/turbopack-worker-ab12.js')).headers[
        'content-security-policy'
      ],
    );
    expect(worker.headers['content-security-policy']).not.toBe(
      script.headers['content-security-policy'],
    );
  });

  it('sends the file itself when it has no compressed copy', async () => {
    const answer = await get('/_next/static/chunks/small.js', 'gzip, deflate, br');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body).toBe(FILES['_next/static/chunks/small.js']);
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(answer.headers['cache-control']).toContain('immutable');
  });

  it('answers HEAD with the headers of the copy GET would send, and no body', async () => {
    const head = await get('/_next/static/chunks/app.js', 'br', 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(Number(head.headers['content-length'])).toBe(
      statSync(join(root, '_next/static/chunks/app.js.br')).size,
    );
    expect(head.rawPayload.length).toBe(0);
    const plain = await get('/share', undefined, 'HEAD');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(Number(plain.headers['content-length'])).toBe(Buffer.byteLength(FILES['share.html']!));
  });

  it('answers a Range request with that part of the copy it sends', async () => {
    const file = FILES['_next/static/chunks/app.js']!;
    const plain = await app.inject({
      method: 'GET',
      url: '/_next/static/chunks/app.js',
      headers: { range: 'bytes=0-9' },
    });
    expect(plain.statusCode).toBe(206);
    expect(plain.body).toBe(file.slice(0, 10));
    expect(plain.headers['content-range']).toBe(`bytes 0-9/${Buffer.byteLength(file)}`);
    const copy = readFileSync(join(root, '_next/static/chunks/app.js.br'));
    const part = await app.inject({
      method: 'GET',
      url: '/_next/static/chunks/app.js',
      headers: { range: 'bytes=0-9', 'accept-encoding': 'br' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-encoding']).toBe('br');
    expect(part.headers['content-range']).toBe(`bytes 0-9/${copy.length}`);
    expect(part.rawPayload.equals(copy.subarray(0, 10))).toBe(true);
  });
});
