import { type ZendeskUser } from '@inkstone/cloud-sim';
import { type BrowserContext, expect, type Page } from '@playwright/test';
import { test } from './fixtures/warm-page';
import { openAppContext } from './fixtures/app-server';
import { startZendeskFixture, type ZendeskFixture } from './fixtures/cloud-sim';
import {
  alert,
  editorText,
  fileTitle,
  menu,
  openMenu,
  openMenuEntry,
  replaceText,
} from './helpers';

// Zendesk Help Center in the app, against cloud-sim's help centre `acme` (one sim, one server,
// one browser): an account linked through the help centre's authorize popup (the user's own
// client, code grant with PKCE); the file published as a new article in a section, read back
// from the sim; changed, set to draft in its properties and published again: the same article's
// translation updated and a draft; a 5xx and a revoked token each end in a clear notification
// with the text intact.

let fixture: ZendeskFixture;
let ann: ZendeskUser;
let section: number;
let context: BrowserContext;
let page: Page;

test.describe.configure({ mode: 'serial', timeout: 60_000 });

test.beforeAll(async ({ browser }) => {
  fixture = await startZendeskFixture();
  ann = fixture.sim.zendesk.addUser('acme', { name: 'Ann Agent', email: 'ann@example.com' });
  section = fixture.sim.zendesk.addSection('acme');
  ({ context, page } = await openAppContext(browser, fixture.appOrigin));
});

test.afterAll(async () => {
  await context?.close();
  await fixture?.stop();
});

const publishPanel = () => page.getByRole('region', { name: 'Publish' });
const articles = () => [...fixture.sim.zendesk.centre('acme')!.articles.values()];

test('links a Zendesk account through the popup', async () => {
  await openMenuEntry(page, /^Accounts/);
  const accounts = page.getByRole('dialog', { name: 'Manage external accounts' });
  await accounts.getByRole('button', { name: 'Add Zendesk account' }).click();
  const linking = page.getByRole('dialog', { name: 'Add Zendesk account' });
  await expect(linking).toContainText(`${fixture.appOrigin}/oauth2/callback`);
  const siteUrl = linking.getByRole('textbox', { name: 'Site URL' });
  await siteUrl.fill('https://acme.example.com');
  await linking.getByRole('textbox', { name: 'Client Unique Identifier' }).fill(fixture.clientId);
  await linking.getByRole('button', { name: 'Ok' }).click();
  await expect(linking).toContainText('Site URL must be an https address of a Zendesk subdomain');
  await expect(siteUrl).toHaveValue('https://acme.example.com');
  await siteUrl.fill('https://acme.zendesk.com');
  const opening = page.waitForEvent('popup');
  await linking.getByRole('button', { name: 'Ok' }).click();
  const popup = await opening;
  await expect(popup.getByText('Scope: read hc:write')).toBeVisible();
  await popup.getByRole('textbox', { name: 'Email' }).fill(ann.email);
  const closing = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Allow' }).click();
  await closing;
  await expect(linking).toBeHidden();
  const listed = accounts.getByRole('listitem', { name: 'Zendesk account Ann Agent' });
  await expect(listed).toContainText(`User id zd:acme/${ann.id}, help centre acme.zendesk.com`);
  await accounts.getByRole('button', { name: 'Close' }).last().click();
  await expect(accounts).toBeHidden();
  const shown = await openMenu(page);
  await expect(shown.getByRole('button', { name: 'Accounts (1)', exact: true })).toBeVisible();
});

test('publishes an article to a section, then its translation updated as a draft', async () => {
  await fileTitle(page).fill('Getting started');
  await fileTitle(page).press('Enter');
  await replaceText(page, '# Welcome\n\nFirst version.');
  const open = await openMenu(page);
  await open.getByRole('button', { name: /^Publish/ }).click();
  await publishPanel().getByRole('button', { name: 'Publish to Zendesk' }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish to Zendesk' });
  await dialog.getByRole('button', { name: 'Ok' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Section ID' })).toHaveAccessibleDescription(
    'A Section ID or an Existing article ID is required.',
  );
  await dialog.getByRole('textbox', { name: 'Section ID' }).fill(String(section));
  await dialog.getByRole('button', { name: 'Ok' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(() => articles().length, { timeout: 20_000 }).toBe(1);
  const [article] = articles();
  const english = () => article!.translations.get('en-us')!;
  expect(article!.section_id).toBe(section);
  expect(english().title).toBe('Getting started');
  expect(english().body).toContain('First version.');
  expect(english().draft).toBe(false);
  await expect(publishPanel().getByRole('link', { name: /^Zendesk article/ })).toHaveText(
    `Zendesk article ${article!.id} (en-us) on acme.zendesk.com`,
  );

  await replaceText(page, '# Welcome\n\nSecond version.');
  await page.getByRole('button', { name: 'Main menu' }).click();
  await menu(page).getByRole('button', { name: 'File properties' }).click();
  const properties = page.getByRole('dialog', { name: 'File properties' });
  await properties.getByRole('textbox', { name: 'Status' }).fill('draft');
  await properties.getByRole('textbox', { name: 'Tags' }).fill('setup, faq');
  await properties.getByRole('button', { name: 'Ok' }).click();
  await expect(properties).toBeHidden();
  await openMenu(page).then((shown) => shown.getByRole('button', { name: /^Publish/ }).click());
  await publishPanel().getByRole('button', { name: 'Publish now' }).click();
  await expect.poll(() => english().body, { timeout: 20_000 }).toContain('Second version.');
  expect(english().draft).toBe(true);
  expect(article!.label_names).toEqual(['setup', 'faq']);
  expect(articles()).toHaveLength(1);
});

test('a 5xx and a revoked token each end in a clear notification, the text intact', async () => {
  test.setTimeout(90_000);
  await replaceText(page, '# Welcome\n\nThird version.');
  for (let attempt = 0; attempt < 12; attempt += 1) {
    fixture.sim.faults.next({ path: /^\/zendesk\/acme\/api\/v2\/help_center\//, status: 503 });
  }
  await publishPanel().getByRole('button', { name: 'Publish now' }).click();
  await expect(alert(page, 'HTTP error 503 on Zendesk location.')).toBeVisible({
    timeout: 40_000,
  });
  fixture.sim.faults.clear();
  expect((await editorText(page)).trimEnd()).toBe('# Welcome\n\nThird version.');

  // The token revoked in Zendesk's Admin Center.
  fixture.sim.zendesk.revokeAll('acme', ann.id);
  await publishPanel().getByRole('button', { name: 'Publish now' }).click();
  await expect(
    alert(page, 'Zendesk refused the access token. Link the Zendesk account again.'),
  ).toBeVisible({ timeout: 20_000 });
  expect((await editorText(page)).trimEnd()).toBe('# Welcome\n\nThird version.');
});
