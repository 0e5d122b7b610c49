import { type GoogleUser } from '@inkstone/cloud-sim';
import { type BrowserContext, expect, type Page } from '@playwright/test';
import { test } from './fixtures/warm-page';
import { openAppContext } from './fixtures/app-server';
import { type GoogleFixture, googleUser, startGoogleFixture } from './fixtures/cloud-sim';
import { editorText, fileTitle, openMenu, replaceText } from './helpers';

// Google Drive file locations and Blogger, for real against cloud-sim (one sim, one server, one
// browser): a Google account linked with Drive from the first Drive dialog; a file synced to a new Drive file,
// changed on both sides and merged; a Drive file opened into a new local file; the file
// published to Drive as HTML; a post published to Blogger, updated, and taken back to draft.
// The test reads and writes Drive as another app of the same user would, over HTTP with a
// token of its own.

let fixture: GoogleFixture;
let alice: GoogleUser;
let context: BrowserContext;
let page: Page;
let driveToken: string;

test.describe.configure({ mode: 'serial', timeout: 60_000 });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(60_000);
  fixture = await startGoogleFixture();
  alice = googleUser(fixture, 'alice@example.com', 'Alice Liddell');
  driveToken = fixture.google.accounts.issue(alice, fixture.clientId, [
    'https://www.googleapis.com/auth/drive',
  ]).token;
  ({ context, page } = await openAppContext(browser, fixture.appOrigin));
});

test.afterAll(async () => {
  await context?.close();
  await fixture?.stop();
});

// Drive as the test sees it.
async function drive(path: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(`${fixture.google.url}${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${driveToken}`, ...(init.headers ?? {}) },
  });
  expect(response.ok, `${path}: ${response.status}`).toBe(true);
  return response;
}
async function driveFileNamed(name: string): Promise<{ id: string; mimeType: string } | undefined> {
  const q = encodeURIComponent(`name = '${name}' and trashed = false`);
  const { files } = (await (
    await drive(`/drive/v3/files?q=${q}&fields=files(id,mimeType)`)
  ).json()) as { files: { id: string; mimeType: string }[] };
  return files[0];
}
// (The app keeps a file's text with a final newline; compared without it.)
const driveText = async (id: string) =>
  (await (await drive(`/drive/v3/files/${id}?alt=media`)).text()).trimEnd();
const shown = async () => (await editorText(page)).trimEnd();
async function writeDrive(id: string, text: string): Promise<void> {
  await drive(`/upload/drive/v3/files/${id}?uploadType=media`, {
    method: 'PATCH',
    headers: { 'Content-Type': 'text/markdown' },
    body: text,
  });
}

const locationsSection = () => page.getByRole('region', { name: 'File locations' });
// The texts the File locations status shows from now on, in order, each change seen (polling
// the status could miss a short 'Synchronizing…' and take the previous sync's end for this one's).
async function watchStatuses(): Promise<() => Promise<string[]>> {
  await locationsSection().evaluate((section) => {
    const seen: string[] = [];
    new MutationObserver(() => {
      const text = section.querySelector('[role="status"]')?.textContent ?? '';
      if (seen[seen.length - 1] !== text) seen.push(text);
    }).observe(section, { subtree: true, childList: true, characterData: true });
    Object.assign(window, { fileLocationStatuses: seen });
  });
  return () =>
    page.evaluate(
      () => (window as unknown as { fileLocationStatuses: string[] }).fileLocationStatuses,
    );
}
const publishPanel = () => page.getByRole('region', { name: 'Publish' });

async function openSyncPanel(): Promise<void> {
  if (await locationsSection().isVisible()) return;
  const menu = await openMenu(page);
  await menu.getByRole('button', { name: /^Synchronize/ }).click();
  await expect(locationsSection()).toBeVisible();
}
async function openPublishPanel(): Promise<void> {
  if (await publishPanel().isVisible()) return;
  const menu = await openMenu(page);
  await menu.getByRole('button', { name: /^Publish/ }).click();
  await expect(publishPanel()).toBeVisible();
}

/** Google's sign-in window that `start` opens, answered as Alice. */
async function signIn(start: () => Promise<void>): Promise<void> {
  const opening = page.waitForEvent('popup');
  await start();
  const popup = await opening;
  await popup.getByRole('textbox', { name: 'Email' }).fill(alice.email);
  const closing = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Continue' }).click();
  await closing;
}

