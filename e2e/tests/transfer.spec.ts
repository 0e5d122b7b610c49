// Getting files in and out (issue 24): the workspace as a zip, and many files, folders and zips
// imported at once, from the Import/export panel or dropped on the explorer.

import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { computePaths, type FileItem, type FolderItem } from '@inkstone/core';
import { expect, type Locator, type Page } from '@playwright/test';
import { test } from './fixtures/warm-page';
import { strToU8, unzipSync, zipSync } from 'fflate';
import {
  editor,
  editorText,
  fillStorage,
  openApp,
  openMenuEntry,
  openWithSmallQuota,
  preview,
  replaceText,
  type StoredRow,
  storedRows,
} from './helpers';

const panel = (page: Page) => page.getByRole('region', { name: 'Import/export' });
const tree = (page: Page) => page.getByRole('tree', { name: 'Explorer' });
const node = (page: Page, name: string) => tree(page).getByRole('treeitem', { name, exact: true });
const fileTitle = (page: Page) => page.getByRole('textbox', { name: 'File title' });
const notice = (page: Page, text: string) =>
  page.getByRole('status').getByText(text, { exact: true });

const explorerPanel = (page: Page) => page.getByRole('complementary', { name: 'Explorer panel' });
const alert = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

/**
 * Drops files of the disk on `target` as the system's file manager does, through the DevTools
 * protocol: a real drag, whose data the browser protects (a page can read it only while the
 * drop event is handled), unlike a DataTransfer a script makes. `at` is the point of the target
 * (fractions of its width and height) the files are dropped on.
 */
async function dropFiles(
  page: Page,
  target: Locator,
  paths: string[],
  at = { x: 0.5, y: 0.5 },
): Promise<void> {
  const box = await target.boundingBox();
  if (!box) throw new Error('The drop target is not on screen.');
  const x = box.x + box.width * at.x;
  const y = box.y + box.height * at.y;
  const data = { items: [], files: paths, dragOperationsMask: 1 };
  const cdp = await page.context().newCDPSession(page);
  try {
    for (const type of ['dragEnter', 'dragOver', 'drop'] as const) {
      await cdp.send('Input.dispatchDragEvent', { type, x, y, data });
    }
  } finally {
    await cdp.detach();
  }
}

/** Every live row of a store of the main workspace's local database. */
async function rows(page: Page, store: 'objects' | 'images'): Promise<StoredRow[]> {
  return (await storedRows(page, store)).filter((row) => row.deleted !== 1);
}

/** The workspace's tree as the zip lays it out: each folder by its path ('Notes/') with '', each
 * file outside the trash and temp by its path ('Notes/Plan.md') with its stored text. */
async function workspaceTree(page: Page): Promise<Record<string, string>> {
  const items = await rows(page, 'objects');
  const files = items.filter((row) => row.type === 'file') as unknown as FileItem[];
  const folders = items.filter((row) => row.type === 'folder') as unknown as FolderItem[];
  const texts = new Map(items.filter((row) => row.type === 'content').map((row) => [row.id, row]));
  const paths = computePaths(files, folders);
  const result: Record<string, string> = {};
  for (const item of [...folders, ...files]) {
    const path = paths.get(item.id);
    if (path === undefined || path.startsWith('.inkstone-trash/')) continue;
    result[path] = item.type === 'file' ? String(texts.get(`${item.id}/content`)?.text) : '';
  }
  return result;
}

// A PNG of one pixel.
const PIXEL =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const file = (id: string, name: string, parentId: string | null, text: string) => [
  { id, type: 'file', name, parentId, hash: '' },
  {
    id: `${id}/content`,
    type: 'content',
    text,
    properties: 'title: Kept out of the zip\n',
    discussions: {},
    comments: {},
    history: [],
    hash: '',
  },
];

/** A workspace with nested folders, an empty one, an empty one named as the folder of its
 * image (imgs), a trashed and a temporary file and an image, written through Workspace
 * backups. */
