import { startCloudSim, type CloudSim } from '../server.js';
import type { GoogleUser, OAuthClient } from '../accounts.js';
import { DRIVE, DRIVE_APPDATA } from '../drive/scopes.js';

/** One answer read whole. */
export interface Answer {
  status: number;
  headers: Headers;
  /** The body parsed as JSON, when it is JSON. */
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  text: string;
}

/** A cloud-sim with an account alice, a client "Inkstone" and a Drive token of alice's. */
export interface TestSim {
  sim: CloudSim;
  alice: GoogleUser;
  client: OAuthClient;
  /** alice's token with drive, drive.appdata, openid and profile. */
  token: string;
  /** A request to the sim (a JSON body is sent as JSON, a string or Buffer as it is). */
  call(
    method: string,
    path: string,
    options?: { body?: unknown; headers?: Record<string, string>; token?: string | null },
  ): Promise<Answer>;
}

/** The redirect URI the test client registers. */
export const REDIRECT = 'http://127.0.0.1:9999/oauth2/callback';

/** Starts a cloud-sim on a free port with alice and her Drive token. */
export async function startTestSim(): Promise<TestSim> {
  const sim = await startCloudSim({ port: 0 });
  const alice = sim.accounts.addUser({ email: 'alice@example.com', name: 'Alice Liddell' });
  const client = sim.accounts.addClient({
    clientId: 'inkstone-test.apps.googleusercontent.com',
    clientSecret: 'shh',
    name: 'Inkstone',
    redirectUris: [REDIRECT],
  });
  const token = sim.accounts.issue(alice, client.clientId, [
    DRIVE,
    DRIVE_APPDATA,
    'openid',
    'profile',
  ]).token;
  return {
    sim,
    alice,
    client,
    token,
    async call(method, path, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      const bearer = options.token === undefined ? token : options.token;
      if (bearer !== null) headers.authorization = `Bearer ${bearer}`;
      let body: string | Buffer | undefined;
      if (typeof options.body === 'string' || Buffer.isBuffer(options.body)) body = options.body;
      else if (options.body !== undefined) {
        body = JSON.stringify(options.body);
        headers['content-type'] ??= 'application/json';
      }
      const response = await fetch(`${sim.url}${path}`, {
        method,
        headers,
        body,
        redirect: 'manual',
      });
      const text = await response.text();
      let parsed: unknown = undefined;
      if ((response.headers.get('content-type') ?? '').includes('application/json') && text) {
        parsed = JSON.parse(text);
      }
      return { status: response.status, headers: response.headers, body: parsed, text };
    },
  };
}

/** A multipart/related body of Drive's multipart upload: the metadata, then the media. */
export function multipart(metadata: unknown, media: string | Buffer, mediaType = 'text/markdown') {
  const boundary = 'cloud-sim-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Type: application/json; charset=UTF-8\r\n\r\n${JSON.stringify(metadata)}\r\n--${boundary}\r\nContent-Type: ${mediaType}\r\n\r\n`,
    ),
    Buffer.isBuffer(media) ? media : Buffer.from(media),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/related; boundary=${boundary}` } };
}
