import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { type PublicConf } from './conf.js';
import { paymentRoutes } from './routes/payment.js';
import { userInfoRoutes } from './routes/user-info.js';
import { type SponsorshipOptions } from './sponsors/sponsorship.js';

/** What `buildApp` needs: where the static web export lives and the public configuration. */
export interface AppOptions {
  /** Directory of the web app's static export (apps/web/out). Omitted: no static files. */
  webRoot?: string;
  conf: PublicConf;
  /** Fastify's logger option; off by default (tests), on in `main.ts`. */
  logger?: boolean;
  /** The sponsor store and providers behind `GET /userInfo` and `POST /paypalIpn`; omitted
   * (sponsorship off): no such routes. */
  sponsorship?: SponsorshipOptions;
}

/** Builds the server without listening, so tests can use `inject`. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger
      ? {
          // Query strings will carry OAuth codes and tokens: logs get the path only.
          serializers: {
            req: (request) => ({ method: request.method, path: request.url.split('?')[0] }),
          },
        }
      : false,
  });

  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'no-referrer');
    reply.header('X-Frame-Options', 'SAMEORIGIN');
    return payload;
  });

  app.get('/conf', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return options.conf;
  });

  if (options.sponsorship) {
    await app.register(userInfoRoutes, options.sponsorship);
    await app.register(paymentRoutes, options.sponsorship);
  }

  if (options.webRoot) {
    if (!existsSync(options.webRoot)) {
      throw new Error(
        `The web app is not built: ${options.webRoot} is missing. Run the build first (pnpm build).`,
      );
    }
    await app.register(fastifyStatic, {
      root: options.webRoot,
      extensions: ['html'],
      // Next's hashed assets can be cached for good; pages must be revalidated.
      setHeaders(reply, path) {
        reply.header(
          'Cache-Control',
          path.includes('/_next/static/')
            ? 'public, max-age=31536000, immutable'
            : 'public, max-age=0, must-revalidate',
        );
      },
    });
    app.setNotFoundHandler((_request, reply) => {
      reply.code(404).type('text/html').sendFile('404.html');
    });
  }

  return app;
}
