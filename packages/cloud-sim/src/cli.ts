import { startCloudSim } from './server.js';
import { DRIVE, DRIVE_APPDATA } from './drive/scopes.js';

/** A mistake in what `pnpm cloud-sim` was given: its message is all the person needs. */
export class CliError extends Error {
  override name = 'CliError';
}

/** The port `pnpm cloud-sim` listens on unless told otherwise. */
export const DEFAULT_PORT = 4020;
/** The demo OAuth client's redirect URI unless told otherwise: the app served by ./scripts/start.sh. */
export const DEFAULT_REDIRECT = 'http://localhost:8080/oauth2/callback';

const OPTIONS = ['--port', '--redirect'];

function readOptions(given: readonly string[]): Map<string, string> {
  const args = given.filter((arg) => arg !== '--');
  const options = new Map<string, string>();
  for (let index = 0; index < args.length; index += 2) {
    const name = args[index]!;
    if (!OPTIONS.includes(name)) {
      throw new CliError(`Unknown option: ${name} (cloud-sim takes --port N and --redirect URL).`);
    }
    const value = args[index + 1];
    if (value === undefined || value.startsWith('--')) throw new CliError(`${name} needs a value.`);
    options.set(name, value);
  }
  return options;
}

/**
 * Starts cloud-sim for a person (`pnpm cloud-sim`): a demo account demo@example.com, an OAuth
 * client "Inkstone" and a token with Drive's scopes, and prints how to reach them. Options:
 * `--port N` (or CLOUD_SIM_PORT; {@link DEFAULT_PORT}), `--redirect URL` (the client's
 * registered redirect URI; {@link DEFAULT_REDIRECT}).
 */
export async function runCli(args: readonly string[], print: (line: string) => void) {
  const options = readOptions(args);
  const portText = options.get('--port') ?? process.env.CLOUD_SIM_PORT ?? String(DEFAULT_PORT);
  const port = Number(portText);
  if (portText.trim() === '' || !Number.isInteger(port) || port < 0 || port > 65535) {
    throw new CliError(`Invalid port: ${portText} (a whole number from 0 to 65535).`);
  }
  const redirect = options.get('--redirect') ?? DEFAULT_REDIRECT;
  if (!URL.canParse(redirect) || !/^https?:$/.test(new URL(redirect).protocol)) {
    throw new CliError(`Invalid redirect URL: ${redirect} (an http or https URL).`);
  }
  const sim = await startCloudSim({ port });
  const user = sim.accounts.addUser({ email: 'demo@example.com', name: 'Demo User' });
  const client = sim.accounts.addClient({
    clientId: 'inkstone.apps.cloud-sim.test',
    clientSecret: 'cloud-sim-secret',
    name: 'Inkstone',
    redirectUris: [redirect],
  });
  const token = sim.accounts.issue(user, client.clientId, [
    DRIVE,
    DRIVE_APPDATA,
    'openid',
    'profile',
  ]);
  print(`cloud-sim listening on ${sim.url}`);
  print(`  account: ${user.email} (id ${user.id})`);
  print(`  OAuth client: ${client.clientId} (secret ${client.clientSecret}), redirect ${redirect}`);
  print(`  authorize: ${sim.url}/o/oauth2/v2/auth   token: ${sim.url}/token`);
  print(`  access token (Drive, an hour): ${token.token}`);
  print(
    `  try: curl -H "Authorization: Bearer ${token.token}" '${sim.url}/drive/v3/files?fields=*'`,
  );
  // Dropbox: the same demo person, a full-Dropbox app and an app-folder app (PKCE, no secret).
  const dropboxUser = sim.dropbox.accounts.addUser({
    email: 'demo@example.com',
    name: 'Demo User',
  });
  const fullApp = sim.dropbox.accounts.addApp({
    appKey: 'inkstone-dropbox',
    appSecret: 'cloud-sim-secret',
    name: 'Inkstone',
    redirectUris: [redirect],
    access: 'full',
  });
  sim.dropbox.accounts.addApp({
    appKey: 'inkstone-dropbox-restricted',
    name: 'Inkstone (restricted)',
    redirectUris: [redirect],
    access: 'app_folder',
  });
  const dropboxToken = sim.dropbox.accounts.issue(dropboxUser, fullApp);
  print(`  Dropbox account: ${dropboxUser.email} (${dropboxUser.accountId})`);
  print(
    `  Dropbox apps: inkstone-dropbox (full Dropbox, secret cloud-sim-secret), inkstone-dropbox-restricted (app folder, PKCE)`,
  );
  print(`  Dropbox authorize: ${sim.url}/oauth2/authorize   token: ${sim.url}/oauth2/token`);
  print(`  Dropbox access token (four hours): ${dropboxToken.token}`);
  // Zendesk: a help centre `demo` (https://demo.zendesk.com, served at /zendesk/demo), the demo
  // person as its admin, a public OAuth client (PKCE) and a section to publish to.
  sim.zendesk.addHelpCentre('demo');
  const agent = sim.zendesk.addUser('demo', { name: 'Demo User', email: 'demo@example.com' });
  sim.zendesk.addClient('demo', { identifier: 'inkstone-zendesk', redirectUris: [redirect] });
  const section = sim.zendesk.addSection('demo');
  print(
    `  Zendesk help centre: https://demo.zendesk.com at ${sim.url}/zendesk/demo (ZENDESK_URL=${sim.url}/zendesk/{subdomain})`,
  );
  print(
    `  Zendesk client: inkstone-zendesk (public, PKCE); user ${agent.email} (id ${agent.id}); section ${section}`,
  );
  return { sim };
}
