import { type ForgeSim, type ForgeUser, startForgeSim } from '@inkstone/forge-sim';
import { type Browser, type BrowserContext, expect, type Page } from '@playwright/test';
import { test } from './fixtures/warm-page';
import { type AppServer, forgeServerEnv, freePort, startAppServer } from './fixtures/app-server';
import {
  authorize,
  cloned as clonedFrom,
  firstSync,
  git,
  linkAccount,
  openFile,
  syncButton,
  syncNow,
  syncPanel,
  syncStatus,
} from './fixtures/forge-workspace';
import {
  editor,
  editorText,
  fileTitle,
  menu,
  openMenu,
  openMenuEntry,
  replaceText,
  skipTour,
  storedRows,
} from './helpers';

// Repository workspaces on GitLab, Gitea and Gitee for real: one forge-sim answers the three
// forges' OAuth providers, APIs and git's smart HTTP; the real server runs with GITLAB_*,
// GITEA_* and GITEE_* pointing at it (the /conf case: the account dialogs ask nothing). Each
// forge's workspace is added from the Workspaces panel with no account linked yet (the account
// dialog and its popup come first), edited, synced and checked with `git clone`.

const APPS = {
  gitlab: { clientId: 'gl-ws-e2e', clientSecret: 'gl-ws-e2e-secret' },
  gitea: { clientId: 'gt-ws-e2e', clientSecret: 'gt-ws-e2e-secret' },
  gitee: { clientId: 'ge-ws-e2e', clientSecret: 'ge-ws-e2e-secret' },
};

let forge: ForgeSim;
let gina: ForgeUser;
let server: AppServer;
let appOrigin: string;
let context: BrowserContext;
let page: Page;
const urls: string[] = [];
/** The GitLab workspace's URL, once the first test opened it. */
let gitlabWorkspaceUrl = '';

test.describe.configure({ mode: 'serial', timeout: 60_000 });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(60_000);
  // GitLab's and Gitea's tokens live 200 s here, under the 5-minute margin: every sync refreshes.
  forge = await startForgeSim({ port: 0, oauthTokenLifetime: 200 });
  gina = forge.users.add({ login: 'gina', token: 'setup-gina' });
  for (const name of ['gl-notes', 'gt-notes', 'ge-notes']) {
    await forge.repos.create({ owner: 'gina', name, autoInit: true, defaultBranch: 'master' });
  }
  const port = await freePort();
  appOrigin = `http://127.0.0.1:${port}`;
  const callbackUrl = `${appOrigin}/oauth2/callback`;
  forge.oauthApps.add({ ...APPS.gitlab, callbackUrl, name: 'Inkstone' });
  forge.oauthApps.add({ ...APPS.gitea, callbackUrl, name: 'Inkstone', dialect: 'gitea' });
  forge.oauthApps.add({ ...APPS.gitee, callbackUrl, name: 'Inkstone', dialect: 'gitee' });
  server = await startAppServer(forgeServerEnv(forge.url, APPS), port);
  context = await newBrowser(browser);
  page = await context.newPage();
  await page.goto('/');
  await expect(editor(page)).toBeVisible({ timeout: 15_000 });
  await skipTour(page);
});

test.afterAll(async () => {
  await context?.close();
  await server?.stop();
  await forge?.close();
});

async function newBrowser(browser: Browser): Promise<BrowserContext> {
  const made = await browser.newContext({
    baseURL: appOrigin,
    viewport: { width: 1400, height: 900 },
  });
  made.on('request', (request) => urls.push(request.url()));
  return made;
}

const panel = (on: Page) => on.getByRole('region', { name: 'Workspaces' });

async function openPanel(on: Page): Promise<void> {
  if (await panel(on).isVisible()) return;
  await openMenu(on);
  await menu(on)
    .getByRole('button', { name: /^Workspaces \(\d+\)$/ })
    .click();
  await expect(panel(on)).toBeVisible();
}

/** The text of `file` in a fresh clone of gina's repository `repo`. */
const cloned = (repo: string, file: string) => clonedFrom(forge.url, `gina/${repo}`, file);

const FORGES = [
  {
    name: 'GitLab',
    repo: 'gl-notes',
    label: 'Project URL',
    query: (url: string) => ({
      providerId: 'gitlabWorkspace',
      serverUrl: url,
      projectPath: 'gina/gl-notes',
      branch: 'master',
      path: 'journal',
      sub: `${url}/${gina.id}`,
    }),
    tree: '/-/tree/master/journal',
    invalid: (url: string) => `Enter a project URL such as ${url}/group/project, or group/project.`,
  },
  {
    name: 'Gitea',
    repo: 'gt-notes',
    label: 'Repository URL',
    query: (url: string) => ({
      providerId: 'giteaWorkspace',
      serverUrl: url,
      projectPath: 'gina/gt-notes',
      branch: 'master',
      path: 'journal',
      sub: `${url}/${gina.id}`,
    }),
    tree: '/src/branch/master/journal',
  },
  {
    name: 'Gitee',
    repo: 'ge-notes',
    label: 'Repository URL',
    query: () => ({
      providerId: 'giteeWorkspace',
      owner: 'gina',
      repo: 'ge-notes',
      branch: 'master',
      path: 'journal/',
    }),
    tree: '/tree/master/journal',
  },
] as const;

