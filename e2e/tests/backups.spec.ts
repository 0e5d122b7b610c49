import { readFile, rm, writeFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import { test } from './fixtures/warm-page';
import { strToU8, zipSync } from 'fflate';
import {
  editor,
  editorText,
  fileTitle,
  menu,
  openApp,
  openMenuEntry,
  preview,
  replaceText,
  type StoredRow,
  storedRows,
  tree,
} from './helpers';

// Words of the app that the user reads (apps/web/src/services/persistent-storage.ts).
const STORAGE_WARNING =
  'This browser did not grant persistent storage: it may clear files that are not synced when it runs short of space. Keep a copy with Workspace backups.';

/** A notification of the given kind with exactly this text. */
const notice = (page: Page, role: 'alert' | 'status', text: string) =>
  page.getByRole(role).getByText(text, { exact: true });

/** Makes the browser answer persistent-storage requests as told, before the app starts. */
async function stubPersistence(page: Page, persisted: boolean, grants: boolean): Promise<void> {
  await page.addInitScript(
    ([alreadyPersisted, granted]) => {
      Object.defineProperty(navigator.storage, 'persisted', {
        value: () => Promise.resolve(alreadyPersisted),
      });
      Object.defineProperty(navigator.storage, 'persist', {
        value: () => Promise.resolve(granted),
      });
    },
    [persisted, grants] as const,
  );
}

/** Every live item of the main workspace's local database, as stored, without `tx`. */
async function storedItems(page: Page): Promise<StoredRow[]> {
  return (await storedRows(page))
    .filter((row) => row.deleted !== 1)
    .map(({ tx: _tx, ...item }) => item as StoredRow)
    .sort((a, b) => a.id.localeCompare(b.id));
}

test.beforeEach(async ({ page }) => {
  // Most tests run as in a browser that granted persistent storage, so no warning shows.
  if (!test.info().title.includes('persistent storage')) await stubPersistence(page, true, true);
});

test('the side bar opens on the main menu, which says the workspace is not synced', async ({
  page,
}) => {
  await openApp(page);
  await page.getByRole('button', { name: 'Toggle side bar' }).click();
  await expect(menu(page).locator('.side-menu__top')).toHaveText('Main workspace not synced');
  // Every entry of the spec, in its order; its "Sign in (with the git host)" is one entry per
  // git host that keeps a main workspace (docs/reference/choices.md).
  await expect(menu(page).getByRole('listitem')).toHaveText([
    'Sign in with GitHub',
    'Sign in with Gitee',
    'Sign in with Google',
    'Workspaces (1)',
    'Synchronize (0)',
    'Publish (0)',
    'History',
    'File properties',
    'Table of contents',
    'Markdown cheat sheet',
    'Import/export',
    'Print',
    /^Badges \(\d+\/\d+\)$/,
    'Accounts (0)',
    'Templates (7)',
    'Edit area theme',
    'Preview area theme',
    'Settings',
    'Workspace backups',
    'Reset application',
    'About',
  ]);
  await menu(page).getByRole('button', { name: 'Import/export' }).click();
  await expect(page.getByRole('region', { name: 'Import/export' })).toBeVisible();
  await expect(menu(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'Main menu' }).click();
  await expect(menu(page)).toBeVisible();
  await menu(page).getByRole('button', { name: 'File properties' }).click();
  await expect(page.getByRole('dialog', { name: 'File properties' })).toBeVisible();
  await page.keyboard.press('Escape');
  await menu(page).getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible();
});

test('imports a markdown file as a new current file named after it', async ({ page }) => {
  await openApp(page);
  await openMenuEntry(page, 'Import/export');
  await page.getByLabel('Import markdown').setInputFiles({
    name: 'Trip notes.md',
    mimeType: 'text/markdown',
    buffer: Buffer.from('# Trip notes\n\nÉté à Kyōto 🎉\n', 'utf8'),
  });
  await expect(fileTitle(page)).toHaveValue('Trip notes');
  await expect.poll(() => editorText(page)).toBe('# Trip notes\n\nÉté à Kyōto 🎉');
  await expect(preview(page).getByRole('heading', { name: 'Trip notes' })).toBeVisible();
});

test('imports a file written by StackEdit: its trailer becomes a discussion with its comment, never text', async ({
  page,
}) => {
  // The trailer as StackEdit wrote it at the end of a file in a public repository (core's
  // fixture): a discussion of "Georeferencing" at characters 4209 to 4223, with one comment.
  const trailer = await readFile(
    new URL(
      '../../packages/core/src/transfer/fixtures/stackedit/discussion-comment.trailer',
      import.meta.url,
    ),
    'utf8',
  );
  const text = `${'Words before the subject.\n'.repeat(200).slice(0, 4209)}Georeferencing ties a map to the ground.\n`;
  await openApp(page);
  await openMenuEntry(page, 'Import/export');
  await page.getByLabel('Import markdown').setInputFiles({
    name: 'Maps.md',
    mimeType: 'text/markdown',
    buffer: Buffer.from(text + trailer, 'utf8'),
  });
  await expect(fileTitle(page)).toHaveValue('Maps');
  // Stored as the text alone, with the discussion and its comment.
  await expect
    .poll(async () => {
      const items = await storedItems(page);
      const file = items.find((item) => item.type === 'file' && item.name === 'Maps');
      return items.find((item) => item.id === `${file?.id}/content`);
    })
    .toMatchObject({
      text,
      discussions: { '5PylqcMUi0ud1GjV': { text: 'Georeferencing', start: 4209, end: 4223 } },
      comments: { XQ4wPt26cuHNrKtx: { discussionId: '5PylqcMUi0ud1GjV', sub: 'gh:22168157' } },
    });
  // The end of the text in the editor: no trailer.
  await editor(page).click();
  await page.keyboard.press('ControlOrMeta+End');
  await expect(editor(page)).toContainText('Georeferencing ties a map to the ground.');
  await expect(editor(page)).not.toContainText('stackedit_data');
  const comments = page.getByRole('region', { name: 'Comments' });
  await comments
    .getByRole('button', { name: /This theory reads a little more like an exercise/ })
    .click();
  const discussion = page.getByRole('region', { name: 'Discussion', exact: true });
  await expect(discussion.locator('blockquote')).toHaveText('Georeferencing');
  await expect(discussion).not.toContainText("can't be located");
});

test('imports an HTML file through turndown with the settings’ options', async ({ page }) => {
  await openApp(page);
  await openMenuEntry(page, 'Import/export');
  const html =
    '<html><head><title>Ignored</title><style>p{color:red}</style></head><body>' +
    '<h1>Report</h1><p>Some <strong>bold</strong> and <em>light</em> <a href="https://example.com/">words</a></p>' +
    '<ul><li>one</li><li>two</li></ul><pre><code>let x = 1;</code></pre><hr>' +
    '<script>document.title = "ran"</script></body></html>';
  await page.getByLabel('Import HTML').setInputFiles({
    name: 'report.html',
    mimeType: 'text/html',
    buffer: Buffer.from(html, 'utf8'),
  });
  await expect(fileTitle(page)).toHaveValue('report');
  await expect
    .poll(() => editorText(page))
    .toBe(
      '# Report\n\nSome **bold** and _light_ [words](https://example.com/)\n\n-   one\n-   two\n\n```\nlet x = 1;\n```\n\n---',
    );
  await expect(page).not.toHaveTitle('ran');
});

test("refuses a file that is not UTF-8 text with 'File is not readable.'", async ({ page }) => {
  await openApp(page);
  await openMenuEntry(page, 'Import/export');
  const before = (await storedItems(page)).filter((item) => item.type === 'file').length;
  await page.getByLabel('Import markdown').setInputFiles({
    name: 'latin1.md',
    mimeType: 'text/markdown',
    buffer: Buffer.from([0x23, 0x20, 0x45, 0x74, 0xe9, 0x0a]), // "# Eté" in Latin-1
  });
  await expect(notice(page, 'alert', 'File is not readable.')).toBeVisible();
  await expect(fileTitle(page)).toHaveValue('Welcome file');
  expect((await storedItems(page)).filter((item) => item.type === 'file')).toHaveLength(before);
});

test('exports the current file as markdown named after it', async ({ page }) => {
  await openApp(page);
  await replaceText(page, '# Exported\n\nÉté 🎉');
  await openMenuEntry(page, 'Import/export');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export as Markdown' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Welcome file.md');
  expect(await readFile(await download.path(), 'utf8')).toBe('# Exported\n\nÉté 🎉\n');
});

