import { expect, type JSHandle, type Locator, type Page } from '@playwright/test';
import { test } from './fixtures/warm-page';

/** The editor, as assistive technology finds it. */
export const editor = (page: Page): Locator => page.getByRole('textbox', { name: 'Editor' });

/** The preview region. */
export const preview = (page: Page): Locator => page.getByRole('region', { name: 'Preview' });

/** The side bar's main menu. */
export const menu = (page: Page): Locator => page.getByRole('navigation', { name: 'Main menu' });

/** The explorer's tree of folders and files. */
export const tree = (page: Page): Locator => page.getByRole('tree', { name: 'Explorer' });

/** The explorer's folder or file named `name` exactly. */
export const node = (page: Page, name: string): Locator =>
  tree(page).getByRole('treeitem', { name, exact: true });

/** The open file's title field. */
export const fileTitle = (page: Page): Locator => page.getByRole('textbox', { name: 'File title' });

/**
 * Opens the explorer's file `name` (showing the explorer first if hidden) and waits for its
 * text in the editor: the title names a file the moment it is clicked, its text follows once
 * read from the database.
 */
export async function openFile(page: Page, name: string): Promise<void> {
  if (!(await tree(page).isVisible())) {
    await page.getByRole('button', { name: 'Toggle explorer' }).click();
  }
  const already = (await fileTitle(page).inputValue()) === name;
  const openings = () =>
    page.evaluate(() => performance.getEntriesByName('inkstone:file-opened').length);
  const before = await openings();
  await tree(page).getByRole('treeitem', { name, exact: true }).click();
  await expect(fileTitle(page)).toHaveValue(name);
  if (!already) await expect.poll(openings, { timeout: 15_000 }).toBeGreaterThan(before);
}

/** The polite live region that says what the app is busy with. */
export const activity = (page: Page): Locator => page.getByRole('status', { name: 'Activity' });

/** The error notification whose message is exactly `text` (with its Dismiss button). */
export const alert = (page: Page, text: string): Locator =>
  page.getByRole('alert').filter({ has: page.getByText(text, { exact: true }) });

/** Opens the app and waits for the workspace to be ready. */
export async function openApp(page: Page): Promise<void> {
  await page.goto('/');
  await expect(editor(page)).toBeVisible({ timeout: 15_000 });
  // The first file's preview is there once the app is usable.
  await expect(preview(page).locator('h1, h2, p').first()).toBeVisible();
  await skipTour(page);
}

/** One app page for the tests of the enclosing describe block, opened once before them and
 * closed after them: opening the app costs about 3 s of CPU, more than most short tests. Call it
 * at the top of the block and use the returned getter in each test. Each test puts the app in
 * the state it needs itself (`replaceText`, a click) and closes what it opens, so that no test
 * depends on another's leftovers or order. The block keeps Playwright's default mode, not
 * serial: a failed test gets a fresh worker, and so a fresh page, for the tests after it, which
 * still run. Before each test the text is emptied and the preview shown empty. Only for
 * tests that need no fresh database, reload, second tab or changed settings. `permissions` as for `browser.newContext` (e.g. the clipboard's). */
export function sharedApp(options: { permissions?: string[] } = {}): () => Page {
  let shared: Page | undefined;
  test.beforeAll(async ({ browser }, testInfo) => {
    const { baseURL, viewport } = testInfo.project.use;
    const context = await browser.newContext({ baseURL, viewport, ...options });
    shared = await context.newPage();
    await openApp(shared);
  });
  // Each test starts from an empty text that the preview shows as empty: otherwise the previous
  // test's preview could still be on screen when the next one looks for its own (a diagram
  // found twice, once from each text).
  test.beforeEach(async () => {
    if (!shared) return;
    await replaceText(shared, '');
    const rendered = shared.locator('[data-rendered-length]');
    await expect(rendered).toHaveAttribute('data-rendered-length', '0', { timeout: 20_000 });
    await expect(rendered).toHaveAttribute('data-rendered-complete', 'true');
  });
  test.afterAll(async () => {
    await shared?.context().close();
  });
  return () => {
    if (!shared) throw new Error('sharedApp: the shared page is opened in beforeAll');
    return shared;
  };
}

