import { type Browser, expect, type Page } from '@playwright/test';
import { test } from './fixtures/warm-page';
import {
  type CouchdbTestServer,
  startCouchdbServer,
} from '../../packages/core/src/testing/couchdb-server';
import { activity, editor, openApp, openMenuEntry, replaceText, skipTour } from './helpers';

// Busy states said to screen readers: the polite live region "Activity" (role status) says when
// exports, imports and syncs start and end, and the control at work is aria-busy meanwhile. A
// recorder in the page keeps every message the region showed and every control that was busy,
// since each lasts only as long as the work.

const appOrigin = `http://127.0.0.1:${process.env.E2E_PORT ?? 8181}`;
test.use({ baseURL: appOrigin });

let couchdb: CouchdbTestServer;
test.beforeAll(async () => {
  couchdb = await startCouchdbServer({ corsOrigin: appOrigin });
  await couchdb.createUser('ann', 'ann-secret');
});
test.afterAll(async () => couchdb.stop());

test.describe.configure({ timeout: 90_000 });

interface Heard {
  said: string[];
  busy: string[];
}

/** Starts keeping what the Activity region says and which controls become aria-busy. */
async function listen(page: Page): Promise<void> {
  await page.evaluate(() => {
    const heard = { said: [] as string[], busy: [] as string[] };
    (window as unknown as { heard: Heard }).heard = heard;
    const region = document.querySelector('[role="status"][aria-label="Activity"]')!;
    new MutationObserver(() => {
      const text = region.textContent ?? '';
      if (text && heard.said.at(-1) !== text) heard.said.push(text);
    }).observe(region, { childList: true, subtree: true, characterData: true });
    new MutationObserver((records) => {
      for (const { target } of records) {
        const element = target as HTMLElement;
        if (element.getAttribute('aria-busy') === 'true') {
          heard.busy.push(element.getAttribute('aria-label') ?? element.textContent ?? '');
        }
      }
    }).observe(document.body, { attributes: true, attributeFilter: ['aria-busy'], subtree: true });
  });
}

const heard = (page: Page) => page.evaluate(() => (window as unknown as { heard: Heard }).heard);

test('exporting a PDF, importing a file and downloading the zip are announced as they start and end', async ({
  page,
}) => {
  // The page's clock runs as usual, and is moved on by hand where a message is to go.
  await page.clock.install();
  await openApp(page);
  await replaceText(page, '# Announced\n\nA document to export.');
  await listen(page);
  await openMenuEntry(page, 'Import/export');

  await page.getByRole('button', { name: 'Export as PDF' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export to PDF' });
  const downloading = page.waitForEvent('download', { timeout: 60_000 });
  await dialog.getByRole('button', { name: 'Download PDF' }).click();
  await downloading;
  await expect(activity(page)).toHaveText('PDF exported');
  expect((await heard(page)).said).toEqual(['Exporting PDF…', 'PDF exported']);
  expect((await heard(page)).busy).toContain('Download PDF');

  await page.getByLabel('Import markdown').setInputFiles({
    name: 'Field notes.md',
    mimeType: 'text/markdown',
    buffer: Buffer.from('# Field notes\n', 'utf8'),
  });
  await expect(activity(page)).toHaveText('Field notes imported');
  expect((await heard(page)).said.slice(2)).toEqual(['Importing 1 file…', 'Field notes imported']);
  // The message goes after 5 seconds; the region stays, empty, for the next one.
  await page.clock.runFor(5_000);
  await expect(activity(page)).toHaveText('');

  const zipping = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download workspace as zip' }).click();
  await zipping;
  await expect(activity(page)).toHaveText('Workspace zip downloaded');
  expect((await heard(page)).said.slice(4)).toEqual([
    'Making the zip…',
    'Workspace zip downloaded',
  ]);
  expect((await heard(page)).busy).toContain('Download workspace as zip');
});

/** Opens a CouchDB workspace in a browser context of its own, logging in when asked. */
async function openSynced(browser: Browser, dbUrl: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL: appOrigin,
    viewport: { width: 1400, height: 900 },
  });
  const page = await context.newPage();
  await page.goto(`/?providerId=couchdbWorkspace&dbUrl=${encodeURIComponent(dbUrl)}`);
  const credentials = page.getByRole('dialog', { name: 'CouchDB credentials' });
  await credentials.getByRole('textbox', { name: 'Name' }).fill('ann', { timeout: 15_000 });
  await credentials.getByLabel('Password').fill('ann-secret');
  await credentials.getByRole('button', { name: 'Log in' }).click();
  await expect(editor(page)).toBeVisible();
  await skipTour(page);
  return page;
}