test('a workspace backup survives Reset application and gives everything back', async ({
  page,
}, testInfo) => {
  await openApp(page);
  await replaceText(page, '# Kept text\n\nÉté 🎉');
  await openMenuEntry(page, 'Import/export');
  await page.getByLabel('Import markdown').setInputFiles({
    name: 'second.md',
    mimeType: 'text/markdown',
    buffer: Buffer.from('Second file\n', 'utf8'),
  });
  await expect(fileTitle(page)).toHaveValue('second');

  // A folder, a file in it with properties, a discussion and comments, as a handmade backup
  // (the app has no explorer nor comments yet to make them).
  const handmade = {
    format: 'inkstone-workspace-backup',
    version: 1,
    created: 0,
    items: [
      { id: 'folder0000000001', type: 'folder', name: 'Archive', parentId: null, hash: '' },
      {
        id: 'filed00000000001',
        type: 'file',
        name: 'Filed',
        parentId: 'folder0000000001',
        hash: '',
      },
      {
        id: 'filed00000000001/content',
        type: 'content',
        text: 'Filed text\n',
        properties: 'title: Filed\ntags: a, b\n',
        discussions: { disc000000000001: { text: 'Filed', start: 0, end: 5 } },
        comments: {
          comm000000000001: {
            discussionId: 'disc000000000001',
            sub: 'gh:1',
            text: 'Why?',
            created: 1,
          },
          comm000000000002: {
            discussionId: 'disc000000000001',
            sub: 'gh:2',
            text: 'So.',
            created: 2,
          },
        },
        history: [],
        hash: '',
      },
    ],
    images: [{ id: 'img1', path: '/imgs/a.png', content: 'iVBORw0KGgo=', uploaded: false }],
  };
  await page.getByRole('button', { name: 'Main menu' }).click();
  await openMenuEntry(page, 'Workspace backups');
  await page.getByLabel('Import workspace').setInputFiles({
    name: 'handmade.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(handmade)),
  });
  await expect(
    notice(page, 'status', 'Workspace backup imported: 1 file, 1 folder.'),
  ).toBeVisible();

  // What must come back: every file, folder and content (text, properties, discussions,
  // comments), exactly.
  const kept = (items: StoredRow[]) =>
    items.filter((item) => ['file', 'folder', 'content'].includes(item.type));
  const before = kept(await storedItems(page));
  expect(
    before
      .filter((item) => item.type === 'file')
      .map((item) => item.name)
      .sort(),
  ).toEqual(['Filed', 'Welcome file', 'second']);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export workspace' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^inkstone-workspace-\d{4}-\d{2}-\d{2}\.json$/);
  const backupPath = testInfo.outputPath('backup.json');
  await download.saveAs(backupPath);
  expect(JSON.parse(await readFile(backupPath, 'utf8'))).toMatchObject({
    format: 'inkstone-workspace-backup',
    version: 1,
  });

  // Reset application: confirm, the page reloads onto a fresh workspace.
  await page.getByRole('button', { name: 'Main menu' }).click();
  await menu(page).getByRole('button', { name: 'Reset application' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset application' });
  await expect(dialog).toBeVisible();
  await Promise.all([
    page.waitForEvent('load'),
    dialog.getByRole('button', { name: 'Reset' }).click(),
  ]);
  await expect(editor(page)).toBeVisible({ timeout: 15_000 });
  await expect(fileTitle(page)).toHaveValue('Welcome file');
  await expect.poll(() => editorText(page)).not.toContain('Kept text');
  const fresh = await storedItems(page);
  expect(fresh.filter((item) => item.type === 'file').map((item) => item.name)).toEqual([
    'Welcome file',
  ]);
  expect(fresh.filter((item) => item.type === 'folder')).toEqual([]);

  // Import the backup: everything is back, exactly.
  await openMenuEntry(page, 'Workspace backups');
  await page.getByLabel('Import workspace').setInputFiles(backupPath);
  await expect(
    notice(page, 'status', 'Workspace backup imported: 3 files, 1 folder.'),
  ).toBeVisible();
  const after = kept(await storedItems(page));
  for (const item of before) expect(after).toContainEqual(item);
  expect(after).toHaveLength(before.length + 2); // and the new Welcome file with its content

  // The backup's recent files came back too: a reload opens the file that was open at export.
  await page.reload();
  await expect(fileTitle(page)).toHaveValue('second', { timeout: 15_000 });
  await expect.poll(() => editorText(page)).toBe('Second file');
});

// A backup file may hold several long manuscripts: the app reads up to 100,000,000 bytes of one,
// the most it exports (ADR 0006), where the spec read 10,000,000.
test('a backup is read up to 100,000,000 bytes: what comes after is ignored, and a longer backup is refused in plain words', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await openApp(page);
  const backup = (name: string) =>
    JSON.stringify({
      format: 'inkstone-workspace-backup',
      version: 1,
      created: 0,
      items: [
        {
          id: name.toLowerCase().padEnd(16, '0'),
          type: 'folder',
          name,
          parentId: null,
          hash: '',
        },
      ],
      images: [],
    });
  // (Written to disk and chosen from there, as a user chooses a file of this size.)
  const capped = testInfo.outputPath('capped.json');
  // The backup, blanks up to the cap, then bytes that would make the JSON invalid.
  const head = Buffer.from(backup('Capped'));
  await writeFile(
    capped,
    Buffer.concat([head, Buffer.alloc(100_000_000 - head.length, ' '), Buffer.from('not JSON')]),
  );
  await openMenuEntry(page, 'Workspace backups');
  await page.getByLabel('Import workspace').setInputFiles(capped);
  await expect(notice(page, 'status', 'Workspace backup imported: 0 files, 1 folder.')).toBeVisible(
    { timeout: 30_000 },
  );
  expect(
    (await storedItems(page)).filter((item) => item.type === 'folder').map((folder) => folder.name),
  ).toEqual(['Capped']);

  // A whole backup longer than that (its blanks before the closing brace): refused, nothing
  // imported.
  const longer = testInfo.outputPath('longer.json');
  const open = Buffer.from(backup('Longer').slice(0, -1));
  await writeFile(
    longer,
    Buffer.concat([open, Buffer.alloc(100_000_000 - open.length + 10, ' '), Buffer.from('}')]),
  );
  await page.getByLabel('Import workspace').setInputFiles(longer);
  await expect(
    notice(
      page,
      'alert',
      'This backup is larger than 100,000,000 bytes, the most that is read of one: nothing was imported.',
    ),
  ).toBeVisible({ timeout: 30_000 });
  expect(
    (await storedItems(page)).filter((item) => item.type === 'folder').map((folder) => folder.name),
  ).toEqual(['Capped']);
  await rm(capped);
  await rm(longer);
});

test('an imported text over 10,000,000 characters is split into parts, losing nothing, and the user is told', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await openApp(page);
  await openMenuEntry(page, 'Import/export');
  // 100,001 lines of 100 characters: 10,000,100 characters.
  const text = `${'x'.repeat(99)}\n`.repeat(100_001);
  await page.getByLabel('Import markdown').setInputFiles({
    name: 'long.md',
    mimeType: 'text/markdown',
    buffer: Buffer.from(text),
  });
  await expect(
    notice(
      page,
      'status',
      '“long.md” was longer than 10,000,000 characters, the most a file holds: it was imported whole, as 2 files (part 1 to part 2).',
    ),
  ).toBeVisible({ timeout: 60_000 });
  await expect(fileTitle(page)).toHaveValue('long (part 1)', { timeout: 60_000 });
  const items = await storedItems(page);
  const part = (name: string) => {
    const file = items.find((item) => item.type === 'file' && item.name === name);
    return String(items.find((item) => item.id === `${file?.id}/content`)?.text);
  };
  const [first, second] = [part('long (part 1)'), part('long (part 2)')];
  expect(first.length).toBeLessThanOrEqual(10_000_000);
  expect(first.length + second.length).toBe(text.length);
  expect(first + second === text).toBe(true);
});

