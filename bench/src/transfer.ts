import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Page } from 'playwright-core';
import { launchChromium, openApp, openImportExport, watchMainThread } from './page';
import { median, ms } from './stats';

/** The workspace zipped: FOLDERS folders of FILES_PER_FOLDER files, the rest at the root. */
const FILES = 1000;
const FOLDERS = 10;
const FILES_PER_FOLDER = 60;
const TEXT_LENGTH = 8000;
const RUNS = 3;

/** Writes the files straight into the app's IndexedDB, as the explorer benchmark does. */
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
        const folder = { id: `folder${f}`, type: 'folder', name: `Folder ${f}`, parentId: null };
        store.put({ ...folder, hash: `h${f}`, tx: stamp });
      }
      for (let i = 0; i < files; i += 1) {
        let text = `# File ${i}\n\n`;
        for (let w = i; text.length < length; w += 7) text += `${words[w % words.length]} `;
        const parentId = i < folders * perFolder ? `folder${i % folders}` : null;
        const id = `file${i}`;
        store.put({ id, type: 'file', name: `Note ${i}`, parentId, hash: `f${i}`, tx: stamp });
        store.put({
          id: `${id}/content`,
          type: 'content',
          text: `${text.slice(0, length)}\n`,
          properties: '',
          discussions: {},
          comments: {},
          history: [],
          hash: `c${i}`,
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

/** Downloading a workspace of 1,000 files as a zip, and importing that zip into a new
 * workspace: wall time and the longest time the page could not draw a frame. */
export async function benchTransfer(baseUrl: string, executablePath: string): Promise<void> {
  const browser = await launchChromium(executablePath);
  const folder = await mkdtemp(join(tmpdir(), 'inkstone-bench-zip-'));
  try {
    const page = await openApp(browser, baseUrl);
    await seed(page);
    await page.reload();
    await page.getByRole('textbox', { name: 'Editor' }).waitFor({ timeout: 60_000 });
    await openImportExport(page);
    const button = page.getByRole('button', { name: 'Download workspace as zip' });

    const exports: number[] = [];
    const exportGaps: number[] = [];
    let zipPath = '';
    let zipSize = 0;
    for (let run = 0; run < RUNS; run += 1) {
      await page.waitForTimeout(500);
      const stop = await watchMainThread(page);
      const start = Date.now();
      const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
      exports.push(Date.now() - start);
      exportGaps.push((await stop()).gap);
      zipPath = join(folder, `run${run}.zip`);
      await download.saveAs(zipPath);
      const { size } = await stat(zipPath);
      zipSize = size;
    }

    const imports: number[] = [];
    const importGaps: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const fresh = await openApp(browser, baseUrl);
      await openImportExport(fresh);
      await fresh.waitForTimeout(500);
      const stop = await watchMainThread(fresh);
      const start = Date.now();
      await fresh.getByLabel('Import zip').setInputFiles(zipPath);
      // The seeded files and the first workspace's Welcome file.
      await fresh
        .getByRole('status')
        .getByText(/^Imported 1,001 files/)
        .waitFor({ timeout: 120_000 });
      imports.push(Date.now() - start);
      importGaps.push((await stop()).gap);
      await fresh.context().close();
    }

    console.log(
      `\nWorkspace zip: ${FILES} files of ${TEXT_LENGTH} characters (${FOLDERS} folders of ${FILES_PER_FOLDER}, the rest at the root); zip of ${(zipSize / 1024).toFixed(0)} KB; medians of ${RUNS} runs`,
    );
    console.log(
      `  download as zip: click → download ${ms(median(exports))}, longest frame gap ${ms(median(exportGaps))} (each run: ${exportGaps.map(ms).join(', ')})`,
    );
    console.log(
      `  import the zip into a new workspace: ${ms(median(imports))}, longest frame gap ${ms(median(importGaps))} (each run: ${importGaps.map(ms).join(', ')})`,
    );
  } finally {
    await browser.close();
    await rm(folder, { recursive: true, force: true });
  }
}
