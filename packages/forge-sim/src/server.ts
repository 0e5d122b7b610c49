import { mkdtemp, mkdir, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { closeObjectReaders } from './git.js';
import { forgetObjects } from './git-objects.js';
import { forgetLayouts } from './object-store.js';
import { answerRest, type RestRequest } from './github/rest.js';
import { Faults } from './faults.js';
import { Gists } from './gists.js';
import { OAuthApps } from './oauth/apps.js';
import { answerOAuth } from './oauth/routes.js';
import { DOCS_URL, error, ReplyError, type Reply } from './http-reply.js';
import { RateLimits } from './rate-limits.js';
import { rawFile } from './raw-files.js';
import { Repositories } from './repositories.js';
import { serveSmartHttp } from './smart-http.js';
import { Users, type ForgeUser } from './users.js';
import {
  GITLAB_API_PREFIX,
  serveGitLabApi,
  serveGitLabOAuth,
  type GitLabServing,
} from './gitlab/http.js';
import { GitLabRateLimits } from './gitlab/rate-limits.js';
import { RefreshableTokens } from './oauth/tokens.js';
import { GITEA_DEFAULTS, type GiteaSettings } from './gitea/context.js';
import { GITEA_API_PREFIX, serveGitea } from './gitea/http.js';
import { GITEA_ACCESS_TOKEN_SECONDS, giteaAccessToken } from './gitea/oauth.js';
import { GITEE_API_PREFIX, serveGitee } from './gitee/http.js';
import { GITEE_ACCESS_TOKEN_SECONDS, giteeToken } from './gitee/oauth.js';
import { tokenRequestFields } from './oauth/token-request.js';
import { showAuthorize } from './oauth/flow.js';

/** Options of {@link startForgeSim}. */
export interface ForgeSimOptions {
  /** Where the bare repositories live; a temporary folder (removed on close) when absent. */
  dataDir?: string;
  /** The port to listen on; 0 (any free port) when absent. */
  port?: number;
  /** The host to listen on; 127.0.0.1 when absent. */
  host?: string;
  /** Past this many entries a recursive tree answers `truncated: true`; 100,000 as GitHub. */
  treeLimit?: number;
  /** The Gitea dialect's instance settings; Gitea's defaults for those not given. */
  gitea?: Partial<GiteaSettings>;
  /** Requests a minute a signed-in GitLab user may make: GitLab.com's 2,000 when absent (a
   * self-managed GitLab sets its own). */
  gitlabRateLimit?: number;
  /** Seconds an OAuth access token with a refresh token lives (GitLab's): 7200 when absent. */
  oauthTokenLifetime?: number;
}

/** A running forge. */
export interface ForgeSim {
  /** The web origin: `{url}/{owner}/{repo}.git` is a repository's clone URL. */
  url: string;
  /** The REST API's root, as GitHub Enterprise's `{url}/api/v3`. */
  apiUrl: string;
  /** GitLab's REST v4 API root, `{url}/api/v4` (its OAuth provider is `{url}/oauth/…`). */
  gitlabApiUrl: string;
  /** Where the bare repositories are. */
  dataDir: string;
  /** Faults served to the next matching requests. */
  faults: Faults;
  /** The accounts and their tokens. */
  users: Users;
  /** The repositories, for tests that set one up without the API. */
  repos: Repositories;
  /** The gists, each a bare repository. */
  gists: Gists;
  /** The OAuth apps the web flow (`{url}/login/oauth/…`) knows. */
  oauthApps: OAuthApps;
  /** Gitea's API root, `{url}/api/v1` (Forgejo answers the same). */
  giteaApiUrl: string;
  /** Gitee's API root, `{url}/api/v5`. */
  giteeApiUrl: string;
  /** The Gitea dialect's settings, changeable while running (e.g. `changeFiles = false`). */
  gitea: GiteaSettings;
  /** The expiring OAuth tokens of the Gitea dialect (3600 s), and their refresh tokens. */
  giteaTokens: RefreshableTokens;
  /** The expiring OAuth tokens of the Gitee dialect (86,400 s), and their refresh tokens. */
  giteeTokens: RefreshableTokens;
  /** The expiring access tokens and refresh tokens of GitLab's OAuth flow. */
  oauthTokens: RefreshableTokens;
  /** Stops the server (and removes the data folder when it was a temporary one). */
  close(): Promise<void>;
}

const API_PREFIX = '/api/v3';

/** The CORS headers GitHub's API answers with, so that a web app on any origin can call it. */
const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, PATCH, PUT, DELETE',
  'access-control-allow-headers':
    'Authorization, Content-Type, If-Match, If-Modified-Since, If-None-Match, Accept, X-GitHub-Api-Version',
  'access-control-expose-headers':
    'ETag, Link, Location, Retry-After, X-GitHub-Media-Type, X-OAuth-Scopes, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, X-RateLimit-Used, X-RateLimit-Resource',
};
const MAX_BODY = 100 * 1024 * 1024;

