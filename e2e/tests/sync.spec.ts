import { readFile } from 'node:fs/promises';
import { type Browser, expect, type Page } from '@playwright/test';
import { test } from './fixtures/warm-page';
import {
  type CouchdbTestServer,
  startCouchdbServer,
} from '../../packages/core/src/testing/couchdb-server';
import {
  alert,
  editor,
  editorText,
  fileTitle,
  menu,
  replaceText,
  showStackeditDiscussion,
  skipTour,
  openFile,
} from './helpers';

// Two people on one CouchDB workspace, each in a browser context of their own (their own
// IndexedDB, localStorage and session cookie), syncing through the in-process CouchDB-protocol
// server. The app runs on 127.0.0.1, the server's site, so the session cookie travels.
const appOrigin = `http://127.0.0.1:${process.env.E2E_PORT ?? 8181}`;
test.use({ baseURL: appOrigin });

let server: CouchdbTestServer;
test.beforeAll(async () => {
  server = await startCouchdbServer({ corsOrigin: appOrigin });
  await server.createUser('alice', 'alice-secret');
  await server.createUser('bob', 'bob-secret');
});
test.afterAll(async () => server.stop());
test.afterEach(() => server.dropRequests(undefined));

const workspacePath = (dbUrl: string) =>
  `/?providerId=couchdbWorkspace&dbUrl=${encodeURIComponent(dbUrl)}`;
const syncButton = (page: Page) =>
  page.getByRole('banner').getByRole('button', { name: 'Synchronize now' });
const syncPanel = (page: Page) => page.getByRole('region', { name: 'Synchronize' });
const syncStatus = (page: Page) => syncPanel(page).getByRole('status');

/** A person: a browser context of their own with the workspace open in a tab, logged in through
 * the credentials dialog the first sync opens, with the sync panel shown. */
async function person(browser: Browser, dbUrl: string, login: [string, string]): Promise<Page> {
  const context = await browser.newContext({
    baseURL: appOrigin,
    viewport: { width: 1400, height: 900 },
  });
  const page = await context.newPage();
  await page.goto(workspacePath(dbUrl));
  // The workspace's first sync starts as it opens, meets a 401, and asks who this is.
  const credentials = page.getByRole('dialog', { name: 'CouchDB credentials' });
  await credentials.getByRole('textbox', { name: 'Name' }).fill(login[0], { timeout: 15_000 });
  await credentials.getByLabel('Password').fill(login[1]);
  await credentials.getByRole('button', { name: 'Log in' }).click();
  await expect(editor(page)).toBeVisible();
  await skipTour(page);
  await page.getByRole('button', { name: 'Toggle side bar' }).click();
  await expect(menu(page)).toContainText(`synced with ${dbUrl}`);
  await menu(page).getByRole('button', { name: 'Synchronize (1)' }).click();
  await expect(syncPanel(page)).toContainText(dbUrl);
  await expect(syncStatus(page)).toHaveText(/^Last synchronized at/, { timeout: 15_000 });
  return page;
}

/** Presses "Synchronize now" and waits for that sync to end well. Two syncs of a tab are over
 * 3 s apart (spec core §4), so the time shown changes. */
async function syncNow(page: Page): Promise<void> {
  const before = await syncStatus(page).textContent();
  await expect(syncButton(page)).toBeEnabled();
  await syncButton(page).click();
  await expect(syncStatus(page)).not.toHaveText(before ?? '', { timeout: 20_000 });
  await expect(syncStatus(page)).toHaveText(/^Last synchronized at/);
}

test.describe.configure({ timeout: 90_000 });

