import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, expect, type Page } from '@playwright/test';
import { test } from './fixtures/warm-page';
import {
  alert,
  editor,
  journalRows,
  pasteText,
  refuseSaves,
  skipTour,
  storedRows,
} from './helpers';

// The browser killed while the user types (a crash, a power cut, the OS killing it): the next
// start must come back to the file, the caret and the view the user had. These tests start
// Chromium themselves, on a profile of their own that outlives the process, and kill it with
// SIGKILL, which gives the page no chance to save anything (no pagehide, no visibilitychange).
// Nothing waits a fixed time: the test goes on when IndexedDB holds what it waits for.

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

// Starts Chromium on `profile` and opens the app in its window. When that fails (no debugging
// port, the editor not shown in time), the Chromium started is killed before the error goes on.
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
  let browser: Browser | undefined;
  try {
    let port = '';
    for (let wait = 0; wait < 300 && !port; wait += 1) {
      if (existsSync(portFile)) port = readFileSync(portFile, 'utf8').split('\n')[0] ?? '';
      if (!port) await sleep(50);
    }
    expect(port, 'Chromium opened its debugging port').not.toBe('');
    browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
    const context = browser.contexts()[0]!;
    const page = context.pages()[0] ?? (await context.newPage());
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto(url);
    await expect(editor(page)).toBeVisible({ timeout: 30_000 });
    return { process: child, browser, page };
  } catch (error) {
    await kill({ process: child, browser });
    throw error;
  }
}

// Kills the whole browser at once, as a crash would; a browser already gone is left as it is.
async function kill(running: { process: ChildProcess; browser?: Browser }): Promise<void> {
  const child = running.process;
  const pid = child.pid;
  if (pid !== undefined && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      process.kill(-pid, 'SIGKILL');
      await exited;
    } catch {
      // (The process group ended meanwhile.)
    }
  }
  await running.browser?.close().catch(() => {});
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

// The text of the editor's line that starts with "Line {number}:", once drawn. There is one:
// two (a conflict block, a second editor) fail the test with the lines, and the conflict
// markers, shown.
async function lineText(page: Page, number: number): Promise<string | null> {
  const lines = page.locator('.cm-line').filter({ hasText: new RegExp(`^Line ${number}:`) });
  await lines.first().waitFor({ state: 'attached' });
  const found = await lines.allTextContents();
  if (found.length > 1) {
    const around = await page.evaluate(() =>
      [...document.querySelectorAll('.cm-editor')].map((view) =>
        [...view.querySelectorAll('.cm-line')]
          .map((line) => line.textContent ?? '')
          .filter((line) => /^(<<<<<<<|=======|>>>>>>>)/.test(line)),
      ),
    );
    expect(
      found,
      `one line ${number}; conflict markers in each editor: ${JSON.stringify(around)}`,
    ).toHaveLength(1);
  }
  return found[0] ?? null;
}

/** What IndexedDB holds now of the one file of the profile: its text, and where the caret was
 * (selection start) and the view (first line's position, or 0 at the top). */
async function stored(page: Page) {
  const rows = await storedRows(page);
  const content = rows.find((row) => row.type === 'content');
  const state = rows.find((row) => row.type === 'contentState');
  const scroll = state?.scrollPosition as { pos: number } | null | undefined;
  return {
    text: typeof content?.text === 'string' ? content.text : '',
    caret: Number(state?.selectionStart ?? -1),
    view: scroll?.pos ?? 0,
  };
}

/** Starts the browser on `profile` and types the document as the file's whole text, once it is
 * stored; returns the running browser. */
async function startWithDocument(profile: string, url: string): Promise<Running> {
  const running = await start(profile, url);
  const { page } = running;
  // (Once the app has taken over from the early editor: skipTour waits for it.)
  await skipTour(page);
  await editor(page).click();
  await page.keyboard.press('ControlOrMeta+a');
  // (Ending with a newline, as a stored text does.)
  await pasteText(page, `${DOCUMENT}\n`);
  await expect.poll(async () => (await stored(page)).text).toBe(`${DOCUMENT}\n`);
  return running;
}

/** How the user leaves the browser in each round: where they go (the editor scrolled this many
 * pixels down and a line clicked, or Ctrl+End at once), what they type at the end of the line,
 * and whether the browser dies right after the last key or while a second part is being typed
 * (the first part took over a second: the text was saved meanwhile, a place alone was not). */
const ROUNDS: { scroll?: number; typed: string; more?: string }[] = [
  { scroll: 40_000, typed: ' and the cat sat on the mat' },
  // Straight to the end of the file, typing at once.
  { typed: ' and that was the end of the story', more: ' and they lived happily ever after' },
];

