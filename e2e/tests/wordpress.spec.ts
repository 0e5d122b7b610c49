import { type WpcomSite, type WpcomUser } from '@inkstone/cloud-sim';
import { type BrowserContext, expect, type Page } from '@playwright/test';
import { test } from './fixtures/warm-page';
import { openAppContext } from './fixtures/app-server';
import { startWordPressFixture, type WordPressFixture } from './fixtures/cloud-sim';
import {
  alert,
  editorText,
  fileTitle,
  menu,
  openMenu,
  openMenuEntry,
  replaceText,
} from './helpers';

// WordPress.com in the app, for real against cloud-sim's WordPress.com (its /wpcom stand-in; one
// sim, one server, one browser): an account linked through the authorize popup (implicit grant,
// the token in the callback's fragment); a post published with its title and tags from the
// file's properties, then updated in place; a 5xx and a refused token each ending in a clear
// notification with the text intact, and the refused token mended by signing in again.

let fixture: WordPressFixture;
let ann: WpcomUser;
let site: WpcomSite;
let context: BrowserContext;
let page: Page;
let urls: string[];

test.describe.configure({ mode: 'serial', timeout: 60_000 });

test.beforeAll(async ({ browser }) => {
  fixture = await startWordPressFixture();
  ann = fixture.sim.wordpress.addUser({
    username: 'ann',
    display_name: 'Ann Writer',
    email: 'ann@example.com',
  });
  site = fixture.sim.wordpress.addSite({ name: 'annwrites', ownerId: ann.ID });
  ({ context, page, urls } = await openAppContext(browser, fixture.appOrigin));
});

test.afterAll(async () => {
  await context?.close();
  await fixture?.stop();
});

const publishPanel = () => page.getByRole('region', { name: 'Publish' });
const shown = async () => (await editorText(page)).trimEnd();
const published = () => publishPanel().getByRole('listitem');
// The post the panel lists (its ID once published), as the sim keeps it.
async function listedPost() {
  const text = (await published().textContent()) ?? '';
  const id = /WordPress post (\d+) on/.exec(text)?.[1];
  return id ? fixture.sim.wordpress.post(site.ID, Number(id)) : undefined;
}
async function signIn(popup: Page) {
  await expect(popup.getByRole('heading', { name: 'Connect to WordPress.com' })).toBeVisible();
  await popup.getByRole('textbox', { name: 'Email' }).fill(ann.email);
  const closing = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Allow' }).click();
  await closing;
}

test('links a WordPress.com account through the popup, with no fields', async () => {
  await openMenuEntry(page, /^Accounts/);
  const accounts = page.getByRole('dialog', { name: 'Manage external accounts' });
  const opening = page.waitForEvent('popup');
  await accounts.getByRole('button', { name: 'Add WordPress account' }).click();
  await signIn(await opening);
  await expect(
    accounts.getByRole('listitem', { name: 'WordPress account Ann Writer' }),
  ).toContainText(`User id wp:${ann.ID}, scope global`);
  await accounts.getByRole('button', { name: 'Close' }).last().click();
  await expect(accounts).toBeHidden();
  const nav = await openMenu(page);
  await expect(nav.getByRole('button', { name: 'Accounts (1)', exact: true })).toBeVisible();
  // The token came back in the fragment: no address the browser asked for carries it.
  expect(urls.filter((url) => url.includes('access_token'))).toEqual([]);
});

test('publishes a post with the file’s title and tags, then updates the same post', async () => {
  await fileTitle(page).fill('Lisbon notes');
  await fileTitle(page).press('Enter');
  await replaceText(page, 'Three days by the river.');
  await menu(page).getByRole('button', { name: 'File properties' }).click();
  const properties = page.getByRole('dialog', { name: 'File properties' });
  await properties.getByRole('textbox', { name: 'Title' }).fill('Lisbon');
  await properties.getByRole('textbox', { name: 'Tags' }).fill('travel, food');
  await properties.getByRole('button', { name: 'Ok' }).click();
  await expect(properties).toBeHidden();

  const nav = await openMenu(page);
  await nav.getByRole('button', { name: /^Publish/ }).click();
  await publishPanel().getByRole('button', { name: 'Publish to WordPress' }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish to WordPress' });
  await dialog.getByRole('button', { name: 'Ok' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Site domain is required.');
  await dialog.getByRole('textbox', { name: 'Site domain' }).fill(site.domain);
  await dialog.getByRole('button', { name: 'Ok' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('"Lisbon notes" was published to 1 location(s).')).toBeVisible({
    timeout: 20_000,
  });
  await expect(published()).toHaveText(/^WordPress post \d+ on annwrites\.wordpress\.com/);
  const first = await listedPost();
  expect(first).toMatchObject({ title: 'Lisbon', tags: ['travel', 'food'], status: 'publish' });
  expect(first?.content).toContain('Three days by the river.');
  await expect(published().getByRole('link')).toHaveAttribute(
    'href',
    /^https:\/\/annwrites\.wordpress\.com\/.*\/lisbon\/$/,
  );

  await replaceText(page, 'Four days by the river.');
  await publishPanel().getByRole('button', { name: 'Publish now' }).click();
  await expect
    .poll(async () => (await listedPost())?.content, { timeout: 20_000 })
    .toContain('Four days by the river.');
  const second = await listedPost();
  expect(second?.ID).toBe(first?.ID);
  expect(second?.title).toBe('Lisbon');
  await expect(published()).toHaveCount(1);
});

test('a 5xx and a refused token end in clear notifications, the text intact; signing in again mends it', async () => {
  test.setTimeout(90_000);
  await replaceText(page, 'Five days by the river.');
  // WordPress.com answers 503 to every write (the app's retries included).
  for (let attempt = 0; attempt < 12; attempt += 1) {
    fixture.sim.faults.next({ path: /^\/wpcom\/rest\/v1\.2\//, status: 503 });
  }
  await publishPanel().getByRole('button', { name: 'Publish now' }).click();
  await expect(alert(page, 'HTTP error 503 on WordPress location.')).toBeVisible({
    timeout: 40_000,
  });
  fixture.sim.faults.clear();
  expect(await shown()).toBe('Five days by the river.');

  // The token refused: the app asks to sign in again; declined, it says so.
  fixture.sim.faults.next({ path: /^\/wpcom\/rest\/v1\.1\/me/, expiredToken: true });
  await publishPanel().getByRole('button', { name: 'Publish now' }).click();
  const again = page.getByRole('dialog', { name: 'Sign in again' });
  await expect(again).toContainText('Your WordPress access has expired');
  await again.getByRole('button', { name: 'Cancel' }).click();
  await expect(
    alert(page, 'WordPress refused the access token. Link the WordPress account again.'),
  ).toBeVisible({ timeout: 20_000 });
  expect(await shown()).toBe('Five days by the river.');

  // Refused again, and this time signed in again: the same post gets the text.
  fixture.sim.faults.next({ path: /^\/wpcom\/rest\/v1\.1\/me/, expiredToken: true });
  await publishPanel().getByRole('button', { name: 'Publish now' }).click();
  const opening = page.waitForEvent('popup');
  await again.getByRole('button', { name: 'Sign in' }).click();
  await signIn(await opening);
  await expect
    .poll(async () => (await listedPost())?.content, { timeout: 20_000 })
    .toContain('Five days by the river.');
});