test('imports a workspace backup made by StackEdit itself: its folders, files, trash, properties, discussion and comment join this workspace', async ({
  page,
}) => {
  // Exported by the real StackEdit+ 6 (packages/core's transfer/fixtures/stackedit/real/).
  const backup = await readFile(
    new URL(
      '../../packages/core/src/transfer/fixtures/stackedit/real/StackEdit workspace.json',
      import.meta.url,
    ),
  );
  const stackedit = JSON.parse(backup.toString('utf8')) as Record<string, Record<string, unknown>>;
  const mapsContent = Object.values(stackedit).find(
    (item) => item.type === 'content' && String(item.text).startsWith('# 你好，世界'),
  )!;
  await openApp(page);
  await openMenuEntry(page, 'Workspace backups');
  await page.getByLabel('Import workspace').setInputFiles({
    name: 'StackEdit workspace.json',
    mimeType: 'application/json',
    buffer: backup,
  });
  await expect(
    notice(
      page,
      'status',
      'StackEdit workspace backup imported: 4 files, 2 folders, added to this workspace.',
    ),
  ).toBeVisible();
  // In the explorer beside the welcome file already there: 笔记 Notes/地図 Maps, its
  // discussion shown from its comment.
  await page.getByRole('button', { name: 'Toggle explorer' }).click();
  await tree(page).getByRole('treeitem', { name: '笔记 Notes' }).click();
  await tree(page).getByRole('treeitem', { name: '地図 Maps' }).click();
  await expect(fileTitle(page)).toHaveValue('地図 Maps');
  await page
    .getByRole('region', { name: 'Comments' })
    .getByRole('button', { name: /Is 地図 the right word\? 🤔/ })
    .click();
  await expect(
    page.getByRole('region', { name: 'Discussion', exact: true }).locator('blockquote'),
  ).toHaveText('this sentence 🌏 about 地図');
  const items = await storedItems(page);
  const named = (name: string) => items.find((item) => item.type === 'file' && item.name === name);
  expect(named('ゴミ Trash me 🗑️')?.parentId).toBe('trash');
  const trips = items.find((item) => item.type === 'folder' && item.name === '旅行 ✈️ trips');
  expect(named('京都 2024 🍵')?.parentId).toBe(trips?.id);
  const maps = items.find((item) => item.id === `${named('地図 Maps')?.id}/content`);
  // The text byte for byte, and the properties, as StackEdit held them.
  expect(maps?.text).toBe(mapsContent.text);
  expect(maps?.properties).toBe(mapsContent.properties);
  await expect(editor(page)).toContainText('The discussion is on this sentence 🌏 about 地図.');
});

