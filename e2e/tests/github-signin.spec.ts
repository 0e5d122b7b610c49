import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { type AddressInfo, createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ForgeSim, type ForgeUser, startForgeSim } from '@inkstone/forge-sim';
import { type Browser, expect, type Page } from '@playwright/test';
import { test } from './fixtures/warm-page';
import { openAppContext } from './fixtures/app-server';
import { alert, menu, openMenu, openMenuEntry, replaceText, storedRows } from './helpers';

// Signing in with GitHub for real: forge-sim (a local GitHub over real git repositories) holds
// the accounts and the OAuth app, and the real server runs with GITHUB_CLIENT_ID/SECRET,
// GITHUB_URL and GITHUB_API_URL pointing at it, and with sponsorship on. The suite's own server
// has neither, so this file starts one of its own, on a free port. PayPal, which cannot run
// here, is a stand-in that verifies every notification: the sponsor becomes one through the
// server's real payment route.

const CLIENT_ID = 'Ov23liInkstoneE2E';
const CLIENT_SECRET = 'forge-sim-e2e-client-secret';

let forge: ForgeSim;
let paypal: Server;
let server: ChildProcess;
let appOrigin: string;
let sponsor: ForgeUser;
let plain: ForgeUser;

async function freePort(): Promise<number> {
  const probe = createNetServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function waitForServer(url: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`The server did not start at ${url}.`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

test.beforeAll(async () => {
  test.setTimeout(60_000);
  forge = await startForgeSim({ port: 0 });
  sponsor = forge.users.add({ login: 'ink-sponsor', token: 'ghp_e2e_sponsor_setup' });
  plain = forge.users.add({ login: 'ink-reader', token: 'ghp_e2e_reader_setup' });

  paypal = createServer((request, response) => {
    request.resume();
    request.on('end', () => response.end('VERIFIED'));
  });
  await new Promise<void>((resolve) => paypal.listen(0, '127.0.0.1', resolve));

  const port = await freePort();
  appOrigin = `http://127.0.0.1:${port}`;
  forge.oauthApps.add({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    callbackUrl: `${appOrigin}/oauth2/callback`,
    name: 'Inkstone',
  });
  server = spawn('node', ['../apps/server/dist/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      RATE_LIMIT_MAX: '1000000',
      GITHUB_CLIENT_ID: CLIENT_ID,
      GITHUB_CLIENT_SECRET: CLIENT_SECRET,
      GITHUB_URL: forge.url,
      GITHUB_API_URL: forge.apiUrl,
      ALLOW_SPONSORSHIP: 'true',
      PAYPAL_RECEIVER_EMAIL: 'pay@inkstone.test',
      PAYPAL_BUTTONS: 'E2E3MONTHS,E2E1YEAR,E2E2YEARS',
      PAYPAL_IPN_VERIFY_URL: `http://127.0.0.1:${(paypal.address() as AddressInfo).port}/verify`,
      SPONSOR_DB_PATH: join(mkdtempSync(join(tmpdir(), 'inkstone-e2e-sponsors-')), 's.sqlite'),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitForServer(`${appOrigin}/conf`);

  // The sponsor pays for 3 months: PayPal's notification, as PayPal posts it.
  const paid = await fetch(`${appOrigin}/paypalIpn`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      txn_id: 'E2E-TXN-1',
      payment_status: 'Completed',
      receiver_email: 'pay@inkstone.test',
      mc_currency: 'USD',
      mc_gross: '1.99',
      custom: `gh:${sponsor.id}`,
    }).toString(),
  });
  expect(paid.status).toBe(200);
});

test.afterAll(async () => {
  server?.kill();
  await new Promise((resolve) => paypal?.close(resolve));
  await forge?.close();
});

/** A browser of its own (its own IndexedDB: its own main workspace) with the app open. */
const person = (browser: Browser) => openAppContext(browser, appOrigin);

/** Clicks "Sign in with GitHub" in the menu, or does `start`, and authorizes as `login` on
 * forge-sim's page, in the popup. */
async function signIn(page: Page, login: string, start?: () => Promise<void>): Promise<void> {
  const opening = page.waitForEvent('popup');
  if (start) await start();
  else await (await openMenu(page)).getByRole('button', { name: 'Sign in with GitHub' }).click();
  const popup = await opening;
  await expect(popup.getByRole('heading', { name: 'Authorize Inkstone' })).toBeVisible();
  await popup.getByRole('textbox', { name: 'Username' }).fill(login);
  const closing = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Authorize Inkstone' }).click();
  await closing;
}

const signedInUser = (page: Page) => page.getByRole('group', { name: 'Signed-in user' });

async function exportPdf(page: Page) {
  await replaceText(page, '# Sponsored words\n\nA page for the PDF.');
  await openMenuEntry(page, 'Import/export');
  await page.getByRole('button', { name: /^Export as PDF/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Export to PDF' });
  await dialog.getByRole('button', { name: 'Download PDF' }).click();
  return dialog;
}

test('signs in with GitHub through the popup: the user at the menu’s top, the token in IndexedDB only', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const { page, context, urls } = await person(browser);
  await signIn(page, 'ink-sponsor');

  await expect(signedInUser(page)).toContainText('ink-sponsor');
  await expect(menu(page).getByRole('button', { name: 'Sign in with GitHub' })).toHaveCount(0);

  // The token is in the main workspace's database, in the tokens item, by the account's id,
  // marked a sponsor once the server said so.
  const storedAccount = async () => {
    const tokens = (await storedRows(page)).find((row) => row.id === 'tokens');
    const github = (tokens?.data as { github?: Record<string, Record<string, unknown>> })?.github;
    return github?.[String(sponsor.id)];
  };
  await expect
    .poll(storedAccount)
    .toMatchObject({ name: 'ink-sponsor', isLogin: true, isSponsor: true });
  const account = await storedAccount();
  // Private repositories: the main workspace is kept in the private inkstone-appdata.
  expect(account?.scopes).toEqual(['repo', 'gist']);
  const accessToken = String(account?.accessToken);
  expect(accessToken).toMatch(/^gho_/);
  // …and nowhere else: not in localStorage, nor in any URL the browser asked for.
  const local = await page.evaluate(() => JSON.stringify({ ...localStorage }));
  expect(local).not.toContain(accessToken);
  expect(urls.filter((url) => url.includes(accessToken))).toEqual([]);
  expect(urls.some((url) => url.startsWith(`${appOrigin}/oauth2/callback?code=`))).toBe(true);

  // Accounts lists it.
  await openMenuEntry(page, 'Accounts (1)');
  const accounts = page.getByRole('dialog', { name: 'Manage external accounts' });
  await expect(
    accounts.getByRole('listitem', { name: 'GitHub account ink-sponsor' }),
  ).toContainText('signed in');
  await page.keyboard.press('Escape');
  await expect(accounts).toBeHidden();

  // A sponsor's PDF export works with sponsorship on.
  const downloading = page.waitForEvent('download', { timeout: 60_000 });
  const dialog = await exportPdf(page);
  const file = await downloading;
  expect(
    readFileSync((await file.path())!)
      .subarray(0, 5)
      .toString('latin1'),
  ).toBe('%PDF-');
  await expect(dialog).toBeHidden();

  // Signing out removes the token: the menu offers to sign in again.
  await openMenu(page);
  await signedInUser(page).getByRole('button', { name: 'Sign out' }).click();
  await expect(menu(page).getByRole('button', { name: 'Sign in with GitHub' })).toBeVisible();
  const after = (await storedRows(page)).find((row) => row.id === 'tokens');
  expect(JSON.stringify(after?.data)).not.toContain(accessToken);
  await context.close();
});

test('an account that does not sponsor gets sponsorOnly; signed out, the export asks to sign in', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const { page, context } = await person(browser);
  // Signed out, with sponsorship on: the server refuses, the app offers to sign in, and its Ok
  // opens GitHub's window.
  await exportPdf(page);
  const signInFirst = page.getByRole('dialog', { name: 'Sign in for sponsorship' });
  await expect(signInFirst).toBeVisible({ timeout: 15_000 });
  await signIn(page, 'ink-reader', () =>
    signInFirst.getByRole('button', { name: 'Sign in with GitHub' }).click(),
  );
  await openMenu(page);
  await expect(signedInUser(page)).toContainText('ink-reader');
  const dialog = await exportPdf(page);
  await expect(page.getByRole('dialog', { name: 'Sponsors only' })).toBeVisible({
    timeout: 15_000,
  });
  await expect(dialog).toBeHidden();
  // The server said this account never sponsored: so it is kept.
  await expect
    .poll(async () => {
      const tokens = (await storedRows(page)).find((row) => row.id === 'tokens');
      return (tokens?.data as { github?: Record<string, unknown> })?.github?.[String(plain.id)];
    })
    .toMatchObject({ name: 'ink-reader', isLogin: true, isSponsor: false });

  // The banner's Sponsor offers PayPal's three buttons, each naming this account in `custom`.
  await page
    .getByRole('dialog', { name: 'Sponsors only' })
    .getByRole('button', { name: 'Ok' })
    .click();
  await openMenuEntry(page, 'Import/export');
  await page.getByRole('button', { name: /^Export as PDF/ }).click();
  await page
    .getByRole('dialog', { name: 'Export to PDF' })
    .getByRole('note')
    .getByRole('button', { name: 'Sponsor' })
    .click();
  const offers = page.getByRole('dialog', { name: 'Sponsor' }).getByRole('link');
  await expect(offers).toHaveText([
    /\$1\.99.*3 months sponsorship/,
    /\$5\.99.*-25%.*1 year sponsorship/,
    /\$9\.99.*-37%.*2 years sponsorship/,
  ]);
  const links = await offers.evaluateAll((anchors) =>
    anchors.map((anchor) =>
      Object.fromEntries(new URL((anchor as HTMLAnchorElement).href).searchParams),
    ),
  );
  expect(links).toEqual(
    ['E2E3MONTHS', 'E2E1YEAR', 'E2E2YEARS'].map((id) => ({
      cmd: '_s-xclick',
      hosted_button_id: id,
      custom: `gh:${plain.id}`,
    })),
  );
  expect((await offers.first().getAttribute('href')) ?? '').toMatch(
    /^https:\/\/www\.paypal\.com\/cgi-bin\/webscr\?/,
  );

  // Back from PayPal: the thanks, and the flag gone from the address.
  await page.goto('about:blank');
  await page.goto(`${appOrigin}/#paymentSuccess=true`);
  const thanks = page.getByRole('dialog', { name: 'Thank you for your payment!' });
  await expect(thanks).toContainText('Your sponsorship will be active within a minute.');
  await thanks.getByRole('button', { name: 'Ok' }).click();
  await expect(thanks).toBeHidden();
  expect(new URL(page.url()).hash).toBe('');
  await context.close();
});

test("closing the authorize window says 'Authorize window was closed.' and signs nobody in", async ({
  browser,
}) => {
  const { page, context } = await person(browser);
  // From the banner of a sponsors-only export, which offers to sign in while signed out.
  await openMenuEntry(page, 'Import/export');
  await page.getByRole('button', { name: /^Export as PDF/ }).click();
  const exportDialog = page.getByRole('dialog', { name: 'Export to PDF' });
  const opening = page.waitForEvent('popup');
  await exportDialog.getByRole('note').getByRole('button', { name: 'Sign in with GitHub' }).click();
  const popup = await opening;
  await expect(popup.getByRole('heading', { name: 'Authorize Inkstone' })).toBeVisible();
  await popup.close();
  await expect(alert(page, 'Authorize window was closed.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(exportDialog).toBeHidden();
  await openMenu(page);
  await expect(menu(page).getByRole('button', { name: 'Sign in with GitHub' })).toBeVisible();

  // Sponsor, signed out: sign in first; the account sponsors already, and the dialog says so.
  await openMenuEntry(page, 'Import/export');
  await page.getByRole('button', { name: /^Export as PDF/ }).click();
  await exportDialog.getByRole('note').getByRole('button', { name: 'Sponsor' }).click();
  const signInFirst = page.getByRole('dialog', { name: 'Sign in for sponsorship' });
  await expect(signInFirst).toContainText('A sponsorship belongs to an account');
  await signIn(page, 'ink-sponsor', () =>
    signInFirst.getByRole('button', { name: 'Sign in with GitHub' }).click(),
  );
  await expect(page.getByRole('dialog', { name: 'Sponsor' })).toContainText(
    'You are already a sponsor!',
  );
  await context.close();
});
