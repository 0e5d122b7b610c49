import { type GoogleUser } from '@inkstone/cloud-sim';
import { type BrowserContext, expect, type Page } from '@playwright/test';
import { test } from './fixtures/warm-page';
import { openAppContext } from './fixtures/app-server';
import { type GoogleFixture, googleUser, startGoogleFixture } from './fixtures/cloud-sim';
import { openMenuEntry, storedRows } from './helpers';

// A Google account for real against cloud-sim: the app's server runs with GOOGLE_URL and
// GOOGLE_CLIENT_ID pointing at the sim, whose tokens live 200 s here (under the 5-minute
// margin), so every use of the account refreshes it. Linked through the authorize popup (Email,
// Continue), it shows in Manage external accounts; opening that again refreshes the token in a
// hidden frame with no popup; with Google's account cookie gone, Google refuses the silent way
// and providerRedirection asks; Remove access revokes and forgets it.

let fixture: GoogleFixture;
let alice: GoogleUser;
let context: BrowserContext;
let page: Page;
const urls: string[] = [];

test.describe.configure({ mode: 'serial', timeout: 60_000 });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(60_000);
  fixture = await startGoogleFixture({ accessTokenSeconds: 200 });
  alice = googleUser(fixture, 'alice@example.com', 'Alice Liddell');
  const opened = await openAppContext(browser, fixture.appOrigin);
  ({ context, page } = opened);
  context.on('request', (request) => urls.push(request.url()));
});

test.afterAll(async () => {
  await context?.close();
  await fixture?.stop();
});

const accountsDialog = () => page.getByRole('dialog', { name: 'Manage external accounts' });
const aliceItem = () =>
  accountsDialog().getByRole('listitem', { name: 'Google account Alice Liddell' });

async function openAccounts(entry: string | RegExp = /^Accounts/) {
  await openMenuEntry(page, entry);
  await expect(accountsDialog()).toBeVisible();
}

async function closeAccounts() {
  await accountsDialog().getByRole('button', { name: 'Close' }).last().click();
  await expect(accountsDialog()).toBeHidden();
}

type Stored = Record<string, Record<string, unknown>>;
async function storedGoogle(): Promise<Stored> {
  const tokens = (await storedRows(page)).find((row) => row.id === 'tokens');
  return ((tokens?.data as Record<string, Stored> | undefined)?.google ?? {}) as Stored;
}

test('links a Google account for Drive through the popup and lists what it reaches', async () => {
  await openAccounts();
  await accountsDialog().getByRole('button', { name: 'Add Google account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Google Drive account' });
  await dialog.getByRole('checkbox', { name: 'Restrict access' }).check();
  const opening = page.waitForEvent('popup');
  await dialog.getByRole('button', { name: 'Ok' }).click();
  const popup = await opening;
  await expect(popup.getByText('Sign in to continue to Inkstone')).toBeVisible();
  await popup.getByRole('textbox', { name: 'Email' }).fill(alice.email);
  const closing = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Continue' }).click();
  await closing;

  await expect(aliceItem()).toContainText(`go:${alice.id}`);
  await expect(aliceItem()).toContainText('Drive (restricted)');
  const stored = (await storedGoogle())[alice.id]!;
  expect(stored).toMatchObject({ name: 'Alice Liddell', isDrive: true, driveFullAccess: false });
  // The token is in no address any page asked for, and not in localStorage.
  expect(urls.some((url) => url.includes(String(stored.accessToken)))).toBe(false);
  expect(
    await page.evaluate(
      (token) => JSON.stringify({ ...localStorage }).includes(token),
      String(stored.accessToken),
    ),
  ).toBe(false);
  await closeAccounts();
});

test('refreshes the expiring token silently when the account is used, with no popup', async () => {
  const before = (await storedGoogle())[alice.id]!;
  let popups = 0;
  page.on('popup', () => (popups += 1));
  const silent = page.waitForRequest(
    (request) =>
      request.url().includes('/o/oauth2/v2/auth') && request.url().includes('prompt=none'),
  );
  await openAccounts('Accounts (1)');
  await silent;
  await expect
    .poll(async () => (await storedGoogle())[alice.id]?.accessToken)
    .not.toBe(before.accessToken);
  const after = (await storedGoogle())[alice.id]!;
  const status = await page.evaluate(
    async ([url, token]) =>
      (
        await fetch(`${url}/drive/v3/about?fields=user`, {
          headers: { Authorization: `Bearer ${token}` },
        })
      ).status,
    [fixture.google.url, String(after.accessToken)],
  );
  expect(status).toBe(200);
  expect(popups).toBe(0);
  await expect(page.getByRole('dialog', { name: 'Sign in again' })).toHaveCount(0);
  await closeAccounts();
});

test('asks through providerRedirection when Google refuses the silent refresh', async () => {
  // Signed out at Google: the hidden frame gets interaction_required.
  await context.clearCookies();
  // The refusal may come before the accounts dialog has been seen: Sign in again then covers
  // it at once (the dialog's own refresh is what asked), so only the menu entry is awaited.
  await openMenuEntry(page, 'Accounts (1)');
  const redirection = page.getByRole('dialog', { name: 'Sign in again' });
  await expect(redirection).toContainText('Your Google access has expired');
  const opening = page.waitForEvent('popup');
  await redirection.getByRole('button', { name: 'Sign in' }).click();
  const popup = await opening;
  await popup.getByRole('textbox', { name: 'Email' }).fill(alice.email);
  const closing = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Continue' }).click();
  await closing;
  await expect(redirection).toBeHidden();
  await expect(aliceItem()).toContainText('Drive (restricted)');
});

test('removes the account: its token revoked at Google and forgotten here', async () => {
  // (The dialog renews a token of under 5 minutes as it opens, in a hidden frame: the token to
  // revoke is the one kept once that is done.)
  let seen: unknown;
  await expect
    .poll(
      async () => {
        const current = (await storedGoogle())[alice.id]?.accessToken;
        const steady = current === seen;
        seen = current;
        return steady;
      },
      { intervals: [500] },
    )
    .toBe(true);
  const token = String((await storedGoogle())[alice.id]!.accessToken);
  await aliceItem().getByRole('button', { name: 'Remove access of Alice Liddell' }).click();
  await expect(aliceItem()).toHaveCount(0);
  expect(await storedGoogle()).toEqual({});
  expect(fixture.google.accounts.valid(token)).toBeUndefined();
});
