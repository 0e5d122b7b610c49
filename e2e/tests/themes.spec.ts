import { expect, type Locator, type Page } from '@playwright/test';
import { test } from './fixtures/warm-page';
import { editor, openApp, preview, replaceText, tree } from './helpers';

// The relative luminance (0 black … 1 white) of the background a region shows: the first
// background up its ancestors that is not (nearly) transparent.
async function backgroundLuminance(region: Locator): Promise<number> {
  return region.evaluate((start) => {
    const channel = (value: number) => {
      const c = value / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    for (let element: Element | null = start; element; element = element.parentElement) {
      const parts = getComputedStyle(element)
        .backgroundColor.match(/[\d.]+/g)
        ?.map(Number);
      if (!parts || (parts.length > 3 && parts[3]! < 0.5)) continue;
      const [r, g, b] = parts as [number, number, number];
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    }
    return 1;
  });
}

async function expectDark(page: Page, regions: Record<string, Locator>): Promise<void> {
  for (const [name, region] of Object.entries(regions)) {
    await expect(region, name).toBeVisible();
    expect(await backgroundLuminance(region), `${name} is dark`).toBeLessThan(0.2);
  }
}

const darkButton = (page: Page) => page.getByRole('button', { name: 'Dark theme' });

async function customSettings(page: Page): Promise<Locator> {
  await page.getByRole('banner').getByRole('button', { name: 'Settings' }).click();
  return page.getByRole('dialog', { name: 'Settings' }).getByRole('textbox', {
    name: 'Custom settings',
  });
}

async function openThemePanel(page: Page, name: 'Edit area theme' | 'Preview area theme') {
  await page.getByRole('button', { name: 'Toggle side bar' }).click();
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name }).click();
  return page.getByRole('radiogroup', { name });
}

const background = (region: Locator) =>
  region.evaluate((element) => getComputedStyle(element).backgroundColor);

test('the Dark theme button darkens every panel, is kept in the settings, and turns back', async ({
  page,
}) => {
  await openApp(page);
  const settings = await customSettings(page);
  await settings.fill('# my own settings\nfontSizeFactor: 1 # as is\n');
  await page.getByRole('button', { name: 'Ok' }).click();

  await expect(darkButton(page)).toHaveAttribute('aria-pressed', 'false');
  expect(await backgroundLuminance(preview(page))).toBeGreaterThan(0.8);
  await darkButton(page).click();
  await expect(darkButton(page)).toHaveAttribute('aria-pressed', 'true');

  await page.getByRole('button', { name: 'Toggle explorer' }).click();
  await page.getByRole('button', { name: 'Toggle side bar' }).click();
  await replaceText(page, '# Dark\n\n[A missing file](missing.md)\n\n```js\nconst a = 1;\n```\n');
  await preview(page).getByRole('link', { name: 'A missing file' }).click();
  await tree(page).getByRole('treeitem').first().click({ button: 'right' });
  await expectDark(page, {
    'navigation bar': page.getByRole('banner'),
    editor: editor(page),
    'button bar': page.getByRole('toolbar', { name: 'Layout' }),
    preview: preview(page),
    'code block': preview(page).locator('pre').first(),
    'status bar': page.getByRole('contentinfo'),
    explorer: page.getByRole('complementary', { name: 'Explorer panel' }),
    'explorer tree': tree(page),
    'context menu': page.getByRole('menu', { name: 'Explorer actions' }),
    'side bar': page.getByRole('complementary', { name: 'Side bar' }),
    menu: page.getByRole('navigation', { name: 'Main menu' }),
    notification: page.getByRole('status').filter({ hasText: 'No file of this workspace' }),
  });
  await page.keyboard.press('Escape');
  await page
    .getByRole('complementary', { name: 'Explorer panel' })
    .getByRole('button', { name: 'Search' })
    .click();
  await expectDark(page, {
    'explorer search': page.getByRole('searchbox', { name: 'Search files' }),
  });
  await editor(page).click();
  await page.keyboard.press('ControlOrMeta+f');
  const findBar = page.getByRole('search', { name: 'Find and replace' });
  await expectDark(page, {
    'find bar': findBar,
    'find field': findBar.getByRole('textbox', { name: 'Find' }),
  });
  await page.keyboard.press('Escape');
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('button', { name: 'Markdown cheat sheet' })
    .click();
  await expectDark(page, {
    'cheat sheet': page.getByRole('document', { name: 'Markdown cheat sheet' }),
  });
  await page.getByRole('button', { name: 'Main menu' }).click();

  const written = await customSettings(page);
  await expectDark(page, {
    dialog: page.getByRole('dialog', { name: 'Settings' }),
    tabs: page.getByRole('tablist', { name: 'Settings' }),
    'YAML editor': written,
  });
  await expect(written).toHaveValue(
    '# my own settings\nfontSizeFactor: 1 # as is\ncolorTheme: dark\n',
  );
  await page.getByRole('button', { name: 'Cancel' }).click();

  // After a reload the page is dark from its first paint, before the workspace opens.
  await page.reload();
  expect(await page.evaluate(() => document.documentElement.dataset.colorTheme)).toBe('dark');
  await expect(editor(page)).toBeVisible({ timeout: 15_000 });
  await expect(darkButton(page)).toHaveAttribute('aria-pressed', 'true');
  await expect(await customSettings(page)).toHaveValue(/^colorTheme: dark$/m);
  await page.getByRole('button', { name: 'Cancel' }).click();

  await darkButton(page).click();
  await expect(darkButton(page)).toHaveAttribute('aria-pressed', 'false');
  expect(await backgroundLuminance(preview(page))).toBeGreaterThan(0.8);
  expect(
    await backgroundLuminance(page.getByRole('complementary', { name: 'Side bar' })),
  ).toBeGreaterThan(0.8);
  await expect(await customSettings(page)).toHaveValue(/^colorTheme: light$/m);
});

