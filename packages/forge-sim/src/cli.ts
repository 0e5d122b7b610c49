import { randomBytes } from 'node:crypto';
import { startForgeSim } from './server.js';

/** A mistake in what `pnpm forge-sim` was given: its message is all the person needs. */
export class CliError extends Error {
  override name = 'CliError';
}

const OPTIONS = ['--port', '--data'];

// `--port N` and `--data DIR`, each with its value; anything else is refused, so that a typing
// mistake is said rather than ignored.
function readOptions(given: readonly string[]): Map<string, string> {
  // (`pnpm forge-sim -- --port 0` hands the separator on: it is no option.)
  const args = given.filter((arg) => arg !== '--');
  const options = new Map<string, string>();
  for (let index = 0; index < args.length; index += 2) {
    const name = args[index]!;
    if (!OPTIONS.includes(name)) {
      throw new CliError(`Unknown option: ${name} (forge-sim takes --port N and --data DIR).`);
    }
    const value = args[index + 1];
    if (value === undefined || value.startsWith('--')) {
      throw new CliError(`${name} needs a value.`);
    }
    options.set(name, value);
  }
  return options;
}

/** The port `pnpm forge-sim` listens on unless told otherwise. */
export const DEFAULT_PORT = 4010;

/**
 * Starts forge-sim for a person (`pnpm forge-sim`): a demo user with a fresh token and a public
 * repository `demo/hello`, and prints how to reach them. Options: `--port N` (or FORGE_SIM_PORT),
 * `--data DIR` (kept; a temporary folder removed on close otherwise).
 */
export async function runCli(args: readonly string[], print: (line: string) => void) {
  const options = readOptions(args);
  const portText = options.get('--port') ?? process.env.FORGE_SIM_PORT ?? String(DEFAULT_PORT);
  const port = Number(portText);
  if (portText.trim() === '' || !Number.isInteger(port) || port < 0 || port > 65535) {
    throw new CliError(`Invalid port: ${portText} (a whole number from 0 to 65535).`);
  }
  const dataDir = options.get('--data');
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