const BACKUP = {
  format: 'inkstone-workspace-backup',
  version: 1,
  created: 0,
  items: [
    { id: 'folderprojects01', type: 'folder', name: 'Projects', parentId: null, hash: '' },
    {
      id: 'folder2026000001',
      type: 'folder',
      name: '2026',
      parentId: 'folderprojects01',
      hash: '',
    },
    { id: 'folderempty00001', type: 'folder', name: 'Empty', parentId: null, hash: '' },
    { id: 'folderete0000001', type: 'folder', name: 'Été', parentId: null, hash: '' },
    { id: 'folderimgs000001', type: 'folder', name: 'imgs', parentId: null, hash: '' },
    ...file('fileplan00000001', 'Plan', 'folder2026000001', '# Plan\n\nÉté à Kyōto 🎉\n'),
    ...file('fileideas0000001', 'Ideas', 'folderprojects01', '- one\n- two\n\n\tindented\r\n'),
    ...file('filenote00000001', 'Note', 'folderete0000001', '![dot](/imgs/dot.png)\n'),
    ...file('fileold000000001', 'Old', 'trash', 'in the trash\n'),
    ...file('filescratch00001', 'Scratch', 'temp', 'temporary\n'),
  ],
  images: [{ id: 'image00000000001', path: '/imgs/dot.png', content: PIXEL, uploaded: true }],
};

