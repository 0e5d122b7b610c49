import { type Browser, type BrowserContext, expect, type Page } from '@playwright/test';
import { test } from './fixtures/warm-page';
import { type ForgeSim, startForgeSim } from '@inkstone/forge-sim';
import { type AppServer, freePort, openAppContext, startAppServer } from './fixtures/app-server';
import {
  type CouchdbTestServer,
  startCouchdbServer,
} from '../../packages/core/src/testing/couchdb-server';
import { editor, editorText, fileTitle, openMenu, replaceText, skipTour, tree } from './helpers';

// Comments and discussions (issue 31) for a user of the app: one forge-sim (GitHub's sign-in and
// the main workspace's sync) and one app server told its addresses, one browser for the file.
// The OAuth app's callback needs the server's port before the server starts: a free one.

const OAUTH = { clientId: 'inkstone-talk-e2e', clientSecret: 'inkstone-talk-e2e-secret' };
const ALICE = { login: 'alice', token: 'ghp_alice_talk_e2e' };
const BOB = { login: 'bob', token: 'ghp_bob_talk_e2e' };

let sim: ForgeSim;
let app: AppServer;
let context: BrowserContext;
let page: Page;
let couchdb: CouchdbTestServer | undefined;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(90_000);
  sim = await startForgeSim({ port: 0 });
  sim.users.add(ALICE);
  sim.users.add(BOB);
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
  await couchdb?.stop();
  await context?.close();
  await app?.stop();
  await sim?.close();
});

// Signs in with GitHub as `login` through signInForComment, from the 'Start a discussion' button.
async function signInToComment(target: Page, login: string): Promise<void> {
  await target.getByRole('button', { name: 'Start a discussion' }).click();
  const dialog = target.getByRole('dialog', { name: 'Sign in to comment' });
  const opening = target.waitForEvent('popup');
  await dialog.getByRole('button', { name: 'Sign in with GitHub' }).click();
  const popup = await opening;
  await popup.getByRole('textbox', { name: 'Username' }).fill(login);
  const closing = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Authorize Inkstone' }).click();
  await closing;
  await openMenu(target);
  await expect(target.getByRole('group', { name: 'Signed-in user' })).toContainText(login, {
    timeout: 20_000,
  });
}

const gutter = () => page.getByRole('region', { name: 'Comments' });
const panel = () => page.getByRole('region', { name: 'Discussion', exact: true });
const startButton = () => page.getByRole('button', { name: 'Start a discussion' });

// Selects `words` in the editor's text (its first occurrence), with the keyboard.
async function select(words: string, target = page): Promise<void> {
  const text = await editor(target).evaluate((element) =>
    [...element.querySelectorAll('.cm-line')].map((line) => line.textContent).join('\n'),
  );
  const at = text.indexOf(words);
  await editor(target).click();
  await target.keyboard.press('ControlOrMeta+Home');
  for (let i = 0; i < at; i += 1) await target.keyboard.press('ArrowRight');
  for (let i = 0; i < words.length; i += 1) await target.keyboard.press('Shift+ArrowRight');
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
  // The preview marks the same words (CSS Custom Highlight API).
  await expect
    .poll(() =>
      page.evaluate(() => {
        const highlight = (
          CSS as unknown as { highlights: Map<string, Set<Range>> }
        ).highlights.get('inkstone-discussion');
        return highlight ? [...highlight].map((range) => range.toString()) : [];
      }),
    )
    .toEqual(['brown fox']);

  // The sticky comment: with its words scrolled out of view above, the discussion sticks to
  // the top of the comments and offers to show them; shown, it sticks nowhere.
  await editor(page).press('ControlOrMeta+End');
  await page.keyboard.insertText(`\n\n${'A line to scroll past.\n\n'.repeat(150)}`);
  await page.locator('.cm-scroller').evaluate((scroller) => {
    scroller.scrollTop = scroller.scrollHeight;
  });
  await expect(panel()).toHaveAttribute('data-sticky', 'top');
  await panel().getByRole('button', { name: '↑ Its words are above: show them' }).click();
  await expect(panel()).toHaveAttribute('data-sticky', 'none');
  await expect(page.locator('.cm-discussion--current')).toBeInViewport();
});