test('an editor theme and a preview theme are fetched only when chosen, and kept', async ({
  page,
}) => {
  const fetched: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/themes/')) fetched.push(path);
  });
  await openApp(page);
  const editorPane = page.locator('.cm-editor');
  const defaultEditor = await background(editorPane);
  const themes = await openThemePanel(page, 'Edit area theme');
  await expect(themes.getByRole('radio')).toHaveCount(17);
  await expect(themes.getByRole('radio', { name: 'default' })).toBeChecked();
  expect(fetched).toEqual([]);

  await themes.getByRole('radio', { name: 'carbonight' }).check();
  await expect.poll(() => background(editorPane)).toBe('rgb(22, 22, 22)');
  expect(defaultEditor).not.toBe('rgb(22, 22, 22)');
  expect(fetched).toEqual(['/themes/edit-theme-carbonight.css']);
  await expect(page.getByRole('textbox', { name: 'Theme style' })).toHaveValue(/--ink-editor-bg/);
  await expect(page.locator('style#carbonight-edit-theme')).toHaveCount(1);

  await page.getByRole('button', { name: 'Main menu' }).click();
  await page.getByRole('button', { name: 'Preview area theme' }).click();
  const previewThemes = page.getByRole('radiogroup', { name: 'Preview area theme' });
  await expect(previewThemes.getByRole('radio')).toHaveCount(9);
  await previewThemes.getByRole('radio', { name: 'Geek Black' }).check();
  await expect.poll(() => background(preview(page))).toBe('rgb(30, 30, 30)');
  expect(fetched).toEqual([
    '/themes/edit-theme-carbonight.css',
    '/themes/preview-theme-geek-black.css',
  ]);

  await page.reload();
  await expect(editor(page)).toBeVisible({ timeout: 15_000 });
  await expect.poll(() => background(editorPane)).toBe('rgb(22, 22, 22)');
  await expect.poll(() => background(preview(page))).toBe('rgb(30, 30, 30)');

  // Back to default: no extra style.
  await previewThemes.getByRole('radio', { name: 'Default' }).check();
  await expect.poll(() => background(preview(page))).toBe('rgb(255, 255, 255)');
  await expect(page.locator('style[id$="-preview-theme"]')).toHaveCount(0);
});

test('a theme that cannot be loaded says so', async ({ page }) => {
  await page.route('**/themes/edit-theme-dawn.css', (route) => route.fulfill({ status: 404 }));
  await openApp(page);
  const themes = await openThemePanel(page, 'Edit area theme');
  await themes.getByRole('radio', { name: 'dawn' }).check();
  await expect(
    page.getByRole('alert').filter({ hasText: 'The edit area theme “dawn” could not be loaded.' }),
  ).toBeVisible();
});