test('the workspace downloads as a zip of its files and folders, which imported into a new workspace gives them back', async ({
  page,
  browser,
}, testInfo) => {
  await openApp(page);
  await replaceText(page, '# My welcome\n\nEdited.');
  await openMenuEntry(page, 'Workspace backups');
  await page.getByLabel('Import workspace').setInputFiles({
    name: 'seed.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(BACKUP)),
  });
  await expect(notice(page, 'Workspace backup imported: 5 files, 5 folders.')).toBeVisible();
  await page.getByRole('button', { name: 'Main menu' }).click();
  await openMenuEntry(page, 'Import/export');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    panel(page).getByRole('button', { name: 'Download workspace as zip' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^Main workspace \d{4}-\d{2}-\d{2}\.zip$/);
  const zipPath = testInfo.outputPath('workspace.zip');
  await download.saveAs(zipPath);

  // Read back outside the browser: plain markdown files holding their texts exactly, in their
  // folders (the empty one too), the image in its place; nothing of the trash or temp.
  const unzipped = unzipSync(new Uint8Array(await readFile(zipPath)));
  const original = await workspaceTree(page);
  expect(Object.keys(original).sort()).toEqual([
    'Empty/',
    'Projects/',
    'Projects/2026/',
    'Projects/2026/Plan.md',
    'Projects/Ideas.md',
    'Welcome file.md',
    'imgs/',
    'Été/',
    'Été/Note.md',
  ]);
  expect(Object.keys(unzipped).sort()).toEqual([...Object.keys(original), 'imgs/dot.png'].sort());
  for (const [path, text] of Object.entries(original)) {
    expect(new TextDecoder().decode(unzipped[path]), path).toBe(text);
  }
  expect(original['Welcome file.md']).toBe('# My welcome\n\nEdited.\n');
  expect(Buffer.from(unzipped['imgs/dot.png']!).toString('base64')).toBe(PIXEL);

  // A new workspace (another browser profile), which has a Welcome file of its own.
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  try {
    const other = await context.newPage();
    await openApp(other);
    await openMenuEntry(other, 'Import/export');
    await panel(other).getByLabel('Import zip').setInputFiles(zipPath);
    await expect(notice(other, 'Imported 4 files, 5 folders and 1 image.')).toBeVisible();
    const imported = await workspaceTree(other);
    // Everything came back; the zip's Welcome file met the new one and became unique.
    const { 'Welcome file.md': welcome, ...rest } = original;
    expect(imported).toEqual({
      ...rest,
      'Welcome file.md': imported['Welcome file.md'],
      'Welcome file.1.md': welcome,
    });
    expect(imported['Welcome file.md']).not.toBe(welcome);
    const images = await rows(other, 'images');
    expect(images.map(({ path, content }) => ({ path, content }))).toEqual([
      { path: '/imgs/dot.png', content: PIXEL },
    ]);
    // The first file imported is open, and the explorer shows the folders.
    await expect(fileTitle(other)).toHaveValue('Plan');
    await other.getByRole('button', { name: 'Toggle explorer' }).click();
    await expect(node(other, 'Projects')).toBeVisible();
    await expect(node(other, 'Empty')).toBeVisible();
    await expect(node(other, 'imgs')).toBeVisible();
    await expect(node(other, 'Welcome file.1')).toBeVisible();
  } finally {
    await context.close();
  }
});

test('many files chosen at once: a clash gets a unique name, an unreadable file is listed and the others imported', async ({
  page,
}) => {
  await openApp(page);
  await openMenuEntry(page, 'Import/export');
  await page.getByLabel('Import markdown').setInputFiles([
    { name: 'Welcome file.md', mimeType: 'text/markdown', buffer: Buffer.from('Mine\n') },
    { name: 'latin1.md', mimeType: 'text/markdown', buffer: Buffer.from([0x45, 0x74, 0xe9]) },
    { name: 'Welcome file.txt', mimeType: 'text/plain', buffer: Buffer.from('Also mine\n') },
    { name: 'utf16.md', mimeType: 'text/markdown', buffer: Buffer.from('\ufeffHi', 'utf16le') },
  ]);
  const report = page.getByRole('dialog', { name: 'Import report' });
  await expect(report).toBeVisible();
  await expect(report.getByText('Imported 2 files.')).toBeVisible();
  await expect(
    report.getByRole('list', { name: 'Not imported (2)' }).getByRole('listitem'),
  ).toHaveText(['latin1.md — File is not readable.', 'utf16.md — File is not readable.']);
  await report.getByText('Close', { exact: true }).click();
  await expect(report).toHaveCount(0);
  // The first file imported is open.
  await expect(fileTitle(page)).toHaveValue('Welcome file.1');
  await expect.poll(() => editorText(page)).toBe('Mine');
  const texts = await workspaceTree(page);
  expect(texts['Welcome file.1.md']).toBe('Mine\n');
  expect(texts['Welcome file.2.md']).toBe('Also mine\n');
  expect(
    Object.keys(texts).filter((path) => path.startsWith('latin1') || path.startsWith('utf16')),
  ).toEqual([]);

  // A zip with a file of a type that is not imported, and a zip that is not one.
  const zip = zipSync({
    'Notes/': new Uint8Array(0),
    'Notes/page.html': strToU8('<h1>Page</h1><p>Some <em>words</em></p>'),
    'Notes/slides.pdf': strToU8('%PDF-1.4'),
    '__MACOSX/Notes/._page.html': new Uint8Array([0, 5, 22, 7]),
  });
  await page.getByLabel('Import zip').setInputFiles([
    { name: 'notes.zip', mimeType: 'application/zip', buffer: Buffer.from(zip) },
    { name: 'broken.zip', mimeType: 'application/zip', buffer: Buffer.from('not a zip') },
  ]);
  await expect(report.getByText('Imported 1 file and 1 folder.')).toBeVisible();
  await expect(report.getByRole('listitem')).toHaveText([
    'notes.zip: Notes/slides.pdf — Not a markdown, HTML, image or zip file.',
    'broken.zip — Not a zip file, or a damaged one: nothing in it was imported.',
  ]);
  await page.keyboard.press('Escape');
  await expect(report).toHaveCount(0);
  expect((await workspaceTree(page))['Notes/page.md']).toBe('# Page\n\nSome _words_\n');
});

test('a folder chosen in Import/export comes in with its folders', async ({ page }, testInfo) => {
  const root = testInfo.outputPath('Trip');
  await mkdir(join(root, 'Day 2', 'photos'), { recursive: true });
  await writeFile(join(root, 'Plan.md'), '# Plan\n');
  await writeFile(join(root, 'Day 2', 'Notes.markdown'), 'Rain.\n');
  await writeFile(join(root, 'Day 2', 'photos', 'dot.png'), Buffer.from(PIXEL, 'base64'));
  await writeFile(join(root, '.DS_Store'), Buffer.from([0, 0, 0, 1]));
  // What git and Obsidian keep in a vault: passed over, counted, not listed.
  await mkdir(join(root, '.git', 'objects', 'ab'), { recursive: true });
  await writeFile(join(root, '.git', 'HEAD'), 'ref: refs/heads/main\n');
  await writeFile(join(root, '.git', 'objects', 'ab', 'cdef01'), Buffer.from([120, 1, 2]));
  await mkdir(join(root, 'Day 2', '.obsidian'), { recursive: true });
  await writeFile(join(root, 'Day 2', '.obsidian', 'app.json'), '{}');
  await writeFile(join(root, '.gitignore'), '.obsidian/\n');
  // A folder of the user's whose name begins with a dot is theirs: imported.
  await mkdir(join(root, '.drafts'), { recursive: true });
  await writeFile(join(root, '.drafts', 'Idea.md'), '# Idea\n');
  await openApp(page);
  await openMenuEntry(page, 'Import/export');
  await page.getByLabel('Import folder').setInputFiles(root);
  await expect(
    notice(
      page,
      'Imported 3 files, 3 folders and 1 image. Passed over 3 hidden items (.git, .gitignore, .obsidian).',
    ),
  ).toBeVisible();
  const texts = await workspaceTree(page);
  expect(texts).toMatchObject({
    'Trip/': '',
    'Trip/Plan.md': '# Plan\n',
    'Trip/Day 2/': '',
    'Trip/Day 2/Notes.md': 'Rain.\n',
    'Trip/.drafts/': '',
    'Trip/.drafts/Idea.md': '# Idea\n',
  });
  // The folder of photos is not a folder of the tree: its image is in the images store.
  expect(Object.keys(texts).some((path) => path.includes('photos'))).toBe(false);
  expect(Object.keys(texts).filter((path) => /\.git|\.obsidian/.test(path))).toEqual([]);
  const images = await rows(page, 'images');
  expect(images.map((image) => image.path)).toEqual(['/Trip/Day 2/photos/dot.png']);

  // A folder of one image: no file opens and the explorer shows nothing new, so the
  // notification says what came in.
  const photos = testInfo.outputPath('Photos');
  await mkdir(photos, { recursive: true });
  await writeFile(join(photos, 'dot.png'), Buffer.from(PIXEL, 'base64'));
  await page.getByLabel('Import folder').setInputFiles(photos);
  await expect(notice(page, 'Imported 1 image.')).toBeVisible();
  expect((await rows(page, 'images')).map((image) => image.path).sort()).toEqual([
    '/Photos/dot.png',
    '/Trip/Day 2/photos/dot.png',
  ]);
});

test('files and a folder dropped on the explorer go into the folder dropped on, or the root', async ({
  page,
}) => {
  await openApp(page);
  await page.getByRole('button', { name: 'Toggle explorer' }).click();
  await page.getByRole('button', { name: 'New folder' }).click();
  const name = tree(page).getByRole('textbox', { name: 'Name' });
  await name.fill('Box');
  await name.press('Enter');
  await expect(node(page, 'Box')).toHaveAttribute('aria-expanded', 'false');

  // What the system's file manager would drop: two files and a folder. A page cannot make a
  // folder entry of its own (only a drag from outside the browser does), so the folder's
  // entry is given the File and Directory Entries interface the browser gives it.
  const drop = () =>
    page.evaluateHandle(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File(['# A\n'], 'a.md', { type: 'text/markdown' }));
      transfer.items.add(new File(['<p>B <b>bold</b></p>'], 'b.html', { type: 'text/html' }));
      transfer.items.add(new File([], 'Trip'));
      const fileEntry = (file: File) => ({
        isFile: true,
        isDirectory: false,
        name: file.name,
        file: (resolve: (file: File) => void) => resolve(file),
      });
      const folderEntry = (folder: string, children: unknown[]) => ({
        isFile: false,
        isDirectory: true,
        name: folder,
        createReader: () => {
          let read = false;
          return {
            readEntries: (resolve: (entries: unknown[]) => void) => {
              resolve(read ? [] : children);
              read = true;
            },
          };
        },
      });
      const trip = folderEntry('Trip', [
        fileEntry(new File(['Day one.\n'], 'day1.md')),
        folderEntry('Later', [fileEntry(new File(['Day two.\n'], 'day2.txt'))]),
        folderEntry('Empty', []),
      ]);
      const own = DataTransferItem.prototype.webkitGetAsEntry;
      DataTransferItem.prototype.webkitGetAsEntry = function (this: DataTransferItem) {
        return this.getAsFile()?.name === 'Trip'
          ? (trip as unknown as FileSystemEntry)
          : own.call(this);
      };
      return transfer;
    });

  const onBox = await drop();
  await node(page, 'Box').dispatchEvent('dragenter', { dataTransfer: onBox });
  await node(page, 'Box').dispatchEvent('dragover', { dataTransfer: onBox });
  // The folder shows it takes the drop.
  await expect(node(page, 'Box')).toHaveClass(/explorer__row--drop/);
  await node(page, 'Box').dispatchEvent('drop', { dataTransfer: onBox });
  await expect(notice(page, 'Imported 4 files and 3 folders.')).toBeVisible();
  await expect(node(page, 'Box')).not.toHaveClass(/explorer__row--drop/);
  expect(await workspaceTree(page)).toMatchObject({
    'Box/a.md': '# A\n',
    'Box/b.md': 'B **bold**\n',
    'Box/Trip/': '',
    'Box/Trip/day1.md': 'Day one.\n',
    'Box/Trip/Later/': '',
    'Box/Trip/Later/day2.md': 'Day two.\n',
    'Box/Trip/Empty/': '',
  });
  await expect(node(page, 'Box')).toHaveAttribute('aria-expanded', 'true');
  await expect(fileTitle(page)).toHaveValue('a');

  // On the tree's empty space: the root, the whole tree highlighted.
  const onRoot = await drop();
  await tree(page).dispatchEvent('dragenter', { dataTransfer: onRoot });
  await tree(page).dispatchEvent('dragover', { dataTransfer: onRoot });
  await expect(tree(page)).toHaveClass(/explorer__tree--drop/);
  await tree(page).dispatchEvent('drop', { dataTransfer: onRoot });
  await expect(tree(page)).not.toHaveClass(/explorer__tree--drop/);
  // Over the panel's header the drop is refused, not left to the browser (which would open the
  // file in place of the app).
  const refused = await page.getByRole('button', { name: 'New folder' }).evaluate(
    (button, transfer) => {
      const event = new DragEvent('dragover', {
        bubbles: true,
        cancelable: true,
        dataTransfer: transfer,
      });
      button.dispatchEvent(event);
      return { prevented: event.defaultPrevented, effect: transfer.dropEffect };
    },
    await drop(),
  );
  expect(refused).toEqual({ prevented: true, effect: 'none' });
  await expect
    .poll(async () => Object.keys(await workspaceTree(page)).filter((p) => !p.startsWith('Box/')))
    .toEqual(
      expect.arrayContaining(['a.md', 'b.md', 'Trip/', 'Trip/day1.md', 'Trip/Later/day2.md']),
    );
});

