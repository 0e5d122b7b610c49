import { expect, type Locator, type Page } from '@playwright/test';

/** The editor, as assistive technology finds it. */
export const editor = (page: Page): Locator => page.getByRole('textbox', { name: 'Editor' });

/** The preview region. */
export const preview = (page: Page): Locator => page.getByRole('region', { name: 'Preview' });

/** Opens the app and waits for the workspace to be ready. */
export async function openApp(page: Page): Promise<void> {
  await page.goto('/');
  await expect(editor(page)).toBeVisible({ timeout: 15_000 });
  // The first file's preview is there once the app is usable.
  await expect(preview(page).locator('h1, h2, p').first()).toBeVisible();
  await skipTour(page);
}

/** Skips the welcome tour if it shows, as a user who knows the app would. */
export async function skipTour(page: Page): Promise<void> {
  const tour = page.getByRole('dialog', { name: 'Welcome tour' });
  if (await tour.isVisible()) {
    await tour.getByRole('button', { name: 'Skip' }).click();
    await expect(tour).toBeHidden();
  }
}

/** Replaces the whole text as a user would: select all, then type. */
export async function replaceText(page: Page, text: string): Promise<void> {
  await editor(page).click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}

/** The editor's text as shown, without trailing newlines: the stored text always ends with
 * exactly one, which the editor shows as an empty last line once the file is reopened. */
export async function editorText(page: Page): Promise<string> {
  const text = await editor(page).evaluate((element) =>
    [...element.querySelectorAll('.cm-line')].map((line) => line.textContent).join('\n'),
  );
  return text.replace(/\n+$/, '');
}

// Scrolls the editor until a line with `text` is drawn.
export async function scrollToLine(page: Page, text: string): Promise<void> {
  await page.locator('.cm-scroller').evaluate(async (scroller, wanted) => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    scroller.scrollTop = 0;
    // (The lines drawn are those of the place scrolled from until CodeMirror has seen the scroll.)
    await frame();
    await frame();
    for (let step = 0; step < 500; step += 1) {
      const line = [...scroller.querySelectorAll('.cm-line')].find((element) =>
        element.textContent?.includes(wanted),
      );
      if (line) {
        line.scrollIntoView({ block: 'center' });
        await frame();
        return;
      }
      scroller.scrollTop += scroller.clientHeight * 0.9;
      await frame();
      await frame();
    }
  }, text);
}