test('imports a StackEdit zip backup with its images, and says which it lists but lacks', async ({
  page,
}) => {
  const backup = await readFile(
    new URL(
      '../../packages/core/src/transfer/fixtures/stackedit/workspace-backup.json',
      import.meta.url,
    ),
  );
  // A 1×1 PNG, kept where StackEdit+ puts an image: images/{id}.{ext}, its path in images.json.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  const images = [
    { id: 'img1', path: '/imgs/a%20map.png', file: 'images/img1.png', uploaded: false },
    { id: 'img2', path: '/imgs/gone.png', file: 'images/img2.png', uploaded: false },
  ];
  const zip = zipSync({
    'workspace.json': new Uint8Array(backup),
    'images.json': strToU8(JSON.stringify(images, null, 2)),
    'images/img1.png': new Uint8Array(png),
  });
  await openApp(page);
  await openMenuEntry(page, 'Workspace backups');
  await page.getByLabel('Import workspace').setInputFiles({
    name: 'StackEdit workspace.zip',
    mimeType: 'application/zip',
    buffer: Buffer.from(zip),
  });
  await expect(
    notice(
      page,
      'status',
      'StackEdit workspace backup imported: 4 files, 2 folders, 1 image, added to this workspace.',
    ),
  ).toBeVisible();
  await expect(
    notice(page, 'alert', '1 image listed in the backup was not in the zip.'),
  ).toBeVisible();
  const stored = await storedRows(page, 'images');
  expect(stored.map((image) => [image.path, image.content])).toEqual([
    ['/imgs/a map.png', png.toString('base64')],
  ]);
  const items = await storedItems(page);
  expect(
    items
      .filter((item) => item.type === 'file')
      .map((item) => item.name)
      .sort(),
  ).toEqual(['Chapter 1', 'Maps', 'Old idea', 'Welcome file', 'Welcome file.1']);
});

