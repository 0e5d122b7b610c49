import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Accounts } from './accounts.js';
import { BloggerRoutes, BLOGGER_PREFIX } from './blogger/routes.js';
import { BloggerStore } from './blogger/store.js';
import { DriveRoutes } from './drive/routes.js';
import { DropboxAccounts } from './dropbox/accounts.js';
import { DropboxChooserRoutes } from './dropbox/chooser.js';
import { expiredAccessToken, serverError, tooManyRequests } from './dropbox/errors.js';
import { DropboxOAuthRoutes, DROPBOX_AUTHORIZE_PATH, DROPBOX_TOKEN_PATH } from './dropbox/oauth.js';
import { DropboxRoutes, MAX_UPLOAD_BYTES } from './dropbox/routes.js';
import { DropboxStore } from './dropbox/store.js';
import { DriveStore } from './drive/store.js';
import {
  backendError,
  googleError,
  insufficientPermissions,
  invalidCredentials,
  loginRequired,
  rateLimited,
  type Reply,
} from './errors.js';
import { Faults } from './faults.js';
import { IdTokenSigner } from './oauth/id-token.js';
import { OAuthRoutes } from './oauth/routes.js';
import { answerPeopleMe, PEOPLE_ME_PATH } from './people.js';
import { WpcomRoutes, wpcomError } from './wordpress/routes.js';
import { WpcomStore } from './wordpress/store.js';
import { invalidToken, zendeskError, ZendeskRoutes } from './zendesk/routes.js';
import { ZendeskStore } from './zendesk/store.js';
import { SmmsRoutes, SmmsStore, smmsFault } from './image-hosts/smms.js';
import { CustomBedRoutes, CustomBedStore } from './image-hosts/custom-bed.js';
import { bearerToken, type SimRequest } from './request.js';
import { answerChat, CHAT_COMPLETIONS_PATH, ChatStore } from './chat/openai-chat.js';

/** Options of {@link startCloudSim}. */
export interface CloudSimOptions {
  /** The port to listen on; 0 (any free port) when absent. */
  port?: number;
  /** The host to listen on; 127.0.0.1 when absent. */
  host?: string;
  /** The clock tokens expire and files are dated by; `Date.now` when absent. */
  now?: () => number;
  /** Seconds an access token lives: Google's 3599 when absent. */
  accessTokenSeconds?: number;
  /** Seconds a Dropbox access token lives: Dropbox's 14400 when absent. */
  dropboxTokenSeconds?: number;
  /** Seconds a WordPress.com access token lives: two weeks when absent. */
  wordpressTokenSeconds?: number;
}

/** The Dropbox side of the stand-in (see docs/how-to/cloud-sim.md, "Dropbox API v2"). */
export interface DropboxSim {
  /** Dropbox accounts, apps and tokens. */
  accounts: DropboxAccounts;
  /** The users' Dropboxes. */
  store: DropboxStore;
}

/** A running stand-in for Google's OAuth, People and Drive v3. */
export interface CloudSim {
  /** Its origin: every Google host's paths are answered here (see docs/how-to/cloud-sim.md). */
  url: string;
  /** The accounts, OAuth clients and tokens. */
  accounts: Accounts;
  /** The users' drives. */
  drive: DriveStore;
  /** The blogs (`blogger.addBlog({ ownerId, name, url })`: Blogger has no API to make one). */
  blogger: BloggerStore;
  /** Dropbox's accounts, apps, tokens and files. */
  dropbox: DropboxSim;
  /** WordPress.com's users, sites, posts and tokens (served under `/wpcom`). */
  wordpress: WpcomStore;
  /** Zendesk's help centres, users, OAuth clients, articles and tokens (served under
   * `/zendesk/{subdomain}`, standing for `https://{subdomain}.zendesk.com`). */
  zendesk: ZendeskStore;
  /** SM.MS's users and images (API v2 under `/smms/api/v2`, and through `/proxy/`). */
  smms: SmmsStore;
  /** A custom image bed's upload endpoint (`/custom-bed/upload`): its answer is set by a test. */
  customBed: CustomBedStore;
  /** An OpenAI-compatible `/v1/chat/completions` (the chat assistant): keys, replies, faults. */
  chat: ChatStore;
  /** Faults served to the next matching requests. */
  faults: Faults;
  /** Stops the server, ending any request a fault left hanging. */
  close(): Promise<void>;
}

/** The CORS headers Google's APIs answer a web app with. */
const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, PATCH, PUT, DELETE',
  'access-control-allow-headers':
    'Authorization, Content-Type, X-Goog-Api-Client, X-Upload-Content-Type, Dropbox-API-Arg',
  'access-control-expose-headers':
    'Content-Type, Content-Length, Date, ETag, Location, Dropbox-API-Result, Retry-After',
};
const MAX_BODY = 100 * 1024 * 1024;
const PROFILE_SCOPES = ['profile', 'https://www.googleapis.com/auth/userinfo.profile'];

