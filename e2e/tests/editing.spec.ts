import { expect, test } from '@playwright/test';
import { editor, editorText, openApp, replaceText } from './helpers';

test('undo and redo take back and restore what was typed', async ({ page }) => {
  await openApp(page);
  await replaceText(page, 'Start.');
  await page.waitForTimeout(1100);
  await page.keyboard.type(' More words.');
  expect(await editorText(page)).toBe('Start. More words.');
  // The keys of a Linux keyboard (the end-to-end tests run Chromium on Linux).
  await page.keyboard.press('Control+z');
  await expect.poll(() => editorText(page)).toBe('Start.');
  await page.keyboard.press('Control+Shift+Z');
  await expect.poll(() => editorText(page)).toBe('Start. More words.');
  await page.keyboard.press('Control+z');
  await page.keyboard.press('Control+y');
  await expect.poll(() => editorText(page)).toBe('Start. More words.');
});

test('long lines wrap instead of scrolling sideways', async ({ page }) => {
  await openApp(page);
  await replaceText(page, 'word '.repeat(400));
  const scroller = page.locator('.cm-scroller');
  const { scrollWidth, clientWidth } = await scroller.evaluate((element) => ({
    scrollWidth: element.scrollWidth,
    clientWidth: element.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  // One source line, shown on several visual lines.
  await expect(editor(page).locator('.cm-line')).toHaveCount(1);
  const height = await editor(page)
    .locator('.cm-line')
    .evaluate((line) => line.clientHeight);
  expect(height).toBeGreaterThan(100);
});

test('markdown source is highlighted: headings bold, emphasis italic', async ({ page }) => {
  await openApp(page);
  await replaceText(page, '# Big title\n\nSome *slanted* text');
  const heading = editor(page).locator('.cm-line').first().getByText('Big title');
  await expect(heading).toHaveCSS('font-weight', '700');
  const emphasis = editor(page).locator('.cm-line').nth(2).getByText('slanted');
  await expect(emphasis).toHaveCSS('font-style', 'italic');
  const plain = await editor(page)
    .locator('.cm-line')
    .nth(2)
    .evaluate((line) => getComputedStyle(line).fontStyle);
  expect(plain).toBe('normal');
});
