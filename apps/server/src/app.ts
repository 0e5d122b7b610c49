import { existsSync } from 'node:fs';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { type PublicConf } from './conf.js';
import { DEFAULT_EXPORT_CONF, type ExportConf } from './export/export-conf.js';
import { createExportServices } from './export/export-services.js';
import { pandocExportRoutes } from './routes/pandoc-export.js';
import { paymentRoutes } from './routes/payment.js';
import { pdfExportRoutes } from './routes/pdf-export.js';
import { userInfoRoutes } from './routes/user-info.js';
import { type SponsorshipOptions } from './sponsors/sponsorship.js';
import { DEFAULT_LIMITS, type LimitsConf } from './limits.js';
import { type OAuthConf, readOAuthConf } from './oauth/oauth-conf.js';
import { registerOAuthRoutes } from './oauth/oauth-routes.js';
import {
  contentSecurityPolicy,
  cspHeaderName,
  DEFAULT_SECURITY_CONF,
  inlineScriptHashes,
  type SecurityConf,
  WORKER_SCRIPT,
  workerContentSecurityPolicy,
} from './security-headers.js';
import { assetPaths, exportedPages, servedFile } from './static-pages.js';
import { closeAfterEarlyAnswers } from './unread-body.js';

/** What `buildApp` needs: where the static web export lives and the public configuration. */
export interface AppOptions {
  /** Directory of the web app's static export (apps/web/out). Omitted: no static files. */
  webRoot?: string;
  conf: PublicConf;
  /** OAuth applications for the token exchanges. Omitted: none configured. */
  oauth?: OAuthConf;
  /** Rate and body limits. Omitted: `DEFAULT_LIMITS`. */
  limits?: LimitsConf;
  /** Content-Security-Policy settings. Omitted: `DEFAULT_SECURITY_CONF`. */
  security?: SecurityConf;
  /** Fastify's logger option; off by default (tests), on in `main.ts`. */
  logger?: boolean;
  /** The sponsor store and providers behind `GET /userInfo` and `POST /paypalIpn`; omitted
   * (sponsorship off): no such routes. */
  sponsorship?: SponsorshipOptions;
  /** How the PDF and pandoc exports run. Omitted: `DEFAULT_EXPORT_CONF`. */
  exports?: ExportConf;
  /** Where log lines go instead of stdout (tests read them); implies `logger`. */
  logStream?: { write(line: string): void };
  /** The least level logged (`LOG_LEVEL`, see {@link readLogLevel}); `info` by default. */
  logLevel?: LogLevel;
}

/** The levels of the server's log, from the most to the least said; `silent` logs nothing. */
export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** The log level the environment asks for (`LOG_LEVEL`): `info` when unset; anything else but a
 * level is refused in words that name them. */