/** Whether a path is one of Dropbox's (its API v2, its OAuth endpoints). */
const isDropboxPath = (pathname: string) =>
  DropboxRoutes.handles(pathname) ||
  pathname === DROPBOX_AUTHORIZE_PATH ||
  pathname === DROPBOX_TOKEN_PATH;

async function readBody(request: IncomingMessage, limit = MAX_BODY): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new Error('Request body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Starts the stand-in on `port` (any free port when 0 or absent). */
export async function startCloudSim(options: CloudSimOptions = {}): Promise<CloudSim> {
  const now = options.now ?? Date.now;
  const accounts = new Accounts(now, options.accessTokenSeconds);
  const drive = new DriveStore(now);
  const faults = new Faults();
  const oauth = new OAuthRoutes({ accounts, signer: new IdTokenSigner() });
  const driveRoutes = new DriveRoutes(drive, (id) => accounts.byId(id));
  const blogger = new BloggerStore(now);
  let origin = '';
  const bloggerRoutes = new BloggerRoutes(blogger, () => origin);
  const dropbox: DropboxSim = {
    accounts: new DropboxAccounts(now, options.dropboxTokenSeconds),
    store: new DropboxStore(now),
  };
  const dropboxOAuth = new DropboxOAuthRoutes(dropbox.accounts);
  const dropboxRoutes = new DropboxRoutes(dropbox.accounts, dropbox.store);
  const dropboxChooser = new DropboxChooserRoutes(dropbox.accounts, dropbox.store);
  const wordpress = new WpcomStore(now, options.wordpressTokenSeconds);
  const wpcomRoutes = new WpcomRoutes(wordpress);
  const zendesk = new ZendeskStore(now);
  const zendeskRoutes = new ZendeskRoutes(zendesk);
  const smms = new SmmsStore(now);
  const smmsRoutes = new SmmsRoutes(smms, () => origin);
  const customBed = new CustomBedStore();
  const customBedRoutes = new CustomBedRoutes(customBed, () => origin);
  const chat = new ChatStore();

  const answer = (request: SimRequest): Reply => {
    const oauthReply =
      oauth.answer(request) ?? dropboxOAuth.answer(request) ?? dropboxChooser.answer(request);
    if (oauthReply) return oauthReply;
    const { pathname } = request.url;
    if (DropboxRoutes.handles(pathname)) return dropboxRoutes.answer(request);
    if (WpcomRoutes.handles(pathname)) return wpcomRoutes.answer(request);
    if (ZendeskRoutes.handles(pathname)) return zendeskRoutes.answer(request);
    if (SmmsRoutes.handles(pathname)) return smmsRoutes.answer(request);
    if (CustomBedRoutes.handles(pathname)) return customBedRoutes.answer(request);
    const isDrive = DriveRoutes.handles(pathname);
    const isBlogger = pathname.startsWith(BLOGGER_PREFIX);
    if (!isDrive && !isBlogger && pathname !== PEOPLE_ME_PATH) {
      return googleError(404, { domain: 'global', reason: 'notFound', message: 'Not Found' });
    }
    const token = bearerToken(request);
    if (token === undefined) return loginRequired();
    const record = accounts.valid(token);
    if (!record) return invalidCredentials();
    if (isDrive) {
      return driveRoutes.answer(request, {
        userId: record.user.id,
        clientId: record.clientId,
        scopes: record.scopes,
      });
    }
    if (isBlogger) return bloggerRoutes.answer(request, record.user, record.scopes);
    if (!record.scopes.some((scope) => PROFILE_SCOPES.includes(scope))) {
      return insufficientPermissions();
    }
    return answerPeopleMe(record.user, request.url);
  };

  const write = (response: ServerResponse, reply: Reply) => {
    const body =
      reply.raw ??
      (reply.body === undefined ? Buffer.alloc(0) : Buffer.from(JSON.stringify(reply.body)));
    response.writeHead(reply.status, {
      ...CORS,
      ...(reply.raw && reply.status !== 204 && reply.status !== 302
        ? { 'content-type': reply.contentType ?? 'application/octet-stream' }
        : reply.raw
          ? {}
          : { 'content-type': 'application/json; charset=UTF-8' }),
      ...reply.headers,
    });
    response.end(body);
  };

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://cloud-sim.invalid');
    const method = request.method ?? 'GET';
    if (method === 'OPTIONS') {
      // A custom bed (or a proxy) takes whatever headers the user configured.
      const asked = request.headers['access-control-request-headers'];
      const open =
        (CustomBedRoutes.handles(url.pathname) || SmmsRoutes.handles(url.pathname)) && asked
          ? { 'access-control-allow-headers': asked }
          : {};
      response.writeHead(204, { ...CORS, ...open, 'access-control-max-age': '3600' });
      response.end();
      return;
    }
    const dropboxPath = isDropboxPath(url.pathname);
    // files/upload takes up to 150 MiB; a body declared larger is answered without being read.
    const uploadLimit = DropboxRoutes.route(url.pathname)?.style === 'upload';
    let oversize = uploadLimit && Number(request.headers['content-length'] ?? 0) > MAX_UPLOAD_BYTES;
    let body: Buffer = Buffer.alloc(0);
    if (!oversize) {
      try {
        body = await readBody(request, uploadLimit ? MAX_UPLOAD_BYTES : MAX_BODY);
      } catch (error) {
        if (!uploadLimit) throw error;
        oversize = true; // A chunked body past the limit.
      }
    }
    // An OpenAI-compatible chat endpoint answers as it goes (a stream), not in one reply.
    if (url.pathname === CHAT_COMPLETIONS_PATH) {
      await answerChat(chat, request, body, response, CORS);
      return;
    }
    const fault = faults.take(`${url.pathname}${url.search}`, method);
    if (fault?.latencyMs) await new Promise((resolve) => setTimeout(resolve, fault.latencyMs));
    if (fault?.hang) return; // Never answered; close() ends the connection.
    let reply: Reply;
    const wpcomPath = WpcomRoutes.handles(url.pathname);
    const zendeskPath = ZendeskRoutes.handles(url.pathname);
    const smmsPath = SmmsRoutes.apiPath(url.pathname) !== undefined;
    if (fault?.status && smmsPath) reply = smmsFault('status', fault.status);
    else if (fault?.rateLimit && smmsPath) reply = smmsFault('rateLimit');
    else if (fault?.status && zendeskPath) {
      reply = zendeskError(fault.status, 'ServerError', 'Server error');
    } else if (fault?.expiredToken && zendeskPath) reply = invalidToken();
    else if (fault?.rateLimit && zendeskPath) {
      reply = {
        status: 429,
        raw: Buffer.from('Too Many Requests'),
        contentType: 'text/plain; charset=utf-8',
        headers: { 'retry-after': String(fault.retryAfter ?? 1) },
      };
    } else if (fault?.status && wpcomPath)
      reply = wpcomError(fault.status, 'http_error', 'Server error');
    else if (fault?.expiredToken && wpcomPath) {
      reply = wpcomError(401, 'invalid_token', 'The OAuth2 token is invalid.');
    } else if (fault?.status)
      reply = dropboxPath ? serverError(fault.status) : backendError(fault.status);
    else if (fault?.expiredToken) reply = dropboxPath ? expiredAccessToken() : invalidCredentials();
    else if (fault?.rateLimit && dropboxPath) {
      const reason =
        fault.rateLimit === 'too_many_write_operations' ? fault.rateLimit : 'too_many_requests';
      reply = tooManyRequests(fault.retryAfter ?? 1, reason);
    } else if (fault?.rateLimit) {
      reply = rateLimited(
        fault.rateLimit === true || fault.rateLimit === 'too_many_write_operations'
          ? 'userRateLimitExceeded'
          : fault.rateLimit,
      );
    } else reply = answer({ method, url, headers: request.headers, body, oversize });
    if (fault?.gatewayAfterChange) reply = gatewayPage(fault.gatewayAfterChange);
    if (oversize) reply = { ...reply, headers: { ...reply.headers, connection: 'close' } };
    if (fault?.dropReply) {
      request.socket.destroy();
      return;
    }
    write(response, reply);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((cause: unknown) => {
      console.error('cloud-sim:', cause);
      if (!response.headersSent) write(response, backendError(500));
      else response.end();
    });
  });
  // An idle kept-alive connection stays open a minute, as behind the hosted services' load
  // balancers, not Node's 5 s: a test's client that reuses it after a long step (a 6 MB text
  // hashed and merged under a loaded machine) must not meet a connection closing under it.
  server.keepAliveTimeout = 60_000;
  server.headersTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host ?? '127.0.0.1';
  origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return {
    url: origin,
    accounts,
    drive,
    blogger,
    dropbox,
    wordpress,
    zendesk,
    smms,
    customBed,
    chat,
    faults,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

// A load balancer's own error page (502 Bad Gateway, 504 Gateway Timeout), not the service's.
function gatewayPage(status: 502 | 504): Reply {
  const title = status === 502 ? '502 Bad Gateway' : '504 Gateway Time-out';
  return {
    status,
    raw: Buffer.from(
      `<html><head><title>${title}</title></head><body><h1>${title}</h1></body></html>`,
    ),
    contentType: 'text/html; charset=utf-8',
  };
}
