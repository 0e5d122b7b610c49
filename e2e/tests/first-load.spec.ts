import { expect, type Page, test } from '@playwright/test';
import {
  activity,
  editor,
  editorText,
  preview,
  replaceText,
  skipTour,
  storedRows,
  untilStored,
} from './helpers';

// What loads before the editor is editable (docs/design.md, "What loads first"): the shell and
// the editor. The preview's converter, KaTeX, the sanitiser and the dialogs come after.

// Strings found only in markdown-it, KaTeX and DOMPurify.
const MARKERS = ['Wrong `markdown-it` preset', 'KaTeX parse error', 'DOMPurify'];

// The time of the mark the app sets when the editor first shows its file and takes input.
async function editableAt(page: Page): Promise<number> {
  const handle = await page.waitForFunction(
    () => performance.getEntriesByName('inkstone:editable')[0]?.startTime,
  );
  return (await handle.jsonValue()) as number;
}

// Opens the app with each script asked for once the editor is editable held until `hold()`
// resolves; resolves once it is editable.
async function openHoldingLaterScripts(page: Page, hold: () => Promise<unknown>): Promise<void> {
  let editableYet = false;
  await page.route('**/_next/static/chunks/**/*.js', async (route) => {
    if (!editableYet) {
      editableYet = await page
        .evaluate(() => performance.getEntriesByName('inkstone:editable').length > 0)
        .catch(() => false);
    }
    if (editableYet) await hold();
    await route.continue();
  });
  await page.goto('/');
  await editableAt(page);
  editableYet = true;
}

// Opens the app with every script asked for once the editor is editable held until the
// function returned lets them go (at most 30 s, should the test fail before it does).
async function openWithLaterScriptsHeld(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const timeLimit = new Promise((resolve) => setTimeout(resolve, 30_000));
  await openHoldingLaterScripts(page, () => Promise.race([held, timeLimit]));
  return release;
}

// The scripts the page had received by `time`.
async function scriptsBy(page: Page, time: number): Promise<string[]> {
  return page.evaluate(
    (until) =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.endsWith('.js'))
        .filter((entry) => (entry as PerformanceResourceTiming).responseEnd <= until)
        .map((entry) => entry.name),
    time,
  );
}

test('the editor takes input before markdown-it, KaTeX and the sanitiser load; the preview and its math follow', async ({
  page,
}) => {
  await page.goto('/');
  const editable = await editableAt(page);
  const before = await scriptsBy(page, editable);
  expect(before.length).toBeGreaterThan(0);
  const texts = await Promise.all(before.map(async (url) => (await page.request.get(url)).text()));
  for (const marker of MARKERS) {
    expect(
      texts.some((text) => text.includes(marker)),
      `a script loaded before the editor was editable holds “${marker}”`,
    ).toBe(false);
  }
  // The first file's preview comes a moment later, and math is drawn by KaTeX.
  await expect(preview(page).locator('h1, h2, p').first()).toBeVisible();
  // The markers are in this build's scripts, loaded by now: the check above can fail.
  const later = await scriptsBy(page, await page.evaluate(() => performance.now()));
  const laterTexts = await Promise.all(
    later.map(async (url) => (await page.request.get(url)).text()),
  );
  for (const marker of MARKERS) {
    expect(laterTexts.some((text) => text.includes(marker))).toBe(true);
  }
  await skipTour(page);
  await replaceText(page, '# Sums\n\nInline $x^2 + 1$ and a block:\n\n$$\n\\sum_{i=1}^n i\n$$\n');
  await expect(preview(page).getByRole('heading', { name: 'Sums' })).toBeVisible();
  await expect(preview(page).locator('.katex')).toHaveCount(2);
  await expect(preview(page).locator('.katex-display')).toHaveCount(1);
  // KaTeX's styles came with it: its hidden MathML copy is not shown.
  await expect(preview(page).locator('.katex-mathml').first()).toHaveCSS('position', 'absolute');
});

