// A CouchDB-protocol server in the test process: express-pouchdb over in-memory PouchDB, on a
// free port of 127.0.0.1, with an admin, users and databases made as the admin (an anonymous
// request that creates a database crashes express-pouchdb once an admin is defined).
import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import expressPouchDB from 'express-pouchdb';
import PouchDB from 'pouchdb-core';
import memory from 'pouchdb-adapter-memory';
import mapreduce from 'pouchdb-mapreduce';
import replication from 'pouchdb-replication';

const ADMIN = { name: 'admin', password: 'admin-secret' };

// Plugins are added to PouchDB itself, so once for all servers, and once in a process: the unit
// tests share their imports across files (vitest without isolation), where this module can be
// evaluated again for another file with the same PouchDB, whose `replicate` cannot be defined
// twice.
const MemoryPouch =
  'replicate' in PouchDB ? PouchDB : PouchDB.plugin(memory).plugin(mapreduce).plugin(replication);
let counter = 0;

/** A running server and what the tests do to it. */
export interface CouchdbTestServer {
  url: string;
  /** Creates a database (as the admin), readable only by `members` when given. */
  createDatabase(name: string, members?: string[]): Promise<string>;
  /** Creates a user in `_users`. */
  createUser(name: string, password: string): Promise<void>;
  /** Sends a request as the admin; returns the status and parsed body. */
  asAdmin<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: T }>;
  /** The next requests matching `test` lose their connection before the server reads them. */
  dropRequests(test: ((method: string, url: string) => boolean) | undefined): void;
  /** The next requests matching `test` are carried out, but their answer is lost. */
  dropResponses(test: ((method: string, url: string) => boolean) | undefined): void;
  /** Requests the server received, as 'METHOD /path?query'. */
  log: string[];
  stop(): Promise<void>;
}

/** What a test server may be asked to do beyond CouchDB's defaults. */
export interface CouchdbTestServerOptions {
  /** Answers CORS requests from this origin, with credentials (as a CouchDB configured for a
   * browser app does: docs/how-to/couchdb-workspace.md). */
  corsOrigin?: string;
}

/** Starts a server with an admin defined (databases without members stay public). */
export async function startCouchdbServer(
  options: CouchdbTestServerOptions = {},
): Promise<CouchdbTestServer> {
  // Each server gets its own in-memory databases: a prefix keeps them apart.
  counter += 1;
  const Pouch = MemoryPouch.defaults({ adapter: 'memory', prefix: `s${counter}-${Date.now()}-` });
  const app = expressPouchDB(Pouch, {
    mode: 'fullCouchDB',
    inMemoryConfig: true,
    // Its log goes to a file (./log.txt unless told): keep it out of the work tree.
    logPath: join(tmpdir(), `inkstone-express-pouchdb-${process.pid}.log`),
  });
  let drop: ((method: string, url: string) => boolean) | undefined;
  let dropAnswer: ((method: string, url: string) => boolean) | undefined;
  const log: string[] = [];
  const server: Server = createServer((request, response) => {
    log.push(`${request.method} ${request.url}`);
    if (options.corsOrigin && request.headers.origin === options.corsOrigin) {
      response.setHeader('access-control-allow-origin', options.corsOrigin);
      response.setHeader('access-control-allow-credentials', 'true');
      if (request.method === 'OPTIONS') {
        response.setHeader('access-control-allow-methods', 'GET, PUT, POST, HEAD, DELETE');
        response.setHeader('access-control-allow-headers', 'accept, content-type');
        response.writeHead(204).end();
        return;
      }
    }
    if (drop?.(request.method ?? 'GET', request.url ?? '/')) {
      request.socket.destroy();
      return;
    }
    if (dropAnswer?.(request.method ?? 'GET', request.url ?? '/')) {
      // The work is done; the connection drops as the answer starts.
      response.writeHead = () => {
        request.socket.destroy();
        return response;
      };
    }
    // CouchDB splits a path on '/' and drops the empty parts (chttpd's path_parts), so a
    // database's URL with a trailing slash (`/db/`, as in its docs' `http://localhost:5984/dbname/`)
    // is the database's: StackEdit POSTs its documents there. express-pouchdb reads `/db/` as a
    // document with an empty id: give it the database's path.
    request.url = request.url?.replace(/^(\/[^/?]+)\/+(?=\?|$)/, '$1');
    app(request, response);
  });
  // An idle kept-alive connection stays open a minute, not Node's 5 s (as forge-sim and
  // cloud-sim keep theirs): the server runs in the test's own process, so after a long step (a
  // 6 MB text hashed under a loaded machine) the client can reuse a connection in the same turn
  // as the server's idle timer closes it, and the request fails with ECONNRESET.
  server.keepAliveTimeout = 60_000;
  server.headersTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const adminAuth = `Basic ${Buffer.from(`${ADMIN.name}:${ADMIN.password}`).toString('base64')}`;

  const asAdmin = async <T>(method: string, path: string, body?: unknown) => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: { authorization: adminAuth, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
  };
  const made = await fetch(`${url}/_config/admins/${ADMIN.name}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN.password),
  });
  if (made.status !== 200) throw new Error(`No admin: ${made.status}`);

  return {
    url,
    log,
    asAdmin,
    async createDatabase(name, members) {
      const made = await asAdmin('PUT', `/${name}`);
      if (made.status !== 201) throw new Error(`Database not created: ${made.status}`);
      if (members) {
        const security = {
          admins: { names: [], roles: [] },
          members: { names: members, roles: [] },
        };
        await asAdmin('PUT', `/${name}/_security`, security);
      }
      return `${url}/${name}`;
    },
    async createUser(name, password) {
      const id = `org.couchdb.user:${name}`;
      const doc = { _id: id, name, password, roles: [], type: 'user' };
      const made = await asAdmin('PUT', `/_users/${encodeURIComponent(id)}`, doc);
      if (made.status !== 201) throw new Error(`User not created: ${made.status}`);
    },
    dropRequests(test) {
      drop = test;
    },
    dropResponses(test) {
      dropAnswer = test;
    },
    stop() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
