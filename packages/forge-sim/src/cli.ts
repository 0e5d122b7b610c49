import { randomBytes } from 'node:crypto';
import { startForgeSim } from './server.js';

/** The port `pnpm forge-sim` listens on unless told otherwise. */
export const DEFAULT_PORT = 4010;

/**
 * Starts forge-sim for a person (`pnpm forge-sim`): a demo user with a fresh token and a public
 * repository `demo/hello`, and prints how to reach them. Options: `--port N` (or FORGE_SIM_PORT),
 * `--data DIR` (kept; a temporary folder removed on close otherwise).
 */
export async function runCli(args: readonly string[], print: (line: string) => void) {
  const option = (name: string) => {
    const index = args.indexOf(name);
    return index >= 0 ? args[index + 1] : undefined;
  };
  const port = Number(option('--port') ?? process.env.FORGE_SIM_PORT ?? DEFAULT_PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`Invalid port: ${port}`);
  const dataDir = option('--data');
  const forge = await startForgeSim({ port, ...(dataDir ? { dataDir } : {}) });
  const token = `fsim_${randomBytes(16).toString('hex')}`;
  const demo = forge.users.add({ login: 'demo', token, name: 'Demo User' });
  if (!forge.repos.get('demo', 'hello')) {
    await forge.repos.create({ owner: demo.login, name: 'hello', autoInit: true });
  }
  print(`forge-sim listening on ${forge.url}`);
  print(`  REST API (GitHub v3):  ${forge.apiUrl}`);
  print(`  demo user:             ${demo.login} (id ${demo.id})`);
  print(`  demo token:            ${token}`);
  print(`  try:  curl -H "Authorization: token ${token}" ${forge.apiUrl}/user`);
  print(`        git clone ${forge.url}/${demo.login}/hello.git`);
  print(`  data: ${forge.dataDir}${dataDir ? '' : ' (removed on exit)'}`);
  return { forge, token };
}
