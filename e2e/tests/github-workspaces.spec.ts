import { type ChildProcess, spawn } from 'node:child_process';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { type ForgeSim, startForgeSim } from '../../packages/forge-sim/src/index';
import { alert, editor, menu, openMenu, skipTour } from './helpers';

// One forge-sim (real bare git repositories behind GitHub's REST dialect) and one Inkstone
// server told its addresses (GITHUB_URL, GITHUB_API_URL) for the whole file: the suite's own
// server cannot know the port forge-sim gets. The server listens 1,000 above E2E_PORT.
const appPort = Number(process.env.E2E_PORT ?? 8181) + 1000;
const appUrl = `http://127.0.0.1:${appPort}`;
test.use({ baseURL: appUrl });

const ALICE = { login: 'alice', token: 'ghp_alice_e2e' };

let sim: ForgeSim;
let server: ChildProcess;
let sub: string;

test.beforeAll(async () => {
  sim = await startForgeSim({ port: 0 });
  sub = String(sim.users.add(ALICE).id);
  server = spawn('node', ['../apps/server/dist/main.js'], {
    env: {
      ...process.env,
      PORT: String(appPort),
      HOST: '127.0.0.1',
      RATE_LIMIT_MAX: '1000000',
      GITHUB_URL: sim.url,
      GITHUB_API_URL: sim.apiUrl,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await expect
    .poll(
      () =>
        fetch(`${appUrl}/conf`).then(
          (r) => r.ok,
          () => false,
        ),
      { timeout: 20_000 },
    )
    .toBe(true);
});

test.afterAll(async () => {
  server?.kill();
  await sim?.close();
});

/** Opens the app on `path` and waits until its workspace is ready. */
async function open(page: Page, path = '/'): Promise<void> {
  await page.goto(path);
  await expect(editor(page)).toBeVisible({ timeout: 15_000 });
  await skipTour(page);
}

/** Links alice's GitHub account in this browser as the sign-in does: her token in the main
 * workspace's `tokens` item (key github, by sub), written while no app page runs. */
async function linkAccount(page: Page, isLogin: boolean): Promise<void> {
  await open(page);
  await page.goto('/conf');
  await page.evaluate(
    async ({ token, sub, login, isLogin }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('inkstone-db');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const store = db.transaction('objects', 'readwrite').objectStore('objects');
      const rows = await new Promise<{ tx?: number }[]>((resolve) => {
        const request = store.getAll();
        request.onsuccess = () => resolve(request.result as { tx?: number }[]);
      });
      const tx = Math.max(0, ...rows.map((row) => row.tx ?? 0)) + 1;
      const account = { sub, name: login, accessToken: token, scopes: ['repo', 'gist'] };
      store.put({
        id: 'tokens',
        type: 'data',
        hash: 'e2e',
        tx,
        data: { github: { [sub]: { ...account, isLogin, repoFullAccess: true } } },
      });
      await new Promise((resolve) => {
        store.transaction.oncomplete = resolve;
      });
      db.close();
    },
    { token: ALICE.token, sub, login: ALICE.login, isLogin },
  );
  await open(page);
}

const panel = (page: Page) => page.getByRole('region', { name: 'Workspaces' });

/** Opens the Workspaces panel from the menu. */
async function openPanel(page: Page): Promise<void> {
  await openMenu(page);
  await menu(page)
    .getByRole('button', { name: /^Workspaces \(\d+\)$/ })
    .click();
  await expect(panel(page)).toBeVisible();
}

/** Fills the GitHub workspace dialog and returns the tab it opens. */
async function addGithubWorkspace(
  page: Page,
  context: BrowserContext,
  fields: { repoUrl: string; path?: string; branch?: string },
): Promise<Page> {
  await openPanel(page);
  await panel(page).getByRole('button', { name: 'Add a GitHub workspace' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a GitHub workspace' });
  await dialog.getByRole('textbox', { name: 'Repository URL' }).fill(fields.repoUrl);
  if (fields.path) await dialog.getByRole('textbox', { name: /^Folder path/ }).fill(fields.path);
  if (fields.branch) await dialog.getByRole('textbox', { name: /^Branch/ }).fill(fields.branch);
  const opened = context.waitForEvent('page');
  await dialog.getByRole('button', { name: 'Open' }).click();
  const tab = await opened;
  await expect(editor(tab)).toBeVisible({ timeout: 15_000 });
  await skipTour(tab);
  return tab;
}

test('a GitHub workspace needs an account, refuses a URL that names no repository, and opens by its URL parameters', async ({
  page,
  context,
}) => {
  await open(page);
  await openPanel(page);
  await panel(page).getByRole('button', { name: 'Add a GitHub workspace' }).click();
  await expect(
    alert(
      page,
      'A GitHub workspace syncs with your GitHub account: sign in with GitHub first (menu, Sign in with GitHub).',
    ),
  ).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Add a GitHub workspace' })).toBeHidden();

  await linkAccount(page, false);
  await openPanel(page);
  await panel(page).getByRole('button', { name: 'Add a GitHub workspace' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a GitHub workspace' });
  await dialog
    .getByRole('textbox', { name: 'Repository URL' })
    .fill('https://gitlab.com/alice/notes');
  await dialog.getByRole('button', { name: 'Open' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'Enter a repository URL such as https://github.com/owner/repo, or owner/repo.',
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await sim.repos.create({
    owner: ALICE.login,
    name: 'dialog-notes',
    private: true,
    autoInit: true,
  });
  const tab = await addGithubWorkspace(page, context, {
    repoUrl: `${sim.url}/alice/dialog-notes`,
    path: ' /journal/ ',
  });
  const query = new URL(tab.url()).searchParams;
  expect(Object.fromEntries(query)).toEqual({
    providerId: 'githubWorkspace',
    owner: 'alice',
    repo: 'dialog-notes',
    branch: 'main',
    path: 'journal/',
  });
  // The token is in no URL and not in the workspace list.
  expect(tab.url()).not.toContain(ALICE.token);
  const list = await tab.evaluate(() => localStorage.getItem('inkstone-workspaces'));
  expect(list).not.toContain(ALICE.token);

  await openPanel(tab);
  const entry = panel(tab).locator('[aria-current="true"]');
  await expect(entry).toContainText('dialog-notes/journal');
  await expect(entry).toContainText('GitHub (current)');
  await expect(entry.getByRole('link', { name: 'dialog-notes/journal on GitHub' })).toHaveAttribute(
    'href',
    `${sim.url}/alice/dialog-notes/tree/main/journal`,
  );
});
