import { DRIVE, DRIVE_APPDATA, type GoogleUser } from '@inkstone/cloud-sim';
import { type BrowserContext, expect, type Page } from '@playwright/test';
import { test } from './fixtures/warm-page';
import { openAppContext } from './fixtures/app-server';
import { type GoogleFixture, googleUser, startGoogleFixture } from './fixtures/cloud-sim';
import { openFile, syncButton, syncPanel, syncStatus } from './fixtures/forge-workspace';
import {
  editor,
  editorText,
  fileTitle,
  menu,
  openMenu,
  replaceText,
  skipTour,
  storedRows,
} from './helpers';

// Drive workspaces for real against cloud-sim (Google's stand-in, in this process), with the
// app's server pointed at it: signed in with Google, the main workspace syncs in alice's Drive
// application data folder; "Add a Google Drive workspace" makes a folder in her drive, a note
// another tool puts there is taken in, and two browsers editing it converge; an access token expired mid-sync is refreshed silently; a Drive
// request that hangs ends the sync with an error at the request's time limit (30 s), the text
// intact. One server, one sim, one browser (two contexts for the two browsers).

let fixture: GoogleFixture;
let alice: GoogleUser;
let context: BrowserContext;
let page: Page;
let workspaceUrl = '';

test.describe.configure({ mode: 'serial', timeout: 90_000 });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(60_000);
  fixture = await startGoogleFixture();
  alice = googleUser(fixture, 'alice@example.com', 'Alice Liddell');
  ({ context, page } = await openAppContext(browser, fixture.appOrigin));
});

test.afterAll(async () => {
  await context?.close();
  await fixture?.stop();
});

/** Google's authorize popup opened by `click`: alice's email typed, Continue. */
async function authorize(on: Page, click: () => Promise<void>): Promise<void> {
  const opening = on.waitForEvent('popup');
  await click();
  const popup = await opening;
  await popup.getByRole('textbox', { name: 'Email' }).fill(alice.email);
  const closing = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Continue' }).click();
  await closing;
}

/** The files alice's drive (or app data folder) holds, by name, with their latest text. */
function driveFiles(space: 'drive' | 'appDataFolder'): Record<string, string> {
  const caller = { userId: alice.id, clientId: fixture.clientId, scopes: [DRIVE, DRIVE_APPDATA] };
  return Object.fromEntries(
    fixture.google.drive
      .visible(caller, [space])
      .map((file) => [file.name, file.revisions.at(-1)?.content.toString('utf8') ?? '']),
  );
}

/** Opens the Synchronize panel (the menu's Synchronize entry), the menu first saying what the
 * workspace is synced with when `target` is given. */
async function openSyncPanel(on: Page, target?: string): Promise<void> {
  await openMenu(on);
  if (target !== undefined) await expect(menu(on)).toContainText(`synced with ${target}`);
  await menu(on)
    .getByRole('button', { name: /^Synchronize \(\d+\)$/ })
    .click();
  await expect(syncPanel(on)).toBeVisible();
}

/** Presses "Synchronize now" once it can be pressed and waits for a sync that ended well. */
async function syncNow(on: Page): Promise<void> {
  await expect(syncButton(on)).toBeEnabled({ timeout: 20_000 });
  const before = (await syncStatus(on).count()) > 0 ? await syncStatus(on).textContent() : '';
  await syncButton(on).click();
  await expect(syncStatus(on)).not.toHaveText(before ?? '', { timeout: 30_000 });
  await expect(syncStatus(on)).toHaveText(/^Last synchronized at/, { timeout: 30_000 });
}

/** A new file named `title` with `text`. */
async function writeFile(on: Page, title: string, text: string): Promise<void> {
  await fileTitle(on).fill(title);
  await fileTitle(on).press('Enter');
  await replaceText(on, text);
}

type Stored = Record<string, { accessToken?: string; isLogin?: boolean; scopes?: string[] }>;
async function storedGoogle(on: Page): Promise<Stored> {
  const tokens = (await storedRows(on)).find((row) => row.id === 'tokens');
  return ((tokens?.data as Record<string, Stored> | undefined)?.google ?? {}) as Stored;
}

test('signed in with Google, the main workspace syncs in the Drive application data folder', async () => {
  await writeFile(page, 'Drive journal', 'Kept in my Google Drive.');
  const signIn = (await openMenu(page)).getByRole('button', { name: 'Sign in with Google' });
  await authorize(page, () => signIn.click());
  await expect.poll(async () => (await storedGoogle(page))[alice.id]?.isLogin).toBe(true);
  await openSyncPanel(page);
  await syncNow(page);
  await expect
    .poll(() => driveFiles('appDataFolder')['Drive journal.md'])
    .toBe('Kept in my Google Drive.\n');
  // Nothing of the main workspace lands in the visible drive.
  expect(driveFiles('drive')['Drive journal.md']).toBeUndefined();
  expect(await editorText(page)).toBe('Kept in my Google Drive.');
});

