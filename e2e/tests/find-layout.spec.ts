import { expect, type Page } from '@playwright/test';
import { test } from './fixtures/warm-page';
import { editor, editorText, openApp, preview, replaceText, sharedApp } from './helpers';

const findBar = (page: Page) => page.getByRole('search', { name: 'Find and replace' });
const findInput = (page: Page) => findBar(page).getByRole('textbox', { name: 'Find', exact: true });
const count = (page: Page) => findBar(page).getByRole('status');
const currentMatch = (page: Page) => editor(page).locator('.cm-find-match--current');

test('next and previous move between matches; the flags are remembered', async ({ page }) => {
  await openApp(page);
  await replaceText(page, 'Cat one. cat two. CAT three. cat four.');
  await page.keyboard.press('ControlOrMeta+f');
  await findInput(page).fill('cat');
  await expect(count(page)).toHaveText('4 matches');
  // From the caret at the end, Next wraps to the first match.
  await findInput(page).press('Enter');
  await expect(count(page)).toHaveText('1 of 4');
  await expect(currentMatch(page)).toHaveText('Cat');
  await findBar(page).getByRole('button', { name: 'Next' }).click();
  await findBar(page).getByRole('button', { name: 'Next' }).click();
  await expect(count(page)).toHaveText('3 of 4');
  await expect(currentMatch(page)).toHaveText('CAT');
  await findInput(page).press('Shift+Enter');
  await expect(count(page)).toHaveText('2 of 4');
  await findBar(page).getByRole('button', { name: 'Previous' }).click();
  await findBar(page).getByRole('button', { name: 'Previous' }).click();
  await expect(count(page)).toHaveText('4 of 4');

  // Case sensitive: "Cat" and "CAT" no longer count.
  const caseButton = findBar(page).getByRole('button', { name: 'Case sensitive' });
  await expect(caseButton).toHaveAttribute('aria-pressed', 'false');
  await caseButton.click();
  await expect(count(page)).toHaveText('2 of 2');
  await findInput(page).fill('CAT');
  await expect(count(page)).toHaveText('1 match');

  // Escape closes the bar; the selected match is still selected in the editor.
  await findInput(page).fill('cat');
  await findInput(page).press('Enter');
  await expect(count(page)).toHaveText('1 of 2');
  await findInput(page).press('Escape');
  await expect(findBar(page)).toHaveCount(0);
  await expect(editor(page)).toBeFocused();
  await page.keyboard.type('dog');
  await expect.poll(() => editorText(page)).toBe('Cat one. dog two. CAT three. cat four.');

  // Ctrl+H opens the bar on the replace field, the find field taking the selection.
  await page.keyboard.press('Shift+ArrowLeft');
  await page.keyboard.press('Shift+ArrowLeft');
  await page.keyboard.press('Shift+ArrowLeft');
  await page.keyboard.press('ControlOrMeta+h');
  await expect(findBar(page).getByRole('textbox', { name: 'Replace' })).toBeFocused();
  await expect(findInput(page)).toHaveValue('dog');
  await page.keyboard.press('Escape');

  await page.reload();
  await expect(editor(page)).toBeVisible({ timeout: 15_000 });
  await editor(page).click();
  await page.keyboard.press('ControlOrMeta+f');
  await expect(findBar(page).getByRole('button', { name: 'Case sensitive' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // An invalid regular expression says so and finds nothing.
  await findBar(page).getByRole('button', { name: 'Regular expression' }).click();
  await findInput(page).fill('cat(');
  await expect(findBar(page).getByText(/^Invalid regular expression/)).toBeVisible();
  await expect(editor(page).locator('.cm-find-match')).toHaveCount(0);
  await findInput(page).fill('c.t');
  await expect(count(page)).toHaveText('1 match');
  await findInput(page).press('Escape');
  await expect(findBar(page)).toHaveCount(0);
  await expect(editor(page)).toBeFocused();
});

test('the settings scale the font size and the text width, and choose the editor font', async ({
  page,
}) => {
  await openApp(page);
  const content = editor(page);
  const fontFamily = () => content.evaluate((element) => getComputedStyle(element).fontFamily);
  expect(await fontFamily()).not.toMatch(/monospace/);
  const previewText = preview(page).locator('.preview__content');
  await expect(content).toHaveCSS('font-size', '18px');
  await expect(previewText).toHaveCSS('font-size', '18px');
  await expect(previewText).toHaveCSS('max-width', '990px');

  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog
    .getByRole('textbox', { name: 'Custom settings' })
    .fill('fontSizeFactor: 1.5\nmaxWidthFactor: 0.5\neditor:\n  monospacedFontOnly: true\n');
  await dialog.getByRole('button', { name: 'Ok' }).click();
  await expect(dialog).toBeHidden();
  await expect(content).toHaveCSS('font-size', '27px');
  await expect(previewText).toHaveCSS('font-size', '27px');
  await expect(previewText).toHaveCSS('max-width', '495px');
  expect((await previewText.boundingBox())!.width).toBeCloseTo(495, 0);
  expect(await fontFamily()).toMatch(/monospace/);
});

// One page for the tests that need no reload and leave the settings alone (opening the app is
// most of a short test's time): each replaces the whole text, and sets back the window's size
// and the modes it changes.
test.describe('on one page', () => {
  const app = sharedApp();

  test('replace all with a regular expression is undone by one undo', async () => {
    const page = app();
    const original = 'Write to ann@example.com or bob@example.com.\nNot to carol@example.org.';
    await replaceText(page, original);
    await page.keyboard.press('ControlOrMeta+f');
    await expect(findInput(page)).toBeFocused();
    // (Turned on unless an earlier test on the page left it on: the flags are remembered.)
    const regexp = findBar(page).getByRole('button', { name: 'Regular expression' });
    if ((await regexp.getAttribute('aria-pressed')) !== 'true') await regexp.click();
    await expect(regexp).toHaveAttribute('aria-pressed', 'true');
    await findInput(page).fill('(\\w+)@example\\.com');
    await expect(count(page)).toHaveText('2 matches');
    await expect(editor(page).locator('.cm-find-match')).toHaveText([
      'ann@example.com',
      'bob@example.com',
    ]);
    await findBar(page).getByRole('textbox', { name: 'Replace' }).fill('$1 at example');
    await findBar(page).getByRole('button', { name: 'Replace all', exact: true }).click();
    await expect
      .poll(() => editorText(page))
      .toBe('Write to ann at example or bob at example.\nNot to carol@example.org.');
    await expect(count(page)).toHaveText('No results');

    await page.keyboard.press('Escape');
    await expect(findBar(page)).toHaveCount(0);
    await expect(editor(page)).toBeFocused();
    await page.keyboard.press('ControlOrMeta+z');
    await expect.poll(() => editorText(page)).toBe(original);
  });

  test('a narrow window reduces the font size and the text width', async () => {
    const page = app();
    await expect(editor(page)).toHaveCSS('font-size', '18px');
    await page.setViewportSize({ width: 1100, height: 800 });
    await expect(editor(page)).toHaveCSS('font-size', '17px');
    await page.setViewportSize({ width: 1000, height: 800 });
    await expect(editor(page)).toHaveCSS('font-size', '16px');
    await expect(preview(page).locator('.preview__content')).toHaveCSS('max-width', '640px');
    await expect(page.getByRole('textbox', { name: 'File title' })).toHaveCSS('max-width', '800px');
    // (Wide again, as the other tests of the page expect it.)
    await page.setViewportSize({ width: 1400, height: 900 });
    await expect(editor(page)).toHaveCSS('font-size', '18px');
  });

  test('reader mode shows the preview alone until the pen button', async () => {
    const page = app();
    const reader = page.getByRole('button', { name: 'Toggle reader mode' });
    await expect(reader).toHaveAttribute('aria-pressed', 'false');
    await reader.click();
    await expect(editor(page)).toBeHidden();
    await expect(preview(page)).toBeVisible();
    await expect(reader).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await expect(editor(page)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit', exact: true })).toHaveCount(0);
  });

  test('focus mode keeps the caret line in the middle of the editor', async () => {
    test.setTimeout(60_000);
    const page = app();
    const lines = Array.from({ length: 80 }, (_, i) => `Line ${i + 1} of a long document.`);
    await replaceText(page, lines.join('\n\n'));
    const scroller = page.locator('.cm-scroller');
    // Where the caret is, as a fraction of the editor's height from its top.
    const caretAt = async () => {
      const box = (await scroller.boundingBox())!;
      const caret = (await editor(page).evaluate(() => {
        const rect = window.getSelection()!.getRangeAt(0).getBoundingClientRect();
        return rect.top + rect.height / 2;
      })) as number;
      return (caret - box.y) / box.height;
    };
    const typeLines = async (label: string) => {
      for (let i = 1; i <= 12; i += 1) {
        await page.keyboard.press('Enter');
        await page.keyboard.press('Enter');
        await page.keyboard.type(`${label} ${i}`);
      }
    };

    // Normally the caret line stays near the bottom, a little above it.
    await editor(page).click();
    await page.keyboard.press('ControlOrMeta+End');
    await typeLines('Normal');
    await expect.poll(caretAt).toBeGreaterThan(0.75);
    expect(await caretAt()).toBeLessThan(0.95);

    await page.getByRole('button', { name: 'Toggle focus mode' }).click();
    await expect(page.getByRole('button', { name: 'Toggle focus mode' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await editor(page).focus();
    await typeLines('Focused');
    await expect.poll(caretAt).toBeGreaterThan(0.4);
    expect(await caretAt()).toBeLessThan(0.6);
    // The caret's paragraph stands out; the others are dimmed.
    await expect(editor(page).locator('.cm-focus-current')).toHaveText('Focused 12');
    // (Off again, as the other tests of the page expect it.)
    await page.getByRole('button', { name: 'Toggle focus mode' }).click();
    await expect(page.getByRole('button', { name: 'Toggle focus mode' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });
});
