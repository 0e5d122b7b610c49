import { expect, type Page } from '@playwright/test';
import { test } from './fixtures/warm-page';
import { editor, editorText, node, openApp, openMenuEntry, replaceText, tree } from './helpers';

// Local history (issue 31, docs/how-to/history.md): revisions of a file that was never synced,
// kept in this browser's database.

const history = (page: Page) => page.getByRole('region', { name: 'History' });
const revisions = (page: Page) => history(page).getByRole('list', { name: 'Revisions' });

async function openFile(page: Page, name: string): Promise<void> {
  await node(page, name).click();
  await expect(node(page, name)).toHaveAttribute('aria-selected', 'true');
}

test('a never-synced file lists its revisions, shows one, restores it and Ctrl+Z undoes the restore; they stay after a reload', async ({
  page,
}) => {
  await openApp(page);
  await page.getByRole('button', { name: 'Toggle explorer' }).click();
  await expect(tree(page)).toBeVisible();
  await page.getByRole('button', { name: 'New file' }).click();
  const name = tree(page).getByRole('textbox', { name: 'Name' });
  await name.fill('Draft');
  await name.press('Enter');
  await expect(node(page, 'Draft')).toHaveAttribute('aria-selected', 'true');

  // Each switch to another file keeps the text of the file left.
  await replaceText(page, 'The first draft.');
  await openFile(page, 'Welcome file');
  await openFile(page, 'Draft');
  await replaceText(page, 'The second draft.');
  await openFile(page, 'Welcome file');
  await openFile(page, 'Draft');
  await replaceText(page, 'The text as it is now.');

  await openMenuEntry(page, 'History');
  await expect(revisions(page).getByRole('listitem')).toHaveCount(2);
  await expect(revisions(page).getByRole('button').first()).toContainText('ago');

  // The older one: its differences over the text now, the editor read-only meanwhile.
  await revisions(page).getByRole('button').nth(1).click();
  await expect(history(page).getByRole('group', { name: 'Revision shown' })).toBeVisible();
  await expect(editor(page).locator('ins.cm-revision-inserted').first()).toBeVisible();
  await expect(editor(page).locator('del.cm-revision-deleted').first()).toBeVisible();
  await expect(editor(page)).toHaveAttribute('aria-readonly', 'true');
  await editor(page).click();
  await page.keyboard.type('xyz');
  // (The text shown, without the revision's insertions, is the text now: nothing was typed.)
  const shownText = () =>
    editor(page).evaluate((element) => {
      const copy = element.cloneNode(true) as HTMLElement;
      copy.querySelectorAll('ins').forEach((inserted) => inserted.remove());
      return copy.textContent;
    });
  expect(await shownText()).toBe('The text as it is now.');

  // Restore, confirmed: the revision's text is back, the editor takes input again.
  await history(page).getByRole('button', { name: 'Restore' }).click();
  const dialog = page.getByRole('dialog', { name: 'Restore revision' });
  await dialog.getByRole('button', { name: 'Restore' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(() => editorText(page)).toBe('The first draft.');
  await expect(editor(page)).not.toHaveAttribute('aria-readonly', 'true');
  // The text it replaced is kept: three revisions now.
  await expect(revisions(page).getByRole('listitem')).toHaveCount(3);

  // Ctrl+Z undoes the whole restore at once.
  await editor(page).click();
  await page.keyboard.press('ControlOrMeta+z');
  await expect.poll(() => editorText(page)).toBe('The text as it is now.');

  // After a reload the revisions are still listed.
  await page.reload();
  await expect(editor(page)).toBeVisible({ timeout: 15_000 });
  await expect.poll(() => editorText(page)).toBe('The text as it is now.');
  await openMenuEntry(page, 'History');
  await expect(revisions(page).getByRole('listitem')).toHaveCount(3);
});
