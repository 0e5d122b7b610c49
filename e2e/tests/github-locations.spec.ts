import { type ForgeSim, startForgeSim } from '@inkstone/forge-sim';
import { expect, type Page } from '@playwright/test';
import { test } from './fixtures/warm-page';
import { type GithubAppServer, startGithubAppServer } from './fixtures/github-app-server';
import { alert, editor, editorText, fileTitle, openMenu, replaceText, skipTour } from './helpers';

// GitHub file locations, gists, publishing and sharing against forge-sim (the local GitHub of
// packages/forge-sim), through a server of this file's own whose /conf points at the forge.

let forge: ForgeSim;
let app: GithubAppServer;
const token = 'ghp_alice_e2e';
const CLIENT_ID = 'Iv1.e2elocations';
const CLIENT_SECRET = 'e2e-locations-secret';

test.beforeAll(async () => {
  forge = await startForgeSim({ port: 0 });
  forge.users.add({ login: 'alice', token, name: 'Alice' });
  app = await startGithubAppServer(forge, {
    GITHUB_CLIENT_ID: CLIENT_ID,
    GITHUB_CLIENT_SECRET: CLIENT_SECRET,
  });
  forge.oauthApps.add({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    callbackUrl: `${app.origin}/oauth2/callback`,
    name: 'Inkstone',
  });
  await api('POST', '/user/repos', { name: 'notes', auto_init: true });
});
test.afterAll(async () => {
  await app?.stop();
  await forge?.close();
});
test.use({ baseURL: undefined });

/** Calls the forge's REST API as alice, from outside the app. */
async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${forge.apiUrl}${path}`, {
    method,
    headers: {
      authorization: `token ${token}`,
      accept: 'application/vnd.github+json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(response.ok, `${method} ${path}: ${response.status}`).toBe(true);
  return (await response.json()) as T;
}

/** Opens the app of this file's server and waits for the workspace to be ready. */
async function openAppAt(page: Page): Promise<void> {
  await page.goto(`${app.origin}/`);
  await expect(editor(page)).toBeVisible({ timeout: 15_000 });
  await skipTour(page);
}

// Every payload reports itself in window.__ran (or with a dialog) when it runs.
const PAYLOADS = [
  '<script>window.__ran.push("script")</script>',
  '<img src="data:," onerror="window.__ran.push(\'onerror\')">',
  '<a id="js-link" href="javascript:window.__ran.push(\'javascript-link\')">a javascript: link</a>',
  '<svg onload="window.__ran.push(\'svg-onload\')"><circle r="4"></circle></svg>',
  '<iframe srcdoc="<script>parent.__ran.push(\'iframe-srcdoc\')</script>"></iframe>',
  '<details open ontoggle="window.__ran.push(\'ontoggle\')"><summary>s</summary></details>',
  '<p><img src=x onerror=alert(1)></p>',
];

async function watchForScripts(page: Page): Promise<string[]> {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    dialog.dismiss().catch(() => undefined);
  });
  await page.addInitScript(() => {
    Object.defineProperty(window, '__ran', { value: [] });
  });
  return dialogs;
}

test('the share page shows a shared file sanitised and runs none of the payloads put in it', async ({
  page,
}) => {
  const html = `<!doctype html><html><head><title>Shared notes</title>
