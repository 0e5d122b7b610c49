import { expect, type Page } from '@playwright/test';
import { test } from './fixtures/warm-page';
import { editor, editorText, openApp, replaceText } from './helpers';

const resolveButton = (page: Page) => page.getByRole('button', { name: 'Resolve conflicts' });
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Resolve conflicts' });

test.describe('resolving conflicts', () => {
  test('two tabs changing the same sentence at once: both versions side by side, one kept, undo brings the block back', async ({
    context,
  }) => {
    const first = await context.newPage();
    await openApp(first);
    await replaceText(first, 'Top paragraph.\n\nShared sentence.\n\nBottom paragraph.');
    await expect(resolveButton(first)).toBeHidden();
    const second = await context.newPage();
    await openApp(second);
    await expect
      .poll(() => editorText(second))
      .toBe('Top paragraph.\n\nShared sentence.\n\nBottom paragraph.');

    // Both tabs change the end of the same sentence before either sees the other's change.
    for (const page of [first, second]) {
      await editor(page).getByText('Shared sentence.').click();
      await page.keyboard.press('End');
    }
    await Promise.all([
      first.keyboard.insertText(' Mine.'),
      second.keyboard.insertText(' Theirs.'),
    ]);
    await expect.poll(() => editorText(first), { timeout: 5_000 }).toContain('=======');
    await expect.poll(() => editorText(second), { timeout: 5_000 }).toBe(await editorText(first));
    const withBlock = await editorText(first);
    expect(withBlock).toMatch(
      /^Top paragraph\.\n\n<<<<<<< (this|another) tab\nShared sentence\. (Mine|Theirs)\.\n=======\nShared sentence\. (Mine|Theirs)\.\n>>>>>>> (this|another) tab\n\nBottom paragraph\.$/,
    );

    // A button above the text opens the dialog; the two versions stand side by side.
    await resolveButton(first).click();
    const resolve = dialog(first);
    await expect(resolve).toBeVisible();
    await expect(resolve.getByText('Conflict 1 of 1, at line 3')).toBeVisible();
    const versions = resolve.getByRole('group');
    await expect(versions).toHaveCount(2);
    const [left, right] = [versions.nth(0), versions.nth(1)];
    await expect(left).toHaveAccessibleName(/^(this|another) tab$/);
    await expect(right).toHaveAccessibleName(/^(this|another) tab$/);
    const leftBox = (await left.boundingBox())!;
    const rightBox = (await right.boundingBox())!;
    expect(rightBox.x).toBeGreaterThanOrEqual(leftBox.x + leftBox.width);
    expect(Math.abs(rightBox.y - leftBox.y)).toBeLessThan(2);
    const mine = versions.filter({ hasText: 'Shared sentence. Mine.' });
    await expect(mine).toHaveCount(1);
    await expect(versions.filter({ hasText: 'Shared sentence. Theirs.' })).toHaveCount(1);
    const mineName = (await mine.locator('h3').textContent())!;
    await expect(resolve.getByRole('button', { name: 'Keep both' })).toBeVisible();

    await mine.getByRole('button', { name: `Keep “${mineName}”` }).click();
    await expect(resolve).toBeHidden();
    const kept = 'Top paragraph.\n\nShared sentence. Mine.\n\nBottom paragraph.';
    await expect.poll(() => editorText(first)).toBe(kept);
    await expect(resolveButton(first)).toBeHidden();
    await expect.poll(() => editorText(second)).toBe(kept);

    // The choice was one step: undo brings the whole block back.
    await expect(editor(first)).toBeFocused();
    await first.keyboard.press('ControlOrMeta+z');
    await expect.poll(() => editorText(first)).toBe(withBlock);
    await expect(resolveButton(first)).toBeVisible();
  });

  test('a text with two conflicts, from the editor menu: keep both, then the other version', async ({
    page,
  }) => {
    await openApp(page);
    const text =
      'Intro\n<<<<<<< this version\nOne mine.\n=======\nOne theirs.\n>>>>>>> other version\n' +
      'Middle\n<<<<<<< unsaved edits\nTwo mine.\n=======\nTwo saved.\n>>>>>>> saved version\nEnd';
    await replaceText(page, text);
    await expect(resolveButton(page)).toBeVisible();

    await editor(page).focus();
    await page.keyboard.press('Shift+F10');
    await page
      .getByRole('menu', { name: 'Editor actions' })
      .getByRole('menuitem', { name: 'Resolve conflicts' })
      .click();
    const resolve = dialog(page);
    await expect(resolve.getByText('Conflict 1 of 2, at line 2')).toBeVisible();
    await expect(resolve.getByRole('group', { name: 'this version' })).toContainText('One mine.');
    await expect(resolve.getByRole('group', { name: 'other version' })).toContainText(
      'One theirs.',
    );
    await resolve.getByRole('button', { name: 'Next conflict' }).click();
    await expect(resolve.getByText('Conflict 2 of 2, at line 8')).toBeVisible();
    await resolve.getByRole('button', { name: 'Previous conflict' }).click();
    await resolve.getByRole('button', { name: 'Keep both' }).click();

    await expect(resolve.getByText('Conflict 1 of 1, at line 5')).toBeVisible();
    await expect(resolve.getByRole('group', { name: 'saved version' })).toContainText('Two saved.');
    await resolve.getByRole('button', { name: 'Keep “saved version”' }).click();
    await expect(resolve).toBeHidden();
    await expect
      .poll(() => editorText(page))
      .toBe('Intro\nOne mine.\nOne theirs.\nMiddle\nTwo saved.\nEnd');
    await expect(resolveButton(page)).toBeHidden();

    // Each choice is a step of its own.
    await page.keyboard.press('ControlOrMeta+z');
    await expect
      .poll(() => editorText(page))
      .toBe(
        'Intro\nOne mine.\nOne theirs.\nMiddle\n<<<<<<< unsaved edits\nTwo mine.\n=======\n' +
          'Two saved.\n>>>>>>> saved version\nEnd',
      );
    await page.keyboard.press('ControlOrMeta+z');
    await expect.poll(() => editorText(page)).toBe(text);
  });
});
