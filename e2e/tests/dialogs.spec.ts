import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { test } from './fixtures/warm-page';
import { editor, openApp, preview, storedRows } from './helpers';

// The version the About dialog shows: the web app's, which its build reads (next.config.ts).
const inkstoneVersion = (
  JSON.parse(readFileSync(new URL('../../apps/web/package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

const tour = (page: Page) => page.getByRole('dialog', { name: 'Welcome tour' });

// Waits until the local database holds the tour as finished: a reload at once may come before
// the write (a user would not reload within milliseconds).
async function tourFinishedStored(page: Page): Promise<void> {
  await expect
    .poll(async () => {
      const rows = await storedRows(page);
      const layout = rows.find((row) => row.id === 'layoutSettings')?.data as
        { welcomeTourFinished?: boolean } | undefined;
      return layout?.welcomeTourFinished === true;
    })
    .toBe(true);
}

// Opens the app without skipping the tour.
async function openFresh(page: Page): Promise<void> {
  await page.goto('/');
  await expect(editor(page)).toBeVisible({ timeout: 15_000 });
  await expect(preview(page).locator('h1, h2, p').first()).toBeVisible();
}

test('the welcome tour runs through its steps and does not return after a reload', async ({
  page,
}) => {
  await openFresh(page);
  const card = tour(page);
  await expect(card.getByRole('heading')).toHaveText('Welcome back!');
  const titles = ['The editor', 'The explorer', 'The menu', 'Light or dark', 'You are all set'];
  for (const title of titles) {
    await expect(card.getByRole('button', { name: 'Skip' })).toBeVisible();
    await card.getByRole('button', { name: 'Next' }).click();
    await expect(card.getByRole('heading')).toHaveText(title);
  }
  // The editor step pointed at the editor; the last step asks for a star and has Ok only.
  await expect(card).toContainText('star');
  await expect(card.getByRole('button', { name: 'Next' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Skip' })).toHaveCount(0);
  await card.getByRole('button', { name: 'Ok' }).click();
  await expect(card).toBeHidden();
  await tourFinishedStored(page);

  await page.reload();
  await expect(editor(page)).toBeVisible({ timeout: 15_000 });
  await expect(preview(page).locator('h1, h2, p').first()).toBeVisible();
  await page.waitForTimeout(500);
  await expect(tour(page)).toHaveCount(0);
});

test('Escape skips the tour for good; the page can be used while it shows', async ({ page }) => {
  await openFresh(page);
  await expect(tour(page)).toBeVisible();
  // Writing while the tour shows.
  await editor(page).click();
  await page.keyboard.type('Still writing');
  await expect(editor(page)).toContainText('Still writing');
  await page.keyboard.press('Escape');
  await expect(tour(page)).toBeHidden();
  await tourFinishedStored(page);
  await page.reload();
  await expect(editor(page)).toBeVisible({ timeout: 15_000 });
  await page.waitForTimeout(500);
  await expect(tour(page)).toHaveCount(0);
});

test('a dialog keeps Tab inside, has a close button, and Escape gives the editor its focus back', async ({
  page,
}) => {
  await openApp(page);
  await editor(page).click();
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeVisible();
  for (let i = 0; i < 8; i += 1) {
    await page.keyboard.press(i % 3 === 2 ? 'Shift+Tab' : 'Tab');
    const inside = await dialog.evaluate((element) => element.contains(document.activeElement));
    expect(inside).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(editor(page)).toBeFocused();

  // The close button cancels too.
  await page.getByRole('button', { name: 'File properties' }).click();
  const properties = page.getByRole('dialog', { name: 'File properties' });
  await properties.getByRole('button', { name: 'Close' }).click();
  await expect(properties).toBeHidden();
  await expect(editor(page)).toBeFocused();
});

test('Enter in a field confirms; the properties tab chosen last is remembered', async ({
  page,
}) => {
  await openApp(page);
  await page.getByRole('button', { name: 'File properties' }).click();
  let dialog = page.getByRole('dialog', { name: 'File properties' });
  await dialog.getByRole('textbox', { name: 'Author' }).fill('Ada');
  await dialog.getByRole('textbox', { name: 'Author' }).press('Enter');
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'File properties' }).click();
  dialog = page.getByRole('dialog', { name: 'File properties' });
  await expect(dialog.getByRole('textbox', { name: 'Author' })).toHaveValue('Ada');
  await dialog.getByRole('tab', { name: 'YAML properties' }).click();
  await expect(dialog.getByRole('textbox', { name: 'YAML properties' })).toHaveValue(/author: Ada/);
  await page.keyboard.press('Escape');
  // Opened again, the dialog shows the tab chosen last: the choice is stored by then (it is
  // written to the browser's database, then shown), so the reload below reads it back.
  await page.getByRole('button', { name: 'File properties' }).click();
  await expect(dialog.getByRole('tab', { name: 'YAML properties' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.reload();
  await expect(editor(page)).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'File properties' }).click();
  dialog = page.getByRole('dialog', { name: 'File properties' });
  await expect(dialog.getByRole('tab', { name: 'YAML properties' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(dialog.getByRole('textbox', { name: 'YAML properties' })).toHaveValue(/author: Ada/);
});

test('every menu entry works: none is disabled; About and the cheat sheet open', async ({
  page,
}) => {
  await openApp(page);
  await page.getByRole('button', { name: 'Toggle side bar' }).click();
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('button', { name: /^Badges \(\d+\/\d+\)$/ })).toBeEnabled();
  const entries = menu.getByRole('listitem').getByRole('button');
  expect(await entries.count()).toBeGreaterThan(15);
  for (const entry of await entries.all()) await expect(entry).toBeEnabled();

  await menu.getByRole('button', { name: 'Markdown cheat sheet' }).click();
  const sheet = page.getByRole('document', { name: 'Markdown cheat sheet' });
  await expect(sheet.getByRole('region', { name: 'Headings' })).toContainText('# Heading 1');
  await expect(sheet.getByRole('region', { name: 'Math and diagrams' })).toContainText('mermaid');
  await page.getByRole('button', { name: 'Main menu' }).click();

  await menu.getByRole('button', { name: 'About' }).click();
  const about = page.getByRole('dialog', { name: 'About' });
  // Inkstone's own version (the repository's package.json) and this year, not the reference
  // product's 6.0.1 and 2022.
  await expect(about).toContainText(`Version ${inkstoneVersion}`);
  await expect(about).toContainText(`© ${new Date().getFullYear()} Inkstone`);
  await about.getByText('Privacy').click();
  await expect(about).toContainText('no tracking');
  await about.getByRole('button', { name: 'Cancel' }).click();
  await expect(about).toBeHidden();
});
