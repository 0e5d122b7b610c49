import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import { launchChromium, openApp, openImportExport, watchMainThread } from './page';
import { median, ms } from './stats';

/** Photos of IMAGE_MB megabytes each, IMAGES of them, in a zip as a zip tool makes it. */
const IMAGES = 3;
const IMAGE_MB = 20;
const RUNS = 3;

/**
 * Importing a zip of large photos (three of 20 MB, deflated as zip tools do: photos do not
 * compress, so their deflate streams are mostly stored blocks) into a new workspace, then
 * downloading that workspace as a zip: wall time, the longest gap between two frames and the
 * longest task of the main thread while each ran. `BENCH_ONLY=images`.
 */
export async function benchImageZip(baseUrl: string, executablePath: string): Promise<void> {
  const browser = await launchChromium(executablePath);
  const folder = await mkdtemp(join(tmpdir(), 'inkstone-bench-images-'));
  try {
    const files: Record<string, Uint8Array> = { 'Trip/Notes.md': Buffer.from('# Trip\n') };
    for (let i = 0; i < IMAGES; i += 1) {
      files[`Trip/photos/photo-${i}.jpg`] = new Uint8Array(randomBytes(IMAGE_MB * 1_000_000));
    }
    const zipPath = join(folder, 'photos.zip');
    await writeFile(zipPath, zipSync(files));

    const imports: number[] = [];
    const importGaps: number[] = [];
    const importTasks: number[] = [];
    const exports: number[] = [];
    const exportGaps: number[] = [];
    const exportTasks: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const page = await openApp(browser, baseUrl);
      await openImportExport(page);
      await page.waitForTimeout(500);
      let stop = await watchMainThread(page);
      let start = Date.now();
      await page.getByLabel('Import zip').setInputFiles(zipPath);
      await page
        .getByRole('status')
        .getByText(`Imported 1 file, 1 folder and ${IMAGES} images.`)
        .waitFor({ timeout: 300_000 });
      imports.push(Date.now() - start);
      let { gap, task } = await stop();
      importGaps.push(gap);
      importTasks.push(task);

      await page.waitForTimeout(500);
      stop = await watchMainThread(page);
      start = Date.now();
      await Promise.all([
        page.waitForEvent('download', { timeout: 300_000 }),
        page.getByRole('button', { name: 'Download workspace as zip' }).click(),
      ]);
      exports.push(Date.now() - start);
      ({ gap, task } = await stop());
      exportGaps.push(gap);
      exportTasks.push(task);
      await page.context().close();
    }

    const each = (values: number[]) => values.map(ms).join(', ');
    console.log(
      `\nA zip of ${IMAGES} photos of ${IMAGE_MB} MB (deflated) and one note; medians of ${RUNS} runs`,
    );
    console.log(
      `  import into a new workspace: ${ms(median(imports))}, longest frame gap ${ms(median(importGaps))} (each run: ${each(importGaps)}), longest task ${ms(median(importTasks))} (each run: ${each(importTasks)})`,
    );
    console.log(
      `  that workspace downloaded as a zip: ${ms(median(exports))}, longest frame gap ${ms(median(exportGaps))} (each run: ${each(exportGaps)}), longest task ${ms(median(exportTasks))} (each run: ${each(exportTasks)})`,
    );
  } finally {
    await browser.close();
    await rm(folder, { recursive: true, force: true });
  }
}
