import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type Browser, type BrowserContext, expect, type Page } from '@playwright/test';
import { test } from './fixtures/warm-page';
import { type ForgeSim, startForgeSim } from '@inkstone/forge-sim';
import { storeGithubAccount } from './fixtures/forge-workspace';
import {
  alert,
  editor,
  editorText,
  fileTitle,
  menu,
  node,
  openMenu,
  openMenuEntry,
  replaceText,
  skipTour,
  tree,
  openFile,
} from './helpers';

// One forge-sim (real bare git repositories behind GitHub's REST dialect) and one Inkstone
// server told its addresses (GITHUB_URL, GITHUB_API_URL) for the whole file: the suite's own
// server cannot know the port forge-sim gets. The server listens 1,000 above E2E_PORT.
const appPort = Number(process.env.E2E_PORT ?? 8181) + 1000;
const appUrl = `http://127.0.0.1:${appPort}`;
test.use({ baseURL: appUrl });

const run = promisify(execFile);
const OAUTH = { clientId: 'inkstone-e2e', clientSecret: 'inkstone-e2e-secret' };
const CAROL = { login: 'carol', token: 'ghp_carol_e2e' };
const DAVE = { login: 'dave', token: 'ghp_dave_e2e' };
const ALICE = { login: 'alice', token: 'ghp_alice_e2e' };
const ERIN = { login: 'erin', token: 'ghp_erin_e2e' };
const FRANK = { login: 'frank', token: 'ghp_frank_e2e' };

let sim: ForgeSim;
let server: ChildProcess;
let sub: string;
let daveSub: string;

