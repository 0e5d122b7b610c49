import { type ForgeSim, startForgeSim } from '@inkstone/forge-sim';
import { expect, type Page, test } from '@playwright/test';
import { type GithubAppServer, startGithubAppServer } from './fixtures/github-app-server';
import { alert, editor, openMenu, skipTour } from './helpers';

// GitHub file locations, gists, publishing and sharing against forge-sim (the local GitHub of
// packages/forge-sim), through a server of this file's own whose /conf points at the forge.

let forge: ForgeSim;
let app: GithubAppServer;
const token = 'ghp_alice_e2e';

test.beforeAll(async () => {
  forge = await startForgeSim({ port: 0 });
  forge.users.add({ login: 'alice', token, name: 'Alice' });
  app = await startGithubAppServer(forge);
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