test('two people on one CouchDB workspace see each other’s words; the same sentence edited twice keeps both', async ({
  browser,
}) => {
  const dbUrl = await server.createDatabase('team', ['alice', 'bob']);
  const alice = await person(browser, dbUrl, ['alice', 'alice-secret']);

  // Alice writes a file and syncs it.
  await fileTitle(alice).fill('Team notes');
  await fileTitle(alice).press('Enter');
  await replaceText(alice, 'Alpha paragraph.\n\nBeta paragraph.');
  await syncNow(alice);

  // Bob opens the workspace: its first sync brings Alice's file.
  const bob = await person(browser, dbUrl, ['bob', 'bob-secret']);
  await openFile(bob, 'Team notes');
  await expect.poll(() => editorText(bob)).toBe('Alpha paragraph.\n\nBeta paragraph.');

  // Different paragraphs: both edits survive, on both sides.
  await replaceText(alice, 'Alpha paragraph, edited by Alice.\n\nBeta paragraph.');
  await replaceText(bob, 'Alpha paragraph.\n\nBeta paragraph, edited by Bob.');
  await syncNow(alice);
  await syncNow(bob);
  await syncNow(alice);
  const both = 'Alpha paragraph, edited by Alice.\n\nBeta paragraph, edited by Bob.';
  await expect.poll(() => editorText(bob)).toBe(both);
  await expect.poll(() => editorText(alice)).toBe(both);

  // The same sentence, two ways: Bob is told, and both versions are kept, on both sides.
  await replaceText(
    alice,
    'Alpha paragraph, edited by Alice.\n\nBeta paragraph, the way Alice says it.',
  );
  await replaceText(
    bob,
    'Alpha paragraph, edited by Alice.\n\nBeta paragraph, the way Bob says it.',
  );
  await syncNow(alice);
  await syncNow(bob);
  await expect(
    bob
      .getByRole('status')
      .getByText(
        'Team notes had conflicts and was merged automatically: both versions are kept, between conflict markers.',
        { exact: false },
      ),
  ).toBeVisible();
  for (const words of ['the way Alice says it', 'the way Bob says it', '<<<<<<<', '>>>>>>>']) {
    await expect.poll(() => editorText(bob)).toContain(words);
  }
  await syncNow(alice);
  await expect.poll(() => editorText(alice)).toBe(await editorText(bob));

  // Bob looks at the two versions side by side and keeps his own; the choice syncs to Alice.
  await bob.getByRole('button', { name: 'Resolve conflicts' }).click();
  const resolve = bob.getByRole('dialog', { name: 'Resolve conflicts' });
  await expect(resolve).toContainText('the way Bob says it');
  await expect(resolve).toContainText('the way Alice says it');
  await resolve.getByRole('button', { name: 'Keep “this version”' }).click();
  await expect(resolve).toBeHidden();
  const chosen = 'Alpha paragraph, edited by Alice.\n\nBeta paragraph, the way Bob says it.';
  await expect.poll(() => editorText(bob)).toBe(chosen);
  await syncNow(bob);
  await syncNow(alice);
  await expect.poll(() => editorText(alice)).toBe(chosen);
  await alice.context().close();
  await bob.context().close();
});

test('a server that goes away in the middle of a sync: a clear error, nothing lost, and the next sync succeeds', async ({
  browser,
}) => {
  const dbUrl = await server.createDatabase('flaky', ['alice']);
  const alice = await person(browser, dbUrl, ['alice', 'alice-secret']);
  await fileTitle(alice).fill('Draft');
  await fileTitle(alice).press('Enter');
  const words = 'Every word typed here stays, whatever the server does.';
  await replaceText(alice, words);

  // The server answers the sync's first request (the changes), then stops answering.
  let requests = 0;
  server.dropRequests(() => ++requests > 1);
  await expect(syncButton(alice)).toBeEnabled();
  await syncButton(alice).click();
  await expect(alert(alice, 'Network request failed.')).toBeVisible({ timeout: 20_000 });
  await expect(syncStatus(alice)).toHaveText(
    'Last synchronization failed: Network request failed.',
  );
  expect(requests).toBeGreaterThan(1);
  // Nothing lost: the text is in the editor, and still there after a reload.
  expect(await editorText(alice)).toBe(words);
  await expect(syncButton(alice)).toBeEnabled();

  // The server is back: the next sync succeeds, and someone else sees the words.
  server.dropRequests(undefined);
  await syncNow(alice);
  await alice.reload();
  await expect(editor(alice)).toBeVisible();
  await expect.poll(() => editorText(alice)).toBe(words);
  const other = await person(browser, dbUrl, ['alice', 'alice-secret']);
  await openFile(other, 'Draft');
  await expect.poll(() => editorText(other)).toBe(words);
  await alice.context().close();
  await other.context().close();
});

