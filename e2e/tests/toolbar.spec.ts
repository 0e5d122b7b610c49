import { expect, type Page } from '@playwright/test';
import { test } from './fixtures/warm-page';
import { editor, editorText, openApp, preview, replaceText, sharedApp } from './helpers';

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

// A toolbar button, by its exact name ("Table" is not "Table of contents").
const button = (page: Page, name: string) =>
  page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name, exact: true });

// Replaces the text with `text` and selects its last word.
async function selectLastWord(page: Page, text: string) {
  await replaceText(page, text);
  await page.keyboard.press('End');
  await page.keyboard.press('Control+Shift+ArrowLeft');
}

// Writes the custom settings in the settings dialog.
async function setCustomSettings(page: Page, yaml: string) {
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('textbox', { name: 'Custom settings' }).fill(yaml);
  await dialog.getByRole('button', { name: 'Ok' }).click();
  await expect(dialog).toBeHidden();
}

const FORMATS: [string, string, string, string][] = [
  ['Bold', 'a **word**', 'strong', 'word'],
  ['Italic', 'a *word*', 'em', 'word'],
  ['Heading', '# a word', 'h1', 'a word'],
  ['Strikethrough', 'a ~~word~~', 'del', 'word'],
  ['Unordered list', '- a word', 'ul > li', 'a word'],
  ['Ordered list', '1. a word', 'ol > li', 'a word'],
  ['Check list', '- [ ] a word', 'li:has(input[type="checkbox"])', 'a word'],
  ['Blockquote', '> a word', 'blockquote', 'a word'],
  ['Code', 'a `word`', 'p > code', 'word'],
  [
    'Table',
    'a word\n\n| Column 1 | Column 2 |\n| -------- | -------- |\n| Text     | Text     |',
    'table th',
    'Column 1',
  ],
];

// The tests of a block share one page (opening the app is most of a short test's time): each
// replaces the whole text and ends with no dialog or menu open. Those that change the settings
// or need a fresh undo history open their own.
test.describe('the formatting buttons', () => {
  const app = sharedApp();
  for (const [name, source, element, text] of FORMATS) {
    test(`the ${name} button formats the selection`, async () => {
      const page = app();
      await selectLastWord(page, 'a word');
      await button(page, name).click();
      await expect.poll(() => editorText(page)).toBe(source);
      await expect(preview(page).locator(element).first()).toHaveText(text);
      // The editor has the focus back.
      await expect(editor(page)).toBeFocused();
    });
  }
});