for (const one of FORGES) {
  test(`a ${one.name} workspace links its account first, opens by the dialog, and its edits reach the repository`, async () => {
    await openPanel(page);
    // No account of the forge yet: its account dialog comes first, then the popup.
    await panel(page)
      .getByRole('button', { name: `Add a ${one.name} workspace` })
      .click();
    const account = page.getByRole('dialog', { name: `Add ${one.name} account` });
    await expect(account).toBeVisible();
    await authorize(page, () => account.getByRole('button', { name: 'Ok' }).click());
    const dialog = page.getByRole('dialog', { name: `Add a ${one.name} workspace` });
    const repoUrl = dialog.getByRole('textbox', { name: one.label });
    if ('invalid' in one) {
      // A project of another server is refused inline; nothing opens.
      await repoUrl.fill('https://gitlab.example.org/gina/gl-notes');
      await dialog.getByRole('button', { name: 'Open' }).click();
      await expect(dialog.getByRole('alert')).toHaveText(one.invalid(forge.url));
      await expect(repoUrl).toHaveAttribute('aria-invalid', 'true');
    }
    await repoUrl.fill(`${forge.url}/gina/${one.repo}`);
    await dialog.getByRole('textbox', { name: /^Folder path/ }).fill(' /journal/ ');
    const opened = context.waitForEvent('page');
    await dialog.getByRole('button', { name: 'Open' }).click();
    const tab = await opened;
    await expect(editor(tab)).toBeVisible({ timeout: 15_000 });
    await skipTour(tab);

    // The workspace URL of spec providers §2, branch master by default, the path as §5 writes it.
    expect(Object.fromEntries(new URL(tab.url()).searchParams)).toEqual(one.query(forge.url));
    if (one.name === 'GitLab') gitlabWorkspaceUrl = tab.url();
    const target = `${forge.url}/gina/${one.repo}${one.tree}`;
    await firstSync(tab, target);
    await expect(syncPanel(tab)).toContainText(`Workspace repository (${one.name})`);

    await fileTitle(tab).fill(`${one.name} diary`);
    await fileTitle(tab).press('Enter');
    await replaceText(tab, `Written in a ${one.name} workspace.`);
    await syncNow(tab);
    expect(await cloned(one.repo, `journal/${one.name} diary.md`)).toBe(
      `Written in a ${one.name} workspace.\n`,
    );

    // Listed with the forge's name and its page on the forge.
    await openPanel(tab);
    const entry = panel(tab).locator('[aria-current="true"]');
    await expect(entry).toContainText(`${one.repo}/journal`);
    await expect(entry).toContainText(`${one.name} (current)`);
    await expect(
      entry.getByRole('link', { name: `${one.repo}/journal on ${one.name}` }),
    ).toHaveAttribute('href', target);
    await tab.close();
  });
}

test('no GitLab or Gitea token travels in a URL, and none sits in the workspace list', async () => {
  const list = (await page.evaluate(() => localStorage.getItem('inkstone-workspaces'))) ?? '';
  expect(list).toContain('gl-notes');
  const tokens = (await storedRows(page)).find((row) => row.id === 'tokens')?.data as
    Record<string, Record<string, { accessToken?: string; refreshToken?: string }>> | undefined;
  // (Gitee takes its token only as the access_token parameter, spec providers "Host B": its
  // GETs carry it in their query, to Gitee alone.)
  const secrets = [tokens?.gitlab, tokens?.gitea]
    .flatMap((accounts) => Object.values(accounts ?? {}))
    .flatMap((token) => [token.accessToken, token.refreshToken])
    .filter((value): value is string => typeof value === 'string' && value !== '');
  expect(secrets.length).toBeGreaterThanOrEqual(2);
  for (const secret of secrets) {
    expect(list).not.toContain(secret);
    expect(urls.filter((url) => url.includes(secret))).toEqual([]);
  }
});

test('a second browser opens the GitLab workspace by its URL, and both edits converge', async ({
  browser,
}) => {
  expect(gitlabWorkspaceUrl).not.toBe('');
  const target = `${forge.url}/gina/gl-notes/-/tree/master/journal`;
  const alice = await context.newPage();
  await alice.goto(gitlabWorkspaceUrl);
  await expect(editor(alice)).toBeVisible({ timeout: 15_000 });
  await skipTour(alice);
  await firstSync(alice, target);
  await openFile(alice, 'GitLab diary');

  // Another browser: its GitLab account linked from Accounts, then the same URL.
  const other = await newBrowser(browser);
  try {
    const bob = await other.newPage();
    await bob.goto('/');
    await expect(editor(bob)).toBeVisible({ timeout: 15_000 });
    await skipTour(bob);
    await linkAccount(bob, 'GitLab');
    await bob.goto(gitlabWorkspaceUrl);
    await expect(editor(bob)).toBeVisible({ timeout: 15_000 });
    await skipTour(bob);
    await firstSync(bob, target);
    await openFile(bob, 'GitLab diary');
    await expect.poll(() => editorText(bob)).toBe('Written in a GitLab workspace.');

    // Different paragraphs, edited in each browser: both kept, on both sides and in git.
    await replaceText(alice, 'Written in a GitLab workspace.\n\nAlice was here.');
    await replaceText(bob, 'Written in a GitLab workspace, from another browser.');
    await syncNow(alice);
    await syncNow(bob);
    await syncNow(alice);
    const both = 'Written in a GitLab workspace, from another browser.\n\nAlice was here.';
    await expect.poll(() => editorText(bob)).toBe(both);
    await expect.poll(() => editorText(alice)).toBe(both);
    expect(await cloned('gl-notes', 'journal/GitLab diary.md')).toBe(`${both}\n`);
  } finally {
    await other.close();
    await alice.close();
  }
});

