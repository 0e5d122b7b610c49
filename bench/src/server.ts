import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Starts the real server on `port`, serving the built web app; resolves once it answers. The
 * server and app of this checkout, or of the checkout at `root` (the baseline's build). */
export async function startServer(
  port: number,
  env: Record<string, string> = {},
  root?: string,
): Promise<ChildProcess> {
  const main =
    root === undefined
      ? fileURLToPath(new URL('../../apps/server/dist/main.js', import.meta.url))
      : join(root, 'apps', 'server', 'dist', 'main.js');
  const child = spawn(process.execPath, [main], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/conf`);
      if (response.ok) return child;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill();
  throw new Error(`The server did not start on port ${port}.`);
}