// Whether a file's content in the database holds `text` (contents are inline attachments).
async function remoteHolds(dbUrl: string, text: string): Promise<boolean> {
  const path = `${new URL(dbUrl).pathname}/_all_docs?include_docs=true&attachments=true`;
  const { body } = await couchdb.asAdmin<{
    rows: { doc?: { _attachments?: Record<string, { data?: string }> } }[];
  }>('GET', path);
  return body.rows.some((row) =>
    Object.values(row.doc?._attachments ?? {}).some((attachment) =>
      Buffer.from(attachment.data ?? '', 'base64')
        .toString('utf8')
        .includes(text),
    ),
  );
}

test('in a CouchDB workspace, Ctrl+S saves and syncs, and the sync button’s syncs are announced', async ({
  browser,
}) => {
  const dbUrl = await couchdb.createDatabase('announced', ['ann']);
  const page = await openSynced(browser, dbUrl);
  const syncButton = page.getByRole('banner').getByRole('button', { name: 'Synchronize now' });
  // The first sync, on opening, is not announced (nobody asked for it); wait for it to end.
  await expect(syncButton).toBeEnabled({ timeout: 15_000 });
  await listen(page);

  await replaceText(page, '# Synced by Ctrl+S\n\nWords for the database.');
  await page.keyboard.press('ControlOrMeta+s');
  await expect(activity(page)).toHaveText('Synced', { timeout: 20_000 });
  expect((await heard(page)).said).toEqual(['Saved', 'Syncing…', 'Synced']);
  expect((await heard(page)).busy).toContain('Synchronize now');
  expect(await remoteHolds(dbUrl, 'Words for the database.')).toBe(true);

  // The sync button says the same (a second sync waits 3 s after the last one: spec core §4).
  await replaceText(page, '# Synced by the button');
  await expect(syncButton).toBeEnabled();
  await syncButton.click();
  await expect.poll(async () => (await heard(page)).said.length, { timeout: 20_000 }).toBe(5);
  expect((await heard(page)).said.slice(3)).toEqual(['Syncing…', 'Synced']);
  expect(await remoteHolds(dbUrl, 'Synced by the button')).toBe(true);
  await page.context().close();
});

test('Ctrl+S while a sync runs brings one more sync, which takes the words saved', async ({
  browser,
}) => {
  const dbUrl = await couchdb.createDatabase('saved-during-sync', ['ann']);
  const page = await openSynced(browser, dbUrl);
  const syncButton = page.getByRole('banner').getByRole('button', { name: 'Synchronize now' });
  await expect(syncButton).toBeEnabled({ timeout: 15_000 });
  await listen(page);

  // The sync's upload is held on its way, after the sync has read the files.
  let release = () => undefined as void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = () => undefined as void;
  const holding = new Promise<void>((resolve) => (held = resolve));
  await page.route(
    (url) => url.pathname.endsWith('/_bulk_docs'),
    async (route) => {
      held();
      await released;
      await route.continue();
    },
    { times: 1 },
  );
  await replaceText(page, '# Synced twice\n\nFirst words.');
  await syncButton.click();
  await holding;
  // Typed and saved while that sync waits for its upload: too late for it.
  await editor(page).press('ControlOrMeta+End');
  await page.keyboard.insertText(' Words saved during the sync.');
  await page.keyboard.press('ControlOrMeta+s');
  await expect(activity(page)).toHaveText('Saved');
  release();

  await expect
    .poll(() => remoteHolds(dbUrl, 'Words saved during the sync.'), { timeout: 20_000 })
    .toBe(true);
  await expect
    .poll(async () => (await heard(page)).said, { timeout: 20_000 })
    .toEqual(['Syncing…', 'Saved', 'Synced', 'Syncing…', 'Synced']);
  await page.context().close();
});
