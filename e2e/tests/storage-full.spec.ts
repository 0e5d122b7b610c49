import { expect, type Page } from '@playwright/test';
import { test } from './fixtures/warm-page';
import {
  alert,
  editor,
  editorText,
  fileTitle,
  fillStorage,
  node,
  openApp,
  openWithSmallQuota,
  replaceText,
  tree,
} from './helpers';

const LOCAL_DB_ERROR = 'Local DB access error.';

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
