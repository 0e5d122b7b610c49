import { type BrowserContext, expect, type Page } from '@playwright/test';
import { test } from './fixtures/warm-page';
import { openFile } from './fixtures/forge-workspace';
import { alert, editor, editorText, menu, openApp, openMenu, skipTour, tree } from './helpers';

// A workspace in a folder on disk (issue 33), in real Chromium. Playwright cannot answer the
// browser's directory picker (Chromium aborts it: "Intercepted by
// Page.setInterceptFileChooserDialog()"), so the picker resolves a folder of the origin private
// file system: a real FileSystemDirectoryHandle of the same API, which the "other tool" of the
// test edits through the page. One browser context, one workspace tab, serial steps.

test.describe.configure({ mode: 'serial', timeout: 90_000 });

let context: BrowserContext;
let tab: Page;

// The folder the picker gives, and, once `inkstone-e2e-permission` is set in the tab's
// session, a browser that asks again for the folder after a restart: the first request
// refused, the next granted (only from a click, as Chromium wants).
const initScript = () => {
  const folder = async () =>
    (await navigator.storage.getDirectory()).getDirectoryHandle('Notes', { create: true });
  Object.defineProperty(window, 'showDirectoryPicker', { value: folder, configurable: true });
  const state = sessionStorage.getItem('inkstone-e2e-permission');
  if (state === null) return;
  const proto = FileSystemHandle.prototype as unknown as Record<string, unknown>;
  proto.queryPermission = () =>
    Promise.resolve(
      sessionStorage.getItem('inkstone-e2e-permission') === 'granted' ? 'granted' : 'prompt',
    );
  proto.requestPermission = () => {
    if (!navigator.userActivation.isActive)
      return Promise.reject(new DOMException('No gesture.', 'SecurityError'));
    const next = sessionStorage.getItem('inkstone-e2e-permission') === 'refuse' ? 'ask' : 'granted';
    sessionStorage.setItem('inkstone-e2e-permission', next);
    return Promise.resolve(next === 'granted' ? 'granted' : 'denied');
  };
};

/** A file of the folder on disk, as another tool reads it; undefined when there is none. */
const readDisk = (page: Page, path: string) =>
  page.evaluate(async (path) => {
    let dir = await (await navigator.storage.getDirectory()).getDirectoryHandle('Notes');
    const names = path.split('/');
    try {
      for (const name of names.slice(0, -1)) dir = await dir.getDirectoryHandle(name);
      return await (await (await dir.getFileHandle(names.at(-1)!)).getFile()).text();
    } catch {
      return undefined;
    }
  }, path);

/** Writes a file of the folder on disk, as another tool would. */
const writeDisk = (page: Page, path: string, text: string) =>
  page.evaluate(
    async ([path, text]) => {
      let dir = await (
        await navigator.storage.getDirectory()
      ).getDirectoryHandle('Notes', {
        create: true,
      });
      const names = path!.split('/');
      for (const name of names.slice(0, -1)) {
        dir = await dir.getDirectoryHandle(name, { create: true });
      }
      const writable = await (
        await dir.getFileHandle(names.at(-1)!, { create: true })
      ).createWritable();
      await writable.write(text!);
      await writable.close();
    },
    [path, text],
  );

/** Opens a file of a folder of the explorer. */
async function openIn(page: Page, folder: string, name: string): Promise<void> {
  const item = tree(page).getByRole('treeitem', { name, exact: true });
  if (!(await item.isVisible())) {
    await tree(page).getByRole('treeitem', { name: folder, exact: true }).click();
  }
  await openFile(page, name);
}

test.beforeAll(async ({ browser }, testInfo) => {
  const { baseURL, viewport } = testInfo.project.use;
  context = await browser.newContext({ baseURL, viewport });
  await context.addInitScript(initScript);
});

test.afterAll(async () => {
  await context?.close();
});