test('after the browser is killed while typing, the next start has the caret and the view where they were', async ({
  baseURL,
}) => {
  test.setTimeout(120_000);
  const profile = mkdtempSync(join(tmpdir(), 'inkstone-profile-'));
  let running: Running | undefined;
  try {
    running = await startWithDocument(profile, baseURL!);

    for (const [index, round] of ROUNDS.entries()) {
      const { page } = running;
      // The user was at the top of the file, long enough for that to be saved…
      await editor(page).click();
      await page.keyboard.press('ControlOrMeta+Home');
      await expect
        .poll(async () => {
          const { caret, view } = await stored(page);
          return { caret, view };
        })
        .toEqual({ caret: 0, view: 0 });
      let target = LINES;
      let original = DOCUMENT.slice(DOCUMENT.lastIndexOf('\n') + 1);
      if (round.scroll === undefined) {
        // (The last line of the file, before the empty one its final newline makes.)
        await page.keyboard.press('ControlOrMeta+End');
        await page.keyboard.press('ArrowUp');
        await page.keyboard.press('End');
      } else {
        // …scrolls far down, clicks at the end of a line and types.
        await page.locator('.cm-scroller').evaluate((scroller, top) => {
          scroller.scrollTop = top;
        }, round.scroll);
        await expect.poll(async () => (await linesOnScreen(page))[0] ?? 0).toBeGreaterThan(100);
        const shown = await linesOnScreen(page);
        target = shown[Math.floor(shown.length / 2)]!;
        original = (await lineText(page, target))!;
        await page
          .locator('.cm-line')
          .filter({ hasText: new RegExp(`^Line ${target}:`) })
          .click();
        await page.keyboard.press('End');
      }
      await page.keyboard.type(round.typed, { delay: 60 });
      // Killed at once, or while more is being typed.
      const more = round.more && page.keyboard.type(round.more, { delay: 60 }).catch(() => {});
      await kill(running);
      await more;

      running = await start(profile, baseURL!);
      const restarted = running.page;
      const where = `round ${index + 1}, line ${target}`;
      // The file and its place: the line typed in is on screen…
      await expect.poll(() => linesOnScreen(restarted), { message: where }).toContain(target);
      const kept = (await lineText(restarted, target))!;
      const typed = round.typed + (round.more ?? '');
      expect(kept.startsWith(original), where).toBe(true);
      expect(typed.startsWith(kept.slice(original.length)), where).toBe(true);
      // (Over a second of typing: some of it was saved before the kill.)
      expect(kept.length, where).toBeGreaterThan(original.length);
      // …and the caret is at the end of what was kept of the typing: a key lands there, and the
      // view stays.
      await restarted.keyboard.type('¶');
      await expect.poll(() => lineText(restarted, target), { message: where }).toBe(`${kept}¶`);
      expect(await linesOnScreen(restarted), where).toContain(target);
      await restarted.keyboard.press('Backspace');
      await expect.poll(() => lineText(restarted, target), { message: where }).toBe(kept);
    }
  } finally {
    if (running) await kill(running);
    rmSync(profile, { recursive: true, force: true });
  }
});

test('after the browser is killed while the database refused to save, the next start brings the typed text back from the unsaved-changes journal', async ({
  baseURL,
}) => {
  test.setTimeout(120_000);
  const profile = mkdtempSync(join(tmpdir(), 'inkstone-profile-'));
  let running: Running | undefined;
  try {
    running = await startWithDocument(profile, baseURL!);
    const { page } = running;

    // The database fails; the user types at the end of the last line, and is told.
    await refuseSaves(page);
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('End');
    const typed = ' and the journal kept it';
    // The error shows for 5 s from the first failed save, which may come while the user is
    // still typing (a slow machine): it is looked for from the first key.
    const told = expect(alert(page, 'Local DB access error.')).toBeVisible({ timeout: 30_000 });
    told.catch(() => {}); // (Awaited below.)
    await page.keyboard.type(typed, { delay: 30 });
    const expected = `${DOCUMENT}${typed}\n`;
    await expect
      .poll(() => lineText(page, LINES))
      .toBe(`Line ${LINES}: the quick brown fox jumps over the lazy dog.${typed}`);
    await told;
    // The journal holds it while the page is open: the kill gives the page no time to write.
    await expect
      .poll(async () => (await journalRows(page)).map((row) => row.text))
      .toEqual([expected]);
    expect((await stored(page)).text).toBe(`${DOCUMENT}\n`);
    await kill(running);

    running = await start(profile, baseURL!);
    const restarted = running.page;
    await expect.poll(async () => (await stored(restarted)).text).toBe(expected);
    await expect
      .poll(() => lineText(restarted, LINES))
      .toBe(`Line ${LINES}: the quick brown fox jumps over the lazy dog.${typed}`);
    await expect.poll(() => journalRows(restarted)).toEqual([]);
  } finally {
    if (running) await kill(running);
    rmSync(profile, { recursive: true, force: true });
  }
});
