import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { readPublicConf } from '../conf.js';
import { type ExportConf } from '../export/export-conf.js';
import { openSqliteSponsorStore } from '../sponsors/sqlite-sponsor-store.js';
import { startGithub } from '../sponsors/stand-ins.testkit.js';

/** The server with sponsorship on and one sponsor: the GitHub user 42 for a year, whose token
 * is `gh-good` at the GitHub stand-in (`gh-other` is another, non-sponsor user). */
export async function startSponsoredApp(
  exports: ExportConf,
): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const now = Date.UTC(2026, 10, 22, 12);
  const github = await startGithub();
  const store = await openSqliteSponsorStore(
    join(mkdtempSync(join(tmpdir(), 'inkstone-sponsors-')), 'sponsors.sqlite'),
  );
  await store.extendSponsorship('gh:42', { months: 12 }, 'TXN-GH', now);
  const app = await buildApp({
    conf: readPublicConf({ ALLOW_SPONSORSHIP: 'true' }),
    exports,
    sponsorship: {
      store,
      identity: {
        githubApiUrl: github.url,
        googleCertsUrl: 'http://127.0.0.1:9/certs',
        googleClientId: 'x',
        timeoutMs: 2000,
      },
      paypal: { verifyUrl: 'http://127.0.0.1:9/unused', receiverEmails: [], timeoutMs: 2000 },
      now: () => now,
    },
  });
  return {
    app,
    close: async () => {
      await app.close();
      await github.close();
    },
  };
}
