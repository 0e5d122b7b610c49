import type { FastifyInstance } from 'fastify';

/** How long a graceful close waits for the requests in flight before it cuts their connections,
 * in ms: a client that never finishes sending its request (a stalled upload, a connection left
 * half-open) kept the server from ever exiting on SIGTERM. */
export const SHUTDOWN_GRACE_MS = 5_000;

/**
 * Closes `app` as a signal asks: requests in flight may finish for `graceMs`, then every
 * connection left is cut, so the close always ends. Resolves when the server is closed.
 */
export async function closeGracefully(
  app: FastifyInstance,
  graceMs: number = SHUTDOWN_GRACE_MS,
): Promise<void> {
  const cut = setTimeout(() => app.server.closeAllConnections(), graceMs);
  try {
    await app.close();
  } finally {
    clearTimeout(cut);
  }
}