// One person on a CouchDB workspace (the workspace's credentials dialog answered), signed in.
async function person(browser: Browser, dbUrl: string, login: string): Promise<Page> {
  const own = await browser.newContext({
    baseURL: app.origin,
    viewport: { width: 1400, height: 900 },
  });
  const target = await own.newPage();
  await target.goto(`/?providerId=couchdbWorkspace&dbUrl=${encodeURIComponent(dbUrl)}`);
  const credentials = target.getByRole('dialog', { name: 'CouchDB credentials' });
  await credentials.getByRole('textbox', { name: 'Name' }).fill(login, { timeout: 15_000 });
  await credentials.getByLabel('Password').fill(`${login}-secret`);
  await credentials.getByRole('button', { name: 'Log in' }).click();
  await expect(editor(target)).toBeVisible();
  await skipTour(target);
  return target;
}

async function syncNow(target: Page): Promise<void> {
  const button = target.getByRole('banner').getByRole('button', { name: 'Synchronize now' });
  await expect(button).toBeEnabled({ timeout: 20_000 });
  await button.click();
  await expect(button).toBeEnabled({ timeout: 20_000 });
}

test('two people on one CouchDB workspace comment on the same paragraph at once and both see both comments', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  couchdb = await startCouchdbServer({ corsOrigin: app.origin });
  await couchdb.createUser('alice', 'alice-secret');
  await couchdb.createUser('bob', 'bob-secret');
  const dbUrl = await couchdb.createDatabase('team', ['alice', 'bob']);
  const alice = await person(browser, dbUrl, 'alice');
  await fileTitle(alice).fill('Team notes');
  await fileTitle(alice).press('Enter');
  await replaceText(alice, 'Shared paragraph for both of us.\n\nAnother one.');
  await syncNow(alice);
  const bob = await person(browser, dbUrl, 'bob');
  if (!(await tree(bob).isVisible()))
    await bob.getByRole('button', { name: 'Toggle explorer' }).click();
  await expect(async () => {
    await syncNow(bob);
    await tree(bob)
      .getByRole('treeitem', { name: 'Team notes', exact: true })
      .click({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await expect.poll(() => editorText(bob)).toBe('Shared paragraph for both of us.\n\nAnother one.');

  // Both sign in, then comment on the same paragraph before either syncs.
  await select('Shared paragraph', alice);
  await signInToComment(alice, ALICE.login);
  await select('Shared paragraph', bob);
  await signInToComment(bob, BOB.login);
  for (const [target, words] of [
    [alice, 'Alice was here.'],
    [bob, 'Bob was here too.'],
  ] as const) {
    await select('Shared paragraph', target);
    await target.getByRole('button', { name: 'Start a discussion' }).click();
    const box = target.getByRole('region', { name: 'New discussion' });
    await box.getByRole('textbox', { name: 'Comment' }).fill(words);
    await box.getByRole('button', { name: 'Ok' }).click();
    await expect(target.getByRole('region', { name: 'Discussion', exact: true })).toContainText(
      words,
    );
  }
  await syncNow(alice);
  await syncNow(bob);
  await syncNow(alice);
  for (const target of [alice, bob]) {
    const comments = target.getByRole('region', { name: 'Comments' });
    await expect(comments.getByRole('button', { name: /Alice was here\./ })).toBeVisible({
      timeout: 20_000,
    });
    await expect(comments.getByRole('button', { name: /Bob was here too\./ })).toBeVisible();
  }
  // Each sees who wrote the other's comment: a name GitHub gives for the comment's account id.
  await expect(
    alice
      .getByRole('region', { name: 'Comments' })
      .getByRole('button', { name: /Bob was here too\./ }),
  ).toContainText(BOB.login);
  await expect(
    bob.getByRole('region', { name: 'Comments' }).getByRole('button', { name: /Alice was here\./ }),
  ).toContainText(ALICE.login);
  await alice.context().close();
  await bob.context().close();
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