/** Starts a local git forge answering GitHub's REST v3 dialect and git smart HTTP. */
export async function startForgeSim(options: ForgeSimOptions = {}): Promise<ForgeSim> {
  const temporary = options.dataDir === undefined;
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'forge-sim-')));
  const reposRoot = join(dataDir, 'repos');
  await mkdir(reposRoot, { recursive: true });
  const users = new Users();
  const repos = new Repositories(reposRoot, join(dataDir, 'templates', 'repos'));
  const gists = new Gists(join(dataDir, 'gists'), join(dataDir, 'templates', 'gists'));
  const oauthApps = new OAuthApps();
  const faults = new Faults();
  const rateLimits = new RateLimits();
  const treeLimit = options.treeLimit ?? 100_000;
  const giteaTokens = new RefreshableTokens(users, GITEA_ACCESS_TOKEN_SECONDS);
  const giteeTokens = new RefreshableTokens(users, GITEE_ACCESS_TOKEN_SECONDS);
  const gitea: GiteaSettings = { ...GITEA_DEFAULTS, ...options.gitea };
  let origins = { web: '', api: '' };
  const oauthTokens = new RefreshableTokens(users, options.oauthTokenLifetime ?? 7200);
  const gitlab: GitLabServing = {
    users,
    repos,
    apps: oauthApps,
    tokens: oauthTokens,
    limits: new GitLabRateLimits(Date.now, options.gitlabRateLimit),
    origins: () => ({ web: origins.web, api: `${origins.web}${GITLAB_API_PREFIX}` }),
    readBody,
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((cause: unknown) => {
      console.error('forge-sim:', cause);
      if (!response.headersSent) {
        response.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
      }
      response.end(JSON.stringify({ message: 'Server Error', documentation_url: DOCS_URL }));
    });
  });
  // An idle kept-alive connection stays open a minute, as behind the hosted services' load
  // balancers, not Node's 5 s: a test's client that reuses it after a long step (a 6 MB text
  // hashed and merged under a loaded machine) must not meet a connection closing under it.
  server.keepAliveTimeout = 60_000;
  server.headersTimeout = 65_000;

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://forge-sim.invalid');
    const fault = faults.take(`${url.pathname}${url.search}`, request.method ?? 'GET');
    if (fault?.latencyMs) await new Promise((resolve) => setTimeout(resolve, fault.latencyMs));

    if (url.pathname.startsWith(`${GITEA_API_PREFIX}/`)) {
      const ctx = {
        users,
        repos,
        gists,
        settings: gitea,
        web: origins.web,
        api: `${origins.web}${GITEA_API_PREFIX}`,
      };
      await serveGitea({ ctx, tokens: giteaTokens, readBody }, request, response, url, fault);
      return;
    }
    if (url.pathname.startsWith(`${GITEE_API_PREFIX}/`)) {
      const ctx = {
        users,
        repos,
        gists,
        treeLimit,
        ...(fault?.truncateTree !== undefined
          ? { truncateTo: fault.truncateTree === true ? -1 : fault.truncateTree }
          : {}),
        web: origins.web,
        api: `${origins.web}${GITEE_API_PREFIX}`,
      };
      await serveGitee({ ctx, tokens: giteeTokens, readBody }, request, response, url, fault);
      return;
    }
    if (url.pathname.startsWith(`${GITLAB_API_PREFIX}/`) || url.pathname === GITLAB_API_PREFIX) {
      await serveGitLabApi(gitlab, request, response, url, fault);
      return;
    }

    if (url.pathname.startsWith(`${API_PREFIX}/`) || url.pathname === API_PREFIX) {
      // As api.github.com: any origin may call, with a token (no cookies), preflight answered.
      if (request.method === 'OPTIONS') {
        response.writeHead(204, { ...CORS, 'access-control-max-age': '86400' });
        response.end();
        return;
      }
      const token = bearer(request.headers.authorization);
      const user = token === undefined ? undefined : users.byToken(token);
      const scopes = token === undefined || !user ? undefined : users.scopesOf(token);
      const limits = rateLimits.take(
        user?.id ?? `ip:${request.socket.remoteAddress ?? ''}`,
        !!user,
      );
      let reply: Reply;
      if (fault?.status) {
        reply = error(fault.status, 'Server Error');
        await drain(request);
      } else if (fault?.rateLimit) {
        reply = error(403, `API rate limit exceeded for user ID ${user?.id ?? 0}.`);
        reply.headers = {
          ...limits,
          'x-ratelimit-remaining': '0',
          'x-ratelimit-used': limits['x-ratelimit-limit'] ?? '5000',
        };
        await drain(request);
      } else if (fault?.secondaryRateLimit !== undefined) {
        reply = error(
          429,
          'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.',
        );
        const seconds = fault.secondaryRateLimit === true ? 1 : fault.secondaryRateLimit;
        reply.headers = { 'retry-after': String(seconds) };
        await drain(request);
      } else if (token !== undefined && !user) {
        reply = error(401, 'Bad credentials');
        await drain(request);
      } else {
        reply = await answerApi(request, url, user, {
          scopes,
          fault: {
            ...(fault?.staleSha ? { stale: true } : {}),
            ...(fault?.truncateTree !== undefined
              ? { truncateTo: fault.truncateTree === true ? -1 : fault.truncateTree }
              : {}),
          },
        });
      }
      if (fault?.dropReply) {
        request.socket.destroy();
        return;
      }
      const body = reply.raw ?? (reply.body === undefined ? '' : JSON.stringify(reply.body));
      response.writeHead(reply.status, {
        'content-type': 'application/json; charset=utf-8',
        'x-github-media-type': 'github.v3; format=json',
        ...CORS,
        ...limits,
        ...(scopes ? { 'x-oauth-scopes': scopes.join(', ') } : {}),
        ...reply.headers,
      });
      response.end(body);
      return;
    }

    // The web origin (OAuth, raw files, clones) answers a server-error fault in plain text.
    if (fault?.status) {
      await drain(request);
      response.writeHead(fault.status, { 'content-type': 'text/plain' });
      response.end('Server Error\n');
      return;
    }

    if (url.pathname === '/oauth/authorize' || url.pathname === '/oauth/token') {
      // GitLab and Gitee share these paths: a request naming a Gitee app gets Gitee's answer,
      // any other GitLab's.
      const body = await readBody(request);
      const fields = tokenRequestFields(
        url,
        body.toString('utf8'),
        request.headers['content-type'],
        request.headers.authorization,
      );
      const gitee = oauthApps.get(fields.get('client_id'))?.dialect === 'gitee';
      if (gitee && url.pathname === '/oauth/authorize' && request.method === 'GET') {
        // Gitee's scopes are not GitLab's: a Gitee app signs in on forge-sim's own page.
        const reply = showAuthorize(oauthApps, url.searchParams, request.headers.cookie);
        response.writeHead(reply.status, reply.headers);
        response.end(reply.body);
        return;
      }
      if (gitee && url.pathname === '/oauth/token' && request.method === 'POST') {
        const reply = giteeToken({ apps: oauthApps, users, tokens: giteeTokens }, fields);
        if (fault?.dropReply) {
          request.socket.destroy();
          return;
        }
        response.writeHead(reply.status, reply.headers);
        response.end(reply.body);
        return;
      }
      await serveGitLabOAuth(
        { ...gitlab, readBody: async () => body },
        request,
        response,
        url,
        fault,
      );
      return;
    }

    if (url.pathname.startsWith('/login/oauth/')) {
      const body = (await readBody(request)).toString('utf8');
      const fields = tokenRequestFields(
        url,
        body,
        request.headers['content-type'],
        request.headers.authorization,
      );
      // Gitea's token endpoint has GitHub's path: the app the request names says whose it is.
      const reply =
        url.pathname === '/login/oauth/access_token' &&
        request.method === 'POST' &&
        oauthApps.get(fields.get('client_id'))?.dialect === 'gitea'
          ? giteaAccessToken({ apps: oauthApps, users, tokens: giteaTokens }, fields)
          : answerOAuth(
              { apps: oauthApps, users },
              {
                method: request.method ?? 'GET',
                url,
                body,
                contentType: request.headers['content-type'],
                accept: request.headers.accept,
                cookie: request.headers.cookie,
              },
            );
      if (fault?.dropReply) {
        request.socket.destroy();
        return;
      }
      response.writeHead(reply.status, reply.headers);
      response.end(reply.body);
      return;
    }

    const gistClone =
      /^\/gist\/([0-9a-f]+)\.git(\/(?:info\/refs|git-upload-pack|git-receive-pack))$/.exec(
        url.pathname,
      );
    if (gistClone) {
      // A gist clones as GitHub's do: anyone with its id, secret or not.
      const gist = gists.get(gistClone[1] ?? '');
      if (!gist) {
        response.writeHead(404, { 'content-type': 'text/plain' });
        response.end('Repository not found.\n');
        return;
      }
      if (fault?.dropReply) {
        request.socket.destroy();
        return;
      }
      serveSmartHttp(request, response, {
        projectRoot: gists.root,
        pathInfo: `/${gist.id}.git${gistClone[2] ?? ''}`,
        query: url.search.replace(/^\?/, ''),
        user: undefined,
      });
      return;
    }

    if (
      /^\/(?:gist\/[^/]+\/[^/]+|[^/]+\/[^/]+)\/raw\//.test(url.pathname) &&
      request.method === 'GET'
    ) {
      if (fault?.dropReply) {
        request.socket.destroy();
        return;
      }
      const token = bearer(request.headers.authorization);
      const file = await rawFile(
        url.pathname,
        { repos, gists },
        token ? users.byToken(token) : undefined,
      );
      response.writeHead(file ? 200 : 404, {
        'content-type': file?.contentType ?? 'text/plain; charset=utf-8',
        'access-control-allow-origin': '*',
        'x-content-type-options': 'nosniff',
      });
      response.end(file ? file.bytes : '404: Not Found');
      return;
    }

    const smart = /^(\/[^/]+\/[^/]+\.git)(\/(?:info\/refs|git-upload-pack|git-receive-pack))$/.exec(
      url.pathname,
    );
    if (smart) {
      const [, repoPath = '', service = ''] = smart;
      const [, owner = '', name = ''] = /^\/([^/]+)\/(.+)\.git$/.exec(repoPath) ?? [];
      const repo = repos.get(owner, name);
      const user = basicUser(request.headers.authorization, users);
      if (!repo || (repo.private && user?.login.toLowerCase() !== repo.owner.toLowerCase())) {
        // As GitHub: a private repository asks for credentials rather than saying it exists.
        response.writeHead(repo?.private ? 401 : 404, {
          'content-type': 'text/plain',
          ...(repo?.private ? { 'www-authenticate': 'Basic realm="forge-sim"' } : {}),
        });
        response.end('Repository not found.\n');
        return;
      }
      if (fault?.dropReply) {
        request.socket.destroy();
        return;
      }
      serveSmartHttp(request, response, {
        projectRoot: reposRoot,
        pathInfo: `/${repo.owner}/${repo.name}.git${service}`,
        query: url.search.replace(/^\?/, ''),
        user: user?.login,
      });
      return;
    }

    response.writeHead(404, { 'content-type': 'text/plain' });
    response.end('Not Found\n');
  }

  async function answerApi(
    request: IncomingMessage,
    url: URL,
    user: ForgeUser | undefined,
    extra: Pick<RestRequest, 'scopes' | 'fault'>,
  ) {
    let body: unknown;
    const raw = await readBody(request);
    if (raw.length > 0) {
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        return error(400, 'Problems parsing JSON');
      }
    }
    try {
      return await answerRest(
        { users, repos, origins, treeLimit, gists },
        {
          method: request.method ?? 'GET',
          path: url.pathname.slice(API_PREFIX.length) || '/',
          query: url.searchParams,
          body,
          user,
          accept: request.headers.accept,
          ...extra,
        },
      );
    } catch (cause) {
      if (cause instanceof ReplyError) return cause.reply;
      throw cause;
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const web = `http://${host}:${address.port}`;
  origins = { web, api: `${web}${API_PREFIX}` };

  return {
    url: web,
    apiUrl: origins.api,
    gitlabApiUrl: `${web}${GITLAB_API_PREFIX}`,
    dataDir,
    faults,
    users,
    repos,
    gists,
    oauthApps,
    giteaApiUrl: `${web}${GITEA_API_PREFIX}`,
    giteeApiUrl: `${web}${GITEE_API_PREFIX}`,
    gitea,
    giteaTokens,
    giteeTokens,
    oauthTokens,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      closeObjectReaders(dataDir);
      forgetObjects(dataDir);
      forgetLayouts(dataDir);
      if (temporary) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The token of `Authorization: token X` or `Bearer X`. */
function bearer(header: string | undefined) {
  if (!header) return undefined;
  const match = /^(?:token|bearer)\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : '';
}

/** The user of `Authorization: Basic` (the token as the password, any user name, as GitHub). */
function basicUser(header: string | undefined, users: Users) {
  const match = /^basic\s+(\S+)$/i.exec(header ?? '');
  if (!match) return undefined;
  const decoded = Buffer.from(match[1] ?? '', 'base64').toString('utf8');
  const password = decoded.slice(decoded.indexOf(':') + 1);
  return users.byToken(password);
}

async function readBody(request: IncomingMessage) {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new Error('Request body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

async function drain(request: IncomingMessage) {
  for await (const _chunk of request) {
    // Read and forget: the answer does not depend on it.
  }
}
