import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, expect, type Page, test } from '@playwright/test';
import { editor } from './helpers';

// The browser killed while the user types (a crash, a power cut, the OS killing it): the next
// start must come back to the file, the caret and the view the user had. These tests start
// Chromium themselves, on a profile of their own that outlives the process, and kill it with
// SIGKILL, which gives the page no chance to save anything (no pagehide, no visibilitychange).

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const LINES = 2_000;
const DOCUMENT = Array.from(
  { length: LINES },
  (_, i) => `Line ${i + 1}: the quick brown fox jumps over the lazy dog.`,
).join('\n');

interface Running {
  process: ChildProcess;
  browser: Browser;
  page: Page;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Starts Chromium on `profile` and opens the app in its window.
async function start(profile: string, url: string): Promise<Running> {
  const portFile = join(profile, 'DevToolsActivePort');
  rmSync(portFile, { force: true });
  const child = spawn(
    CHROMIUM,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--remote-debugging-port=0',
      '--window-size=1400,900',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { detached: true, stdio: 'ignore' },
  );
  let port = '';
  for (let wait = 0; wait < 300 && !port; wait += 1) {
    if (existsSync(portFile)) port = readFileSync(portFile, 'utf8').split('\n')[0] ?? '';
    if (!port) await sleep(50);
  }
  expect(port, 'Chromium opened its debugging port').not.toBe('');
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const context = browser.contexts()[0]!;
  const page = context.pages()[0] ?? (await context.newPage());
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(url);
  await expect(editor(page)).toBeVisible({ timeout: 30_000 });
  return { process: child, browser, page };
}

// Kills the whole browser at once, as a crash would.
async function kill(running: Running): Promise<void> {
  process.kill(-running.process.pid!, 'SIGKILL');
  await new Promise((resolve) => running.process.once('exit', resolve));
  await running.browser.close().catch(() => {});
}

// The lines of the editor on screen, by their number.
const linesOnScreen = (page: Page) =>
  page.locator('.cm-scroller').evaluate((scroller) => {
    const box = scroller.getBoundingClientRect();
    return [...scroller.querySelectorAll('.cm-line')]
      .filter((line) => {
        const rect = line.getBoundingClientRect();
        return rect.top >= box.top - 1 && rect.bottom <= box.bottom + 1;
      })
      .map((line) => Number(/^Line (\d+):/.exec(line.textContent ?? '')?.[1]))
      .filter((number) => number > 0);
  });

// The text of the editor's line that starts with "Line {number}:", once drawn.
const lineText = (page: Page, number: number) =>
  page
    .locator('.cm-line')
    .filter({ hasText: new RegExp(`^Line ${number}:`) })
    .textContent();

/** How the user leaves the browser in each round: where they go (scrolling this many pixels
 * with the mouse wheel and clicking a line, or to the end of the file), what they type at the end of the
 * line, and when the browser dies: `afterTyping` ms after the last key, or `whileTyping` ms
 * after the first. */
const ROUNDS: {
  wheel?: number;
  typed: string;
  afterTyping?: number;
  whileTyping?: number;
}[] = [
  { wheel: 40_000, typed: ' and the cat sat on the mat', afterTyping: 0 },
  { wheel: 20_000, typed: ' a bird sang in the old tree', afterTyping: 300 },
  { wheel: 30_000, typed: ' while the river ran on and on to the sea', whileTyping: 1_500 },
  // Straight to the end of the file, typing at once.
  { typed: ' and that was the end of the story', whileTyping: 1_500 },
];

test('after the browser is killed while typing, the next start has the caret and the view where they were', async ({
  baseURL,
}) => {
  test.setTimeout(180_000);
  const profile = mkdtempSync(join(tmpdir(), 'inkstone-profile-'));
  let running = await start(profile, baseURL!);
  try {
    const { page } = running;
    const tour = page.getByRole('dialog', { name: 'Welcome tour' });
    if (await tour.isVisible()) await tour.getByRole('button', { name: 'Skip' }).click();
    await editor(page).click();
    await page.keyboard.press('ControlOrMeta+a');
    // (Ending with a newline, as a stored text does.)
    await page.keyboard.insertText(`${DOCUMENT}\n`);
    await sleep(1_500);

    for (const [index, round] of ROUNDS.entries()) {
      const { page } = running;
      // The user was at the top of the file, long enough for that to be saved…
      await editor(page).click();
      await page.keyboard.press('ControlOrMeta+Home');
      await sleep(600);
      let target = LINES;
      let original = DOCUMENT.slice(DOCUMENT.lastIndexOf('\n') + 1);
      if (round.wheel === undefined) {
        // (The last line of the file, before the empty one its final newline makes.)
        await page.keyboard.press('ControlOrMeta+End');
        await page.keyboard.press('ArrowUp');
        await page.keyboard.press('End');
      } else {
        // …scrolls far down with the mouse wheel, clicks at the end of a line and types.
        await page.locator('.cm-scroller').hover();
        for (let moved = 0; moved < round.wheel; moved += 1_500) {
          await page.mouse.wheel(0, 1_500);
          await sleep(16);
        }
        await sleep(300);
        const shown = await linesOnScreen(page);
        target = shown[Math.floor(shown.length / 2)]!;
        original = (await lineText(page, target))!;
        await page
          .locator('.cm-line')
          .filter({ hasText: new RegExp(`^Line ${target}:`) })
          .click();
        await page.keyboard.press('End');
      }
      const typing = page.keyboard.type(round.typed, { delay: 60 }).catch(() => {});
      if (round.whileTyping !== undefined) await sleep(round.whileTyping);
      else {
        await typing;
        await sleep(round.afterTyping ?? 0);
      }
      await kill(running);

      running = await start(profile, baseURL!);
      const restarted = running.page;
      const where = `round ${index + 1}, line ${target}`;
      // The file and its place: the line typed in is on screen…
      await expect.poll(() => linesOnScreen(restarted), { message: where }).toContain(target);
      const kept = (await lineText(restarted, target))!;
      expect(kept.startsWith(original), where).toBe(true);
      expect(round.typed.startsWith(kept.slice(original.length)), where).toBe(true);
      // …and the caret is at the end of what was kept of the typing: a key lands there, and the
      // view stays.
      await restarted.keyboard.type('¶');
      await expect.poll(() => lineText(restarted, target), { message: where }).toBe(`${kept}¶`);
      expect(await linesOnScreen(restarted), where).toContain(target);
      await restarted.keyboard.press('Backspace');
      await expect.poll(() => lineText(restarted, target), { message: where }).toBe(kept);
    }
  } finally {
    await kill(running).catch(() => {});
    rmSync(profile, { recursive: true, force: true });
  }
});
