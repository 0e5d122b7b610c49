import { randomBytes } from 'node:crypto';
import { startForgeSim } from './server.js';

/** A mistake in what `pnpm forge-sim` was given: its message is all the person needs. */
export class CliError extends Error {
  override name = 'CliError';
}

const OPTIONS = ['--port', '--data', '--callback'];

// `--port N` and `--data DIR`, each with its value; anything else is refused, so that a typing
// mistake is said rather than ignored.
function readOptions(given: readonly string[]): Map<string, string> {
  // (`pnpm forge-sim -- --port 0` hands the separator on: it is no option.)
  const args = given.filter((arg) => arg !== '--');
  const options = new Map<string, string>();
  for (let index = 0; index < args.length; index += 2) {
    const name = args[index]!;
    if (!OPTIONS.includes(name)) {
      throw new CliError(
        `Unknown option: ${name} (forge-sim takes --port N, --data DIR and --callback URL).`,
      );
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

/** The demo OAuth app's callback unless told otherwise: the app served by ./scripts/start.sh. */
export const DEFAULT_CALLBACK = 'http://localhost:8080/oauth2/callback';

/**
 * Starts forge-sim for a person (`pnpm forge-sim`): a demo user with a fresh token, a public
 * repository `demo/hello` and an OAuth app for Inkstone's server, and prints how to reach them.
 * Options: `--port N` (or FORGE_SIM_PORT), `--data DIR` (kept; a temporary folder removed on
 * close otherwise), `--callback URL` (the OAuth app's callback; {@link DEFAULT_CALLBACK}).
 */
export async function runCli(args: readonly string[], print: (line: string) => void) {
  const options = readOptions(args);
  const portText = options.get('--port') ?? process.env.FORGE_SIM_PORT ?? String(DEFAULT_PORT);
  const port = Number(portText);
  if (portText.trim() === '' || !Number.isInteger(port) || port < 0 || port > 65535) {
    throw new CliError(`Invalid port: ${portText} (a whole number from 0 to 65535).`);
  }
  const dataDir = options.get('--data');
  const callbackUrl = options.get('--callback') ?? DEFAULT_CALLBACK;
  if (!URL.canParse(callbackUrl) || !/^https?:$/.test(new URL(callbackUrl).protocol)) {
    throw new CliError(`Invalid callback URL: ${callbackUrl} (an http or https URL).`);
  }
  const forge = await startForgeSim({ port, ...(dataDir ? { dataDir } : {}) });
  const token = `fsim_${randomBytes(16).toString('hex')}`;
  const demo = forge.users.add({ login: 'demo', token, name: 'Demo User' });
  if (!forge.repos.get('demo', 'hello')) {
    await forge.repos.create({ owner: demo.login, name: 'hello', autoInit: true });
  }
  const app = forge.oauthApps.add({
    clientId: `fsim-client-${randomBytes(6).toString('hex')}`,
    clientSecret: `fsim-secret-${randomBytes(16).toString('hex')}`,
    callbackUrl,
    name: 'Inkstone',
  });
  print(`forge-sim listening on ${forge.url}`);
  print(`  REST API (GitHub v3):  ${forge.apiUrl}`);
  print(`  demo user:             ${demo.login} (id ${demo.id})`);
  print(`  demo token:            ${token}`);
  print(`  try:  curl -H "Authorization: token ${token}" ${forge.apiUrl}/user`);
  print(`        git clone ${forge.url}/${demo.login}/hello.git`);
  print(`  OAuth app "Inkstone", callback ${app.callbackUrl}; run the app's server with:`);
  print(
    `        GITHUB_URL=${forge.url} GITHUB_API_URL=${forge.apiUrl} GITHUB_CLIENT_ID=${app.clientId} GITHUB_CLIENT_SECRET=${app.clientSecret}`,
  );
  print(`  REST API (GitLab v4):  ${forge.gitlabApiUrl}`);
  print(
    `  try:  curl -H "Authorization: Bearer ${token}" ${forge.gitlabApiUrl}/projects/demo%2Fhello`,
  );
  print(
    `  GitLab OAuth (${forge.url}/oauth/authorize, /oauth/token), same app; Inkstone's server with:`,
  );
  print(
    `        GITLAB_URL=${forge.url} GITLAB_CLIENT_ID=${app.clientId} GITLAB_CLIENT_SECRET=${app.clientSecret}`,
  );
  print(`  data: ${forge.dataDir}${dataDir ? '' : ' (removed on exit)'}`);
  return { forge, token, app };
}