test('files dropped on the explorer while an import runs are imported after it, none lost', async ({
  page,
}, testInfo) => {
  // A zip of 300 notes, then two drops of files from the disk while it is imported. The page's
  // read of the zip's bytes is held until both drops are made, so that they come during its
  // import however fast the machine imports it; then the zip is read and imported as ever.
  // (Before, 1,000 notes made the import last long enough on this machine, checked 100 ms after
  // the drops: a faster machine would have failed the test for nothing.)
  const notes: Record<string, Uint8Array> = {};
  for (let i = 0; i < 300; i += 1) {
    notes[`Many/note ${i}.md`] = strToU8(`# Note ${i}\n\n${'Some words. '.repeat(50)}\n`);
  }
  const many = testInfo.outputPath('many.zip');
  await writeFile(many, zipSync(notes));
  const [a, b, c] = ['a.md', 'b.md', 'c.md'].map((name) => testInfo.outputPath(name));
  await writeFile(a!, '# A\n');
  await writeFile(b!, '# B\n');
  await writeFile(c!, '# C\n');

  await openApp(page);
  await page.getByRole('button', { name: 'Toggle explorer' }).click();
  await expect(node(page, 'Welcome file')).toBeVisible();
  // Holds the reading of many.zip's bytes until the test lets it go.
  await page.evaluate(() => {
    const read = Blob.prototype.arrayBuffer;
    const held = new Promise<void>((resolve) => {
      (window as unknown as { releaseZip: () => void }).releaseZip = resolve;
    });
    Blob.prototype.arrayBuffer = async function (this: Blob) {
      if (this instanceof File && this.name === 'many.zip') await held;
      return read.call(this);
    };
  });
  // On the tree's empty space, below its rows: the root.
  const onRoot = { x: 0.5, y: 0.9 };
  const status = explorerPanel(page).locator('.explorer__status');
  await dropFiles(page, tree(page), [many], onRoot);
  await expect(status).toHaveText('Reading the files to import…');
  await dropFiles(page, tree(page), [a!], onRoot);
  await dropFiles(page, tree(page), [b!, c!], onRoot);
  // Both drops came while the zip was being imported: they wait for it, not run beside it.
  await expect(status).toHaveText('Reading the files to import…');
  await page.evaluate(() => (window as unknown as { releaseZip: () => void }).releaseZip());

  await expect(notice(page, 'Imported 300 files and 1 folder.')).toBeVisible({ timeout: 20_000 });
  await expect(notice(page, 'Imported 2 files.')).toBeVisible({ timeout: 20_000 });
  await expect(explorerPanel(page)).toHaveAttribute('aria-busy', 'false');
  await expect(notice(page, 'There was nothing to import.')).toHaveCount(0);
  const texts = await workspaceTree(page);
  expect(texts).toMatchObject({ 'a.md': '# A\n', 'b.md': '# B\n', 'c.md': '# C\n' });
  expect(Object.keys(texts).filter((path) => path.startsWith('Many/'))).toHaveLength(301);
});