export function readLogLevel(env: Record<string, string | undefined>): LogLevel {
  const value = env.LOG_LEVEL?.trim().toLowerCase();
  if (!value) return 'info';
  if ((LOG_LEVELS as readonly string[]).includes(value)) return value as LogLevel;
  throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}; got "${env.LOG_LEVEL}".`);
}

/** Builds the server without listening, so tests can use `inject`. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const limits = options.limits ?? DEFAULT_LIMITS;
  const security = {
    ...(options.security ?? DEFAULT_SECURITY_CONF),
    googleUrl: options.conf.googleUrl,
    dropboxUrl: options.conf.dropboxUrl,
    wordpressUrl: options.conf.wordpressUrl,
    zendeskUrl: options.conf.zendeskUrl,
  };
  const app = Fastify({
    logger:
      options.logger || options.logStream
        ? {
            ...(options.logStream ? { stream: options.logStream } : {}),
            level: options.logLevel ?? 'info',
            // Query strings carry OAuth codes and tokens: logs get the method and path only,
            // and no header (Authorization, Cookie) is ever logged.
            serializers: {
              req: (request) => ({ method: request.method, path: request.url.split('?')[0] }),
            },
          }
        : false,
    bodyLimit: limits.bodyLimitBytes,
    trustProxy: limits.trustProxy,
  });

  // An answer sent before its request's body was read (a 429 outside the exports) closes the
  // connection; the exports' 413 and 429 are read by the client whatever it does
  // (export-services.ts, unread-body.ts).
  closeAfterEarlyAnswers(app);

  const basePolicy = contentSecurityPolicy(security);
  const cspHeader = cspHeaderName(security);
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'no-referrer');
    // X-Frame-Options cannot list origins: it is sent only while frame-ancestors is 'self'.
    if (security.frameAncestors === "'self'") reply.header('X-Frame-Options', 'SAMEORIGIN');
    if (!reply.hasHeader(cspHeader)) reply.header(cspHeader, basePolicy);
    return payload;
  });

  // The build's asset files do not count toward the general limit: a first visit's offline
  // app downloads all of them at once (about 450), and they cost the server a file read; a
  // reload within the minute was refused its scripts (429) under a limit they had used up.
  const assets =
    options.webRoot && existsSync(options.webRoot) ? assetPaths(options.webRoot) : new Set();
  await app.register(fastifyRateLimit, {
    max: limits.rateLimitMax,
    timeWindow: limits.rateLimitWindowMs,
    allowList: (request) =>
      (request.method === 'GET' || request.method === 'HEAD') &&
      assets.has(request.url.split('?')[0]!.split('#')[0]!),
  });
  const strict = {
    rateLimit: { max: limits.rateLimitStrictMax, timeWindow: limits.rateLimitWindowMs },
  };

  app.get('/health', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { status: 'ok' };
  });

  app.get('/conf', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return options.conf;
  });

  if (options.sponsorship) {
    await app.register(userInfoRoutes, options.sponsorship);
    await app.register(paymentRoutes, options.sponsorship);
  }

  const exportServices = createExportServices(
    options.exports ?? DEFAULT_EXPORT_CONF,
    options.sponsorship,
  );
  app.addHook('onClose', () => exportServices.renderer.close());
  // Bodies still read after their 413 or 429 would hold the server's close for up to their bound.
  app.addHook('preClose', (done) => {
    exportServices.drains.close();
    done();
  });
  await app.register(pdfExportRoutes, {
    services: exportServices,
    routeOptions: { config: strict },
  });
  await app.register(pandocExportRoutes, {
    services: exportServices,
    routeOptions: { config: strict },
  });

  registerOAuthRoutes(app, options.oauth ?? readOAuthConf({}), strict);

  const sendsPages = Boolean(options.webRoot);
  if (options.webRoot) {
    if (!existsSync(options.webRoot)) {
      throw new Error(
        `The web app is not built: ${options.webRoot} is missing. Run the build first (pnpm build).`,
      );
    }
    const pageHashes = inlineScriptHashes(options.webRoot);
    await app.register(fastifyStatic, {
      root: options.webRoot,
      extensions: ['html'],
      // One route per file of the build, listed once at start: the build does not change while
      // the server runs (a new build is served by a new server). With a catch-all route
      // instead, every request read each folder of its path to refuse a path spelled otherwise
      // than the file on disk (hundreds of names for a script): the 83 requests of a load of
      // the app, replayed 20 times, cost the server 0.25 and 0.27 s of CPU a load that way,
      // 0.12 s with a route per file (two runs each, this machine). A path that is not a file
      // of the build meets the not-found handler below.
      wildcard: false,
      // The build wrote a .br and a .gz beside each compressible file (apps/web/scripts/
      // compress-static.mjs): a client that accepts them gets one (brotli first), with
      // Content-Encoding and Vary: Accept-Encoding; the file itself otherwise, or when it has
      // no copy.
      preCompressed: true,
      // Next's hashed assets can be cached for good; pages must be revalidated.
      setHeaders(reply, sentPath) {
        // The headers of the file itself, whichever copy of it is sent.
        const path = servedFile(sentPath);
        reply.header(
          'Cache-Control',
          path.includes('/_next/static/')
            ? 'public, max-age=31536000, immutable'
            : 'public, max-age=0, must-revalidate',
        );
        const hashes = pageHashes.get(path);
        if (hashes) reply.header(cspHeader, contentSecurityPolicy(security, hashes));
        else if (WORKER_SCRIPT.test(path)) reply.header(cspHeader, workerContentSecurityPolicy());
      },
    });
    // Pages at their paths without .html (`/share`, `/oauth2/callback`), through `sendFile`,
    // which picks the compressed copy as the static files do.
    for (const page of exportedPages(options.webRoot)) {
      if (app.hasRoute({ method: 'GET', url: page.route })) continue;
      app.get(page.route, (_request, reply) => reply.sendFile(page.file));
    }
  }

  // Unknown paths: the exported not-found page for a browser's GET, JSON otherwise; a known
  // endpoint asked with another method is a 405 naming the ones it takes.
  app.setNotFoundHandler({ preHandler: app.rateLimit() }, (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (!isRead && app.hasRoute({ method: 'GET', url: path })) {
      // (The token routes take POST as well: a refresh token kept out of the URL.)
      const post = app.hasRoute({ method: 'POST', url: path });
      reply.code(405).header('Allow', post ? 'GET, HEAD, POST' : 'GET, HEAD');
      return {
        statusCode: 405,
        error: 'Method Not Allowed',
        message: `${path} takes GET${post ? ' or POST' : ''} only.`,
      };
    }
    if (isRead && sendsPages) return reply.code(404).type('text/html').sendFile('404.html');
    reply.code(404);
    return {
      statusCode: 404,
      error: 'Not Found',
      message: `Nothing at ${request.method} ${path}.`,
    };
  });

  return app;
}
