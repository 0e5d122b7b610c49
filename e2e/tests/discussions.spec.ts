import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { type ForgeSim, startForgeSim } from '@inkstone/forge-sim';
import { type AppServer, freePort, openAppContext, startAppServer } from './fixtures/app-server';
import { editor, openMenu, replaceText } from './helpers';

// Comments and discussions (issue 31) for a user of the app: one forge-sim (GitHub's sign-in and
// the main workspace's sync) and one app server told its addresses, one browser for the file.
// The OAuth app's callback needs the server's port before the server starts: a free one.

const OAUTH = { clientId: 'inkstone-talk-e2e', clientSecret: 'inkstone-talk-e2e-secret' };
const ALICE = { login: 'alice', token: 'ghp_alice_talk_e2e' };

let sim: ForgeSim;
let app: AppServer;
let context: BrowserContext;
let page: Page;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(90_000);
  sim = await startForgeSim({ port: 0 });
  sim.users.add(ALICE);
  const port = await freePort();
  sim.oauthApps.add({
    ...OAUTH,
    callbackUrl: `http://127.0.0.1:${port}/oauth2/callback`,
    name: 'Inkstone',
  });
  app = await startAppServer(
    {
      GITHUB_URL: sim.url,
      GITHUB_API_URL: sim.apiUrl,
      GITHUB_CLIENT_ID: OAUTH.clientId,
      GITHUB_CLIENT_SECRET: OAUTH.clientSecret,
    },
    port,
  );
  ({ context, page } = await openAppContext(browser, app.origin));
});

test.afterAll(async () => {
  await context?.close();
  await app?.stop();
  await sim?.close();
});

const gutter = () => page.getByRole('complementary', { name: 'Comments' });
const panel = () => page.getByRole('region', { name: 'Discussion', exact: true });
const startButton = () => page.getByRole('button', { name: 'Start a discussion' });

// Selects `words` in the editor's text (its first occurrence), with the keyboard.
async function select(words: string): Promise<void> {
  const text = await editor(page).evaluate((element) =>
    [...element.querySelectorAll('.cm-line')].map((line) => line.textContent).join('\n'),
  );
  const at = text.indexOf(words);
  await editor(page).click();
  await page.keyboard.press('ControlOrMeta+Home');
  for (let i = 0; i < at; i += 1) await page.keyboard.press('ArrowRight');
  for (let i = 0; i < words.length; i += 1) await page.keyboard.press('Shift+ArrowRight');
}

test('starts a discussion on a selection after signing in, replies, removes a comment, and finds it all after a reload', async () => {
  test.setTimeout(120_000);
  await replaceText(page, 'The quick brown fox jumps over the lazy dog.\n\nA second paragraph.');
  await select('brown fox');

  // Not signed in: signInForComment, whose Ok signs in with GitHub (forge-sim's page).
  await startButton().click();
  const signIn = page.getByRole('dialog', { name: 'Sign in to comment' });
  await expect(signIn).toBeVisible();
  const opening = page.waitForEvent('popup');
  await signIn.getByRole('button', { name: 'Sign in with GitHub' }).click();
  const popup = await opening;
  await popup.getByRole('textbox', { name: 'Username' }).fill(ALICE.login);
  const closing = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Authorize Inkstone' }).click();
  await closing;
  await openMenu(page);
  await expect(page.getByRole('group', { name: 'Signed-in user' })).toContainText(ALICE.login, {
    timeout: 20_000,
  });

  // Signed in: the new-comment box. Blank is ignored; over 2,000 characters is refused.
  await select('brown fox');
  await startButton().click();
  const newDiscussion = page.getByRole('region', { name: 'New discussion' });
  await expect(newDiscussion.getByRole('blockquote')).toHaveText('brown fox');
  const box = newDiscussion.getByRole('textbox', { name: 'Comment' });
  await box.fill('x'.repeat(2001));
  await newDiscussion.getByRole('button', { name: 'Ok' }).click();
  await expect(newDiscussion.getByRole('alert')).toHaveText('Comment is too long.');
  await box.fill('  Why a brown one?  ');
  await newDiscussion.getByRole('button', { name: 'Ok' }).click();

  // The discussion: its text highlighted in the editor, its comment by alice, trimmed.
  await expect(panel().getByRole('listitem')).toHaveCount(1);
  await expect(panel().getByText('Why a brown one?', { exact: true })).toBeVisible();
  await expect(panel().getByText(ALICE.login, { exact: true })).toBeVisible();
  await expect(page.locator('.cm-discussion')).toHaveText('brown fox');

  // A reply, then the first comment removed after its confirmation.
  await panel().getByRole('button', { name: 'Reply' }).click();
  await panel().getByRole('textbox', { name: 'Reply' }).fill('Because foxes are.');
  await panel().getByRole('button', { name: 'Ok' }).click();
  await expect(panel().getByRole('listitem')).toHaveCount(2);
  await panel()
    .getByRole('listitem')
    .filter({ hasText: 'Why a brown one?' })
    .getByRole('button', { name: 'Remove comment' })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Remove comment' });
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(panel().getByRole('listitem')).toHaveCount(1);

  // Typing before the range moves it with its words.
  await editor(page).click();
  await page.keyboard.press('ControlOrMeta+Home');
  await page.keyboard.insertText('Look: ');
  await expect(page.locator('.cm-discussion')).toHaveText('brown fox');

  // After a reload: the discussion in the gutter with its last comment, on the same words.
  await expect
    .poll(async () => JSON.stringify(await storedTalk(page)), { timeout: 15_000 })
    .toContain('Because foxes are.');
  await page.reload();
  await expect(editor(page)).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('.cm-discussion')).toHaveText('brown fox', { timeout: 15_000 });
  await gutter()
    .getByRole('button', { name: /Because foxes are\./ })
    .click();
  await expect(panel().getByRole('listitem')).toHaveCount(1);
  await expect(panel().getByText('Why a brown one?')).toHaveCount(0);
  await expect(page.locator('.cm-discussion--current')).toHaveText('brown fox');
});

// The stored comments of the open files (the main workspace's database).
function storedTalk(target: Page): Promise<unknown[]> {
  return target.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('inkstone-db');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const rows = await new Promise<{ type: string; comments?: unknown }[]>((resolve) => {
      const request = db.transaction('objects').objectStore('objects').getAll();
      request.onsuccess = () => resolve(request.result as { type: string; comments?: unknown }[]);
    });
    db.close();
    return rows.filter((row) => row.type === 'content').map((row) => row.comments);
  });
}