test('a dialog shortcut pressed as the editor becomes editable opens its dialog once its code arrives', async ({
  page,
}) => {
  // Scripts asked for after the editor is editable (the dialogs among them) arrive a second late.
  await openHoldingLaterScripts(page, () => new Promise((resolve) => setTimeout(resolve, 1000)));
  await editor(page).press('ControlOrMeta+k');
  const dialog = page.getByRole('dialog', { name: 'Insert link' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: 'URL' }).fill('https://example.com/');
  await dialog.getByRole('button', { name: 'Ok' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(() => editorText(page)).toContain('](https://example.com/)');
});

test('a side bar left open holds its place while its code loads, and its toggle says it is open', async ({
  page,
}) => {
  await page.goto('/');
  await expect(editor(page)).toBeVisible({ timeout: 15_000 });
  await skipTour(page);
  const toggle = page.getByRole('button', { name: 'Toggle side bar' });
  await toggle.click();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  const width = await page
    .getByRole('complementary', { name: 'Side bar' })
    .evaluate((element) => element.getBoundingClientRect().width);

  // After a reload the side bar's own chunk (the one with its header's class) arrives late: held
  // until the test has looked (at most 30 s, should the test fail before it lets go; a 2 s hold
  // ran out under load before the checks below were done).
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/_next/static/chunks/**/*.js', async (route) => {
    const response = await route.fetch();
    if ((await response.text()).includes('side-bar__header')) {
      await Promise.race([held, new Promise((resolve) => setTimeout(resolve, 30_000))]);
    }
    await route.fulfill({ response });
  });
  await page.reload();
  await expect(editor(page)).toBeVisible({ timeout: 15_000 });
  const frame = page.getByRole('complementary', { name: 'Side bar' });
  await expect(frame).toHaveAttribute('aria-busy', 'true');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  // (The frame may be drawn again as the stored layout arrives: its width is read once it stays.)
  await expect
    .poll(() =>
      frame.evaluate((element) => element.isConnected && element.getBoundingClientRect().width),
    )
    .toBe(width);
  await expect(frame).toHaveAttribute('aria-busy', 'true');
  release();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  // Chunks still on their way when the test ends (under load) are not its concern: a handler
  // reading a response the closing page disposed failed the test in a fresh run.
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

// The colour of the first token of the editor that reads `token`, and of the editor's text.
async function tokenColour(page: Page, token: string): Promise<{ token?: string; text: string }> {
  return page.evaluate((wanted) => {
    const content = document.querySelector('.cm-content')!;
    const span = [...content.querySelectorAll('span')].find((each) => each.textContent === wanted);
    return {
      token: span && getComputedStyle(span).color,
      text: getComputedStyle(content.querySelector('.cm-line')!).color,
    };
  }, token);
}

// Strings found only in CodeMirror's HTML support (its own option) and in the zip library fflate
// (its error message), which the imports and the workspace's zip use.
const LATER_MARKERS = ['matchClosingTags', 'invalid zip data'];

test('HTML inside markdown and code blocks are highlighted once the rest of the editor’s markdown support follows the first screen; the zip library follows too', async ({
  page,
}) => {
  await page.goto('/');
  const editable = await editableAt(page);
  // Neither is among the first scripts…
  const before = await scriptsBy(page, editable);
  const texts = await Promise.all(before.map(async (url) => (await page.request.get(url)).text()));
  for (const marker of LATER_MARKERS) {
    expect(
      texts.some((text) => text.includes(marker)),
      `a script loaded before the editor was editable holds “${marker}”`,
    ).toBe(false);
  }
  await skipTour(page);
  await replaceText(page, '<span class="note">Hi</span>\n\n```js\nconst answer = 42;\n```\n');
  // …and the HTML support follows: the HTML's attribute and the code's keyword get their colours.
  for (const token of ['class', 'const']) {
    await expect
      .poll(async () => {
        const colours = await tokenColour(page, token);
        return colours.token !== undefined && colours.token !== colours.text;
      }, token)
      .toBe(true);
  }
  await expect.poll(() => editorText(page)).toContain('const answer = 42;');
  // Both came once the browser was idle (so the check above can fail).
  for (const marker of LATER_MARKERS) {
    await expect
      .poll(async () => {
        const later = await scriptsBy(page, await page.evaluate(() => performance.now()));
        const laterTexts = await Promise.all(
          later.map(async (url) => (await page.request.get(url)).text()),
        );
        return laterTexts.some((text) => text.includes(marker));
      }, marker)
      .toBe(true);
  }
});

// A string found only in the YAML parser (the tags of its nodes).
const YAML_MARKER = 'yaml.alias';

// Whether one of the scripts at `urls` holds `marker`.
async function anyHolds(page: Page, urls: string[], marker: string): Promise<boolean> {
  const texts = await Promise.all(urls.map(async (url) => (await page.request.get(url)).text()));
  return texts.some((text) => text.includes(marker));
}

test('the YAML parser loads before the editor is editable only for settings the user wrote, which apply from the first screen', async ({
  page,
}) => {
  await page.goto('/');
  const editable = await editableAt(page);
  // The settings are the defaults (their template is comments only): no parser is needed yet.
  expect(await anyHolds(page, await scriptsBy(page, editable), YAML_MARKER)).toBe(false);
  await skipTour(page);
  const fontSize = () =>
    editor(page).evaluate((element) => parseFloat(getComputedStyle(element).fontSize));
  const usual = await fontSize();
  await page.getByRole('banner').getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog
    .getByRole('textbox', { name: 'Custom settings' })
    .fill('# Larger text\nfontSizeFactor: 2\n');
  await dialog.getByRole('button', { name: 'Ok' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(fontSize).toBeCloseTo(usual * 2, 0);

  // After a reload the parser comes before the editor takes input, and the text is large at once.
  await page.reload();
  const again = await editableAt(page);
  expect(await anyHolds(page, await scriptsBy(page, again), YAML_MARKER)).toBe(true);
  expect(await fontSize()).toBeCloseTo(usual * 2, 0);
});

test('Ctrl+S pressed before the rest of the app has loaded saves the early words once it has, and says so', async ({
  page,
}) => {
  const release = await openWithLaterScriptsHeld(page);
  await expect(editor(page)).toBeFocused();
  await page.keyboard.press('ControlOrMeta+Home');
  await page.keyboard.type('Saved early. ');
  await page.keyboard.press('ControlOrMeta+s');
  release();
  await expect(activity(page)).toHaveText('Saved', { timeout: 15_000 });
  expect(
    (await storedRows(page)).some(
      (row) => row.type === 'content' && String(row.text).startsWith('Saved early. # Welcome'),
    ),
  ).toBe(true);
});

test('words typed before the rest of the app has loaded are kept: the early editor hands them, the caret and a pressed shortcut over to the app', async ({
  page,
}) => {
  // The app (its explorer, preview, saving) has not arrived while the user types.
  const release = await openWithLaterScriptsHeld(page);
  // The Welcome file's text, in an editor that takes typing; no preview yet.
  await expect(editor(page)).toBeFocused();
  expect(await editorText(page)).toContain('Welcome to Inkstone');
  await expect(preview(page)).toHaveCount(0);
  await page.keyboard.press('ControlOrMeta+Home');
  await page.keyboard.type('Early words. ');
  // Ctrl+K, the link dialog's shortcut, waits for the app.
  await page.keyboard.press('ControlOrMeta+k');
  release();
  const dialog = page.getByRole('dialog', { name: 'Insert link' });
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await skipTour(page);
  // The app's editor has the words, with the caret after them, and saves them.
  await expect(preview(page)).toContainText('Early words.');
  await editor(page).focus();
  await page.keyboard.type('And later ones. ');
  const saved = /^Early words\. And later ones\. # Welcome/;
  await expect.poll(() => editorText(page)).toMatch(saved);
  await untilStored(page, saved);
  await page.reload();
  await expect.poll(() => editorText(page)).toMatch(/^Early words\. And later ones\. # Welcome/);
});