test('a folder picked from Workspaces opens with its files, and the app writes each save to it', async () => {
  const page = await context.newPage();
  await openApp(page);
  await writeDisk(page, 'Hello.md', 'Hello from disk.\n');
  await writeDisk(page, 'Ideas/Plan.md', '# Plan\n\nWritten by another editor.\n');
  await writeDisk(page, 'node_modules/pkg/README.md', 'Not a note.\n');
  await openMenu(page);
  await menu(page)
    .getByRole('button', { name: /^Workspaces \(\d+\)$/ })
    .click();
  const opened = context.waitForEvent('page');
  await page
    .getByRole('region', { name: 'Workspaces' })
    .getByRole('button', { name: 'Add a folder on this computer' })
    .click();
  tab = await opened;
  await expect(editor(tab)).toBeVisible({ timeout: 15_000 });
  await skipTour(tab);
  await page.close();
  await openMenu(tab);
  await expect(menu(tab)).toContainText('synced with the folder “Notes” on this computer');
  await tab.keyboard.press('Escape');

  // (The title names the file the moment it is clicked; its text follows once read.)
  await openFile(tab, 'Hello');
  await expect.poll(() => editorText(tab)).toBe('Hello from disk.');
  await openIn(tab, 'Ideas', 'Plan');
  await expect.poll(() => editorText(tab)).toBe('# Plan\n\nWritten by another editor.');
  await expect(tree(tab).getByRole('treeitem', { name: 'README' })).toHaveCount(0);

  // Typed here: on disk a few seconds later, and the app's own data beside it.
  await editor(tab).click();
  await tab.keyboard.press('Control+End');
  await tab.keyboard.type('Typed in Inkstone.');
  await expect
    .poll(() => readDisk(tab, 'Ideas/Plan.md'), { timeout: 20_000 })
    .toBe('# Plan\n\nWritten by another editor.\nTyped in Inkstone.\n');
  expect(JSON.parse((await readDisk(tab, '.inkstone-data/index.json'))!)).toMatchObject({
    version: 1,
  });
});

test('files changed and added outside come in, and edits made at once inside and outside are both kept', async () => {
  await writeDisk(tab, 'Hello.md', 'Hello from disk, changed in another editor.\n');
  await writeDisk(tab, 'Ideas/Added.md', 'Added by another tool.\n');
  await expect(tree(tab).getByRole('treeitem', { name: 'Added' })).toBeVisible({
    timeout: 20_000,
  });
  await openFile(tab, 'Hello');
  await expect.poll(() => editorText(tab)).toBe('Hello from disk, changed in another editor.');

  // One line typed here while another tool changes the first line on disk.
  await editor(tab).click();
  await tab.keyboard.press('Control+End');
  await tab.keyboard.type('A line typed here.');
  await writeDisk(tab, 'Hello.md', 'Hello from disk, edited outside again.\n');
  const both = 'Hello from disk, edited outside again.\nA line typed here.';
  await expect.poll(() => editorText(tab), { timeout: 30_000 }).toBe(both);
  await expect.poll(() => readDisk(tab, 'Hello.md'), { timeout: 30_000 }).toBe(`${both}\n`);
});

test('after a restart the browser is asked again from a click; refused, the edits wait in the browser', async () => {
  await tab.evaluate(() => sessionStorage.setItem('inkstone-e2e-permission', 'refuse'));
  await tab.reload();
  await expect(editor(tab)).toBeVisible({ timeout: 15_000 });
  const notice = tab.getByRole('region', { name: 'Folder access' });
  const allow = notice.getByRole('button', { name: 'Allow access to the folder “Notes”' });
  await expect(allow).toBeVisible({ timeout: 20_000 });
  await openFile(tab, 'Hello');
  await editor(tab).click();
  await tab.keyboard.press('Control+End');
  await tab.keyboard.type('Kept while refused.');
  await allow.click();
  await expect(
    alert(
      tab,
      'Access to the folder “Notes” was refused: nothing is written to it, and your edits are kept in this browser until you allow access.',
    ),
  ).toBeVisible();
  expect(await readDisk(tab, 'Hello.md')).toBe(
    'Hello from disk, edited outside again.\nA line typed here.\n',
  );
  await allow.click();
  await expect(notice).toHaveCount(0);
  await expect
    .poll(() => readDisk(tab, 'Hello.md'), { timeout: 20_000 })
    .toBe('Hello from disk, edited outside again.\nA line typed here.\nKept while refused.\n');
});