test('a Drive workspace made by the dialog, edited in two browsers, converges', async ({
  browser,
}) => {
  await (await openMenu(page)).getByRole('button', { name: /^Workspaces \(\d+\)$/ }).click();
  const panel = page.getByRole('region', { name: 'Workspaces' });
  await panel.getByRole('button', { name: 'Add a Google Drive workspace' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a Google Drive workspace' });
  await expect(dialog).toBeVisible();
  // No account with full Drive access yet: Ok opens Google's window, then the folder is made.
  // (Google's window opens as a page too: the workspace's tab is the one still open after it.)
  const pages: Page[] = [];
  const onPage = (opened: Page) => pages.push(opened);
  context.on('page', onPage);
  await authorize(page, () => dialog.getByRole('button', { name: 'Ok' }).click());
  await expect.poll(() => pages.filter((opened) => !opened.isClosed()).length).toBe(1);
  context.off('page', onPage);
  const tab = pages.find((opened) => !opened.isClosed())!;
  await expect(editor(tab)).toBeVisible({ timeout: 15_000 });
  await skipTour(tab);
  workspaceUrl = tab.url();
  expect(Object.keys(driveFiles('drive'))).toEqual(
    expect.arrayContaining(['Inkstone workspace', '.inkstone-data', '.inkstone-trash']),
  );
  await openSyncPanel(tab, 'https://drive.google.com/drive/folders/');
  await writeFile(tab, 'Shared plan', 'First line from A.\n\nLast line.');
  await syncNow(tab);
  expect(driveFiles('drive')['Shared plan.md']).toBe('First line from A.\n\nLast line.\n');
  // A note another tool put in the folder (Drive's page, a desktop client): taken in as it is.
  const folder = fixture.google.drive
    .visible({ userId: alice.id, clientId: fixture.clientId, scopes: [DRIVE] }, ['drive'])
    .find((file) => file.name === 'Inkstone workspace')!;
  fixture.google.drive.create(
    { userId: alice.id, clientId: 'another-tool.example', scopes: [DRIVE] },
    {
      name: 'Field notes.md',
      mimeType: 'text/markdown',
      parents: [folder.id],
      content: Buffer.from('Written in another app.\n'),
    },
  );

  // A second browser links alice for Drive and opens the workspace by its URL.
  const other = await openAppContext(browser, fixture.appOrigin);
  const b = other.page;
  await (await openMenu(b)).getByRole('button', { name: /^Accounts/ }).click();
  await b.getByRole('button', { name: 'Add Google account' }).click();
  const account = b.getByRole('dialog', { name: 'Add Google Drive account' });
  await authorize(b, () => account.getByRole('button', { name: 'Ok' }).click());
  // (Stored once listed: only then is the workspace opened.)
  await expect(
    b
      .getByRole('dialog', { name: 'Manage external accounts' })
      .getByRole('listitem', { name: 'Google account Alice Liddell' }),
  ).toBeVisible();
  await b.goto(workspaceUrl);
  await expect(editor(b)).toBeVisible({ timeout: 15_000 });
  await skipTour(b);
  await openSyncPanel(b);
  await syncNow(b);
  await openFile(b, 'Field notes');
  await expect.poll(() => editorText(b)).toContain('Written in another app.');
  await openFile(b, 'Shared plan');
  await expect.poll(() => editorText(b)).toBe('First line from A.\n\nLast line.');

  // Both edit (other lines), both sync: each keeps the other's edit.
  await replaceText(tab, 'First line from A, edited.\n\nLast line.');
  await replaceText(b, 'First line from A.\n\nLast line, edited by B.');
  await syncNow(tab);
  await syncNow(b);
  await syncNow(tab);
  const both = 'First line from A, edited.\n\nLast line, edited by B.';
  await expect.poll(() => editorText(b)).toBe(both);
  await expect.poll(() => editorText(tab)).toBe(both);
  expect(driveFiles('drive')['Shared plan.md']).toBe(`${both}\n`);
  await other.context.close();
  await tab.close();
});

test('an access token expired mid-sync is refreshed silently, with no window', async () => {
  const tab = await context.newPage();
  await tab.goto(workspaceUrl);
  await expect(editor(tab)).toBeVisible({ timeout: 15_000 });
  await openSyncPanel(tab);
  await syncNow(tab);
  const before = (await storedGoogle(tab))[alice.id]!.accessToken!;
  fixture.google.accounts.expire(before);
  let popups = 0;
  tab.on('popup', () => (popups += 1));
  await openFile(tab, 'Shared plan');
  await replaceText(tab, 'Written with a refreshed token.');
  await syncNow(tab);
  expect(driveFiles('drive')['Shared plan.md']).toBe('Written with a refreshed token.\n');
  expect((await storedGoogle(tab))[alice.id]!.accessToken).not.toBe(before);
  expect(popups).toBe(0);
  await expect(tab.getByRole('dialog', { name: 'Sign in again' })).toHaveCount(0);

  // A Drive request that hangs: the sync ends with an error at its time limit, the text kept.
  fixture.google.faults.next({ hang: true, path: /^\/drive\/v3\/changes/ });
  await replaceText(tab, 'Still here after a hung request.');
  await expect(syncButton(tab)).toBeEnabled({ timeout: 20_000 });
  const started = Date.now();
  await syncButton(tab).click();
  await expect(syncStatus(tab)).toHaveText(
    'Last synchronization failed: Network request timeout.',
    { timeout: 40_000 },
  );
  expect(Date.now() - started).toBeLessThan(40_000);
  // The spinner has stopped (the time-out counts as going offline: its icon shows instead).
  await expect(tab.getByRole('status', { name: 'Working' })).toHaveCount(0);
  await expect(tab.getByRole('banner').getByRole('img', { name: 'Offline' })).toBeVisible();
  expect(await editorText(tab)).toBe('Still here after a hung request.');
  await tab.close();
});