test.describe('the editing commands', () => {
  const app = sharedApp();

  test('bold toggles off, and the editor keeps the new selection', async () => {
    const page = app();
    await selectLastWord(page, 'a word');
    await button(page, 'Bold').click();
    await button(page, 'Bold').click();
    await expect.poll(() => editorText(page)).toBe('a word');
    await button(page, 'Bold').click();
    await page.keyboard.type('thing');
    await expect.poll(() => editorText(page)).toBe('a **thing**');
  });

  test('a link is inserted through its dialog, which needs a URL', async () => {
    const page = app();
    await selectLastWord(page, 'see here');
    await button(page, 'Link').click();
    const dialog = page.getByRole('dialog', { name: 'Insert link' });
    const url = dialog.getByRole('textbox', { name: 'URL' });
    await expect(dialog.getByRole('button', { name: 'Ok' })).toBeDisabled();
    await url.fill('x');
    await url.fill('');
    await expect(dialog.getByRole('alert')).toHaveText('URL is required.');
    await url.press('Enter');
    await expect(dialog).toBeVisible();

    // Escape cancels: nothing changes.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    expect(await editorText(page)).toBe('see here');

    await button(page, 'Link').click();
    await url.fill('https://example.com/');
    await dialog.getByRole('textbox', { name: 'Title' }).fill('Example');
    await dialog.getByRole('textbox', { name: 'Title' }).press('Enter');
    await expect(dialog).toBeHidden();
    await expect.poll(() => editorText(page)).toBe('see [here](https://example.com/ "Example")');
    const link = preview(page).getByRole('link', { name: 'here' });
    await expect(link).toHaveAttribute('href', 'https://example.com/');
    await expect(link).toHaveAttribute('title', 'Example');
  });

  test('an image is inserted through its dialog, with its size', async () => {
    const page = app();
    await selectLastWord(page, 'a dot');
    await button(page, 'Image').click();
    const dialog = page.getByRole('dialog', { name: 'Insert image' });
    await expect(dialog.getByRole('button', { name: 'Ok' })).toBeDisabled();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    expect(await editorText(page)).toBe('a dot');

    await button(page, 'Image').click();
    await dialog.getByRole('textbox', { name: 'URL' }).fill(PNG);
    await dialog.getByRole('textbox', { name: 'Size' }).fill('32');
    await dialog.getByRole('button', { name: 'Ok' }).click();
    await expect.poll(() => editorText(page)).toBe(`a ![dot](${PNG} =s32)`);
    await expect(preview(page).getByRole('img', { name: 'dot' })).toHaveAttribute('width', '32');
  });

  test('Enter continues lists and ends them on an empty item; numbers follow', async () => {
    const page = app();
    await replaceText(page, '- one');
    await page.keyboard.press('Enter');
    await page.keyboard.type('two');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('after');
    await expect.poll(() => editorText(page)).toBe('- one\n- two\nafter');

    await replaceText(page, '- [x] done');
    await page.keyboard.press('Enter');
    await page.keyboard.type('next');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.type('sub');
    await expect.poll(() => editorText(page)).toBe('- [x] done\n- [ ] next\n  - [ ] sub');

    await replaceText(page, '1. a\n2. b\n3. c');
    await page.keyboard.press('Control+Home');
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('new');
    await expect.poll(() => editorText(page)).toBe('1. a\n2. new\n3. b\n4. c');
    // A removed item: the numbers close up.
    // (Playwright types the shifted letter so that CodeMirror sees Ctrl+Shift+K.)
    await page.keyboard.press('Control+Shift+K');
    await expect.poll(() => editorText(page)).toBe('1. a\n2. b\n3. c');
  });

  test('Shift+F10 in the editor opens the same commands as a menu at the caret', async () => {
    const page = app();
    await selectLastWord(page, 'a word');
    await page.keyboard.press('Shift+F10');
    const menu = page.getByRole('menu', { name: 'Editor actions' });
    await expect(menu.getByRole('menuitem')).toHaveText([
      'Undo',
      'Redo',
      'Bold',
      'Italic',
      'Heading',
      'Strikethrough',
      'Unordered list',
      'Ordered list',
      'Check list',
      'Blockquote',
      'Code',
      'Table',
      'Link',
      'Image',
      'ChatGPT',
      'Resolve conflicts',
    ]);
    await expect(menu.getByRole('menuitem', { name: 'Redo' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    // (Until the text holds a conflict block.)
    await expect(menu.getByRole('menuitem', { name: 'Resolve conflicts' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await menu.getByRole('menuitem', { name: 'Italic' }).click();
    await expect(menu).toBeHidden();
    await expect.poll(() => editorText(page)).toBe('a *word*');
    await expect(preview(page).locator('em')).toHaveText('word');
    // Escape closes it and the editor goes on taking keys.
    await page.keyboard.press('Shift+F10');
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(editor(page)).toBeFocused();
  });
});

test('shortcuts format, and the settings can change them', async ({ page }) => {
  await openApp(page);
  await selectLastWord(page, 'a word');
  await page.keyboard.press('Control+b');
  await expect.poll(() => editorText(page)).toBe('a **word**');

  await setCustomSettings(page, 'shortcuts:\n  bold: Mod-Alt-b\n  italic: ""\n');
  await expect(button(page, 'Bold')).toHaveAttribute('title', 'Bold (Ctrl+Alt+B)');
  await expect(button(page, 'Italic')).toHaveAttribute('title', 'Italic');
  await selectLastWord(page, 'a word');
  await page.keyboard.press('Control+b');
  expect(await editorText(page)).toBe('a word');
  await page.keyboard.press('Control+Alt+b');
  await expect.poll(() => editorText(page)).toBe('a **word**');
});

test('undo and redo buttons are enabled only when there is something to undo or redo', async ({
  page,
}) => {
  await openApp(page);
  await expect(button(page, 'Undo')).toBeDisabled();
  await expect(button(page, 'Redo')).toBeDisabled();
  await editor(page).click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type('\nMore.');
  await expect(button(page, 'Undo')).toBeEnabled();
  await expect(button(page, 'Redo')).toBeDisabled();
  const typed = await editorText(page);
  await button(page, 'Undo').click();
  await expect.poll(() => editorText(page)).not.toBe(typed);
  await expect(button(page, 'Redo')).toBeEnabled();
  await button(page, 'Redo').click();
  await expect.poll(() => editorText(page)).toBe(typed);
  await expect(button(page, 'Redo')).toBeDisabled();
});

test('Vim mode, once switched on in the settings, moves with h, j, k, l', async ({ page }) => {
  await openApp(page);
  await replaceText(page, 'abcd\nefgh');
  await setCustomSettings(page, 'editor:\n  vimMode: true\n');
  await editor(page).click();
  await expect(page.locator('.cm-fat-cursor')).toBeVisible();
  await page.keyboard.press('Escape');
  for (const key of ['g', 'g', '0', 'l', 'x', 'j', 'x', 'k', 'h', 'x']) {
    await page.keyboard.press(key);
  }
  await expect.poll(() => editorText(page)).toBe('cd\negh');
  // Visual mode shows what it selects.
  await page.keyboard.press('v');
  await page.keyboard.press('l');
  await expect(page.locator('.cm-selectionBackground').first()).toBeVisible();
});