test('a file dropped on the editor or the preview is refused: the app stays, its text intact; on an Import button it is imported', async ({
  page,
}, testInfo) => {
  const dropped = testInfo.outputPath('dropped.md');
  await writeFile(dropped, '# Dropped\n\nNot to be opened here.\n');
  await openApp(page);
  await replaceText(page, '# Mine\n\nMy text.');
  await expect(preview(page).getByRole('heading', { name: 'Mine' })).toBeVisible();
  const url = page.url();
  await dropFiles(page, editor(page), [dropped]);
  await dropFiles(page, preview(page), [dropped]);
  // The app is still there and works, and a file input still takes a drop as the browser
  // gives it: the file dropped on Import markdown is imported (and opened).
  await openMenuEntry(page, 'Import/export');
  await dropFiles(page, panel(page).getByLabel('Import markdown'), [dropped]);
  await expect(fileTitle(page)).toHaveValue('dropped');
  expect(page.url()).toBe(url);
  await page.getByRole('button', { name: 'Toggle explorer' }).click();
  await node(page, 'Welcome file').click();
  await expect(fileTitle(page)).toHaveValue('Welcome file');
  await expect.poll(() => editorText(page)).toBe('# Mine\n\nMy text.');
});

test('with the storage full, the zip is not made from older text: the error shows, nothing downloads', async ({
  page,
}) => {
  await openWithSmallQuota(page);
  await fillStorage(page);
  // The editor cannot save what is typed, and says so; the text stays in the editor.
  await replaceText(page, 'Words typed after the last save.');
  await expect(alert(page, 'Local DB access error.')).toBeVisible();
  await alert(page, 'Local DB access error.').getByRole('button', { name: 'Dismiss' }).click();
  await expect(alert(page, 'Local DB access error.')).toHaveCount(0);

  await openMenuEntry(page, 'Import/export');
  const downloaded = page.waitForEvent('download', { timeout: 3000 }).then(
    () => true,
    () => false,
  );
  await panel(page).getByRole('button', { name: 'Download workspace as zip' }).click();
  await expect(alert(page, 'Local DB access error.')).toBeVisible();
  await expect(panel(page)).toHaveAttribute('aria-busy', 'false');
  expect(await downloaded, 'no zip of the older text').toBe(false);
  expect(await editorText(page)).toBe('Words typed after the last save.');
});
