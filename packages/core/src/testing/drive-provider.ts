// What the Drive provider's tests share: cloud-sim in this process with one account and one
// OAuth client, a FreshGoogleToken over cloud-sim's token issuing (a refresh issues anew), a
// Drive client through Node's fetch (counting requests) and workspaces over fresh folders.
import {
  type CloudSim,
  DRIVE,
  DRIVE_APPDATA,
  type GoogleUser,
  startCloudSim,
} from '@inkstone/cloud-sim';
import {
  type GoogleToken,
  type FreshGoogleToken,
  googleEndpoints,
} from '../providers/google/google-token.js';
import { DriveClient } from '../providers/google-drive/drive-client.js';
import {
  DriveWorkspaceProvider,
  type DriveWorkspaceOptions,
  openDriveWorkspace,
} from '../providers/google-drive/drive-workspace-provider.js';
import { type FetchPort, HttpClient } from '../sync/http-client.js';
import { type Timers } from '../ports/timers.js';
import { nodeFetch, nodeTimers } from './couchdb-provider.js';

/** The OAuth client of the tests. */
export const DRIVE_TEST_CLIENT = 'inkstone-tests.apps.cloud-sim.test';
/** The scopes the tests' tokens hold. */
export const DRIVE_TEST_SCOPES = [DRIVE, DRIVE_APPDATA, 'openid', 'profile'];

/** A running cloud-sim with the test account, and the requests its Drive clients made. */
export interface DriveTestCloud {
  google: CloudSim;
  /** The account the tokens are issued to. */
  user: GoogleUser;
  /** Issues the next tokens to another account (a drive and an app data folder of its own). */
  useAccount(user: GoogleUser): void;
  /** Requests through the clients of {@link DriveTestCloud.client}: `METHOD /path`. */
  requests: string[];
  /** How many tokens the port gave, and how many of them by force (after a 401). */
  tokens: { issued: number; forced: number };
  /** The token port over cloud-sim. */
  freshToken: FreshGoogleToken;
  /** A Drive client of the test account, or of `account` (`fetch` and `timers` to fault or
   * speed it). */
  client(options?: { fetch?: FetchPort; timers?: Timers; account?: GoogleUser }): DriveClient;
  /** A provider over a new workspace folder (or the app data folder). */
  provider(
    options?: Partial<DriveWorkspaceOptions> & {
      fetch?: FetchPort;
      timers?: Timers;
      account?: GoogleUser;
    },
  ): Promise<DriveWorkspaceProvider>;
  close(): Promise<void>;
}

let folders = 0;

/** Starts cloud-sim on a free port with the test account. */
export async function startDriveTestCloud(): Promise<DriveTestCloud> {
  const google = await startCloudSim({ port: 0 });
  const user = google.accounts.addUser({ email: 'alice@example.com', name: 'Alice Liddell' });
  google.accounts.addClient({
    clientId: DRIVE_TEST_CLIENT,
    clientSecret: 'secret',
    name: 'Inkstone',
    redirectUris: ['http://127.0.0.1:8080/oauth2/callback'],
  });
  const requests: string[] = [];
  const tokens = { issued: 0, forced: 0 };
  let current: GoogleToken | undefined;
  let account = user;
  const freshToken: FreshGoogleToken = (sub, scopes, options) => {
    if (!current || options?.force) {
      const issued = google.accounts.issue(account, DRIVE_TEST_CLIENT, DRIVE_TEST_SCOPES);
      tokens.issued += 1;
      if (options?.force) tokens.forced += 1;
      current = {
        sub,
        name: account.name,
        scopes: [...scopes],
        accessToken: issued.token,
        expiresOn: issued.expiresAt,
        idToken: '',
        isDrive: true,
        driveFullAccess: true,
      };
    }
    return Promise.resolve(current);
  };
  // One token port per other account (a simulation's seed keeps its drive small that way).
  const ports = new Map<string, FreshGoogleToken>();
  const portOf = (other: GoogleUser): FreshGoogleToken => {
    let port = ports.get(other.id);
    if (!port) {
      let token: GoogleToken | undefined;
      port = (sub, scopes, options) => {
        if (!token || options?.force) {
          const issued = google.accounts.issue(other, DRIVE_TEST_CLIENT, DRIVE_TEST_SCOPES);
          token = {
            sub,
            name: other.name,
            scopes: [...scopes],
            accessToken: issued.token,
            expiresOn: issued.expiresAt,
            idToken: '',
          };
        }
        return Promise.resolve(token);
      };
      ports.set(other.id, port);
    }
    return port;
  };
  const client = (options: { fetch?: FetchPort; timers?: Timers; account?: GoogleUser } = {}) => {
    const base = options.fetch ?? nodeFetch;
    const counting: FetchPort = (url, init) => {
      requests.push(`${init.method} ${url.slice(google.url.length).split('?')[0]}`);
      return base(url, init);
    };
    return new DriveClient({
      http: new HttpClient({
        fetch: counting,
        timers: options.timers ?? nodeTimers,
        random: () => 0,
      }),
      endpoints: googleEndpoints(google.url),
      token: options.account ? portOf(options.account) : freshToken,
      sub: (options.account ?? account).id,
      scopes: DRIVE_TEST_SCOPES,
    });
  };
  return {
    google,
    get user() {
      return account;
    },
    useAccount(next) {
      account = next;
      current = undefined;
    },
    requests,
    tokens,
    freshToken,
    client,
    async provider(options = {}) {
      const drive = client({
        fetch: options.fetch,
        timers: options.timers,
        account: options.account,
      });
      folders += 1;
      const opened =
        options.folderId === undefined
          ? await openDriveWorkspace(drive, '', `Workspace ${folders}`)
          : undefined;
      return new DriveWorkspaceProvider({
        ...opened,
        ...options,
        client: drive,
      } as DriveWorkspaceOptions);
    },
    close: () => google.close(),
  };
}