/** Skips the welcome tour if it shows, as a user who knows the app would. */
export async function skipTour(page: Page): Promise<void> {
  // The app's shell first: the editor may be the early one, shown before the app (ADR 0008).
  await page.locator('.app').waitFor({ timeout: 15_000 });
  const tour = page.getByRole('dialog', { name: 'Welcome tour' });
  if (await tour.isVisible()) {
    await tour.getByRole('button', { name: 'Skip' }).click();
    await expect(tour).toBeHidden();
  }
}

/** Replaces the whole text as a user would: select all, then type, or, for a long text,
 * paste it. (Chromium types a text given to `keyboard.insertText` as one paragraph after
 * another: 38,000 characters on 2,000 lines took over 30 s in Chromium 156.) */
export async function replaceText(page: Page, text: string): Promise<void> {
  await editor(page).click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  if (text.length <= LONGEST_TYPED) {
    await page.keyboard.insertText(text);
    return;
  }
  await pasteText(page, text);
}

/** Pastes `text` into the editor at the selection, as Ctrl+V of a copied text does. */
export async function pasteText(page: Page, text: string): Promise<void> {
  await editor(page).evaluate((element, pasted) => {
    const data = new DataTransfer();
    data.setData('text/plain', pasted);
    element.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, text);
}

/** The longest text `replaceText` types; a longer one is pasted. */
const LONGEST_TYPED = 2_000;

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

/** Opens the side bar on its menu, or goes back to the menu from a panel; returns the menu.
 * `timeout` is how long the side bar may take to show: 15 s (the editor's wait) unless told,
 * longer on a page busy with a very long text. */
export async function openMenu(page: Page, { timeout = 15_000 } = {}): Promise<Locator> {
  // A side bar the layout shows may still be loading its code: its toggle says it is open, and
  // a click would close it.
  const toggle = page.getByRole('button', { name: 'Toggle side bar' });
  if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
  // (The side bar's code may still be on its way on a busy page: it gets the editor's wait.)
  const back = page.getByRole('button', { name: 'Main menu' });
  await expect(menu(page).or(back)).toBeVisible({ timeout });
  if (!(await menu(page).isVisible())) await back.click();
  await expect(menu(page)).toBeVisible({ timeout });
  return menu(page);
}

/** Opens the side bar on its menu (or goes back to the menu from a panel) and chooses the entry
 * named `name` exactly ('Import/export') or matching it (/^Templates/, whose count varies).
 * `options.timeout` as for `openMenu`. */
export async function openMenuEntry(
  page: Page,
  name: string | RegExp,
  options: { timeout?: number } = {},
): Promise<void> {
  await (await openMenu(page, options)).getByRole('button', { name, exact: true }).click();
}

/** A row of the app's local database as stored: an item (`objects`) or an image (`images`). */
export type StoredRow = Record<string, unknown> & {
  id: string;
  type: string;
  tx?: number;
  deleted?: number;
};

/** Every row of a store of the main workspace's local database (IndexedDB `inkstone-db`) as it
 * is now, deleted ones included: read straight from the browser, as the app stored them. */
export async function storedRows(
  page: Page,
  store: 'objects' | 'images' = 'objects',
): Promise<StoredRow[]> {
  return page.evaluate(readStore, { database: 'inkstone-db', store });
}

/** Resolves once a file's text stored in the main workspace's local database holds `text` (a
 * string it includes, or a pattern it matches): the save has reached the database. */
export async function untilStored(page: Page, text: string | RegExp): Promise<void> {
  const holds = (stored: string) =>
    typeof text === 'string' ? stored.includes(text) : text.test(stored);
  await expect
    .poll(async () =>
      (await storedRows(page)).some((row) => row.type === 'content' && holds(String(row.text))),
    )
    .toBe(true);
}

/** 300 numbered paragraphs from `from` on, blank lines between: several screens of text. */
export function longFiller(from: number): string {
  return Array.from({ length: 300 }, (_, n) => `Paragraph ${from + n} of the long text.`).join(
    '\n\n',
  );
}

/** The rows of `storedRows`, of the local database `database` (a workspace's own, or the main
 * one), left in the page: a handle for reading there what is too big to send to the test (the
 * text of a 2,000,000-character file). */
export async function storedRowsHandle(
  page: Page,
  store: 'objects' | 'images' = 'objects',
  database = 'inkstone-db',
): Promise<JSHandle<StoredRow[]>> {
  return page.evaluateHandle(readStore, { database, store });
}

// (Run in the page.) Every row of the store `store` of the IndexedDB database `database`.
const readStore = ({ database, store }: { database: string; store: string }) =>
  new Promise<StoredRow[]>((resolve, reject) => {
    const open = indexedDB.open(database);
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      const request = db.transaction(store).objectStore(store).getAll();
      request.onsuccess = () => {
        db.close();
        resolve(request.result as StoredRow[]);
      };
      request.onerror = () => {
        db.close();
        reject(request.error);
      };
    };
  });

