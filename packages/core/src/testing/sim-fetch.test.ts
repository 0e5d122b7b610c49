import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simFetch } from './sim-fetch.js';

// The simulations' fetch answers as Node's `fetch` does: the status, headers and text of a
// reply, the body and type it was given, and a rejection when the reply is lost or the request
// aborted (what the HttpClient reports as a failed network or a time-out).
describe('simFetch', () => {
  let server: Server;
  let origin: string;
  beforeAll(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        if (request.url === '/drop') return request.socket.destroy();
        if (request.url === '/never') return;
        response.writeHead(request.url === '/missing' ? 404 : 200, {
          'content-type': 'application/json',
          'x-twice': ['a', 'b'],
        });
        response.end(
          JSON.stringify({
            method: request.method,
            type: request.headers['content-type'] ?? null,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('gives the status, headers and text, sending the body with fetch’s default type', async () => {
    const both = async (init: Parameters<typeof simFetch>[1], path = '/echo') => {
      const mine = await simFetch(`${origin}${path}`, init);
      const real = await fetch(`${origin}${path}`, init as RequestInit);
      const text = await mine.text();
      expect(text).toBe(await real.text());
      expect(mine.status).toBe(real.status);
      expect(mine.headers.get('X-Twice')).toBe(real.headers.get('x-twice'));
      expect(mine.headers.get('nothing')).toBeNull();
      return JSON.parse(text) as { method: string; type: string | null; body: string };
    };
    expect(await both({ method: 'POST', body: 'plain ü' })).toEqual({
      method: 'POST',
      type: 'text/plain;charset=UTF-8',
      body: 'plain ü',
    });
    const json = { method: 'PATCH', headers: { 'Content-Type': 'application/json' }, body: '{}' };
    expect((await both(json)).type).toBe('application/json');
    const bytes = { method: 'PUT', body: new TextEncoder().encode('bytes') };
    expect((await both(bytes)).body).toBe('bytes');
    expect((await both({ method: 'GET' }, '/missing')).method).toBe('GET');
  });

  it('rejects when the reply is lost or the request is aborted', async () => {
    await expect(simFetch(`${origin}/drop`, { method: 'GET' })).rejects.toThrow('fetch failed');
    const controller = new AbortController();
    const pending = simFetch(`${origin}/never`, { method: 'GET', signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toThrow();
  });
});
