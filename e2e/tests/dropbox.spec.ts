import { type DropboxUser } from '@inkstone/cloud-sim';
import { type BrowserContext, expect, type Page } from '@playwright/test';
import { test } from './fixtures/warm-page';
import { openAppContext } from './fixtures/app-server';
import { type DropboxFixture, startDropboxFixture } from './fixtures/cloud-sim';
import { alert, editorText, fileTitle, openMenu, openMenuEntry, replaceText } from './helpers';

// Dropbox in the app, for real against cloud-sim's Dropbox (one sim, one server, one browser):
// an account linked through Dropbox's authorize popup (PKCE code flow); a file synced to a new
// Dropbox file, changed in Dropbox and here, merged with nothing lost; a Dropbox file chosen in
// the Chooser (cloud-sim's stand-in drop-in) and opened; the file published to Dropbox as HTML; a 5xx and an expired token each ending in a
// clear notification with the text intact; an account restricted to its app folder, whose file
// lands there and is listed with the folder. The test reads and writes Dropbox as another app of
// the same user would, over HTTP with a token of its own.

let fixture: DropboxFixture;
let alice: DropboxUser;
let context: BrowserContext;
let page: Page;
let dropboxToken: string;

test.describe.configure({ mode: 'serial', timeout: 60_000 });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(60_000);
  fixture = await startDropboxFixture();
  alice = fixture.sim.dropbox.accounts.addUser({
    email: 'alice@example.com',
    name: 'Alice Liddell',
  });
  dropboxToken = fixture.sim.dropbox.accounts.issue(alice, fixture.full, {
    seconds: 86_400,
  }).token;
  ({ context, page } = await openAppContext(browser, fixture.appOrigin));
});

test.afterAll(async () => {
  await context?.close();
  await fixture?.stop();
});

