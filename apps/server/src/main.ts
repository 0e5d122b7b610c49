import { fileURLToPath } from 'node:url';
import { buildApp, readLogLevel } from './app.js';
import { readPublicConf } from './conf.js';
import { openSponsorship } from './sponsors/open-sponsor-store.js';
import { readExportConf } from './export/export-conf.js';
import { readLimits } from './limits.js';
import { readOAuthConf } from './oauth/oauth-conf.js';
import { readSecurityConf } from './security-headers.js';
import { closeGracefully } from './shutdown.js';

const DEFAULT_PORT = 8080;

async function main(): Promise<void> {
  const port = Number(process.env.PORT ?? DEFAULT_PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a port number, got "${process.env.PORT}".`);
  }
  const host = process.env.HOST ?? '0.0.0.0';
  // The web app's static export: the one built beside the server, or WEB_ROOT (another build,
  // e.g. the next version being deployed).
  const webRoot =
    process.env.WEB_ROOT?.trim() || fileURLToPath(new URL('../../web/out', import.meta.url));
  const conf = readPublicConf(process.env);
  const dataDir = fileURLToPath(new URL('../data', import.meta.url));
  const sponsorship = conf.allowSponsorship
    ? await openSponsorship(process.env, dataDir)
    : undefined;
  const app = await buildApp({
    webRoot,
    conf,
    oauth: readOAuthConf(process.env),
    limits: readLimits(process.env),
    security: readSecurityConf(process.env),
    logger: true,
    logLevel: readLogLevel(process.env),
    sponsorship,
    exports: readExportConf(process.env),
  });
  app.addHook('onClose', async () => sponsorship?.store.close());
  await app.listen({ port, host });
  const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  console.log(`Inkstone is running at http://${shownHost}:${port}/`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      closeGracefully(app).then(
        () => process.exit(0),
        (error: unknown) => {
          console.error('The server did not close cleanly.', error);
          process.exit(1);
        },
      );
    });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
