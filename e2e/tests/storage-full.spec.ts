import { expect, type Page, test } from '@playwright/test';
import { editor, editorText, openApp, replaceText } from './helpers';

// The browser's storage runs out for real: before the app first touches it, Chromium is told this
// origin may keep 3 MB (Storage.overrideQuotaForOrigin holds for storage not used yet); once the
// app is open, a database of random bytes takes what is left, and every write of the app fails
// with the browser's QuotaExceededError, as on a full disk.
const QUOTA_BYTES = 3_000_000;
const LOCAL_DB_ERROR = 'Local DB access error.';

const tree = (page: Page) => page.getByRole('tree', { name: 'Explorer' });
const node = (page: Page, name: string) => tree(page).getByRole('treeitem', { name, exact: true });
const fileTitle = (page: Page) => page.getByRole('textbox', { name: 'File title' });
const alert = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

async function openWithSmallQuota(page: Page): Promise<void> {
  await page.goto('/conf');
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Storage.overrideQuotaForOrigin', {
    origin: new URL(page.url()).origin,
    quotaSize: QUOTA_BYTES,
  });
  await openApp(page);
}

// Fills the quota with incompressible bytes, largest pieces first, until a 1 KB write fails.
async function fillStorage(page: Page): Promise<void> {
  const refused = await page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('filler', 1);
      open.onupgradeneeded = () => open.result.createObjectStore('bytes');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(new Error(String(open.error)));
    });
    const put = (key: number, size: number) =>
      new Promise<boolean>((resolve) => {
        const bytes = new Uint8Array(size);
        for (let at = 0; at < size; at += 65_536) {
          crypto.getRandomValues(bytes.subarray(at, Math.min(size, at + 65_536)));
        }
        const tx = db.transaction('bytes', 'readwrite');
        tx.objectStore('bytes').put(bytes, key);
        tx.oncomplete = () => resolve(true);
        tx.onabort = () => resolve(false);
      });
    let key = 0;
    for (const size of [1_000_000, 100_000, 10_000, 1_000]) {
      while (key < 1_000 && (await put(key, size))) key += 1;
    }
    db.close();
    return !(await new Promise<boolean>((resolve) => {
      const open = indexedDB.open('filler', 1);
      open.onsuccess = () => {
        const tx = open.result.transaction('bytes', 'readwrite');
        tx.objectStore('bytes').put(new Uint8Array(100), -1);
        tx.oncomplete = () => resolve(true);
        tx.onabort = () => resolve(false);
      };
    }));
  });
  expect(refused, 'the storage is full').toBe(true);
}

// Dismisses the error shown, so that the next one (the same words) shows anew.
async function dismiss(page: Page, text: string): Promise<void> {
  await alert(page, text).getByRole('button', { name: 'Dismiss' }).click();
  await expect(alert(page, text)).toHaveCount(0);
}

test('with the storage full, creating, renaming and trashing files say so, and the typed text stays', async ({
  page,
}) => {
  await openWithSmallQuota(page);
  await page.getByRole('button', { name: 'Toggle explorer' }).click();
  await expect(node(page, 'Welcome file')).toBeVisible();
  await fillStorage(page);

  // A new file that cannot be stored.
  await page.getByRole('button', { name: 'New file' }).click();
  const name = tree(page).getByRole('textbox', { name: 'Name' });
  await name.fill('Plan');
  await name.press('Enter');
  await expect(alert(page, LOCAL_DB_ERROR)).toBeVisible();
  await expect(node(page, 'Plan')).toHaveCount(0);
  await dismiss(page, LOCAL_DB_ERROR);

  // A new folder: the same words, not the database's own ('QuotaExceededError').
  await page.getByRole('button', { name: 'New folder' }).click();
  await name.fill('Notes');
  await name.press('Enter');
  await expect(alert(page, LOCAL_DB_ERROR)).toBeVisible();
  await expect(node(page, 'Notes')).toHaveCount(0);
  await dismiss(page, LOCAL_DB_ERROR);

  // A new title that cannot be stored.
  await fileTitle(page).click();
  await fileTitle(page).fill('Renamed');
  await fileTitle(page).press('Enter');
  await expect(alert(page, LOCAL_DB_ERROR)).toBeVisible();
  await expect(fileTitle(page)).toHaveValue('Welcome file');
  await dismiss(page, LOCAL_DB_ERROR);

  // Moving the file to the Trash.
  await node(page, 'Welcome file').click();
  await tree(page).press('Delete');
  await expect(alert(page, LOCAL_DB_ERROR)).toBeVisible();
  await expect(node(page, 'Welcome file')).toBeVisible();
  await dismiss(page, LOCAL_DB_ERROR);

  // Typing: the save fails and says so, the text stays in the editor.
  await replaceText(page, 'Words that cannot be saved yet.');
  await expect(alert(page, LOCAL_DB_ERROR)).toBeVisible();
  expect(await editorText(page)).toBe('Words that cannot be saved yet.');
  await expect(editor(page)).toBeFocused();
});

test('Reset application says so when the browser refuses to store the request', async ({
  page,
}) => {
  await openApp(page);
  // localStorage, where the reset request is kept, full (Chromium keeps 5 MB a site).
  await page.evaluate(() => {
    let size = 1 << 20;
    for (let key = 0; size > 0; key += 1) {
      try {
        localStorage.setItem(`filler-${key}`, 'x'.repeat(size));
      } catch {
        size >>= 1;
      }
    }
  });
  await page.getByRole('button', { name: 'Toggle side bar' }).click();
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('button', { name: 'Reset application' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Reset application' });
  await dialog.getByRole('button', { name: 'Reset' }).click();
  await expect(
    alert(page, 'The application could not be reset: this browser refused to store the request.'),
  ).toBeVisible();
  await expect(fileTitle(page)).toHaveValue('Welcome file');
});
