// The SM.MS and custom image bed stand-ins, checked against the transcription of SM.MS's API v2
// documentation (fixtures/smms-api-v2.json): answers' fields, the token, image_repeated, the
// 5 MB limit, a non-image, the proxy, faults; the custom bed's answer kinds and served bytes.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startCloudSim, type CloudSim } from '../server.js';
import type { SmmsUser } from './smms.js';

interface Doc {
  baseUrl: string;
  maxImageBytes: number;
  endpoints: Record<string, { success: { data: Record<string, string> } }>;
  errors: Record<string, { code: string; message: string; standIn?: boolean }>;
}
/** A documented (or stand-in) refusal as the body carries it. */
const refusal = (name: string) => {
  const { code, message } = doc.errors[name]!;
  return { success: false, code, message };
};
const doc = JSON.parse(
  readFileSync(new URL('../../fixtures/smms-api-v2.json', import.meta.url), 'utf8'),
) as Doc;

// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

interface SmmsAnswer {
  success: boolean;
  code: string;
  message: string;
  images?: string;
  data: Record<string, string>;
}

let sim: CloudSim;
let ann: SmmsUser;
beforeAll(async () => {
  sim = await startCloudSim({ port: 0 });
  ann = sim.smms.addUser({ username: 'ann' });
});
afterAll(async () => {
  await sim.close();
});

function form(field: string, name: string, bytes: Buffer, extra: Record<string, string> = {}) {
  const data = new FormData();
  for (const [key, value] of Object.entries(extra)) data.append(key, value);
  data.append(field, new Blob([bytes], { type: 'image/png' }), name);
  return data;
}

const smms = (path: string, init: RequestInit) =>
  fetch(`${sim.url}/proxy/${doc.baseUrl}${path}`, init).then(async (response) => ({
    status: response.status,
    body: (await response.json()) as SmmsAnswer,
  }));

describe('SM.MS stand-in', () => {
  it('answers the profile with the documented fields, only with a known token', async () => {
    const ok = await smms('/profile', { method: 'POST', headers: { Authorization: ann.token } });
    expect(ok.body.success).toBe(true);
    expect(Object.keys(ok.body.data).sort()).toEqual(
      Object.keys(doc.endpoints['POST /profile']!.success.data).sort(),
    );
    expect(ok.body.data.username).toBe('ann');
    const refused = await smms('/profile', { method: 'POST', headers: { Authorization: 'nope' } });
    expect(refused.body).toMatchObject(refusal('unauthorized'));
  });

  it('stores an upload, serves it with its type, and answers image_repeated for the same bytes', async () => {
    const first = await smms('/upload', {
      method: 'POST',
      headers: { Authorization: ann.token },
      body: form('smfile', 'dot.png', PNG),
    });
    expect(first.body.success).toBe(true);
    expect(Object.keys(first.body.data).sort()).toEqual(
      Object.keys(doc.endpoints['POST /upload']!.success.data).sort(),
    );
    const served = await fetch(first.body.data.url!);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);

    const again = await smms('/upload', {
      method: 'POST',
      headers: { Authorization: ann.token },
      body: form('smfile', 'other-name.png', PNG),
    });
    expect(again.body).toMatchObject({ success: false, code: 'image_repeated' });
    expect(again.body.images).toBe(first.body.data.url);
    expect(sim.smms.imagesOf('ann')).toHaveLength(1);
  });

  it('refuses no token, no smfile, a non-image and an image past 5 MB', async () => {
    const upload = (data: FormData, token = ann.token) =>
      smms('/upload', { method: 'POST', headers: { Authorization: token }, body: data });
    expect((await upload(form('smfile', 'a.png', PNG), 'bad')).body.code).toBe('unauthorized');
    expect((await upload(form('file', 'a.png', PNG))).body).toMatchObject(refusal('no_file'));
    expect((await upload(form('smfile', 'a.txt', Buffer.from('hello')))).body).toMatchObject(
      refusal('not_image'),
    );
    const big = Buffer.concat([PNG, Buffer.alloc(doc.maxImageBytes)]);
    expect((await upload(form('smfile', 'big.png', big))).body).toMatchObject(refusal('too_large'));
  });

  it('serves faults in its own shape and proxies nothing but SM.MS', async () => {
    sim.faults.next({ path: /\/upload$/, status: 503 });
    const failed = await smms('/upload', {
      method: 'POST',
      headers: { Authorization: ann.token },
      body: form('smfile', 'x.png', PNG),
    });
    expect(failed.status).toBe(503);
    expect(failed.body.success).toBe(false);
    sim.faults.next({ path: /\/upload$/, rateLimit: true });
    const flood = await smms('/upload', { method: 'POST', headers: { Authorization: ann.token } });
    expect(flood.status).toBe(429);
    expect(flood.body).toMatchObject(refusal('flood'));
    const elsewhere = await fetch(`${sim.url}/proxy/https://example.com/`);
    expect(elsewhere.status).toBe(403);
  });
});

describe('custom image bed stand-in', () => {
  beforeEach(() => {
    sim.customBed.answerWith = { kind: 'json', shape: (url) => ({ data: { links: [{ url }] } }) };
    sim.customBed.requiredHeaders = {};
  });
  const upload = (data: FormData, headers: Record<string, string> = {}) =>
    fetch(`${sim.url}/custom-bed/upload`, { method: 'POST', body: data, headers });

  it('answers the configured JSON shape and serves the bytes at the URL it gives', async () => {
    sim.customBed.requiredHeaders = { 'x-api-key': 'k1' };
    expect((await upload(form('image', 'a.png', PNG))).status).toBe(401);
    const response = await upload(form('image', 'a.png', PNG, { album: 'blog' }), {
      'X-Api-Key': 'k1',
    });
    const body = (await response.json()) as { data: { links: { url: string }[] } };
    const url = body.data.links[0]!.url;
    const served = await fetch(url);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
    expect(sim.customBed.uploads.at(-1)!.fields).toEqual({ album: 'blog' });
  });

  it('answers HTML, an error status or nothing when told', async () => {
    sim.customBed.answerWith = { kind: 'html' };
    const html = await upload(form('image', 'a.png', PNG));
    expect(html.headers.get('content-type')).toMatch(/text\/html/);
    sim.customBed.answerWith = { kind: 'error', status: 500, body: 'boom' };
    const error = await upload(form('image', 'a.png', PNG));
    expect([error.status, await error.text()]).toEqual([500, 'boom']);
    sim.customBed.answerWith = { kind: 'empty' };
    expect(await (await upload(form('image', 'a.png', PNG))).text()).toBe('');
  });

  it('lets a browser send any configured header (CORS preflight)', async () => {
    const response = await fetch(`${sim.url}/custom-bed/upload`, {
      method: 'OPTIONS',
      headers: { 'Access-Control-Request-Headers': 'x-api-key,x-other' },
    });
    expect(response.headers.get('access-control-allow-headers')).toBe('x-api-key,x-other');
  });
});