test('the main workspace has nothing to sync with: the button is disabled and the panel says why', async ({
  page,
}) => {
  await page.goto('/');
  await expect(editor(page)).toBeVisible({ timeout: 15_000 });
  await skipTour(page);
  await expect(syncButton(page)).toBeDisabled();
  await page.getByRole('button', { name: 'Toggle side bar' }).click();
  await expect(menu(page)).toContainText('not synced');
  await menu(page).getByRole('button', { name: 'Synchronize (0)' }).click();
  await expect(syncPanel(page)).toContainText(
    'You have to link an account to start syncing files.',
  );
});

test('going offline: the offline icon replaces the spinner, the button waits, and coming back says so', async ({
  browser,
}) => {
  const dbUrl = await server.createDatabase('travel', ['alice']);
  const alice = await person(browser, dbUrl, ['alice', 'alice-secret']);
  await alice.context().setOffline(true);
  await expect(alert(alice, 'You are offline.')).toBeVisible();
  await expect(alice.getByRole('img', { name: 'Offline' })).toBeVisible();
  await expect(syncButton(alice)).toBeDisabled();
  // Words typed offline are kept, and go out with the first sync once back.
  await fileTitle(alice).fill('Notes on the train');
  await fileTitle(alice).press('Enter');
  await replaceText(alice, 'Written with no network.');
  await alice.context().setOffline(false);
  await expect(alice.getByRole('status').getByText('You are back online!')).toBeVisible();
  await expect(alice.getByRole('img', { name: 'Offline' })).toBeHidden();
  await syncNow(alice);
  const other = await person(browser, dbUrl, ['alice', 'alice-secret']);
  await openFile(other, 'Notes on the train');
  await expect.poll(() => editorText(other)).toBe('Written with no network.');
  await alice.context().close();
  await other.context().close();
});

test('a database StackEdit keeps a workspace in opens with its files and discussions, and StackEdit reads what is typed', async ({
  page,
}) => {
  // Filled as StackEdit's CouchDB workspace fills it: each document POSTed, the server naming it.
  const dbUrl = await server.createDatabase('stackedit-workspace');
  const path = new URL(dbUrl).pathname;
  const fixture = new URL(
    '../../packages/core/src/transfer/fixtures/stackedit/couchdb-workspace.json',
    import.meta.url,
  );
  const docIds = new Map<string, string>();
  for (const body of JSON.parse(await readFile(fixture, 'utf8')) as { item: { id: string } }[]) {
    const made = await server.asAdmin<{ id: string }>('POST', path, body);
    docIds.set(body.item.id, made.body.id);
  }
  await page.goto(workspacePath(dbUrl));
  await expect(editor(page)).toBeVisible({ timeout: 15_000 });
  await skipTour(page);
  await showStackeditDiscussion(page);
  expect(await editorText(page)).toMatch(/^Words before the subject\./);
  expect(await editorText(page)).not.toContain('stackedit_data');

  // Typed at the end, synced: the same document, as StackEdit writes it (text, then trailer).
  await editor(page).click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type('Typed in Inkstone.');
  await expect(editor(page)).toContainText('Typed in Inkstone.');
  const mapsContent = docIds.get('qW3eR5tY7uI9oP1a/content')!;
  const stored = async () => {
    const doc = await server.asAdmin<{
      item: { hash: unknown };
      _attachments: { data: { content_type: string; data: string } };
    }>('GET', `${path}/${encodeURIComponent(mapsContent)}?attachments=true`);
    const { content_type, data } = doc.body._attachments.data;
    return {
      type: content_type,
      hash: doc.body.item.hash,
      text: Buffer.from(data, 'base64').toString('utf8'),
    };
  };
  // Synchronize now, again if the first sync ran before the text was saved.
  await expect(async () => {
    if (await syncButton(page).isEnabled()) await syncButton(page).click();
    await expect
      .poll(async () => (await stored()).text, { timeout: 5_000 })
      .toMatch(/Typed in Inkstone\.\n<!--stackedit_data:\n[A-Za-z0-9+/=\n]+-->$/);
  }).toPass({ timeout: 40_000 });
  const written = await stored();
  expect(written.type).toMatch(/^text\/plain/);
  expect(typeof written.hash).toBe('number');
});