// Dropbox as the test sees it: a content route, its argument in Dropbox-API-Arg.
async function content(route: string, arg: unknown, body?: string): Promise<Response> {
  const response = await fetch(`${fixture.sim.url}/2/files/${route}`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${dropboxToken}`,
      'Dropbox-API-Arg': JSON.stringify(arg),
      ...(body === undefined ? {} : { 'Content-Type': 'application/octet-stream' }),
    },
    body,
  });
  expect(response.ok, `${route}: ${response.status}`).toBe(true);
  return response;
}
// (The app keeps a file's text with a final newline; compared without it.)
const dropboxText = async (path: string) =>
  (await (await content('download', { path })).text()).trimEnd();
const writeDropbox = (path: string, text: string) =>
  content('upload', { path, mode: 'overwrite' }, text);
const shown = async () => (await editorText(page)).trimEnd();

const locationsSection = () => page.getByRole('region', { name: 'File locations' });
const publishPanel = () => page.getByRole('region', { name: 'Publish' });
async function openSyncPanel(): Promise<void> {
  if (await locationsSection().isVisible()) return;
  const menu = await openMenu(page);
  await menu.getByRole('button', { name: /^Synchronize/ }).click();
  await expect(locationsSection()).toBeVisible();
}
async function openPublishPanel(): Promise<void> {
  if (await publishPanel().isVisible()) return;
  const menu = await openMenu(page);
  await menu.getByRole('button', { name: /^Publish/ }).click();
  await expect(publishPanel()).toBeVisible();
}
// 'Synchronize now' of the file's locations, and the status its end leaves.
async function syncNow(): Promise<void> {
  await locationsSection().getByRole('button', { name: 'Synchronize now' }).click();
}

test('links a Dropbox account through the popup', async () => {
  await openMenuEntry(page, /^Accounts/);
  const accounts = page.getByRole('dialog', { name: 'Manage external accounts' });
  await accounts.getByRole('button', { name: 'Add Dropbox account' }).click();
  const linking = page.getByRole('dialog', { name: 'Add Dropbox account' });
  const restrict = linking.getByRole('checkbox', {
    name: 'Restrict access to /Applications/Inkstone (restricted)',
  });
  await expect(restrict).not.toBeChecked();
  const opening = page.waitForEvent('popup');
  await linking.getByRole('button', { name: 'Ok' }).click();
  const popup = await opening;
  await expect(popup.getByRole('heading', { name: 'Sign in to Dropbox' })).toBeVisible();
  await expect(popup.getByText('files and folders in your Dropbox')).toBeVisible();
  await popup.getByRole('textbox', { name: 'Email' }).fill(alice.email);
  const closing = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Allow' }).click();
  await closing;
  const listed = accounts.getByRole('listitem', { name: 'Dropbox account Alice Liddell' });
  await expect(listed).toContainText(`User id db:${alice.accountId}, access full Dropbox`);
  await accounts.getByRole('button', { name: 'Close' }).last().click();
  await expect(accounts).toBeHidden();
  const menu = await openMenu(page);
  await expect(menu.getByRole('button', { name: 'Accounts (1)', exact: true })).toBeVisible();
});

test('syncs a file with a new Dropbox file, both sides merged, and opens a Dropbox file', async () => {
  await fileTitle(page).fill('Dropbox notes');
  await fileTitle(page).press('Enter');
  await replaceText(page, '# Dropbox notes\n\nFirst line.\n\nLast line.');
  await openSyncPanel();
  await locationsSection().getByRole('button', { name: 'Add a Dropbox location' }).click();
  const add = page.getByRole('dialog', { name: 'Synchronize with Dropbox' });
  const path = add.getByRole('textbox', { name: 'File path' });
  await expect(path).toHaveValue('/Dropbox notes.md');
  // A path the rule refuses is said beside the field, and kept.
  await path.fill('Notes/Dropbox notes.md');
  await add.getByRole('button', { name: 'Ok' }).click();
  await expect(add.getByRole('alert')).toContainText('starts with a slash');
  await expect(path).toHaveValue('Notes/Dropbox notes.md');
  await path.fill('/Notes/Dropbox notes.md');
  await add.getByRole('button', { name: 'Ok' }).click();
  await expect(add).toBeHidden();
  await expect(locationsSection().getByRole('status')).toHaveText(/^Synchronized at/, {
    timeout: 20_000,
  });
  await expect(locationsSection().getByRole('listitem')).toHaveText(
    'Dropbox /Notes/Dropbox notes.md',
  );
  expect(await dropboxText('/Notes/Dropbox notes.md')).toBe(
    '# Dropbox notes\n\nFirst line.\n\nLast line.',
  );

  // Changed in Dropbox at the end, here at the start (typed, as a user edits): both kept.
  await writeDropbox(
    '/Notes/Dropbox notes.md',
    '# Dropbox notes\n\nFirst line.\n\nLast line, from Dropbox.',
  );
  await page.getByRole('textbox', { name: 'Editor' }).click();
  for (const key of ['ControlOrMeta+Home', 'ArrowDown', 'ArrowDown', 'End', 'ArrowLeft']) {
    await page.keyboard.press(key);
  }
  await page.keyboard.insertText(', from here');
  const merged = '# Dropbox notes\n\nFirst line, from here.\n\nLast line, from Dropbox.';
  await syncNow();
  await expect.poll(shown, { timeout: 20_000 }).toBe(merged);
  await expect.poll(() => dropboxText('/Notes/Dropbox notes.md'), { timeout: 20_000 }).toBe(merged);

  // Open from Dropbox: a file written in Dropbox, chosen in Dropbox's Chooser (loaded on
  // demand; here cloud-sim's stand-in drop-in, whose window lists the signed-in account's text
  // files), opened by its id into a new local file.
  await writeDropbox('/Shopping.md', '- tea\n- bread');
  await locationsSection().getByRole('button', { name: 'Open from Dropbox' }).click();
  const open = page.getByRole('dialog', { name: 'Open from Dropbox' });
  const chooserOpens = context.waitForEvent('page');
  await open.getByRole('button', { name: 'Choose from Dropbox' }).click();
  const chooser = await chooserOpens;
  await expect(chooser.getByRole('heading', { name: 'Choose from Dropbox' })).toBeVisible();
  await expect(chooser.getByRole('checkbox')).toHaveCount(2); // Both .md files, ticked by path.
  await chooser.getByRole('checkbox', { name: '/Shopping.md' }).check();
  await chooser.getByRole('button', { name: 'Choose' }).click();
  await expect(fileTitle(page)).toHaveValue('Shopping');
  await expect.poll(shown).toBe('- tea\n- bread');
  await expect(page.getByText('Shopping was imported from Dropbox.')).toBeVisible();
  await expect(locationsSection().getByRole('listitem')).toHaveText('Dropbox /Shopping.md');
});

test('publishes the file to Dropbox as HTML, over the file at the path', async () => {
  await writeDropbox('/Shopping.html', 'an old page');
  await openPublishPanel();
  await publishPanel().getByRole('button', { name: 'Publish to Dropbox' }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish to Dropbox' });
  await expect(dialog.getByRole('textbox', { name: 'File path' })).toHaveValue('/Shopping.html');
  await dialog.getByRole('combobox', { name: 'Template' }).selectOption({ label: 'Plain HTML' });
  await dialog.getByRole('button', { name: 'Ok' }).click();
  await expect
    .poll(() => dropboxText('/Shopping.html'), { timeout: 20_000 })
    .toContain('<li>tea</li>');
});

test('a 5xx and an expired token each end in a clear notification, the text intact', async () => {
  test.setTimeout(90_000);
  await openSyncPanel();
  await replaceText(page, '- tea\n- bread\n- jam');
  // Dropbox answers 503 to every download of the sync (the app's retries included).
  for (let attempt = 0; attempt < 12; attempt += 1) {
    fixture.sim.faults.next({ path: /^\/2\/files\/download/, status: 503 });
  }
  await syncNow();
  await expect(alert(page, 'HTTP error 503 on Dropbox location.')).toBeVisible({
    timeout: 40_000,
  });
  fixture.sim.faults.clear();
  expect(await shown()).toBe('- tea\n- bread\n- jam');

  // The access token refused, and again after the app renewed it: link the account again.
  fixture.sim.faults.next({ path: /^\/2\/files\/download/, expiredToken: true });
  fixture.sim.faults.next({ path: /^\/2\/files\/download/, expiredToken: true });
  await syncNow();
  await expect(
    alert(page, 'Dropbox refused the access token. Link the Dropbox account again.'),
  ).toBeVisible({ timeout: 20_000 });
  fixture.sim.faults.clear();
  expect(await shown()).toBe('- tea\n- bread\n- jam');

  // Dropbox well again: the text goes out whole.
  await syncNow();
  await expect
    .poll(() => dropboxText('/Shopping.md'), { timeout: 20_000 })
    .toBe('- tea\n- bread\n- jam');
});

test('a restricted account keeps its files in /Applications/Inkstone (restricted), shown so', async () => {
  const bob = fixture.sim.dropbox.accounts.addUser({ email: 'bob@example.com', name: 'Bob Brown' });
  await openMenuEntry(page, /^Accounts/);
  const accounts = page.getByRole('dialog', { name: 'Manage external accounts' });
  await accounts.getByRole('button', { name: 'Add Dropbox account' }).click();
  const linking = page.getByRole('dialog', { name: 'Add Dropbox account' });
  await linking
    .getByRole('checkbox', { name: 'Restrict access to /Applications/Inkstone (restricted)' })
    .check();
  const opening = page.waitForEvent('popup');
  await linking.getByRole('button', { name: 'Ok' }).click();
  const popup = await opening;
  // The app folder's app asks for that folder only.
  await expect(popup.getByText('files and folders in your Dropbox')).toHaveCount(0);
  await popup.getByRole('textbox', { name: 'Email' }).fill(bob.email);
  const closing = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Allow' }).click();
  await closing;
  await expect(accounts.getByRole('listitem', { name: 'Dropbox account Bob Brown' })).toContainText(
    `User id db:${bob.accountId}, access /Applications/Inkstone (restricted)`,
  );
  await accounts.getByRole('button', { name: 'Close' }).last().click();

  // A location of Bob's: the example carries the folder, which the path may be typed with.
  await openSyncPanel();
  await locationsSection().getByRole('button', { name: 'Add a Dropbox location' }).click();
  const add = page.getByRole('dialog', { name: 'Synchronize with Dropbox' });
  await add
    .getByRole('combobox', { name: /^Account/ })
    .selectOption({ label: 'Bob Brown (restricted)' });
  const path = add.getByRole('textbox', { name: 'File path' });
  await expect(path).toHaveAttribute('placeholder', /^\/Applications\/Inkstone \(restricted\)\//);
  await path.fill('/Applications/Inkstone (restricted)/Lists/Shopping.md');
  await add.getByRole('button', { name: 'Ok' }).click();
  await expect(add).toBeHidden();
  await expect(
    locationsSection().getByRole('listitem').filter({ hasText: 'restricted' }),
  ).toHaveText('Dropbox /Applications/Inkstone (restricted)/Lists/Shopping.md');
  // In Bob's Dropbox, as Bob sees it with any app of full access: inside the app folder.
  const bobToken = fixture.sim.dropbox.accounts.issue(bob, fixture.full, { seconds: 3600 }).token;
  await expect
    .poll(
      async () => {
        const response = await fetch(`${fixture.sim.url}/2/files/download`, {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${bobToken}`,
            'Dropbox-API-Arg': JSON.stringify({
              path: '/Applications/Inkstone (restricted)/Lists/Shopping.md',
            }),
          },
        });
        return response.ok ? (await response.text()).trimEnd() : `HTTP ${response.status}`;
      },
      { timeout: 20_000 },
    )
    .toBe('- tea\n- bread\n- jam');
});
