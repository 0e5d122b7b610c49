import { type ForgeSim, type ForgeUser, startForgeSim } from '@inkstone/forge-sim';
import { type BrowserContext, expect, type Page } from '@playwright/test';
import { test } from './fixtures/warm-page';
import {
  type AppServer,
  forgeServerEnv,
  freePort,
  openAppContext,
  startAppServer,
} from './fixtures/app-server';
import { editorText, openMenuEntry, replaceText, storedRows } from './helpers';

// Linking GitLab, Gitea and Gitee accounts for real: forge-sim answers the three forges' OAuth
// providers and APIs; the real server runs with GITLAB_* and GITEE_* pointing at it (the /conf
// case: the dialogs ask nothing), while Gitea is linked with the user's own application (the
// dialog's fields, the browser calling forge-sim's token endpoint). GitLab's tokens live 200 s
// here, under the 5-minute margin: each use of the account refreshes it.

const GITLAB_APP = { clientId: 'gl-inkstone-e2e', clientSecret: 'gl-e2e-secret' };
const GITEA_APP = { clientId: 'gt-own-e2e', clientSecret: 'gt-own-e2e-secret' };
const GITEE_APP = { clientId: 'ge-inkstone-e2e', clientSecret: 'ge-e2e-secret' };
const SERVER_URL_INVALID =
  'Enter the server’s address, such as https://gitlab.example.org (http or https).';

let forge: ForgeSim;
/** A second Gitea server, whose user gina has the same numeric id as on the first. */
let otherGitea: ForgeSim;
let server: AppServer;
let appOrigin: string;
let gina: ForgeUser;
let context: BrowserContext;
let page: Page;
let urls: string[] = [];

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(60_000);
  forge = await startForgeSim({ port: 0, oauthTokenLifetime: 200 });
  gina = forge.users.add({ login: 'gina', token: 'setup-gina' });
  const port = await freePort();
  appOrigin = `http://127.0.0.1:${port}`;
  const callbackUrl = `${appOrigin}/oauth2/callback`;
  forge.oauthApps.add({ ...GITLAB_APP, callbackUrl, name: 'Inkstone' });
  forge.oauthApps.add({ ...GITEA_APP, callbackUrl, name: 'Inkstone', dialect: 'gitea' });
  forge.oauthApps.add({ ...GITEE_APP, callbackUrl, name: 'Inkstone', dialect: 'gitee' });
  otherGitea = await startForgeSim({ port: 0 });
  otherGitea.users.add({ login: 'gina', token: 'setup-gina-2' });
  otherGitea.oauthApps.add({ ...GITEA_APP, callbackUrl, name: 'Inkstone', dialect: 'gitea' });
  server = await startAppServer(
    forgeServerEnv(forge.url, { gitlab: GITLAB_APP, gitee: GITEE_APP }),
    port,
  );
  ({ context, page, urls } = await openAppContext(browser, appOrigin));
});

test.afterAll(async () => {
  await context?.close();
  await server?.stop();
  await forge?.close();
  await otherGitea?.close();
});

const accountsDialog = () => page.getByRole('dialog', { name: 'Manage external accounts' });

async function openAccounts(entry: string | RegExp = /^Accounts/) {
  await openMenuEntry(page, entry);
  await expect(accountsDialog()).toBeVisible();
}

async function closeAccounts() {
  await accountsDialog().getByRole('button', { name: 'Close' }).last().click();
  await expect(accountsDialog()).toBeHidden();
}

/** Does `start`, which opens the authorize popup, and authorizes as gina on forge-sim's page. */
async function authorize(start: () => Promise<void>) {
  const opening = page.waitForEvent('popup');
  await start();
  const popup = await opening;
  await expect(popup.getByRole('heading', { name: 'Authorize Inkstone' })).toBeVisible();
  await popup.getByRole('textbox', { name: 'Username' }).fill('gina');
  const closing = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Authorize Inkstone' }).click();
  await closing;
}

type Stored = Record<string, Record<string, unknown>>;
async function storedAccounts(forgeKey: string): Promise<Stored> {
  const tokens = (await storedRows(page)).find((row) => row.id === 'tokens');
  return ((tokens?.data as Record<string, Stored> | undefined)?.[forgeKey] ?? {}) as Stored;
}