test('a custom preview theme is edited, saved, applied and kept', async ({ page }) => {
  await openApp(page);
  const themes = await openThemePanel(page, 'Preview area theme');
  await themes.getByRole('radio', { name: 'Custom' }).check();
  const style = page.getByRole('textbox', { name: 'Custom theme style' });
  await expect(style).toHaveValue(/--ink-preview-bg/);
  await style.fill('.app .preview {\n  --ink-preview-bg: #123456;\n}\n');
  await expect.poll(() => background(preview(page))).toBe('rgb(255, 255, 255)');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Successfully saved the custom theme style!' }),
  ).toBeVisible();
  await expect.poll(() => background(preview(page))).toBe('rgb(18, 52, 86)');
  await expect(page.locator('style#custom-preview-theme')).toHaveCount(1);

  await page.reload();
  await expect(editor(page)).toBeVisible({ timeout: 15_000 });
  await expect.poll(() => background(preview(page))).toBe('rgb(18, 52, 86)');
  await expect(page.getByRole('textbox', { name: 'Custom theme style' })).toHaveValue(/#123456/);
});

test.describe('on a system set to dark colours', () => {
  test.use({ colorScheme: 'dark' });

  // Records the colour theme of the page at its first frame, before the app has started.
  async function recordFirstFrame(page: Page): Promise<void> {
    await page.addInitScript(() => {
      requestAnimationFrame(() => {
        (window as { firstFrameTheme?: string }).firstFrameTheme =
          document.documentElement.dataset.colorTheme ?? 'light';
      });
    });
  }
  const firstFrameTheme = (page: Page) =>
    page.evaluate(() => (window as { firstFrameTheme?: string }).firstFrameTheme);

  test('the app is dark from its first frame and follows the system until the user picks', async ({
    page,
  }) => {
    await recordFirstFrame(page);
    await openApp(page);
    expect(await firstFrameTheme(page)).toBe('dark');
    await expect(darkButton(page)).toHaveAttribute('aria-pressed', 'true');
    expect(await backgroundLuminance(preview(page))).toBeLessThan(0.2);

    // The system turns light while the app is open: so does the app, at once.
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(darkButton(page)).toHaveAttribute('aria-pressed', 'false');
    expect(await backgroundLuminance(preview(page))).toBeGreaterThan(0.8);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(darkButton(page)).toHaveAttribute('aria-pressed', 'true');
    expect(await backgroundLuminance(editor(page))).toBeLessThan(0.2);

    // Nothing was written: the settings still follow the system.
    await page.getByRole('banner').getByRole('button', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await expect(dialog.getByRole('textbox', { name: 'Custom settings' })).not.toHaveValue(
      /^colorTheme:/m,
    );
    await dialog.getByRole('tab', { name: 'Default settings' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Default settings' })).toHaveValue(
      /^colorTheme: system$/m,
    );
  });

  test('a theme the user picks holds across reloads whatever the system says, until they choose system again', async ({
    page,
  }) => {
    await recordFirstFrame(page);
    await openApp(page);
    await expect(darkButton(page)).toHaveAttribute('aria-pressed', 'true');
    // The user picks light on their dark system.
    await darkButton(page).click();
    await expect(darkButton(page)).toHaveAttribute('aria-pressed', 'false');
    expect(await backgroundLuminance(preview(page))).toBeGreaterThan(0.8);
    const settings = await customSettings(page);
    await expect(settings).toHaveValue(/^colorTheme: light$/m);
    await page.getByRole('button', { name: 'Cancel' }).click();

    // Light from the first frame of the next start, and the system's changes change nothing.
    await page.reload();
    await expect(editor(page)).toBeVisible({ timeout: 15_000 });
    expect(await firstFrameTheme(page)).toBe('light');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(darkButton(page)).toHaveAttribute('aria-pressed', 'false');
    expect(await backgroundLuminance(preview(page))).toBeGreaterThan(0.8);

    // Back to following the system: `colorTheme: system` in the settings.
    const written = await customSettings(page);
    await written.fill('colorTheme: system\n');
    await page.getByRole('button', { name: 'Ok' }).click();
    await expect(darkButton(page)).toHaveAttribute('aria-pressed', 'true');
    expect(await backgroundLuminance(preview(page))).toBeLessThan(0.2);
    await page.reload();
    await expect(editor(page)).toBeVisible({ timeout: 15_000 });
    expect(await firstFrameTheme(page)).toBe('dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(darkButton(page)).toHaveAttribute('aria-pressed', 'false');
  });
});