test('a file that is not a backup is refused in plain words', async ({ page }) => {
  await openApp(page);
  await openMenuEntry(page, 'Workspace backups');
  await page.getByLabel('Import workspace').setInputFiles({
    name: 'package.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{"name":"something else"}'),
  });
  await expect(
    notice(page, 'alert', 'This file is not an Inkstone workspace backup: nothing was imported.'),
  ).toBeVisible();
});

test('warns when the browser refuses persistent storage, until dismissed', async ({ page }) => {
  await stubPersistence(page, false, false);
  await openApp(page);
  await expect(notice(page, 'status', STORAGE_WARNING)).toBeVisible();
  await page.getByRole('button', { name: 'Toggle side bar' }).click();
  const warning = menu(page).getByRole('note', { name: 'Storage warning' });
  await expect(warning).toHaveText(new RegExp(STORAGE_WARNING.replace(/[.?*+()]/g, '\\$&')));
  await warning.getByRole('button', { name: 'Open Workspace backups' }).click();
  await expect(page.getByRole('region', { name: 'Workspace backups' })).toBeVisible();
  await page.getByRole('button', { name: 'Main menu' }).click();
  await menu(page).getByRole('button', { name: 'Dismiss warning' }).click();
  await expect(warning).toHaveCount(0);
  // Dismissed stays dismissed.
  await page.reload();
  await expect(editor(page)).toBeVisible({ timeout: 15_000 });
  await expect(menu(page)).toBeVisible();
  await expect(menu(page).getByRole('note', { name: 'Storage warning' })).toHaveCount(0);
});

test('no persistent storage warning when the browser grants it', async ({ page }) => {
  await stubPersistence(page, false, true);
  await openApp(page);
  await page.getByRole('button', { name: 'Toggle side bar' }).click();
  await expect(menu(page)).toBeVisible();
  await expect(menu(page).getByRole('note', { name: 'Storage warning' })).toHaveCount(0);
  await expect(page.getByText(STORAGE_WARNING)).toHaveCount(0);
});