test('links a GitLab account through the server’s application; its expiring token is refreshed unseen', async () => {
  await openAccounts();
  await expect(accountsDialog()).toContainText('no access to any external account yet');
  await accountsDialog().getByRole('button', { name: 'Add GitLab account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add GitLab account' });
  // /conf supplies the application and its server: nothing to fill in.
  await expect(dialog).toContainText(forge.url);
  await expect(dialog.getByRole('textbox')).toHaveCount(0);
  await authorize(() => dialog.getByRole('button', { name: 'Ok' }).click());

  const sub = `${forge.url}/${gina.id}`;
  await expect(
    accountsDialog().getByRole('listitem', { name: `GitLab account gina on ${forge.url}` }),
  ).toContainText(`gl:${sub}`);
  const linked = (await storedAccounts('gitlab'))[sub]!;
  expect(linked).toMatchObject({ name: 'gina', serverUrl: forge.url, applicationId: '' });
  expect(Number(linked.expiresOn) - Date.now()).toBeLessThan(200_000);
  await closeAccounts();

  // The dialog opened again uses the account: its token, 200 s from its end, is refreshed
  // without a word, and the rotated refresh token is kept (the spent one no longer works).
  await openAccounts('Accounts (1)');
  await expect
    .poll(async () => (await storedAccounts('gitlab'))[sub]?.accessToken)
    .not.toBe(linked.accessToken);
  const refreshed = (await storedAccounts('gitlab'))[sub]!;
  expect(refreshed.refreshToken).not.toBe(linked.refreshToken);
  expect(
    forge.oauthTokens.refresh(String(linked.refreshToken), GITLAB_APP.clientId),
  ).toBeUndefined();
  await expect(page.getByRole('dialog', { name: 'Sign in again' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Dismiss', exact: true })).toHaveCount(0);
  await closeAccounts();
  // Neither the tokens nor the refresh tokens ever travel in a URL (the server's token route is
  // called by POST).
  for (const token of [
    linked.accessToken,
    refreshed.accessToken,
    linked.refreshToken,
    refreshed.refreshToken,
  ]) {
    expect(urls.filter((url) => url.includes(String(token)))).toEqual([]);
  }
});

test('a refresh the forge refuses asks to sign in again, and the unsynced text stays', async () => {
  await replaceText(page, '# Draft\n\nWords not synced anywhere yet.');
  const sub = `${forge.url}/${gina.id}`;
  const before = (await storedAccounts('gitlab'))[sub]!;
  // Another device spent the refresh token: the app's refresh is refused.
  expect(forge.oauthTokens.refresh(String(before.refreshToken), GITLAB_APP.clientId)).toBeDefined();
  // (The confirmation comes on top of the accounts dialog as it opens.)
  await openMenuEntry(page, /^Accounts/);
  const confirm = page.getByRole('dialog', { name: 'Sign in again' });
  await expect(confirm).toContainText('GitLab');
  await authorize(() => confirm.getByRole('button', { name: 'Sign in' }).click());
  await expect
    .poll(async () => (await storedAccounts('gitlab'))[sub]?.accessToken)
    .not.toBe(before.accessToken);
  await expect(
    accountsDialog().getByRole('listitem', { name: `GitLab account gina on ${forge.url}` }),
  ).toBeVisible();
  await closeAccounts();
  expect(await editorText(page)).toBe('# Draft\n\nWords not synced anywhere yet.');
});

test('links a Gitea account with the user’s own application; a server URL that is none is refused', async () => {
  await openAccounts();
  await accountsDialog().getByRole('button', { name: 'Add Gitea account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Gitea account' });
  await expect(dialog).toContainText(`${appOrigin}/oauth2/callback`);
  const serverUrl = dialog.getByRole('textbox', { name: 'Server URL' });
  await serverUrl.fill('ftp://gitea.example.org');
  await dialog.getByRole('textbox', { name: 'Application ID' }).fill(GITEA_APP.clientId);
  await dialog.getByLabel('Application Secret').fill(GITEA_APP.clientSecret);
  await dialog.getByRole('button', { name: 'Ok' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(SERVER_URL_INVALID);
  await expect(serverUrl).toHaveAttribute('aria-invalid', 'true');

  // A page of the server: reduced to its scheme and host.
  await serverUrl.fill(`${forge.url}/explore/repos`);
  await authorize(() => dialog.getByRole('button', { name: 'Ok' }).click());
  const sub = `${forge.url}/${gina.id}`;
  await expect(
    accountsDialog().getByRole('listitem', { name: `Gitea account gina on ${forge.url}` }),
  ).toBeVisible();
  expect((await storedAccounts('gitea'))[sub]).toMatchObject({
    serverUrl: forge.url,
    applicationId: GITEA_APP.clientId,
    applicationSecret: GITEA_APP.clientSecret,
  });
  // The secret went to the forge in a POST body, never in a URL.
  expect(urls.filter((url) => url.includes(GITEA_APP.clientSecret))).toEqual([]);

  // The next Gitea account starts from the same server and application (not the secret).
  await accountsDialog().getByRole('button', { name: 'Add Gitea account' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Server URL' })).toHaveValue(forge.url);
  await expect(dialog.getByRole('textbox', { name: 'Application ID' })).toHaveValue(
    GITEA_APP.clientId,
  );
  await expect(dialog.getByLabel('Application Secret')).toHaveValue('');
  // Another server, where gina has the same user id: another account.
  await serverUrl.fill(otherGitea.url);
  await dialog.getByLabel('Application Secret').fill(GITEA_APP.clientSecret);
  await authorize(() => dialog.getByRole('button', { name: 'Ok' }).click());
  await expect(
    accountsDialog().getByRole('listitem', { name: /^Gitea account gina on / }),
  ).toHaveCount(2);
  expect(Object.keys(await storedAccounts('gitea')).sort()).toEqual(
    [sub, `${otherGitea.url}/${gina.id}`].sort(),
  );
  await closeAccounts();
});

test('links a Gitee account through the server’s application, and removes it', async () => {
  await openAccounts();
  await accountsDialog().getByRole('button', { name: 'Add Gitee account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Gitee account' });
  await authorize(() => dialog.getByRole('button', { name: 'Ok' }).click());
  const item = accountsDialog().getByRole('listitem', { name: 'Gitee account gina' });
  await expect(item).toContainText(`ge:${gina.id}`);
  expect((await storedAccounts('gitee'))[String(gina.id)]).toMatchObject({
    name: 'gina',
    clientId: GITEE_APP.clientId,
  });
  await closeAccounts();

  await openAccounts('Accounts (4)');
  await item.getByRole('button', { name: 'Remove access of gina' }).click();
  await expect(item).toHaveCount(0);
  expect(await storedAccounts('gitee')).toEqual({});
  // The other forges' accounts stay.
  await expect(accountsDialog().getByRole('listitem')).toHaveText([
    /^GitLab: gina/,
    /^Gitea: gina/,
    /^Gitea: gina/,
  ]);
  await closeAccounts();
});
