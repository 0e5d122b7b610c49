import { type Page } from 'playwright-core';
import { launchChromium, openApp } from './page';
import { median, ms, percentile } from './stats';

/** Files seeded: FOLDERS folders of FILES_PER_FOLDER files, and the rest at the root. */
const FILES = 5000;
const FOLDERS = 50;
const FILES_PER_FOLDER = 80;
const TEXT_LENGTH = 10_000;
const RUNS = 5;
/** Frames of scrolling measured, and how far each frame scrolls the tree. */
const SCROLL_FRAMES = 240;
const SCROLL_STEP = 40;

/** Writes the files straight into the app's IndexedDB (the same rows the app's Dexie schema
 * stores: `objects` keyed by id, with `type` and `tx`), then reloads the app onto them. */
async function seed(page: Page): Promise<void> {
  await page.evaluate(
    async ({ files, folders, perFolder, length }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('inkstone-db');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const words = ['ink', 'stone', 'paper', 'brush', 'river', 'cloud', 'lamp', 'field'];
      const tx = db.transaction('objects', 'readwrite');
      const store = tx.objectStore('objects');
      const stamp = 1_000_000;
      for (let f = 0; f < folders; f += 1) {
        store.put({
          id: `folder${f}`,
          type: 'folder',
          name: `Folder ${f}`,
          parentId: null,
          hash: `h${f}`,
          tx: stamp,
        });
      }
      for (let i = 0; i < files; i += 1) {
        let text = `# File ${i}\n\n`;
        for (let w = i; text.length < length; w += 7) text += `${words[w % words.length]} `;
        // One file in a hundred holds a rare word: a search for it stops at 50 matches.
        if (i % 100 === 0) text = `${text.slice(0, length - 8)} quartz\n`;
        const folder = i < folders * perFolder ? `folder${i % folders}` : null;
        const id = `file${i}`;
        store.put({
          id,
          type: 'file',
          name: `Note ${i}`,
          parentId: folder,
          hash: `f${i}`,
          tx: stamp,
        });
        store.put({
          id: `${id}/content`,
          type: 'content',
          text: text.slice(0, length),
          properties: '',
          discussions: {},
          comments: {},
          history: [],
          hash: `c${i}`,
          tx: stamp,
        });
        store.put({
          id: `${id}/contentState`,
          type: 'contentState',
          selectionStart: 0,
          selectionEnd: 0,
          scrollPosition: null,
          hash: `s${i}`,
          tx: stamp,
        });
      }
      await new Promise((resolve, reject) => {
        tx.oncomplete = resolve;
        tx.onerror = () => reject(tx.error);
      });
      db.close();
    },
    { files: FILES, folders: FOLDERS, perFolder: FILES_PER_FOLDER, length: TEXT_LENGTH },
  );
}

/** From the Toggle explorer click to the frame after the tree shows its rows. */
async function toggleToTree(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const button = document.querySelector<HTMLButtonElement>('[aria-label="Toggle explorer"]')!;
    const start = performance.now();
    // No named functions in here: the bundler would wrap them in a helper the page lacks.
    const shown = new Promise<void>((resolve) => {
      const observer = new MutationObserver(() => {
        if (document.querySelectorAll('[role="tree"] [role="treeitem"]').length > 0) {
          observer.disconnect();
          resolve();
        }
      });
      observer.observe(document.body, { childList: true, subtree: true });
    });
    button.click();
    await shown;
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
    return performance.now() - start;
  });
}

/** Scrolls the tree one step a frame; resolves to the frame-to-frame times. */
async function scrollFrames(page: Page): Promise<number[]> {
  return page.evaluate(
    async ({ frames, step }) => {
      const tree = document.querySelector<HTMLElement>('[role="tree"]')!;
      tree.scrollTop = 0;
      const times: number[] = [];
      let last = await new Promise<number>((resolve) => requestAnimationFrame(resolve));
      for (let i = 0; i < frames; i += 1) {
        tree.scrollTop += step;
        const now = await new Promise<number>((resolve) => requestAnimationFrame(resolve));
        times.push(now - last);
        last = now;
      }
      return times;
    },
    { frames: SCROLL_FRAMES, step: SCROLL_STEP },
  );
}

/** From Enter in the search input to the frame after the results (or 'No matching file.'). */
async function searchTime(page: Page, query: string): Promise<number> {
  return page.evaluate(async (text) => {
    const input = document.querySelector<HTMLInputElement>('input[aria-label="Search files"]')!;
    input.value = text;
    const panel = input.parentElement!;
    const done = new Promise<void>((resolve) => {
      const observer = new MutationObserver(() => {
        if (panel.textContent?.includes('Querying...')) return;
        if (panel.querySelector('[aria-label="Search results"], [role="status"]')) {
          observer.disconnect();
          resolve();
        }
      });
      observer.observe(panel, { childList: true, subtree: true, characterData: true });
    });
    const start = performance.now();
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    await done;
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
    return performance.now() - start;
  }, query);
}

/** The explorer over 5,000 files of 10,000 characters: opening it, scrolling it, searching. */
export async function benchExplorer(baseUrl: string, executablePath: string): Promise<void> {
  const browser = await launchChromium(executablePath);
  try {
    const page = await openApp(browser, baseUrl);
    await seed(page);
    await page.reload();
    await page.getByRole('textbox', { name: 'Editor' }).waitFor({ timeout: 60_000 });
    await page.waitForTimeout(1000);

    const opens: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      opens.push(await toggleToTree(page));
      await page.getByRole('button', { name: 'Toggle explorer' }).click();
      await page.waitForTimeout(300);
    }
    await page.getByRole('button', { name: 'Toggle explorer' }).click();
    const rows = await page.evaluate(
      () => document.querySelector<HTMLElement>('[role="tree"] > div')!.offsetHeight / 26,
    );
    await page.waitForTimeout(300);
    const frames = (await scrollFrames(page)).slice(5);
    const dropped = frames.filter((time) => time > 1.5 * median(frames)).length;

    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('searchbox', { name: 'Search files' }).waitFor();
    // The explorer has been open for a while: its texts for search are read by now.
    const cold = await searchTime(page, 'coldstart');
    const full: number[] = [];
    const early: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      full.push(await searchTime(page, `absent${i}`));
      early.push(await searchTime(page, 'quartz'));
    }
    console.log(
      `\nExplorer: ${FILES} files of ${TEXT_LENGTH} characters (${FOLDERS} folders of ${FILES_PER_FOLDER}, the rest at the root); medians of ${RUNS} runs`,
    );
    console.log(`  toggle → tree shown (${rows} rows):   ${ms(median(opens))}  (target ≤ 200 ms)`);
    console.log(
      `  scroll, ${frames.length} frames of ${SCROLL_STEP} px: frame p50 ${ms(median(frames))}, p95 ${ms(percentile(frames, 95))}, dropped (> 1.5 × p50) ${dropped}`,
    );
    console.log(`  search, no match (reads all):     ${ms(median(full))}  (target ≤ 300 ms)`);
    console.log(`  search, stops at 50 matches:      ${ms(median(early))}`);
    console.log(`  first search: ${ms(cold)}`);
  } finally {
    await browser.close();
  }
}
