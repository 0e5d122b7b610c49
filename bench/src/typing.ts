import { chromium, type Page } from 'playwright-core';
import { CORPUS, readDoc } from './corpus';
import { median, ms, percentile } from './stats';

const KEYSTROKES = 40;
const WARM_UP = 5;
/** Time between keystrokes: a fast typist, about 120 words a minute. */
const KEY_INTERVAL_MS = 100;

interface PageLog {
  keys: { stamp: number; handled: number }[];
  renders: { length: number; shown: number }[];
}

/** Installs the probes: when each keydown happened and started being handled, and when the
 * preview showed each text length (the frame after the preview finished patching). */
async function instrument(page: Page): Promise<void> {
  await page.evaluate(() => {
    const log: PageLog = { keys: [], renders: [] };
    (window as unknown as { benchLog: PageLog }).benchLog = log;
    window.addEventListener(
      'keydown',
      (event) => log.keys.push({ stamp: event.timeStamp, handled: performance.now() }),
      { capture: true },
    );
    const content = document.querySelector<HTMLElement>('.preview__content')!;
    new MutationObserver(() => {
      const length = Number(content.dataset.renderedLength);
      requestAnimationFrame(() => log.renders.push({ length, shown: performance.now() }));
    }).observe(content, { attributes: true, attributeFilter: ['data-rendered-length'] });
  });
}

async function waitForPreviewLength(page: Page, length: number): Promise<void> {
  await page.waitForFunction(
    (expected) =>
      document.querySelector<HTMLElement>('.preview__content')?.dataset.renderedLength ===
      String(expected),
    length,
    { timeout: 120_000, polling: 20 },
  );
}

/** Keystroke-to-preview latency and input delay in Chromium for each corpus document. */
export async function benchTyping(baseUrl: string, executablePath: string): Promise<void> {
  const browser = await chromium.launch({
    executablePath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  console.log(
    `\nTyping in Chromium: ${KEYSTROKES} keystrokes ${KEY_INTERVAL_MS} ms apart in the middle of the document`,
  );
  console.log(
    'document (chars)   keystroke→preview median   p95        input delay median   p95        reload→preview',
  );
  try {
    for (const name of CORPUS) {
      const text = readDoc(name);
      const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
      const page = await context.newPage();
      await page.goto(baseUrl);
      const editor = page.getByRole('textbox', { name: 'Editor' });
      await editor.waitFor({ timeout: 30_000 });
      await editor.click();
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.press('Delete');
      // Pasted, as a user brings a document in (typing 250,000 characters would take hours).
      await page.evaluate((pasted) => {
        const data = new DataTransfer();
        data.setData('text/plain', pasted);
        document
          .querySelector('.cm-content')!
          .dispatchEvent(
            new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
          );
      }, text);
      await waitForPreviewLength(page, text.length);

      // Reopen: how long until the preview of the stored document is complete.
      const reloadStart = Date.now();
      await page.reload();
      await waitForPreviewLength(page, text.length);
      const loadToPreview = Date.now() - reloadStart;

      // Caret in the middle of the document, at the end of a line.
      await page.evaluate(() => {
        const scroller = document.querySelector('.cm-scroller')!;
        scroller.scrollTop = (scroller.scrollHeight - scroller.clientHeight) / 2;
      });
      await page.waitForTimeout(600);
      const box = (await page.locator('.cm-scroller').boundingBox())!;
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      await page.keyboard.press('End');
      await page.waitForTimeout(600);
      await instrument(page);

      for (let i = 0; i < KEYSTROKES + WARM_UP; i += 1) {
        await page.keyboard.press('a');
        await page.waitForTimeout(KEY_INTERVAL_MS);
      }
      await waitForPreviewLength(page, text.length + KEYSTROKES + WARM_UP);
      await page.waitForTimeout(100);
      const log = await page.evaluate(() => (window as unknown as { benchLog: PageLog }).benchLog);
      const latencies: number[] = [];
      const delays: number[] = [];
      log.keys.forEach((key, index) => {
        if (index < WARM_UP) return;
        const expected = text.length + index + 1;
        const shown = log.renders.find((render) => render.length >= expected);
        if (shown) latencies.push(shown.shown - key.stamp);
        delays.push(key.handled - key.stamp);
      });
      console.log(
        `${`${name} (${text.length})`.padEnd(18)} ${ms(median(latencies)).padStart(24)}   ${ms(percentile(latencies, 95)).padStart(9)}   ${ms(median(delays)).padStart(18)}   ${ms(percentile(delays, 95)).padStart(9)}   ${`${loadToPreview} ms`.padStart(12)}`,
      );
      await context.close();
    }
  } finally {
    await browser.close();
  }
}