test('syncs a file with a new Drive file, both sides merged, and opens a Drive file', async () => {
  await fileTitle(page).fill('Drive notes');
  await fileTitle(page).press('Enter');
  await replaceText(page, '# Drive notes\n\nFirst line.\n\nLast line.');
  await openSyncPanel();
  await locationsSection().getByRole('button', { name: 'Add a Google Drive location' }).click();
  const add = page.getByRole('dialog', { name: 'Synchronize with Google Drive' });
  // No Google account yet: Ok asks through the one Drive account dialog (full access), whose Ok
  // opens Google's window.
  await add.getByRole('button', { name: 'Ok' }).click();
  const linking = page.getByRole('dialog', { name: 'Add Google Drive account' });
  await expect(linking.getByRole('checkbox', { name: 'Restrict access' })).not.toBeChecked();
  await signIn(() => linking.getByRole('button', { name: 'Ok' }).click());
  await expect(add).toBeHidden();
  await expect(locationsSection().getByRole('status')).toHaveText(/^Synchronized at/, {
    timeout: 20_000,
  });
  const made = await driveFileNamed('Drive notes.md');
  expect(made).toBeDefined();
  expect(await driveText(made!.id)).toBe('# Drive notes\n\nFirst line.\n\nLast line.');

  // Changed in Drive at the end, here at the start: both kept. Typed into the first line, as a
  // user edits it: the app's own sync, which starts once the location is counted, may bring
  // Drive's version into the editor before the typing, and text replaced whole would then write
  // over Drive's words (as the user asked).
  await writeDrive(made!.id, '# Drive notes\n\nFirst line.\n\nLast line, from Drive.');
  await page.getByRole('textbox', { name: 'Editor' }).click();
  for (const key of ['ControlOrMeta+Home', 'ArrowDown', 'ArrowDown', 'End', 'ArrowLeft']) {
    await page.keyboard.press(key);
  }
  await page.keyboard.insertText(', from here');
  // The status this click brings, not the one the add left: 'Synchronizing…', then its end.
  const statuses = await watchStatuses();
  await locationsSection().getByRole('button', { name: 'Synchronize now' }).click();
  await expect
    .poll(statuses, { timeout: 20_000 })
    .toEqual(['Synchronizing…', expect.stringMatching(/^Synchronized at/)]);
  const merged = '# Drive notes\n\nFirst line, from here.\n\nLast line, from Drive.';
  await expect.poll(shown).toBe(merged);
  await expect.poll(() => driveText(made!.id)).toBe(merged);

  // Open from Google Drive: a file made in Drive, into a new local file synced with it.
  const other = (await (
    await drive('/upload/drive/v3/files?uploadType=multipart&fields=id', {
      method: 'POST',
      headers: { 'Content-Type': 'multipart/related; boundary=b' },
      body:
        '--b\r\nContent-Type: application/json\r\n\r\n{"name":"Shopping.md","mimeType":"text/markdown"}\r\n' +
        '--b\r\nContent-Type: text/markdown\r\n\r\n- tea\n- bread\r\n--b--',
    })
  ).json()) as { id: string };
  await locationsSection().getByRole('button', { name: 'Open from Google Drive' }).click();
  const open = page.getByRole('dialog', { name: 'Open from Google Drive' });
  await open
    .getByRole('textbox', { name: 'File ID' })
    .fill(`https://drive.google.com/file/d/${other.id}/view`);
  await open.getByRole('button', { name: 'Open' }).click();
  await expect(fileTitle(page)).toHaveValue('Shopping');
  await expect.poll(shown).toBe('- tea\n- bread');
  await expect(locationsSection().getByRole('listitem')).toHaveCount(1);
});

test('publishes the file to Google Drive as HTML', async () => {
  await openPublishPanel();
  await publishPanel().getByRole('button', { name: 'Publish to Google Drive' }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish to Google Drive' });
  await dialog.getByRole('radio', { name: 'Export HTML' }).check();
  await dialog.getByRole('combobox', { name: 'Template' }).selectOption({ label: 'Plain HTML' });
  await dialog.getByRole('button', { name: 'Ok' }).click();
  await expect
    .poll(async () => (await driveFileNamed('Shopping.html'))?.mimeType, { timeout: 20_000 })
    .toBe('text/html');
  const published = await driveFileNamed('Shopping.html');
  expect(await driveText(published!.id)).toContain('<li>tea</li>');
});

test('publishes a post to Blogger, updates it, and takes it back to draft', async () => {
  const blog = fixture.google.blogger.addBlog({
    ownerId: alice.id,
    name: 'Alice',
    url: 'https://alice.blogspot.com/',
  });
  await replaceText(page, '- tea\n- bread\n- jam');
  await openPublishPanel();
  await publishPanel().getByRole('button', { name: 'Publish to Blogger', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish to Blogger' });
  await dialog.getByRole('textbox', { name: 'Blog URL' }).fill('alice.blogspot.com');
  // Alice's account has no Blogger access yet: Ok asks Google for it.
  await signIn(() => dialog.getByRole('button', { name: 'Ok' }).click());
  const posts = () => [...blog.items.values()];
  await expect
    .poll(() => posts().map((post) => post.status), { timeout: 20_000 })
    .toEqual(['LIVE']);
  expect(posts()[0]!.content).toContain('jam');

  await replaceText(page, '- tea\n- bread\n- jam\n- honey');
  await publishPanel().getByRole('button', { name: 'Publish now' }).click();
  await expect.poll(() => posts()[0]!.content, { timeout: 20_000 }).toContain('honey');
  expect(posts()).toHaveLength(1);

  const menu = await openMenu(page);
  await menu.getByRole('button', { name: 'File properties' }).click();
  const properties = page.getByRole('dialog', { name: 'File properties' });
  await properties.getByRole('textbox', { name: 'Status' }).fill('draft');
  await properties.getByRole('button', { name: 'Ok' }).click();
  await openPublishPanel();
  await publishPanel().getByRole('button', { name: 'Publish now' }).click();
  await expect.poll(() => posts()[0]!.status, { timeout: 20_000 }).toBe('DRAFT');
  expect(posts()).toHaveLength(1);
});