/** An entry of the unsaved-changes journal as stored: the text typed in a file and not saved
 * yet, over the saved text it edits (apps/web/src/editor/journal-database.ts). */
export type JournalRow = { key: string; fileId: string; baseText: string; text: string };

/** Every entry of the unsaved-changes journal (IndexedDB `inkstone-journal`) as it is now. */
export async function journalRows(page: Page): Promise<JournalRow[]> {
  return page.evaluate(readJournal);
}

/** The entries of `journalRows`, left in the page (for a text too big to send to the test). */
export async function journalRowsHandle(page: Page): Promise<JSHandle<JournalRow[]>> {
  return page.evaluateHandle(readJournal);
}

// (Run in the page.) The journal's entries; none before the app first writes one: opening a
// database that is not there would create it empty.
const readJournal = async () => {
  const names = (await indexedDB.databases()).map((db) => db.name);
  if (!names.includes('inkstone-journal')) return [];
  return new Promise<JournalRow[]>((resolve, reject) => {
    const open = indexedDB.open('inkstone-journal');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      const request = db.transaction('entries').objectStore('entries').getAll();
      request.onsuccess = () => {
        db.close();
        resolve(request.result as JournalRow[]);
      };
      request.onerror = () => {
        db.close();
        reject(request.error);
      };
    };
  });
};

/** From now on, the main workspace's local database refuses to store any item, as a failing
 * database would (the unsaved-changes journal, a database of its own, still works): every save
 * of the page fails, until it is loaded again. */
export async function refuseSaves(page: Page): Promise<void> {
  await page.evaluate(() => {
    const refuse = (write: (this: IDBObjectStore, ...args: never[]) => IDBRequest) =>
      function (this: IDBObjectStore, ...args: never[]) {
        if (this.name === 'objects' && this.transaction.db.name === 'inkstone-db') {
          throw new DOMException('The database refused the write.', 'UnknownError');
        }
        return write.apply(this, args);
      };
    IDBObjectStore.prototype.put = refuse(IDBObjectStore.prototype.put);
    IDBObjectStore.prototype.add = refuse(IDBObjectStore.prototype.add);
  });
}

// The browser's storage runs out for real: before the app first touches it, Chromium is told this
// origin may keep 3 MB (Storage.overrideQuotaForOrigin holds for storage not used yet); once the
// app is open, a database of random bytes takes what is left, and every write of the app fails
// with the browser's QuotaExceededError, as on a full disk.
const QUOTA_BYTES = 3_000_000;

