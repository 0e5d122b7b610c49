import { type ForgeSim, type ForgeUser, startForgeSim } from '@inkstone/forge-sim';
import { type Browser, expect, type Page } from '@playwright/test';
import { test } from './fixtures/warm-page';
import {
  type AppServer,
  forgeServerEnv,
  freePort,
  openAppContext,
  startAppServer,
} from './fixtures/app-server';
import { authorize, cloned, openFile, syncButton, syncStatus } from './fixtures/forge-workspace';
import {
  editorText,
  fileTitle,
  menu,
  openMenu,
  openMenuEntry,
  replaceText,
  storedRows,
} from './helpers';

// Signing in with Gitee for real: forge-sim's Gitee dialect holds the account, the OAuth
// application and the repositories (real git), and the real server runs with GITEE_* pointing at
// it. Signed in, the main workspace syncs with gina's own private inkstone-appdata repository,
// made on the first sync; a second browser signing in as gina gets its files.

const GITEE_APP = { clientId: 'ge-login-e2e', clientSecret: 'ge-login-e2e-secret' };

let forge: ForgeSim;
let gina: ForgeUser;
let server: AppServer;
let appOrigin: string;

test.describe.configure({ mode: 'serial', timeout: 90_000 });

test.beforeAll(async () => {
  test.setTimeout(60_000);
  forge = await startForgeSim({ port: 0 });
  gina = forge.users.add({ login: 'gina', token: 'setup-gina' });
  const port = await freePort();
  appOrigin = `http://127.0.0.1:${port}`;
  forge.oauthApps.add({
    ...GITEE_APP,
    callbackUrl: `${appOrigin}/oauth2/callback`,
    name: 'Inkstone',
    dialect: 'gitee',
  });
  server = await startAppServer(forgeServerEnv(forge.url, { gitee: GITEE_APP }), port);
});

test.afterAll(async () => {
  await server?.stop();
  await forge?.close();
});

/** A browser of its own (its own IndexedDB: its own main workspace) with the app open. */
const person = (browser: Browser) => openAppContext(browser, appOrigin);