/** The newest commit's subject on master of gina's `repo`, read in its bare repository. */
async function lastCommit(repo: string): Promise<string> {
  const { gitDir } = forge.repos.get('gina', repo)!;
  return (await git(['--git-dir', gitDir, 'log', '-1', '--format=%s', 'master'])).trim();
}

test('with auto sync stopped, a Gitea workspace asks its commit message and commits with it', async () => {
  const tab = await context.newPage();
  await tab.goto(
    `/?providerId=giteaWorkspace&serverUrl=${encodeURIComponent(forge.url)}&projectPath=gina/gt-notes&path=journal`,
  );
  await expect(editor(tab)).toBeVisible({ timeout: 15_000 });
  await skipTour(tab);
  await firstSync(tab, `${forge.url}/gina/gt-notes/src/branch/master/journal`);

  await openPanel(tab);
  await panel(tab).getByRole('button', { name: 'Manage workspaces' }).click();
  const manage = tab.getByRole('dialog', { name: 'Manage workspaces' });
  const toggle = manage
    .getByRole('listitem', { name: 'gt-notes/journal' })
    .getByRole('button', { name: 'Auto sync' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await toggle.click();
  await tab
    .getByRole('dialog', { name: 'Stop auto sync' })
    .getByRole('button', { name: 'Stop' })
    .click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await manage.getByRole('button', { name: 'Close' }).click();

  await openFile(tab, 'Gitea diary');
  await replaceText(tab, 'Committed with words of my own.');
  await openMenuEntry(tab, /^Synchronize/);
  await syncButton(tab).click();
  const ask = tab.getByRole('dialog', { name: 'Commit message' });
  await expect(ask).toBeVisible({ timeout: 15_000 });
  await ask.getByRole('textbox', { name: 'Message' }).fill('Gitea words, committed');
  await ask.getByRole('button', { name: 'Commit' }).click();
  await expect
    .poll(() => lastCommit('gt-notes'), { timeout: 15_000 })
    .toBe('Gitea words, committed');
  expect(await cloned('gt-notes', 'journal/Gitea diary.md')).toBe(
    'Committed with words of my own.\n',
  );
  await tab.close();
});

test('a GitLab refresh the forge refuses asks to sign in again; declined, the unsynced text stays; signed in, it syncs', async () => {
  const tab = await context.newPage();
  await tab.goto(gitlabWorkspaceUrl);
  await expect(editor(tab)).toBeVisible({ timeout: 15_000 });
  await skipTour(tab);
  await firstSync(tab, `${forge.url}/gina/gl-notes/-/tree/master/journal`);
  await openFile(tab, 'GitLab diary');
  // Another device spent the refresh token: the next sync's refresh is refused.
  const tokens = (await storedRows(tab)).find((row) => row.id === 'tokens')?.data as Record<
    string,
    Record<string, { refreshToken?: string }>
  >;
  const stored = tokens.gitlab![`${forge.url}/${gina.id}`]!;
  expect(
    forge.oauthTokens.refresh(String(stored.refreshToken), APPS.gitlab.clientId),
  ).toBeDefined();

  const words = 'Written while GitLab wants a new sign-in.';
  await replaceText(tab, words);
  await syncButton(tab).click();
  const confirm = tab.getByRole('dialog', { name: 'Sign in again' });
  await expect(confirm).toContainText('GitLab', { timeout: 15_000 });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(syncStatus(tab)).toHaveText(/^Last synchronization failed/, { timeout: 15_000 });
  expect(await editorText(tab)).toBe(words);

  await tab.waitForTimeout(3_100); // two syncs of a tab are over 3 s apart (spec core §4)
  await syncButton(tab).click();
  await expect(confirm).toBeVisible({ timeout: 15_000 });
  await authorize(tab, () => confirm.getByRole('button', { name: 'Sign in' }).click());
  await expect(syncStatus(tab)).toHaveText(/^Last synchronized at/, { timeout: 20_000 });
  expect(await cloned('gl-notes', 'journal/GitLab diary.md')).toBe(`${words}\n`);
  expect(await editorText(tab)).toBe(words);
  await tab.close();
});