<script>window.__ran.push("head-script")</script></head>
<body><h1>Shared notes</h1><p>Every word kept.</p>${PAYLOADS.join('\n')}</body></html>`;
  const gist = await api<{ id: string }>('POST', '/gists', {
    public: false,
    files: { 'Shared notes.html': { content: html } },
  });
  const dialogs = await watchForScripts(page);
  const response = await page.goto(`${app.origin}/share.html?id=${gist.id}`);
  const policy = response?.headers()['content-security-policy'] ?? '';
  expect(policy).toMatch(/script-src 'self'/);
  expect(policy).not.toContain("'unsafe-inline' 'sha");
  expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);

  const shared = page.getByRole('article', { name: 'Shared notes' });
  await expect(shared.getByRole('heading', { name: 'Shared notes' })).toBeVisible();
  await expect(shared).toContainText('Every word kept.');
  await expect(page).toHaveTitle('Shared notes · Inkstone');
  // Hover, click and focus what is left, as a reader would.
  const link = shared.getByText('a javascript: link');
  if (await link.count()) await link.click();
  await shared
    .locator('details')
    .first()
    .click()
    .catch(() => undefined);
  await page.waitForTimeout(300);
  expect(await shared.locator('script, iframe, [onerror], [onload], [ontoggle]').count()).toBe(0);
  expect(await shared.locator('a[href^="javascript:" i]').count()).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { __ran: string[] }).__ran)).toEqual([]);
  expect(dialogs).toEqual([]);
  await expect(page).toHaveURL(`${app.origin}/share.html?id=${gist.id}`);
});

test('the share page says so when the link names no gist, or one that is gone', async ({
  page,
}) => {
  await page.goto(`${app.origin}/share.html`);
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    'This share link is not valid: it names no shared file.',
  );
  await page.goto(`${app.origin}/share.html?id=0000000000000000dead`);
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    'This shared file does not exist any more.',
  );
});

test('Share without signing in says that sharing needs the main workspace’s sign-in', async ({
  page,
}) => {
  await openAppAt(page);
  const menu = await openMenu(page);
  await menu.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(
    alert(page, 'You can only use the sharing function after logging into the main workspace!'),
  ).toBeVisible();
});

/** Signs in with GitHub as alice through the authorize window, as a user does. */
async function signIn(page: Page): Promise<void> {
  const menu = await openMenu(page);
  const popup = page.waitForEvent('popup');
  await menu.getByRole('button', { name: 'Sign in with GitHub' }).click();
  const authorize = await popup;
  await authorize.getByLabel('Username').fill('alice');
  await authorize.getByRole('button', { name: 'Authorize Inkstone' }).click();
  await expect(menu.getByRole('button', { name: 'Sign in with GitHub' })).toBeHidden({
    timeout: 15_000,
  });
}

// The forge is shared by the tests of this file: each looks at the gists it made.
const gistIds = () => new Set(forge.gists.ownedBy('alice').map((gist) => gist.id));
const newGists = (before: Set<string>) =>
  forge.gists.ownedBy('alice').filter((gist) => !before.has(gist.id));

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const fromBase64 = (text: string) => Buffer.from(text, 'base64').toString('utf8');

async function putFile(path: string, text: string): Promise<void> {
  const current = await fetch(`${forge.apiUrl}/repos/alice/notes/contents/${path}`, {
    headers: { authorization: `token ${token}` },
  });
  const sha = current.ok ? ((await current.json()) as { sha: string }).sha : undefined;
  await api('PUT', `/repos/alice/notes/contents/${path}`, {
    message: 'Edited on GitHub',
    content: base64(text),
    ...(sha ? { sha } : {}),
  });
}

const fileOnForge = async (path: string) =>
  fromBase64(
    (await api<{ content: string }>('GET', `/repos/alice/notes/contents/${path}`)).content,
  );

const syncPanel = (page: Page) => page.getByRole('region', { name: 'Synchronize' });
const locationsSection = (page: Page) => page.getByRole('region', { name: 'File locations' });

async function openSyncPanel(page: Page): Promise<void> {
  const menu = await openMenu(page);
  await menu.getByRole('button', { name: /^Synchronize/ }).click();
  await expect(syncPanel(page)).toBeVisible();
}

/** The workspace's sync state in the Synchronize panel (the file's locations have their own). */
const workspaceSyncStatus = (page: Page) =>
  page.getByRole('list', { name: 'Sync locations' }).getByRole('status');

/** Presses the panel's one "Synchronize now", which syncs the workspace and then the current
 * file's own locations (spec core §4 rule 2), and waits for that sync to end well (two syncs of
 * a tab are over 3 s apart, so the time shown changes). */
async function syncLocationsNow(page: Page): Promise<void> {
  await expect(workspaceSyncStatus(page)).toHaveText(/^(Last synchronized at|Not synchronized)/, {
    timeout: 20_000,
  });
  const before = await workspaceSyncStatus(page).textContent();
  // Signed in, the main workspace syncs: the file's locations have no button of their own.
  await expect(locationsSection(page).getByRole('button', { name: /^Synchronize/ })).toHaveCount(0);
  const button = syncPanel(page).getByRole('button', { name: 'Synchronize now', exact: true });
  await expect(button).toBeEnabled({ timeout: 20_000 });
  await button.click();
  await expect(workspaceSyncStatus(page)).not.toHaveText(before ?? '', { timeout: 20_000 });
  await expect(workspaceSyncStatus(page)).toHaveText(/^Last synchronized at/);
}

test.describe.configure({ timeout: 90_000 });

test('a file opened from GitHub syncs both ways, and a gist location syncs', async ({ page }) => {
  await putFile('docs/hello.md', '# Hello\n\nFirst words from GitHub.\n');
  await openAppAt(page);
  await signIn(page);
  await openSyncPanel(page);

  await locationsSection(page).getByRole('button', { name: 'Open from GitHub' }).click();
  const dialog = page.getByRole('dialog', { name: 'Open from GitHub' });
  await dialog.getByRole('textbox', { name: 'Repository URL' }).fill('nobody');
  await dialog.getByRole('button', { name: 'Open' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Repository URL is invalid.');
  await dialog.getByRole('textbox', { name: 'Repository URL' }).fill(`${forge.url}/alice/notes`);
  await dialog.getByRole('textbox', { name: 'File path' }).fill('docs/hello.md');
  await dialog.getByRole('button', { name: 'Open' }).click();
  await expect(page.getByText('hello was imported from GitHub.')).toBeVisible();
  await expect(fileTitle(page)).toHaveValue('hello');
  await expect.poll(() => editorText(page)).toBe('# Hello\n\nFirst words from GitHub.');
  await expect(locationsSection(page)).toContainText('alice/notes docs/hello.md (main)');

  // Edited on GitHub: it comes in.
  await putFile('docs/hello.md', '# Hello\n\nFirst words from GitHub, edited there.\n');
  await syncLocationsNow(page);
  await expect
    .poll(() => editorText(page))
    .toBe('# Hello\n\nFirst words from GitHub, edited there.');

  // Edited here: it goes out.
  await replaceText(page, '# Hello\n\nFirst words from GitHub, edited there.\n\nAnd here.\n');
  await syncLocationsNow(page);
  expect(await fileOnForge('docs/hello.md')).toBe(
    '# Hello\n\nFirst words from GitHub, edited there.\n\nAnd here.\n',
  );

  // A gist location: created on its first sync, with the file's text.
  const gistsBefore = gistIds();
  await locationsSection(page).getByRole('button', { name: 'Add a gist location' }).click();
  const gistDialog = page.getByRole('dialog', { name: 'Synchronize with a gist' });
  await gistDialog.getByRole('textbox', { name: 'Filename' }).fill('hello.md');
  await gistDialog.getByRole('button', { name: 'Ok' }).click();
  await expect(locationsSection(page).getByRole('status')).toHaveText(/^Synchronized at/, {
    timeout: 20_000,
  });
  const created = newGists(gistsBefore);
  expect(created).toHaveLength(1);
  const gist = await api<{ id: string; files: Record<string, { content: string }> }>(
    'GET',
    `/gists/${created[0]!.id}`,
  );
  expect(gist.files['hello.md']?.content).toBe(
    '# Hello\n\nFirst words from GitHub, edited there.\n\nAnd here.\n',
  );
  await api('PATCH', `/gists/${gist.id}`, {
    files: { 'hello.md': { content: '# Hello\n\nFrom the gist.\n' } },
  });
  // The repository file has the text before; the gist's edit merges in and goes to both.
  await syncLocationsNow(page);
  await expect.poll(() => editorText(page)).toBe('# Hello\n\nFrom the gist.');

  // The management dialog: both listed; the URL copied.
  await locationsSection(page).getByRole('button', { name: 'Manage locations' }).click();
  const manage = page.getByRole('dialog', { name: 'Synchronized locations' });
  await expect(manage.getByRole('listitem')).toHaveCount(2);
  await manage.getByRole('button', { name: 'Remove Gist hello.md (secret)' }).click();
  await expect(manage.getByRole('listitem')).toHaveCount(1);
  await manage.getByRole('button', { name: 'Close' }).first().click();
});

test('in a main workspace kept only in this browser, the sync button syncs the file’s locations', async ({
  page,
}) => {
  await putFile('docs/local.md', 'Kept here, synced there.\n');
  await openAppAt(page);
  // An account linked, nobody signed in: the main workspace stays in this browser.
  const menu = await openMenu(page);
  await menu.getByRole('button', { name: /^Accounts \(\d+\)$/ }).click();
  const accounts = page.getByRole('dialog', { name: 'Manage external accounts' });
  await accounts.getByRole('button', { name: 'Add GitHub account' }).click();
  const popup = page.waitForEvent('popup');
  await page
    .getByRole('dialog', { name: 'Add GitHub account' })
    .getByRole('button', { name: 'Ok' })
    .click();
  const authorize = await popup;
  await authorize.getByLabel('Username').fill('alice');
  await authorize.getByRole('button', { name: 'Authorize Inkstone' }).click();
  await expect(accounts).toContainText('alice', { timeout: 15_000 });
  await page.keyboard.press('Escape');
  await expect(accounts).toBeHidden();
  const syncButton = page.getByRole('banner').getByRole('button', { name: 'Synchronize now' });
  await expect(syncButton).toBeDisabled();

  await openSyncPanel(page);
  await locationsSection(page).getByRole('button', { name: 'Open from GitHub' }).click();
  const dialog = page.getByRole('dialog', { name: 'Open from GitHub' });
  await dialog.getByRole('textbox', { name: 'Repository URL' }).fill(`${forge.url}/alice/notes`);
  await dialog.getByRole('textbox', { name: 'File path' }).fill('docs/local.md');
  await dialog.getByRole('button', { name: 'Open' }).click();
  await expect.poll(() => editorText(page), { timeout: 15_000 }).toBe('Kept here, synced there.');
  // The file's locations make the sync button work, though the workspace has no remote.
  await expect(syncButton).toBeEnabled({ timeout: 15_000 });

  // Edited on GitHub: the sync button brings it in.
  await putFile('docs/local.md', 'Kept here, synced there, edited there.\n');
  await syncButton.click();
  await expect
    .poll(() => editorText(page), { timeout: 20_000 })
    .toBe('Kept here, synced there, edited there.');
  // Typed here: the sync button sends it (the tab waits 3 s between two syncs).
  await replaceText(page, 'Kept here, synced there, edited there.\n\nAnd here.\n');
  await expect(syncButton).toBeEnabled({ timeout: 20_000 });
  await syncButton.click();
  await expect
    .poll(() => fileOnForge('docs/local.md'), { timeout: 20_000 })
    .toBe('Kept here, synced there, edited there.\n\nAnd here.\n');
});

test('a file opened from a gist comes with its words; a gist that is not there says so', async ({
  page,
}) => {
  const gist = await api<{ id: string }>('POST', '/gists', {
    public: true,
    files: { 'ideas.md': { content: '# Ideas\n\nFrom a gist.\n' }, 'other.txt': { content: 'x' } },
  });
  await openAppAt(page);
  await signIn(page);
  await openSyncPanel(page);
  await locationsSection(page).getByRole('button', { name: 'Open from gist' }).click();
  const dialog = page.getByRole('dialog', { name: 'Open from gist' });
  await dialog.getByRole('textbox', { name: 'Gist ID' }).fill('0000000000000000dead');
  await dialog.getByRole('button', { name: 'Open' }).click();
  await expect(alert(page, 'Gist file not found.')).toBeVisible({ timeout: 15_000 });

  await locationsSection(page).getByRole('button', { name: 'Open from gist' }).click();
  await dialog.getByRole('textbox', { name: 'Gist ID' }).fill(gist.id);
  await dialog.getByRole('button', { name: 'Open' }).click();
  await expect(page.getByText('ideas was imported from GitHub.')).toBeVisible({ timeout: 15_000 });
  await expect(fileTitle(page)).toHaveValue('ideas');
  await expect.poll(() => editorText(page)).toBe('# Ideas\n\nFrom a gist.');
  await expect(locationsSection(page)).toContainText('Gist ideas.md (public)');
});

test('publishing to a repository file and to a gist writes the template output there', async ({
  page,
}) => {
  await openAppAt(page);
  await signIn(page);
  await replaceText(page, '# Published\n\nWords to publish.\n');
  const menu = await openMenu(page);
  await menu.getByRole('button', { name: 'Publish (0)', exact: true }).click();
  const panel = page.getByRole('region', { name: 'Publish' });

  await panel.getByRole('button', { name: 'Publish to GitHub' }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish to GitHub' });
  await dialog.getByRole('textbox', { name: 'Repository URL' }).fill('alice/notes');
  await dialog.getByRole('textbox', { name: 'File path' }).fill('site/published.html');
  await dialog.getByRole('combobox', { name: 'Template' }).selectOption({ label: 'Plain HTML' });
  await dialog.getByRole('button', { name: 'Ok' }).click();
  const commit = page.getByRole('dialog', { name: 'Commit message' });
  await commit.getByRole('textbox').fill('Publish the notes');
  await commit.getByRole('button', { name: 'Commit' }).click();
  await expect(page.getByText(/was published to 1 location\(s\)\./)).toBeVisible({
    timeout: 20_000,
  });
  const published = await fileOnForge('site/published.html');
  expect(published).toContain('<h1');
  expect(published).toContain('Words to publish.');
  const commits = await api<{ commit: { message: string } }[]>(
    'GET',
    '/repos/alice/notes/commits?path=site/published.html',
  );
  expect(commits.map((c) => c.commit.message)).toEqual(['Publish the notes']);

  const gistsBefore = gistIds();
  await panel.getByRole('button', { name: 'Publish to gist' }).click();
  const gistDialog = page.getByRole('dialog', { name: 'Publish to gist' });
  await gistDialog.getByRole('textbox', { name: 'Filename' }).fill('published.html');
  await gistDialog.getByRole('checkbox', { name: 'Public' }).check();
  await gistDialog.getByRole('button', { name: 'Ok' }).click();
  await expect(page.getByText(/was published to 2 location\(s\)\./)).toBeVisible({
    timeout: 20_000,
  });
  const [gist] = newGists(gistsBefore);
  expect(gist?.public).toBe(true);
  const read = await api<{ files: Record<string, { content: string }> }>(
    'GET',
    `/gists/${gist!.id}`,
  );
  expect(read.files['published.html']?.content).toContain('Words to publish.');

  // The navigation bar's button publishes again once the text changed.
  await replaceText(page, '# Published\n\nWords to publish, changed.\n');
  await page.getByRole('banner').getByRole('button', { name: 'Publish now' }).click();
  await commit.getByRole('button', { name: 'Commit' }).click();
  await expect
    .poll(() => fileOnForge('site/published.html'), { timeout: 20_000 })
    .toContain('Words to publish, changed.');
});

test('a signed-in user shares the file; the share page shows it', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.origin });
  await openAppAt(page);
  await signIn(page);
  await replaceText(page, '# Shared here\n\nWords for the reader.\n');
  const menu = await openMenu(page);
  await menu.getByRole('button', { name: 'Share', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Share as a web page' })
    .getByRole('button', { name: 'Share' })
    .click();
  const done = page.getByRole('dialog', { name: 'File shared' });
  await expect(done).toContainText(`${app.origin}/share.html?id=`, { timeout: 20_000 });
  await expect(page.getByText('Share URL copied to clipboard!')).toBeVisible();
  const url = /https?:\/\/\S+share\.html\?id=[0-9a-f]+/.exec((await done.textContent()) ?? '')![0];
  await done.getByRole('button', { name: 'Cancel' }).click();
  const reader = await context.newPage();
  await reader.goto(url);
  await expect(
    reader.getByRole('article').getByRole('heading', { name: 'Shared here' }),
  ).toBeVisible();
  await expect(reader.getByRole('article')).toContainText('Words for the reader.');
});