/** 'Sign in with Gitee' from the menu: its dialog's Ok, then gina authorizes in the popup. */
async function signInWithGitee(page: Page): Promise<void> {
  await (await openMenu(page)).getByRole('button', { name: 'Sign in with Gitee' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in with Gitee' });
  await expect(dialog).toContainText('inkstone-appdata');
  await authorize(page, () => dialog.getByRole('button', { name: 'Ok' }).click());
}

const signedInUser = (page: Page) => page.getByRole('group', { name: 'Signed-in user' });

/** Opens the Synchronize panel, presses "Synchronize now" and waits for a sync that ended well
 * after the press. */
async function syncNow(page: Page): Promise<void> {
  await (await openMenu(page)).getByRole('button', { name: /^Synchronize \(\d+\)$/ }).click();
  await expect(syncButton(page)).toBeEnabled({ timeout: 15_000 });
  const before = (await syncStatus(page).count()) > 0 ? await syncStatus(page).textContent() : '';
  await page.waitForTimeout(3_100); // two syncs of a tab are over 3 s apart (spec core §4)
  await syncButton(page).click();
  await expect(syncStatus(page)).not.toHaveText(before ?? '', { timeout: 30_000 });
  await expect(syncStatus(page)).toHaveText(/^Last synchronized at/, { timeout: 30_000 });
}

/** The text of `file` in a fresh clone of gina's inkstone-appdata on master (a private
 * repository: cloned with gina's own credentials, as she would), or '(not there)'. */
const clonedAppData = (file: string): Promise<string> =>
  cloned(forge.url.replace('://', '://gina:setup-gina@'), 'gina/inkstone-appdata', file).catch(
    () => '(not there)',
  );

const WORDS = 'Kept on Gitee, in my own repository.';

test('signs in with Gitee: the main workspace syncs with gina’s own inkstone-appdata, made on the first sync', async ({
  browser,
}) => {
  const { context, page, urls } = await person(browser);
  expect(forge.repos.get('gina', 'inkstone-appdata')).toBeUndefined();
  // Written before signing in: it is kept, and goes to the repository.
  await fileTitle(page).fill('Gitee journal');
  await fileTitle(page).press('Enter');
  await replaceText(page, WORDS);

  await signInWithGitee(page);
  await expect(signedInUser(page)).toContainText('gina');
  // One login at a time: neither sign-in is offered any more.
  await expect(menu(page).getByRole('button', { name: 'Sign in with Gitee' })).toHaveCount(0);
  await expect(menu(page).getByRole('button', { name: 'Sign in with GitHub' })).toHaveCount(0);
  const tokens = async () =>
    ((await storedRows(page)).find((row) => row.id === 'tokens')?.data as {
      gitee?: Record<string, { isLogin?: boolean; accessToken?: string; refreshToken?: string }>;
    }) ?? {};
  await expect.poll(async () => (await tokens()).gitee?.[String(gina.id)]?.isLogin).toBe(true);
  await openMenuEntry(page, 'Accounts (1)');
  const accounts = page.getByRole('dialog', { name: 'Manage external accounts' });
  await expect(accounts.getByRole('listitem', { name: 'Gitee account gina' })).toContainText(
    'Gitee: gina (signed in)',
  );
  await page.keyboard.press('Escape');
  await expect(accounts).toBeHidden();

  await syncNow(page);
  await openMenu(page);
  await expect(menu(page)).toContainText(`synced with ${forge.url}/gina/inkstone-appdata`);
  const repository = forge.repos.get('gina', 'inkstone-appdata');
  expect(repository?.private).toBe(true);
  await expect.poll(() => clonedAppData('Gitee journal.md')).toBe(`${WORDS}\n`);
  expect(await editorText(page)).toBe(WORDS);

  // The tokens stay out of the app's own URLs (Gitee takes its token as the access_token
  // parameter, spec providers "Host B", so its API calls carry it, to Gitee alone).
  const stored = (await tokens()).gitee?.[String(gina.id)];
  const secrets = [stored?.accessToken, stored?.refreshToken].filter(
    (value): value is string => typeof value === 'string' && value !== '',
  );
  expect(secrets.length).toBeGreaterThan(0);
  for (const secret of secrets) {
    expect(urls.filter((url) => url.includes(secret) && !url.startsWith(forge.url))).toEqual([]);
  }
  await context.close();
});

test('a second browser signing in with the same Gitee account gets the file and keeps its own', async ({
  browser,
}) => {
  const { context, page } = await person(browser);
  // This browser's own main workspace has text of its own before signing in.
  await fileTitle(page).fill('Second browser notes');
  await fileTitle(page).press('Enter');
  await replaceText(page, 'Written in the second browser first.');

  await signInWithGitee(page);
  await expect(signedInUser(page)).toContainText('gina');
  await syncNow(page);
  await openFile(page, 'Gitee journal');
  await expect.poll(() => editorText(page)).toBe(WORDS);
  // Its own file is still here, and now on Gitee too.
  await openFile(page, 'Second browser notes');
  expect(await editorText(page)).toBe('Written in the second browser first.');
  await expect
    .poll(() => clonedAppData('Second browser notes.md'))
    .toBe('Written in the second browser first.\n');

  // Signed out, the main workspace stays here with every file; the sign-in is offered again.
  await openMenu(page);
  await signedInUser(page).getByRole('button', { name: 'Sign out' }).click();
  await expect(menu(page).getByRole('button', { name: 'Sign in with Gitee' })).toBeVisible();
  await expect(menu(page)).toContainText('not synced');
  await openFile(page, 'Gitee journal');
  expect(await editorText(page)).toBe(WORDS);
  await context.close();
});