/** Opens the app with a quota of 3 MB for its origin (see above). */
export async function openWithSmallQuota(page: Page): Promise<void> {
  await page.goto('/conf');
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Storage.overrideQuotaForOrigin', {
    origin: new URL(page.url()).origin,
    quotaSize: QUOTA_BYTES,
  });
  await openApp(page);
}

/** Fills the quota with incompressible bytes, largest pieces first, until a 1 KB write fails:
 * from then on every write of the app fails. */
export async function fillStorage(page: Page): Promise<void> {
  const refused = await page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('filler', 1);
      open.onupgradeneeded = () => open.result.createObjectStore('bytes');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(new Error(String(open.error)));
    });
    const put = (key: number, size: number) =>
      new Promise<boolean>((resolve) => {
        const bytes = new Uint8Array(size);
        for (let at = 0; at < size; at += 65_536) {
          crypto.getRandomValues(bytes.subarray(at, Math.min(size, at + 65_536)));
        }
        const tx = db.transaction('bytes', 'readwrite');
        tx.objectStore('bytes').put(bytes, key);
        tx.oncomplete = () => resolve(true);
        tx.onabort = () => resolve(false);
      });
    let key = 0;
    for (const size of [1_000_000, 100_000, 10_000, 1_000]) {
      while (key < 1_000 && (await put(key, size))) key += 1;
    }
    db.close();
    return !(await new Promise<boolean>((resolve) => {
      const open = indexedDB.open('filler', 1);
      open.onsuccess = () => {
        const tx = open.result.transaction('bytes', 'readwrite');
        tx.objectStore('bytes').put(new Uint8Array(100), -1);
        tx.oncomplete = () => resolve(true);
        tx.onabort = () => resolve(false);
      };
    }));
  });
  expect(refused, 'the storage is full').toBe(true);
}

// A 2×1 PNG (red, blue).
export const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAADUlEQVR4nGP4zwAE/wEHAAH/4iOeWQAAAABJRU5ErkJggg==';

// Pastes files into the editor as Ctrl+V of copied files does: a ClipboardEvent whose
// DataTransfer holds them (and `text`, when given, beside them).
export async function pasteFiles(
  page: Page,
  files: { name: string; type: string; base64: string }[],
  text?: string,
) {
  await editor(page).evaluate(
    (element, { files, text }) => {
      const data = new DataTransfer();
      for (const file of files) {
        const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
        data.items.add(new File([bytes], file.name, { type: file.type }));
      }
      if (text !== undefined) data.setData('text/plain', text);
      element.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    },
    { files, text },
  );
}

/** Opens the Insert image dialog from the formatting toolbar, the editor focused. */
export async function openImageDialog(page: Page): Promise<Locator> {
  await editor(page).click();
  await page
    .getByRole('toolbar', { name: 'Formatting' })
    .getByRole('button', { name: 'Image', exact: true })
    .click();
  return page.getByRole('dialog', { name: 'Insert image' });
}

/** Opens Novel/Drafts/Maps of the StackEdit fixture workspace (packages/core's
 * `transfer/fixtures/stackedit/`) from the explorer, and shows the discussion of its real
 * trailer from its comment: the words it is about are 'Georeferencing'. */
export async function showStackeditDiscussion(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Toggle explorer' }).click();
  await tree(page).getByRole('treeitem', { name: 'Novel' }).click();
  await tree(page).getByRole('treeitem', { name: 'Drafts' }).click();
  await tree(page).getByRole('treeitem', { name: 'Maps' }).click();
  await expect(fileTitle(page)).toHaveValue('Maps');
  await page
    .getByRole('region', { name: 'Comments' })
    .getByRole('button', { name: /This theory reads a little more like an exercise/ })
    .click();
  await expect(
    page.getByRole('region', { name: 'Discussion', exact: true }).locator('blockquote'),
  ).toHaveText('Georeferencing');
}
