import { startCloudSim, type CloudSim, type CloudSimOptions } from '../server.js';
import type { DropboxApp, DropboxUser } from '../dropbox/accounts.js';
import { headerJson } from '../dropbox/routes.js';
import type { Answer } from './harness.js';

/** The redirect URI the test apps register. */
export const DROPBOX_REDIRECT = 'http://127.0.0.1:9999/oauth2/dropbox';

/** A cloud-sim with Dropbox accounts alice and bob, a full-Dropbox app and an app-folder app. */
export interface DropboxTestSim {
  sim: CloudSim;
  alice: DropboxUser;
  bob: DropboxUser;
  /** "Inkstone", full Dropbox, with a secret. */
  full: DropboxApp;
  /** "Inkstone (restricted)", app folder, PKCE only (no secret). */
  restricted: DropboxApp;
  /** alice's token for the full-Dropbox app. */
  token: string;
  /** An RPC call (`files/get_metadata`…): the argument as JSON in the body. */
  rpc(route: string, arg?: unknown, options?: CallOptions): Promise<Answer>;
  /** A content-upload call: the argument in Dropbox-API-Arg, the bytes as the body. */
  upload(arg: unknown, content: string | Buffer, options?: CallOptions): Promise<Answer>;
  /** A content-download call: the argument in Dropbox-API-Arg (or `arg`), the bytes in `text`/`bytes`. */
  download(
    arg: unknown,
    options?: CallOptions & { query?: boolean },
  ): Promise<Answer & { bytes: Buffer }>;
}

export interface CallOptions {
  /** The bearer token (`null`: none); alice's full-Dropbox token when absent. */
  token?: string | null;
  headers?: Record<string, string>;
}

async function read(response: Response): Promise<Answer & { bytes: Buffer }> {
  const bytes = Buffer.from(await response.arrayBuffer());
  const text = bytes.toString('utf8');
  let body: unknown = undefined;
  if ((response.headers.get('content-type') ?? '').includes('application/json') && text) {
    body = JSON.parse(text);
  }
  return { status: response.status, headers: response.headers, body, text, bytes };
}

/** Starts a cloud-sim with two Dropbox accounts and two apps. */
export async function startDropboxTestSim(options: CloudSimOptions = {}): Promise<DropboxTestSim> {
  const sim = await startCloudSim({ port: 0, ...options });
  const alice = sim.dropbox.accounts.addUser({ email: 'alice@example.com', name: 'Alice Liddell' });
  const bob = sim.dropbox.accounts.addUser({ email: 'bob@example.com', name: 'Bob Dodgson' });
  const full = sim.dropbox.accounts.addApp({
    appKey: 'inkstone-full',
    appSecret: 'shh',
    name: 'Inkstone',
    redirectUris: [DROPBOX_REDIRECT],
    access: 'full',
  });
  const restricted = sim.dropbox.accounts.addApp({
    appKey: 'inkstone-restricted',
    name: 'Inkstone (restricted)',
    redirectUris: [DROPBOX_REDIRECT],
    access: 'app_folder',
  });
  // Long-lived, so that tests moving the clock past four hours keep it; others test expiry.
  const token = sim.dropbox.accounts.issue(alice, full, { seconds: 10 * 365 * 86400 }).token;
  const auth = (options: CallOptions): Record<string, string> => {
    const bearer = options.token === undefined ? token : options.token;
    return bearer === null ? {} : { authorization: `Bearer ${bearer}` };
  };
  return {
    sim,
    alice,
    bob,
    full,
    restricted,
    token,
    async rpc(route, arg, options = {}) {
      const response = await fetch(`${sim.url}/2/${route}`, {
        method: 'POST',
        headers: {
          ...auth(options),
          ...(arg === undefined ? {} : { 'content-type': 'application/json' }),
          ...options.headers,
        },
        ...(arg === undefined ? {} : { body: JSON.stringify(arg) }),
      });
      return read(response);
    },
    async upload(arg, content, options = {}) {
      const response = await fetch(`${sim.url}/2/files/upload`, {
        method: 'POST',
        headers: {
          ...auth(options),
          'content-type': 'application/octet-stream',
          'dropbox-api-arg': headerJson(arg),
          ...options.headers,
        },
        body: typeof content === 'string' ? content : new Uint8Array(content),
      });
      return read(response);
    },
    async download(arg, options = {}) {
      const url = new URL(`${sim.url}/2/files/download`);
      const headers: Record<string, string> = { ...options.headers };
      if (options.query) {
        url.searchParams.set('arg', JSON.stringify(arg));
        const bearer = options.token === undefined ? token : options.token;
        if (bearer !== null) url.searchParams.set('authorization', `Bearer ${bearer}`);
      } else {
        Object.assign(headers, auth(options), {
          'dropbox-api-arg': headerJson(arg),
          ...options.headers,
        });
      }
      const response = await fetch(url, { method: options.query ? 'GET' : 'POST', headers });
      return read(response);
    },
  };
}
