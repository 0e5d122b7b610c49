import { type Browser, chromium, type Page } from 'playwright-core';

// The app in Chromium for the parts that open it in a fresh context (explorer, transfer,
// images): how the browser is launched, how the app is opened, and how long the main thread kept
// the page from drawing.

/** Chromium at `executablePath`, launched as the explorer, import and export parts need it. */
export function launchChromium(executablePath: string): Promise<Browser> {
  return chromium.launch({
    executablePath,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
}

/** The app at `baseUrl` in a fresh context of `browser` (an empty workspace, unless the page's
 * IndexedDB was seeded before), the editor shown and the welcome tour skipped. */
export async function openApp(browser: Browser, baseUrl: string): Promise<Page> {
  // (No service worker: its precaching of the whole build after the first visit would run
  // beside what is measured; the baseline has none.)
  const context = await browser.newContext({
    viewport: { width: 1400, height: 900 },
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  await page.goto(baseUrl);
  await page.getByRole('textbox', { name: 'Editor' }).waitFor({ timeout: 30_000 });
  await page
    .getByRole('dialog', { name: 'Welcome tour' })
    .getByRole('button', { name: 'Skip' })
    .click();
  return page;
}

/** Opens the side bar on its Import/export panel. */
export async function openImportExport(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Toggle side bar' }).click();
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('button', { name: 'Import/export' })
    .click();
}

/** What the main thread did while watched, in ms: the longest gap between two frames (how long
 * the page could not draw) and the longest task (`longtask` entries, 0 when none). */
export interface MainThread {
  gap: number;
  task: number;
}

/** Starts recording the gaps between frames and the long tasks of `page`; the returned function
 * stops and gives what was recorded. */
export async function watchMainThread(page: Page): Promise<() => Promise<MainThread>> {
  // A script in a string: the bundler would wrap a named function in a helper the page lacks.
  await page.evaluate(`(() => {
    const state = { gap: 0, task: 0, running: true, last: performance.now() };
    window.benchMain = state;
    requestAnimationFrame(function frame(now) {
      state.gap = Math.max(state.gap, now - state.last);
      state.last = now;
      if (state.running) requestAnimationFrame(frame);
    });
    state.observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) state.task = Math.max(state.task, entry.duration);
    });
    state.observer.observe({ type: 'longtask' });
  })()`);
  return () =>
    page.evaluate(() => {
      const state = (
        window as unknown as {
          benchMain: MainThread & { running: boolean; observer: PerformanceObserver };
        }
      ).benchMain;
      state.running = false;
      state.observer.disconnect();
      return { gap: state.gap, task: state.task };
    });
}
