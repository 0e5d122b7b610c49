import net, { type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { readPublicConf } from './conf.js';
import { closeGracefully } from './shutdown.js';

// The server as `main` runs it, on a free port of loopback.
async function listeningApp(): Promise<{ app: FastifyInstance; port: number }> {
  const app = await buildApp({ conf: readPublicConf({}) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, port: (app.server.address() as AddressInfo).port };
}

// A client that sends the start of a request and then nothing more: the socket, and whether
// the server has closed it.
async function stalledClient(port: number, start: string) {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  let closed = false;
  socket.on('close', () => {
    closed = true;
  });
  socket.on('error', () => undefined);
  socket.write(start);
  await new Promise((resolve) => setTimeout(resolve, 200)); // (the server has read it)
  return { socket, closed: () => closed };
}

const sockets: net.Socket[] = [];
afterEach(() => sockets.splice(0).forEach((socket) => socket.destroy()));

describe('the server closing on a signal', () => {
  it.each([
    [
      'a request whose body never ends',
      'POST /oauth/github/token HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":',
    ],
    ['a request whose headers never end', 'GET /conf HTTP/1.1\r\nHost: x\r\n'],
  ])('closes even while a client holds %s, once the grace is over', async (_, start) => {
    const { app, port } = await listeningApp();
    const client = await stalledClient(port, start);
    sockets.push(client.socket);
    let closed = false;
    const closing = closeGracefully(app, 300).then(() => {
      closed = true;
    });
    // Within the grace, the request may still finish: nothing is cut…
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(closed).toBe(false);
    expect(client.closed()).toBe(false);
    // …then its connection is cut, and the close ends (it never did: app.close waited forever).
    await closing;
    expect(closed).toBe(true);
    await expect.poll(() => client.closed()).toBe(true);
  });

  // (The test's own timeout is over the grace, so that the assertion, not the timeout, decides
  // whether the close waited for it.)
  it('closes at once when no request is in flight', { timeout: 90_000 }, async () => {
    const { app } = await listeningApp();
    const started = Date.now();
    await closeGracefully(app, 60_000);
    expect(Date.now() - started).toBeLessThan(30_000);
  });
});