test.beforeAll(async () => {
  sim = await startForgeSim({ port: 0 });
  sub = String(sim.users.add(ALICE).id);
  sim.users.add(CAROL);
  daveSub = String(sim.users.add(DAVE).id);
  sim.users.add(ERIN);
  sim.users.add(FRANK);
  sim.oauthApps.add({ ...OAUTH, callbackUrl: `${appUrl}/oauth2/callback`, name: 'Inkstone' });
  server = spawn('node', ['../apps/server/dist/main.js'], {
    env: {
      ...process.env,
      PORT: String(appPort),
      HOST: '127.0.0.1',
      RATE_LIMIT_MAX: '1000000',
      GITHUB_URL: sim.url,
      GITHUB_API_URL: sim.apiUrl,
      GITHUB_CLIENT_ID: OAUTH.clientId,
      GITHUB_CLIENT_SECRET: OAUTH.clientSecret,
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
  // The app, not only the early editor (ADR 0008): its database is made by then.
  await expect(page.getByRole('button', { name: 'Toggle side bar' })).toBeVisible();
  await skipTour(page);
}

/** Links a GitHub account (alice's by default) in this browser as the sign-in does: its token in
 * the main workspace's `tokens` item (key github, by sub), written while no app page runs. */
async function linkAccount(
  page: Page,
  isLogin: boolean,
  token = ALICE.token,
  user: { sub: string; login: string; scopes: string[] } = {
    sub,
    login: ALICE.login,
    scopes: ['repo', 'gist'],
  },
): Promise<void> {
  await open(page);
  await page.goto('/conf');
  await storeGithubAccount(page, { token, ...user, isLogin });
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

test('a GitHub workspace asks for an account first, refuses a URL that names no repository, and opens by its URL parameters', async ({
  page,
  context,
}) => {
  await open(page);
  await openPanel(page);
  // No account linked: the account dialog comes first; cancelled, nothing else opens.
  await panel(page).getByRole('button', { name: 'Add a GitHub workspace' }).click();
  const accountDialog = page.getByRole('dialog', { name: 'Add GitHub account' });
  await expect(accountDialog).toContainText('Grant access to your private repositories');
  await accountDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(accountDialog).toBeHidden();
  await expect(page.getByRole('dialog', { name: 'Add a GitHub workspace' })).toBeHidden();

  // Linked through GitHub's authorize window from the account dialog: the workspace dialog follows.
  await panel(page).getByRole('button', { name: 'Add a GitHub workspace' }).click();
  await accountDialog
    .getByRole('checkbox', { name: 'Grant access to your private repositories' })
    .check();
  await authorizeAs(page, ALICE.login, () =>
    accountDialog.getByRole('button', { name: 'Ok' }).click(),
  );
  const dialog = page.getByRole('dialog', { name: 'Add a GitHub workspace' });
  await dialog
    .getByRole('textbox', { name: 'Repository URL' })
    .fill('https://gitlab.com/alice/notes');
  await dialog.getByRole('button', { name: 'Open' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'Enter a repository URL such as https://github.com/owner/repo, or owner/repo.',
  );
  // A repository the account cannot see is told before any workspace is made.
  await dialog.getByRole('textbox', { name: 'Repository URL' }).fill('alice/no-such-notes');
  await dialog.getByRole('button', { name: 'Open' }).click();
  await expect(
    alert(
      page,
      'Repository alice/no-such-notes was not found with the GitHub account alice: check its URL, or that the account may read it (private repositories need full repository access).',
    ),
  ).toBeVisible();
  expect(
    await page.evaluate(() => localStorage.getItem('inkstone-workspaces') ?? ''),
  ).not.toContain('no-such-notes');

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
  // No token in a URL or the workspace list.
  expect(tab.url()).not.toMatch(/gho_|ghp_/);
  const list = await tab.evaluate(() => localStorage.getItem('inkstone-workspaces'));
  expect(list).not.toMatch(/gho_|ghp_/);

  await openPanel(tab);
  const entry = panel(tab).locator('[aria-current="true"]');
  await expect(entry).toContainText('dialog-notes/journal');
  await expect(entry).toContainText('GitHub (current)');
  await expect(entry.getByRole('link', { name: 'dialog-notes/journal on GitHub' })).toHaveAttribute(
    'href',
    `${sim.url}/alice/dialog-notes/tree/main/journal`,
  );

  // The repository keeps one file per path: a second "Notes" asks first (pathConflict), and
  // Add a suffix names it "Notes.1"; Cancel would create nothing.
  await tab.getByRole('button', { name: 'Toggle explorer' }).click();
  const newNotes = async () => {
    await tab.getByRole('button', { name: 'New file' }).click();
    const input = tree(tab).getByRole('textbox', { name: 'Name' });
    await input.fill('Notes');
    await input.press('Enter');
  };
  await newNotes();
  await expect(node(tab, 'Notes')).toBeVisible();
  await newNotes();
  const taken = tab.getByRole('dialog', { name: 'Name taken' });
  await expect(taken).toContainText('“Notes” already exists here');
  await taken.getByRole('button', { name: 'Cancel' }).click();
  await expect(tree(tab).getByRole('treeitem', { name: /^Notes/ })).toHaveCount(1);
  await newNotes();
  await taken.getByRole('button', { name: 'Add a suffix' }).click();
  await expect(node(tab, 'Notes.1')).toBeVisible();
  await expect(node(tab, 'Notes')).toBeVisible();
});

test.describe.configure({ timeout: 120_000 });

const git = (args: string[], cwd?: string) =>
  run('git', args, { cwd, env: { ...process.env, GIT_TERMINAL_PROMPT: '0' } }).then(
    (result) => result.stdout,
  );

/** How many commits the branch of a forge-sim repository has (read in its bare repository). */
async function commitCount(repo: string, branch = 'main'): Promise<number> {
  const { gitDir } = sim.repos.get(ALICE.login, repo)!;
  return Number((await git(['--git-dir', gitDir, 'rev-list', '--count', branch])).trim());
}

const syncButton = (page: Page) =>
  page.getByRole('banner').getByRole('button', { name: 'Synchronize now' });
const syncPanel = (page: Page) => page.getByRole('region', { name: 'Synchronize' });
const syncStatus = (page: Page) => syncPanel(page).getByRole('status');

/** Opens the Synchronize panel and waits for the first sync of the tab to end well. */
async function firstSync(page: Page, target: string): Promise<void> {
  await openMenu(page);
  await expect(menu(page)).toContainText(`synced with ${target}`);
  await menu(page)
    .getByRole('button', { name: /^Synchronize \(\d+\)$/ })
    .click();
  await expect(syncStatus(page)).toHaveText(/^Last synchronized at/, { timeout: 20_000 });
  await expect(syncPanel(page)).toContainText(target);
}

/** Presses "Synchronize now" and waits for that sync to end well (two syncs of a tab are over
 * 3 s apart, so the time shown changes). */
async function syncNow(page: Page): Promise<void> {
  const before = await syncStatus(page).textContent();
  await expect(syncButton(page)).toBeEnabled();
  await syncButton(page).click();
  await expect(syncStatus(page)).not.toHaveText(before ?? '', { timeout: 20_000 });
  await expect(syncStatus(page)).toHaveText(/^Last synchronized at/);
}

/** A browser of its own (a context) with alice's account linked. */
async function browserOfAlice(
  browser: Browser,
  isLogin: boolean,
  token = ALICE.token,
): Promise<Page> {
  const context = await browser.newContext({
    baseURL: appUrl,
    viewport: { width: 1400, height: 900 },
  });
  const page = await context.newPage();
  await linkAccount(page, isLogin, token);
  return page;
}

test('the main workspace of a signed-in user syncs to a private inkstone-appdata repository, created at its first sync', async ({
  browser,
}) => {
  expect(sim.repos.get(ALICE.login, 'inkstone-appdata')).toBeUndefined();
  const page = await browserOfAlice(browser, true);
  await firstSync(page, `${sim.url}/alice/inkstone-appdata`);
  await expect(syncPanel(page)).toContainText('Main workspace repository (GitHub)');
  const created = sim.repos.get(ALICE.login, 'inkstone-appdata');
  expect(created?.private).toBe(true);

  await fileTitle(page).fill('Diary');
  await fileTitle(page).press('Enter');
  await replaceText(page, 'Dear diary,\n\nthe main workspace is on GitHub now.');
  const before = await commitCount('inkstone-appdata');
  await syncNow(page);
  expect(await commitCount('inkstone-appdata')).toBe(before + 1);
  const text = await git(['--git-dir', created!.gitDir, 'show', 'main:Diary.md']);
  expect(text).toBe('Dear diary,\n\nthe main workspace is on GitHub now.\n');
  await page.context().close();
});

/** A browser of its own, signed out, on the main workspace. */
async function signedOutBrowser(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    baseURL: appUrl,
    viewport: { width: 1400, height: 900 },
  });
  const page = await context.newPage();
  await open(page);
  return page;
}

/** Authorizes as `login` in the popup that `click` opens. */
async function authorizeAs(page: Page, login: string, click: () => Promise<void>): Promise<void> {
  const popup = page.waitForEvent('popup');
  await click();
  const authorize = await popup;
  await authorize.getByLabel('Username').fill(login);
  // (Listened to before the click: the window may close before the click's promise ends.)
  const closed = authorize.waitForEvent('close', { timeout: 15_000 });
  await authorize.getByRole('button', { name: /^Authorize/ }).click();
  await closed;
}

test('signing in with GitHub through the popup makes the open main workspace sync with the new private inkstone-appdata', async ({
  browser,
}) => {
  const page = await signedOutBrowser(browser);
  await fileTitle(page).fill('Plans');
  await fileTitle(page).press('Enter');
  await replaceText(page, 'Written before signing in.');
  await openMenu(page);
  await expect(menu(page)).toContainText('not synced');
  expect(sim.repos.get(CAROL.login, 'inkstone-appdata')).toBeUndefined();

  // Sign in with GitHub asks for private repositories itself: no other step is needed.
  await openMenu(page);
  await authorizeAs(page, CAROL.login, () =>
    menu(page).getByRole('button', { name: 'Sign in with GitHub' }).click(),
  );

  // No reload: the tab syncs with carol's new private repository, as soon as she is back in it
  // (a sync waits for an active user: spec core §4 rule 1).
  await expect(menu(page)).toContainText(`synced with ${sim.url}/carol/inkstone-appdata`, {
    timeout: 20_000,
  });
  await page.bringToFront();
  await editor(page).click();
  await expect
    .poll(
      async () => {
        const repo = sim.repos.get(CAROL.login, 'inkstone-appdata');
        if (!repo) return '';
        return git(['--git-dir', repo.gitDir, 'show', 'main:Plans.md']).catch(() => '');
      },
      { timeout: 20_000 },
    )
    .toBe('Written before signing in.\n');
  expect(sim.repos.get(CAROL.login, 'inkstone-appdata')?.private).toBe(true);
  // No token in a URL or localStorage.
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }));
  expect(stored).not.toMatch(/gho_|ghp_|fsim_/);
  expect(page.url()).not.toContain('token');
  await page.context().close();
});

test('signed out and in as someone else, the main workspace merges its files with the new account’s inkstone-appdata', async ({
  browser,
}) => {
  const page = await signedOutBrowser(browser);
  await fileTitle(page).fill('Journal');
  await fileTitle(page).press('Enter');
  await replaceText(page, 'Written as frank.');
  const onForge = (login: string) => async () => {
    const repo = sim.repos.get(login, 'inkstone-appdata');
    if (!repo) return '';
    return git(['--git-dir', repo.gitDir, 'show', 'main:Journal.md']).catch(() => '');
  };
  await openMenu(page);
  await authorizeAs(page, FRANK.login, () =>
    menu(page).getByRole('button', { name: 'Sign in with GitHub' }).click(),
  );
  await page.bringToFront();
  await editor(page).click();
  await expect.poll(onForge(FRANK.login), { timeout: 20_000 }).toBe('Written as frank.\n');

  // Signed out, then signed in as erin: her repository gets the file, unchanged since frank's
  // sync (the sync state of frank's repository, which says it is synced, is not taken for
  // hers); frank's keeps what it had.
  await openMenu(page);
  await page
    .getByRole('group', { name: 'Signed-in user' })
    .getByRole('button', { name: 'Sign out' })
    .click();
  await expect(menu(page)).toContainText('not synced');
  await authorizeAs(page, ERIN.login, () =>
    menu(page).getByRole('button', { name: 'Sign in with GitHub' }).click(),
  );
  await page.bringToFront();
  await editor(page).click();
  await expect.poll(onForge(ERIN.login), { timeout: 20_000 }).toBe('Written as frank.\n');
  expect(await onForge(FRANK.login)()).toBe('Written as frank.\n');
  await expect.poll(() => editorText(page)).toBe('Written as frank.');
  await page.context().close();
});

test('signed in with an older token without access to private repositories, the main workspace says why it cannot sync and creates nothing', async ({
  browser,
}) => {
  // (Sign in with GitHub asks `repo` now; a token signed in before, with public_repo, stays.)
  const context = await browser.newContext({
    baseURL: appUrl,
    viewport: { width: 1400, height: 900 },
  });
  const page = await context.newPage();
  await linkAccount(page, true, DAVE.token, {
    sub: daveSub,
    login: DAVE.login,
    scopes: ['public_repo', 'gist'],
  });
  await editor(page).click();
  await expect(
    alert(
      page,
      'The main workspace is kept in your private repository inkstone-appdata: sign in with GitHub again with access to private repositories to sync it.',
    ),
  ).toBeVisible({ timeout: 20_000 });
  expect(sim.repos.get(DAVE.login, 'inkstone-appdata')).toBeUndefined();
  await context.close();
});

test('two browsers edit one repository workspace: different paragraphs and the same sentence converge with nothing lost, one commit per sync, and git clone shows plain markdown', async ({
  browser,
}) => {
  const repo = 'team-notes';
  await sim.repos.create({ owner: ALICE.login, name: repo, private: false, autoInit: true });
  const path = `/?providerId=githubWorkspace&owner=alice&repo=${repo}&branch=main&path=notes`;
  const target = `${sim.url}/alice/${repo}/tree/main/notes`;
  const count = () => commitCount(repo);
  let commits = await count();
  const expectCommits = async (added: number) => {
    commits += added;
    expect(await count()).toBe(commits);
  };

  const alice = await browserOfAlice(browser, false);
  await alice.goto(path);
  await expect(editor(alice)).toBeVisible({ timeout: 15_000 });
  await firstSync(alice, target);
  await expect(syncPanel(alice)).toContainText('Workspace repository (GitHub)');
  await expectCommits(0);
  await fileTitle(alice).fill('Team notes');
  await fileTitle(alice).press('Enter');
  await replaceText(alice, 'Alpha paragraph.\n\nBeta paragraph.');
  await syncNow(alice);
  await expectCommits(1);

  // A second browser opens the same folder: its first sync brings Alice's file, writes nothing.
  const bob = await browserOfAlice(browser, false);
  await bob.goto(path);
  await expect(editor(bob)).toBeVisible({ timeout: 15_000 });
  await firstSync(bob, target);
  await expectCommits(0);
  await openFile(bob, 'Team notes');
  await expect.poll(() => editorText(bob)).toBe('Alpha paragraph.\n\nBeta paragraph.');

  // Different paragraphs: both edits survive, on both sides.
  await replaceText(alice, 'Alpha paragraph, edited in one browser.\n\nBeta paragraph.');
  await replaceText(bob, 'Alpha paragraph.\n\nBeta paragraph, edited in another.');
  await syncNow(alice);
  await expectCommits(1);
  await syncNow(bob);
  await expectCommits(1);
  await syncNow(alice);
  await expectCommits(0);
  const both = 'Alpha paragraph, edited in one browser.\n\nBeta paragraph, edited in another.';
  await expect.poll(() => editorText(bob)).toBe(both);
  await expect.poll(() => editorText(alice)).toBe(both);

  // The same sentence, two ways: both versions are kept, on both sides.
  await replaceText(alice, `${both.split('\n\n')[0]}\n\nBeta paragraph, the first way.`);
  await replaceText(bob, `${both.split('\n\n')[0]}\n\nBeta paragraph, the second way.`);
  await syncNow(alice);
  await expectCommits(1);
  await syncNow(bob);
  await expectCommits(1);
  for (const words of ['the first way', 'the second way', '<<<<<<<', '>>>>>>>']) {
    await expect.poll(() => editorText(bob)).toContain(words);
  }
  await syncNow(alice);
  await expectCommits(0);
  const merged = await editorText(bob);
  await expect.poll(() => editorText(alice)).toBe(merged);

  // A clone over smart HTTP: the file is plain markdown in the folder, one commit per sync.
  const folder = await mkdtemp(join(tmpdir(), 'inkstone-clone-'));
  try {
    await git(['clone', '--quiet', `${sim.url}/alice/${repo}.git`, folder]);
    expect(await readFile(join(folder, 'notes', 'Team notes.md'), 'utf8')).toBe(`${merged}\n`);
    expect(await readdir(join(folder, 'notes'))).toContain('Team notes.md');
    const log = (await git(['log', '--format=%s'], folder)).trim().split('\n');
    expect(log).toHaveLength(commits);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
  await alice.context().close();
  await bob.context().close();
});

test('with auto sync stopped, a sync asks its commit message: Cancel uploads nothing, Commit makes one commit with it', async ({
  browser,
}) => {
  const repo = 'quiet-notes';
  await sim.repos.create({ owner: ALICE.login, name: repo, private: true, autoInit: true });
  const page = await browserOfAlice(browser, false);
  await page.goto(`/?providerId=githubWorkspace&owner=alice&repo=${repo}`);
  await expect(editor(page)).toBeVisible({ timeout: 15_000 });
  await firstSync(page, `${sim.url}/alice/${repo}`);

  // Auto sync is on by default; stopping it asks first.
  await openPanel(page);
  await panel(page).getByRole('button', { name: 'Manage workspaces' }).click();
  const manage = page.getByRole('dialog', { name: 'Manage workspaces' });
  const toggle = manage
    .getByRole('listitem', { name: repo })
    .getByRole('button', { name: 'Auto sync' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await toggle.click();
  const stop = page.getByRole('dialog', { name: 'Stop auto sync' });
  await expect(stop).toContainText(`“${repo}” will sync only when you ask`);
  await stop.getByRole('button', { name: 'Stop' }).click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await manage.getByRole('button', { name: 'Close' }).click();
  const stored = await page.evaluate(() => localStorage.getItem('inkstone-workspaces'));
  expect(stored).toContain('"autoSync":false');

  await fileTitle(page).fill('Quiet');
  await fileTitle(page).press('Enter');
  await replaceText(page, 'Words kept here until committed.');
  const before = await commitCount(repo);
  await openMenuEntry(page, /^Synchronize/);
  await syncButton(page).click();
  const ask = page.getByRole('dialog', { name: 'Commit message' });
  await expect(ask).toBeVisible({ timeout: 15_000 });
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(syncStatus(page)).toHaveText(/^Last synchronized at/, { timeout: 15_000 });
  expect(await commitCount(repo)).toBe(before);
  expect(await editorText(page)).toBe('Words kept here until committed.');

  await page.waitForTimeout(3_100); // two syncs of a tab are over 3 s apart (spec core §4)
  await syncButton(page).click();
  await expect(ask).toBeVisible({ timeout: 15_000 });
  await ask.getByRole('textbox', { name: 'Message' }).fill('Quiet words, committed');
  await ask.getByRole('button', { name: 'Commit' }).click();
  await expect.poll(() => commitCount(repo), { timeout: 15_000 }).toBe(before + 1);
  const { gitDir } = sim.repos.get(ALICE.login, repo)!;
  expect((await git(['--git-dir', gitDir, 'log', '-1', '--format=%s', 'main'])).trim()).toBe(
    'Quiet words, committed',
  );
  expect(await git(['--git-dir', gitDir, 'show', 'main:Quiet.md'])).toBe(
    'Words kept here until committed.\n',
  );
  await page.context().close();
});

test('a token GitHub refuses asks to sign in again, and the words stay', async ({ browser }) => {
  const repo = 'refused-notes';
  await sim.repos.create({ owner: ALICE.login, name: repo, autoInit: true });
  const page = await browserOfAlice(browser, false, 'ghp_revoked');
  await page.goto(`/?providerId=githubWorkspace&owner=alice&repo=${repo}`);
  await expect(editor(page)).toBeVisible({ timeout: 15_000 });
  await skipTour(page);
  await replaceText(page, 'Words written while the token is refused.');
  await syncButton(page).click();
  await expect(
    alert(page, 'GitHub refused the access token. Sign in with GitHub again.'),
  ).toBeVisible({ timeout: 15_000 });
  expect(await editorText(page)).toBe('Words written while the token is refused.');
  await page.context().close();
});

test("a repository whose tree GitHub truncates says 'Git tree too big', loses no local file, and syncs once the tree is whole", async ({
  browser,
}) => {
  const repo = 'big-notes';
  await sim.repos.create({ owner: ALICE.login, name: repo, autoInit: true });
  const page = await browserOfAlice(browser, false);
  await page.goto(`/?providerId=githubWorkspace&owner=alice&repo=${repo}`);
  await expect(editor(page)).toBeVisible({ timeout: 15_000 });
  await skipTour(page);
  await firstSync(page, `${sim.url}/alice/${repo}`);
  await fileTitle(page).fill('Kept');
  await fileTitle(page).press('Enter');

  await replaceText(page, 'Words that must survive a truncated tree.');

  // Another writer moves the branch, so the next sync reads the repository's tree; that listing
  // comes back truncated, as GitHub's does past its size limit: files past it would look
  // deleted, so the sync stops with the spec's error.
  const written = await fetch(`${sim.apiUrl}/repos/alice/${repo}/contents/Elsewhere.md`, {
    method: 'PUT',
    headers: { authorization: `token ${ALICE.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      message: 'Written elsewhere',
      content: Buffer.from('Words written elsewhere.\n').toString('base64'),
    }),
  });
  expect(written.status).toBe(201);
  sim.faults.next({ truncateTree: true, path: new RegExp(`/repos/alice/${repo}/git/trees/`) });
  await page.waitForTimeout(3_100); // two syncs of a tab are over 3 s apart (spec core §4)
  await syncButton(page).click();
  await expect(
    alert(page, 'Git tree too big. Please remove some files in the repository.'),
  ).toBeVisible({ timeout: 15_000 });
  expect(sim.faults.pending).toBe(0);
  expect(
    await git([
      '--git-dir',
      sim.repos.get(ALICE.login, repo)!.gitDir,
      'ls-tree',
      '--name-only',
      'main',
    ]),
  ).not.toContain('Kept.md');
  expect(await editorText(page)).toBe('Words that must survive a truncated tree.');
  await openFile(page, 'Kept');
  expect(await editorText(page)).toBe('Words that must survive a truncated tree.');

  // With the tree whole again the same words reach the repository: nothing was lost.
  const { gitDir } = sim.repos.get(ALICE.login, repo)!;
  await page.waitForTimeout(3_100);
  await syncButton(page).click();
  await expect
    .poll(() => git(['--git-dir', gitDir, 'show', 'main:Kept.md']).catch(() => ''), {
      timeout: 20_000,
    })
    .toBe('Words that must survive a truncated tree.\n');
  await openFile(page, 'Elsewhere');
  expect(await editorText(page)).toBe('Words written elsewhere.');
  await page.context().close();
});
