import { type ForgeSim, startForgeSim } from '@inkstone/forge-sim';
import { expect, type Page } from '@playwright/test';
import { test } from './fixtures/warm-page';
import { storeGithubAccount, syncNow, syncStatus } from './fixtures/forge-workspace';
import { type GithubAppServer, startGithubAppServer } from './fixtures/github-app-server';
import {
  editor,
  editorText,
  fileTitle,
  menu,
  openMenu,
  openMenuEntry,
  replaceText,
  skipTour,
} from './helpers';

// The History panel of a file of a GitHub repository workspace (issue 31): the commits of the
// file on forge-sim (the local GitHub of packages/forge-sim) listed beside this browser's own
// revisions, and an old one restored. One forge-sim and one app server of this file's own,
// whose /conf points at the forge.

let forge: ForgeSim;
let app: GithubAppServer;
const ALICE = { login: 'alice', token: 'ghp_alice_history_e2e' };
let sub: string;

test.beforeAll(async () => {
  forge = await startForgeSim({ port: 0 });
  sub = String(forge.users.add(ALICE).id);
  app = await startGithubAppServer(forge);
  await forge.repos.create({ owner: ALICE.login, name: 'history-notes', autoInit: true });
});
test.afterAll(async () => {
  await app?.stop();
  await forge?.close();
});
test.use({ baseURL: undefined });
test.describe.configure({ timeout: 120_000 });

/** Calls the forge's REST API as alice, from outside the app (another tool, the web editor). */
async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${forge.apiUrl}${path}`, {
    method,
    headers: {
      authorization: `token ${ALICE.token}`,
      accept: 'application/vnd.github+json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(response.ok, `${method} ${path}: ${response.status}`).toBe(true);
  return (await response.json()) as T;
}

async function open(page: Page, path = '/'): Promise<void> {
  await page.goto(`${app.origin}${path}`);
  await expect(editor(page)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Toggle side bar' })).toBeVisible();
  await skipTour(page);
}

/** Links alice's GitHub account in this browser as the sign-in does: her token in the main
 * workspace's `tokens` item, written while no app page runs. */
async function linkAlice(page: Page): Promise<void> {
  await open(page);
  await page.goto(`${app.origin}/conf`);
  await storeGithubAccount(page, {
    token: ALICE.token,
    sub,
    login: ALICE.login,
    scopes: ['repo', 'gist'],
    isLogin: false,
  });
}

const history = (page: Page) => page.getByRole('region', { name: 'History' });
const revisions = (page: Page) => history(page).getByRole('list', { name: 'Revisions' });
/** The revisions of the list that come from GitHub (each says where it is from). */
const fromGithub = (page: Page) =>
  revisions(page).getByRole('button').filter({ hasText: '· GitHub' });

test('a GitHub workspace file lists its commits in History with this browser’s revisions, and restores an old one as one undoable edit', async ({
  page,
}) => {
  await linkAlice(page);
  await open(page, '/?providerId=githubWorkspace&owner=alice&repo=history-notes&path=notes');
  const target = `${forge.url}/alice/history-notes/tree/main/notes`;
  await openMenu(page);
  await expect(menu(page)).toContainText(`synced with ${target}`);
  await menu(page)
    .getByRole('button', { name: /^Synchronize \(\d+\)$/ })
    .click();
  await expect(syncStatus(page)).toHaveText(/^Last synchronized at/, { timeout: 20_000 });

  // Two versions written here, one commit each; then one written on GitHub, synced in.
  await fileTitle(page).fill('Doc');
  await fileTitle(page).press('Enter');
  await replaceText(page, 'The first version.');
  await syncNow(page);
  await replaceText(page, 'The second version.');
  await syncNow(page);
  const { sha } = await api<{ sha: string }>(
    'GET',
    '/repos/alice/history-notes/contents/notes/Doc.md',
  );
  await api('PUT', '/repos/alice/history-notes/contents/notes/Doc.md', {
    message: 'Edited on GitHub',
    content: Buffer.from('Edited on GitHub.\n').toString('base64'),
    sha,
  });
  await syncNow(page);
  await expect.poll(() => editorText(page)).toBe('Edited on GitHub.');

  // History: the three commits of notes/Doc.md, newest first, with this browser's revisions;
  // the newest says its message and who made it (alice's account is linked here).
  await openMenuEntry(page, 'History');
  await expect(fromGithub(page)).toHaveCount(3);
  await expect(fromGithub(page).first()).toContainText('Edited on GitHub');
  await expect(fromGithub(page).first()).toContainText('by alice');
  await expect(
    revisions(page).getByRole('button').filter({ hasText: '· This browser' }),
  ).not.toHaveCount(0);

  // The oldest commit: its text against the text now, the editor read-only meanwhile.
  await fromGithub(page).last().click();
  await expect(history(page).getByRole('group', { name: 'Revision shown' })).toContainText(
    '(GitHub)',
  );
  await expect(editor(page)).toHaveAttribute('aria-readonly', 'true');
  await expect(editor(page).locator('ins.cm-revision-inserted').first()).toBeVisible();

  // Restored once confirmed: the first version is back, as one edit Ctrl+Z undoes.
  await history(page).getByRole('button', { name: 'Restore' }).click();
  const dialog = page.getByRole('dialog', { name: 'Restore revision' });
  await dialog.getByRole('button', { name: 'Restore' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(() => editorText(page)).toBe('The first version.');
  await expect(editor(page)).not.toHaveAttribute('aria-readonly', 'true');
  await editor(page).click();
  await page.keyboard.press('ControlOrMeta+z');
  await expect.poll(() => editorText(page)).toBe('Edited on GitHub.');
});
