import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { type AppServer, freePort, startAppServer } from './fixtures/app-server';
import { activity, editor, replaceText, skipTour } from './helpers';

// The offline app (docs/how-to/offline.md): one visit, then the server stopped and the browser
// offline, the app opens and edits; then a changed build is deployed and the next visit updates
// itself. The suite's other files block service workers; this one lets them run, on a server of
// its own serving a copy of the build (the "deployed" one, changed in place for the update).

const build = fileURLToPath(new URL('../../apps/web/out', import.meta.url));
let root: string;
let port: number;
let server: AppServer | undefined;

test.use({ serviceWorkers: 'allow' });

test.beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'inkstone-offline-'));
  await cp(build, root, { recursive: true });
  port = await freePort();
  server = await startAppServer({ WEB_ROOT: root }, port);
});

test.afterAll(async () => {
  await server?.stop();
  await rm(root, { recursive: true, force: true });
});

/** Deploys "the next version": the page gets a marker, and the worker lists the page's new
 * revision (what a rebuild does); the precompressed copies of the two are dropped. */
async function deployNextVersion(): Promise<void> {
  const page = join(root, 'index.html');
  const html = await readFile(page, 'utf8');
  await writeFile(page, html.replace('<head>', '<head><meta name="inkstone-build" content="2">'));
  const worker = join(root, 'sw.js');
  const source = await readFile(worker, 'utf8');
  const changed = source.replace(
    /("url":"index\.html","revision":")[0-9a-f]+/,
    '$1000000000000000000000000000000002',
  );
  expect(changed).not.toBe(source);
  await writeFile(worker, changed);
  for (const file of ['index.html', 'sw.js']) {
    for (const copy of ['.br', '.gz']) await rm(join(root, file + copy), { force: true });
  }
}

test('after one visit the app opens and edits with no network, and the next version updates it', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const origin = `http://127.0.0.1:${port}`;
  await page.goto(`${origin}/`);
  await expect(editor(page)).toBeVisible({ timeout: 20_000 });
  await skipTour(page);
  await replaceText(page, '# Offline\n\nWritten online.');
  await editor(page).press('ControlOrMeta+s');
  await expect(activity(page)).toHaveText('Saved');
  // The worker controls the page once it has precached the build.
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), {
      timeout: 60_000,
    })
    .toBe(true);

  // No server, no network.
  await server!.stop();
  server = undefined;
  await context.setOffline(true);
  await page.reload();
  await expect(editor(page)).toContainText('Written online.', { timeout: 20_000 });
  await editor(page).press('ControlOrMeta+End');
  await editor(page).pressSequentially(' And offline.');
  await editor(page).press('ControlOrMeta+s');
  await expect(activity(page)).toHaveText('Saved');
  await page.reload();
  await expect(editor(page)).toContainText('Written online. And offline.', { timeout: 20_000 });
  expect(await page.locator('meta[name="inkstone-build"]').count()).toBe(0);

  // The next version: the visit finds it, and, the user not typing, it takes over and says so.
  await deployNextVersion();
  server = await startAppServer({ WEB_ROOT: root }, port);
  await context.setOffline(false);
  await page.reload();
  await expect(page.getByText('Inkstone has just updated itself.')).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.locator('meta[name="inkstone-build"]')).toHaveAttribute('content', '2');
  await expect(editor(page)).toContainText('Written online. And offline.');
});

test('people behind one address each get the offline app on a first visit, under the default rate limit', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // The server's own limit (600 requests a minute per address), not the suite's.
  const limited = await startAppServer({ WEB_ROOT: build, RATE_LIMIT_MAX: '600' });
  try {
    // Each first visit downloads the whole build for the offline app (about 450 files).
    for (const person of ['first', 'second', 'third']) {
      const context = await browser.newContext({ serviceWorkers: 'allow' });
      try {
        const page = await context.newPage();
        await page.goto(`${limited.origin}/`);
        await expect(editor(page), `the ${person} visit`).toBeVisible({ timeout: 20_000 });
        await expect
          .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), {
            message: `the ${person} visit's offline app`,
            timeout: 60_000,
          })
          .toBe(true);
      } finally {
        await context.close();
      }
    }
  } finally {
    await limited.stop();
  }
});
