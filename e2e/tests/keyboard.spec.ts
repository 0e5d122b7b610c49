import { expect, type Locator, type Page } from '@playwright/test';
import { test } from './fixtures/warm-page';
import { activity, editor, editorText, openApp, preview, replaceText, storedRows } from './helpers';

/** Presses Tab from the top of the page until `target` has the focus, as a keyboard user goes
 * there; fails when it takes more than `most` presses (it cannot be reached). (In the editor,
 * Tab indents: the walk starts from the top of the page, before anything focusable. Blurring
 * alone is not enough: Chromium goes on from the element that had the focus, the Settings
 * button after its dialog closed, from which Tab reached the editor and stayed there.) */
async function tabTo(page: Page, target: Locator, most = 40): Promise<void> {
  await page.evaluate(() => {
    const start = document.createElement('span');
    start.tabIndex = -1;
    document.body.prepend(start);
    start.focus();
    start.blur();
    start.remove();
  });
  for (let presses = 0; presses < most; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/** The tab is selected, has the focus, is the one tab in the Tab order, and controls the panel
 * shown, which its name labels. */
async function expectChosen(dialog: Locator, name: string): Promise<void> {
  const tab = dialog.getByRole('tab', { name });
  await expect(tab).toBeFocused();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  await expect(tab).toHaveAttribute('tabindex', '0');
  await expect(dialog.getByRole('tab', { selected: false })).toHaveAttribute('tabindex', '-1');
  const panel = dialog.getByRole('tabpanel', { name });
  await expect(panel).toBeVisible();
  expect(await tab.getAttribute('aria-controls')).toBe(await panel.getAttribute('id'));
}

// The text stored for the main workspace's files, read from IndexedDB as it is now.
async function storedTexts(page: Page): Promise<string[]> {
  const rows = await storedRows(page);
  return rows.filter((row) => row.type === 'content').map((row) => String(row.text));
}

test('the tabs of Settings and File properties are reached, changed and used with the keyboard alone', async ({
  page,
}) => {
  await openApp(page);
  const nav = page.getByRole('banner');
  // In the editor Tab indents; Escape then Tab leaves it, the text unchanged.
  const text = await editorText(page);
  await editor(page).click();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Tab');
  await expect(editor(page)).not.toBeFocused();
  expect(await editorText(page)).toBe(text);

  // Settings: the dialog opens on its selected tab; the arrows, Home and End change tabs,
  // wrapping around; Tab goes into the panel and Shift+Tab back to the selected tab.
  await tabTo(page, nav.getByRole('button', { name: 'Settings' }));
  await page.keyboard.press('Enter');
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await expectChosen(settings, 'Custom settings');
  await page.keyboard.press('ArrowRight');
  await expectChosen(settings, 'Default settings');
  await expect(settings.getByRole('textbox', { name: 'Default settings' })).toHaveValue(
    /colorTheme/,
  );
  await page.keyboard.press('ArrowRight');
  await expectChosen(settings, 'Custom settings');
  await page.keyboard.press('ArrowLeft');
  await expectChosen(settings, 'Default settings');
  await page.keyboard.press('Home');
  await expectChosen(settings, 'Custom settings');
  await page.keyboard.press('End');
  await expectChosen(settings, 'Default settings');
  await page.keyboard.press('Tab');
  await expect(settings.getByRole('textbox', { name: 'Default settings' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expectChosen(settings, 'Default settings');
  await page.keyboard.press('Escape');
  await expect(settings).toBeHidden();

  // File properties: a field of the second tab is edited and saved, then read on the first.
  await tabTo(page, nav.getByRole('button', { name: 'File properties' }));
  await page.keyboard.press('Enter');
  const properties = page.getByRole('dialog', { name: 'File properties' });
  await expectChosen(properties, 'Simple properties');
  await page.keyboard.press('ArrowRight');
  await expectChosen(properties, 'YAML properties');
  await page.keyboard.press('Tab');
  const yaml = properties.getByRole('textbox', { name: 'YAML properties' });
  await expect(yaml).toBeFocused();
  // Invalid YAML: the simple tab is refused, and the focus stays on the YAML tab.
  await page.keyboard.type('author: [Grace');
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('ArrowLeft');
  await expectChosen(properties, 'YAML properties');
  await page.keyboard.press('Tab');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('author: Grace Hopper');
  // Out of the text area (where Tab indents) backwards, round to Ok.
  const ok = properties.getByRole('button', { name: 'Ok' });
  for (let i = 0; i < 5 && !(await ok.evaluate((b) => b === document.activeElement)); i += 1) {
    await page.keyboard.press('Shift+Tab');
  }
  await expect(ok).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(properties).toBeHidden();
  await expect(editor(page)).toBeFocused();

  await tabTo(page, nav.getByRole('button', { name: 'File properties' }));
  await page.keyboard.press('Enter');
  await expectChosen(properties, 'YAML properties');
  await page.keyboard.press('Home');
  await expectChosen(properties, 'Simple properties');
  await page.keyboard.press('Tab');
  await expect(properties.getByRole('textbox', { name: 'Title' })).toBeFocused();
  await page.keyboard.press('Tab');
  const author = properties.getByRole('textbox', { name: 'Author' });
  await expect(author).toBeFocused();
  await expect(author).toHaveValue('Grace Hopper');
  await page.keyboard.press('Escape');
  await expect(properties).toBeHidden();
});

test('Ctrl+S stores the text at once, says so, and never reaches the browser', async ({ page }) => {
  await page.clock.install();
  await openApp(page);
  // Whether each Ctrl+S was kept from the browser, as seen after the app's own handling.
  await page.evaluate(() => {
    const seen: boolean[] = [];
    (window as unknown as { saveKeys: boolean[] }).saveKeys = seen;
    window.addEventListener('keydown', (event) => {
      if (event.key.toLowerCase() === 's' && (event.ctrlKey || event.metaKey)) {
        seen.push(event.defaultPrevented);
      }
    });
  });
  const saveKeys = () =>
    page.evaluate(() => (window as unknown as { saveKeys: boolean[] }).saveKeys);
  let downloads = 0;
  page.on('download', () => (downloads += 1));
  let dialogs = 0;
  page.on('dialog', () => (dialogs += 1));

  // With the clock stopped, the editor's own save (200 ms after typing) cannot run: only
  // Ctrl+S can store the words.
  await replaceText(page, '# Kept by Ctrl+S\n\nEvery word.');
  await page.clock.pauseAt(Date.now() + 1000);
  await replaceText(page, '# Kept by Ctrl+S\n\nEvery word, at once.');
  await expect.poll(() => editorText(page)).toBe('# Kept by Ctrl+S\n\nEvery word, at once.');
  expect(await storedTexts(page)).not.toContain('# Kept by Ctrl+S\n\nEvery word, at once.\n');
  await page.keyboard.press('ControlOrMeta+s');
  await expect(activity(page)).toHaveText('Saved');
  expect(await storedTexts(page)).toContain('# Kept by Ctrl+S\n\nEvery word, at once.\n');
  await page.clock.resume();

  // Outside the editor, and with a dialog open, the key is the app's too.
  await preview(page).click();
  await page.keyboard.press('ControlOrMeta+s');
  await page.getByRole('banner').getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  const custom = settings.getByRole('textbox', { name: 'Custom settings' });
  await custom.fill('fontSizeFactor: 1.5\n');
  // It stores the editor's text, and says the dialog's edits are not saved by it: it presses
  // neither Ok nor Cancel, and the edits stay in the dialog for its Ok.
  await page.keyboard.press('ControlOrMeta+s');
  await expect(activity(page)).toHaveText(
    'Text saved. Changes in Settings are saved when you press Ok.',
  );
  await expect(settings).toBeVisible();
  await expect(custom).toHaveValue('fontSizeFactor: 1.5\n');
  await expect(custom).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(settings).toBeHidden();
  expect(await saveKeys()).toEqual([true, true, true]);
  expect(downloads).toBe(0);
  expect(dialogs).toBe(0);

  await page.reload();
  await expect(editor(page)).toBeVisible({ timeout: 15_000 });
  await expect.poll(() => editorText(page)).toBe('# Kept by Ctrl+S\n\nEvery word, at once.');
});

test('F3, Shift+F3, Ctrl+G and Shift+Ctrl+G go through the matches, from the find field and from the editor', async ({
  page,
}) => {
  await openApp(page);
  await replaceText(page, 'alpha one\nalpha two\nalpha three\n');
  const bar = page.getByRole('search', { name: 'Find and replace' });
  const findField = bar.getByRole('textbox', { name: 'Find' });
  const count = bar.getByRole('status');
  const selected = () =>
    page.evaluate(() => {
      const selection = window.getSelection();
      const line = selection?.anchorNode?.parentElement?.closest('.cm-line');
      return `${selection?.toString()} @ ${line?.textContent}`;
    });

  // Nothing to look for yet: F3 opens the find bar on its field.
  await editor(page).press('F3');
  await expect(findField).toBeFocused();
  await page.keyboard.type('alpha');
  await expect(count).toHaveText('3 matches');
  // From the find field.
  await page.keyboard.press('F3');
  await expect(count).toHaveText('1 of 3');
  await page.keyboard.press('F3');
  await expect(count).toHaveText('2 of 3');
  await page.keyboard.press('Shift+F3');
  await expect(count).toHaveText('1 of 3');
  await page.keyboard.press('ControlOrMeta+g');
  await expect(count).toHaveText('2 of 3');
  await page.keyboard.press('ControlOrMeta+Shift+g');
  await expect(count).toHaveText('1 of 3');
  await expect(findField).toBeFocused();

  // From the editor, the bar closed: it opens on the same text and goes on; the editor keeps
  // the focus and the match is selected in it.
  await page.keyboard.press('Escape');
  await expect(bar).toBeHidden();
  await expect(editor(page)).toBeFocused();
  await page.keyboard.press('F3');
  await expect(count).toHaveText('2 of 3');
  await expect(editor(page)).toBeFocused();
  expect(await selected()).toBe('alpha @ alpha two');
  await page.keyboard.press('ControlOrMeta+g');
  await expect(count).toHaveText('3 of 3');
  expect(await selected()).toBe('alpha @ alpha three');
  await page.keyboard.press('ControlOrMeta+g');
  await expect(count).toHaveText('1 of 3');
  await page.keyboard.press('Shift+F3');
  await expect(count).toHaveText('3 of 3');
  await page.keyboard.press('ControlOrMeta+Shift+g');
  await expect(count).toHaveText('2 of 3');
  expect(await selected()).toBe('alpha @ alpha two');
  await expect(editor(page)).toBeFocused();
  // Nothing was typed over by the keys.
  expect(await editorText(page)).toBe('alpha one\nalpha two\nalpha three');
});

test('Ctrl+S and Ctrl+G work on a Russian layout, where the keys give Cyrillic letters', async ({
  page,
}) => {
  await openApp(page);
  await replaceText(page, 'alpha one\nalpha two\n');
  // Chromium's own key events, as a Russian layout sends them: the key is the letter printed
  // there ('ы' where S is, 'п' where G is), the code the key's place.
  const cdp = await page.context().newCDPSession(page);
  const press = async (key: string, code: string, keyCode: number) => {
    for (const type of ['rawKeyDown', 'keyUp'] as const) {
      await cdp.send('Input.dispatchKeyEvent', {
        type,
        modifiers: process.platform === 'darwin' ? 4 : 2,
        key,
        code,
        windowsVirtualKeyCode: keyCode,
        nativeVirtualKeyCode: keyCode,
      });
    }
  };
  await page.evaluate(() => {
    const seen: boolean[] = [];
    (window as unknown as { saveKeys: boolean[] }).saveKeys = seen;
    window.addEventListener('keydown', (event) => {
      if (event.code === 'KeyS') seen.push(event.defaultPrevented);
    });
  });
  await editor(page).click();
  await press('ы', 'KeyS', 83);
  await expect(activity(page)).toHaveText('Saved');
  expect(
    await page.evaluate(() => (window as unknown as { saveKeys: boolean[] }).saveKeys),
  ).toEqual([true]);

  const bar = page.getByRole('search', { name: 'Find and replace' });
  await page.keyboard.press('ControlOrMeta+f');
  await page.keyboard.type('alpha');
  await expect(bar.getByRole('status')).toHaveText('2 matches');
  await press('п', 'KeyG', 71);
  await expect(bar.getByRole('status')).toHaveText('1 of 2');
  await press('п', 'KeyG', 71);
  await expect(bar.getByRole('status')).toHaveText('2 of 2');
  // Nothing was typed by the keys.
  expect(await editorText(page)).toBe('alpha one\nalpha two');
});

test('a command the user binds to Ctrl+S runs in the editor; elsewhere Ctrl+S saves', async ({
  page,
}) => {
  await openApp(page);
  await page.getByRole('banner').getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings
    .getByRole('textbox', { name: 'Custom settings' })
    .fill('shortcuts:\n  bold: Mod-s\n');
  await settings.getByRole('button', { name: 'Ok' }).click();
  await expect(settings).toBeHidden();
  let downloads = 0;
  page.on('download', () => (downloads += 1));
  // Everything the Activity region says.
  await page.evaluate(() => {
    const said: string[] = [];
    (window as unknown as { said: string[] }).said = said;
    const region = document.querySelector('[role="status"][aria-label="Activity"]')!;
    new MutationObserver(() => {
      if (region.textContent) said.push(region.textContent);
    }).observe(region, { childList: true, subtree: true, characterData: true });
  });

  await replaceText(page, 'make this bold');
  await page.keyboard.press('Shift+Home');
  await page.keyboard.press('ControlOrMeta+s');
  await expect.poll(() => editorText(page)).toBe('**make this bold**');

  await preview(page).click();
  await page.keyboard.press('ControlOrMeta+s');
  await expect(activity(page)).toHaveText('Saved');
  // Saved once: by the key outside the editor, not by the one that made the text bold.
  expect(await page.evaluate(() => (window as unknown as { said: string[] }).said)).toEqual([
    'Saved',
  ]);
  expect(downloads).toBe(0);
});
