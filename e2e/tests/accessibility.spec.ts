import { type Browser, expect, type Locator, type Page } from '@playwright/test';
import { test } from './fixtures/warm-page';
import axe, { type AxeResults, type RunOptions } from 'axe-core';
import {
  type CouchdbTestServer,
  startCouchdbServer,
} from '../../packages/core/src/testing/couchdb-server';
import {
  activity,
  alert,
  editor,
  openMenu,
  openMenuEntry,
  preview,
  replaceText,
  tree,
} from './helpers';

// axe-core's checks of WCAG 2.0, 2.1 and 2.2 at levels A and AA, on every part of the app a user
// sees: the main page, the explorer, each side panel, the find bar, the context menus and every
// dialog (each tab of the tabbed ones), in the light and (for the rules about colour) in the dark
// colour theme. A serious or critical violation fails the test, printed as rule, impact, help
// and the elements at fault. The walk goes through everything once: at each surface the light
// theme is checked, then the system's colours turn dark (the default colorTheme setting,
// `system`, follows them) and the rules about colour are checked again. Walking a second time
// for the dark theme doubled the file's time (7.3 min of a 25.8-min test command) for what only
// the colours change.

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
/** The rules of those levels that read colours. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

const appOrigin = `http://127.0.0.1:${process.env.E2E_PORT ?? 8181}`;
test.use({ baseURL: appOrigin });

let couchdb: CouchdbTestServer;
let protectedDb: string;
test.beforeAll(async () => {
  couchdb = await startCouchdbServer({ corsOrigin: appOrigin });
  await couchdb.createUser('reader', 'reader-secret');
  protectedDb = await couchdb.createDatabase('private-notes', ['reader']);
});
test.afterAll(async () => couchdb.stop());

// The walk is three tests, each on a page of its own, which the test tool may give to different
// browsers: the app's surfaces, its dialogs, and the dialogs of accounts and workspaces. As one
// test it took 2.2 min on a quiet machine and passed its 8-minute limit on a loaded one (CI,
// three browsers and the unit tests sharing two cores), holding the end of the run.
test.describe.configure({ mode: 'parallel', timeout: 300_000 });

/** A violation as a person reads it: rule, impact, what it asks, and each element at fault. */
function describe(violations: AxeResults['violations']): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes
        .map((node) => `    ${node.target.join(' ')}\n      ${node.failureSummary ?? ''}`)
        .join('\n');
      return `  [${violation.impact}] ${violation.id}: ${violation.help}\n${nodes}`;
    })
    .join('\n');
}

/** Runs axe-core in the page on what `within` selects (the whole document by default). axe is
 * put in the page once, at the first check of a page, and run there with `axe.run`: the test
 * tool's AxeBuilder put its 560 KB of source into the page again at each check, and opened a
 * second page (its source put there too) to finish each run; the walk checks each of its 40
 * surfaces twice (light, then dark). The file took 210 s of CPU with it, 84 s without
 * (2-core machine, its three tests each in a browser of its own). axe goes in every frame of
 * the page, for `axe.run` to look into them. */
async function runAxe(page: Page, options: RunOptions, within?: string): Promise<AxeResults> {
  for (const frame of page.frames()) {
    if (!(await frame.evaluate(() => 'axe' in window))) await frame.evaluate(axe.source);
  }
  return page.evaluate(
    ([selector, runOptions]) => {
      const inPage = (window as unknown as { axe: typeof axe }).axe;
      return inPage.run(selector ? { include: [selector] } : document, runOptions);
    },
    [within, options] as const,
  );
}

/** Shows the page in the system colours `scheme`, which the default colorTheme follows. */
async function showColours(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  await expect(page.locator('html')).toHaveAttribute('data-color-theme', scheme);
}

/** Runs axe on what `within` selects (the whole page by default), soft-failing on any serious
 * or critical violation so that one walk reports every surface: every rule of the levels in the
 * light theme, then the rules about colour in the dark theme. The dark theme changes colours
 * only, not the page's structure, names or roles, so that is what could differ there. */
async function check(page: Page, surface: string, within?: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    if (scheme === 'dark') await showColours(page, 'dark');
    const runOnly: RunOptions['runOnly'] =
      scheme === 'dark' ? { type: 'rule', values: COLOUR_RULES } : { type: 'tag', values: TAGS };
    const { violations } = await runAxe(page, { runOnly }, within);
    const severe = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect
      .soft(describe(severe), `${surface} (${scheme}): serious or critical violations`)
      .toBe('');
  }
  await showColours(page, 'light');
}

const sideBar = (page: Page) => page.getByRole('complementary', { name: 'Side bar' });

/** Opens a dialog with `open`, checks it, and closes it with Escape. */
async function checkDialog(
  page: Page,
  name: string,
  open: () => Promise<void>,
  more?: (dialog: Locator) => Promise<void>,
): Promise<void> {
  await open();
  const dialog = page.getByRole('dialog', { name, exact: true });
  await expect(dialog).toBeVisible();
  await check(page, `${name} dialog`, '[role="dialog"]');
  await more?.(dialog);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

/** Opens the app in a context of its own; checks the welcome tour when `checkTour`, then skips
 * it. */
async function open(browser: Browser, checkTour = false): Promise<Page> {
  const context = await browser.newContext({
    baseURL: appOrigin,
    viewport: { width: 1400, height: 900 },
  });
  const page = await context.newPage();
  await page.goto('/');
  await expect(editor(page)).toBeVisible({ timeout: 15_000 });
  await expect(preview(page).locator('h1, h2, p').first()).toBeVisible();
  const tour = page.getByRole('dialog', { name: 'Welcome tour' });
  await showColours(page, 'light');
  await expect(tour).toBeVisible();
  if (checkTour) await check(page, 'Main page with the welcome tour');
  await tour.getByRole('button', { name: 'Skip' }).click();
  await expect(tour).toBeHidden();
  return page;
}

/** The main page, the explorer, the find bar, the editor's menu and every side panel. */
async function walkSurfaces(page: Page): Promise<void> {
  await check(page, 'Main page');

  // The explorer, its search and its context menu.
  await page.getByRole('button', { name: 'Toggle explorer' }).click();
  await expect(tree(page)).toBeVisible();
  await check(page, 'Explorer', '.explorer');
  await tree(page).getByRole('treeitem').first().click({ button: 'right' });
  const explorerMenu = page.getByRole('menu', { name: 'Explorer actions' });
  await expect(explorerMenu).toBeVisible();
  await check(page, 'Explorer context menu', '.context-menu');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('searchbox', { name: 'Search files' }).fill('markdown');
  await page.getByRole('searchbox', { name: 'Search files' }).press('Enter');
  await expect(page.getByRole('list', { name: 'Search results' })).toBeVisible();
  await check(page, 'Explorer search', '.explorer');
  await page.getByRole('button', { name: 'Close explorer' }).click();

  // The find bar, and the editor's menu of commands.
  await editor(page).click();
  await page.keyboard.press('ControlOrMeta+f');
  await page.getByRole('textbox', { name: 'Find' }).fill('markdown');
  await expect(page.getByRole('search', { name: 'Find and replace' })).toContainText(
    /\d+ (of \d+|match)/,
  );
  await check(page, 'Find bar', '.find-bar');
  await page.getByRole('textbox', { name: 'Find' }).fill('(');
  await page.getByRole('button', { name: 'Regular expression' }).click();
  await expect(page.getByText(/Invalid regular expression/)).toBeVisible();
  await check(page, 'Find bar with an error', '.find-bar');
  await page.getByRole('button', { name: 'Regular expression' }).click();
  await page.keyboard.press('Escape');
  await editor(page).press('Shift+F10');
  await expect(page.getByRole('menu', { name: 'Editor actions' })).toBeVisible();
  await check(page, 'Editor actions menu', '.context-menu');
  await page.keyboard.press('Escape');

  // Every side panel.
  const panels: [string, string][] = [
    ['Workspaces (1)', 'Workspaces'],
    ['Synchronize (0)', 'Synchronize'],
    ['History', 'History'],
    ['Table of contents', 'Table of contents'],
    ['Markdown cheat sheet', 'Markdown cheat sheet'],
    ['Import/export', 'Import/export'],
    ['Workspace backups', 'Workspace backups'],
    ['Edit area theme', 'Edit area theme'],
    ['Preview area theme', 'Preview area theme'],
  ];
  await openMenu(page);
  await check(page, 'Menu panel', '.side-bar');
  for (const [entry, title] of panels) {
    await openMenuEntry(page, entry);
    await expect(sideBar(page).getByRole('heading', { name: title, exact: true })).toBeVisible();
    await check(page, `${title} panel`, '.side-bar');
  }
  // A theme with a style to show, and the custom one being edited.
  await sideBar(page).getByRole('radio', { name: 'Custom' }).check();
  await check(page, 'Custom preview theme', '.side-bar');
  await sideBar(page).getByRole('radio', { name: 'Default' }).check();
}

/** The dialogs of the navigation bar, the menu and the editor. */
async function walkDialogs(page: Page): Promise<void> {
  const nav = page.getByRole('banner');
  await checkDialog(
    page,
    'Settings',
    () => nav.getByRole('button', { name: 'Settings' }).click(),
    async (dialog) => {
      await dialog.getByRole('tab', { name: 'Default settings' }).click();
      await check(page, 'Settings dialog, Default settings', '[role="dialog"]');
    },
  );
  await checkDialog(
    page,
    'File properties',
    () => nav.getByRole('button', { name: 'File properties' }).click(),
    async (dialog) => {
      await dialog.getByRole('tab', { name: 'YAML properties' }).click();
      await check(page, 'File properties dialog, YAML properties', '[role="dialog"]');
      await dialog.getByRole('tab', { name: 'Simple properties' }).click();
    },
  );
  await checkDialog(page, 'About', () => openMenuEntry(page, 'About'));
  await checkDialog(
    page,
    'Manage badges',
    () => openMenuEntry(page, /^Badges/),
    async (dialog) => {
      await dialog.getByRole('button', { name: 'Show the badges of Explorer' }).click();
      await check(page, 'Manage badges dialog, a group shown', '[role="dialog"]');
    },
  );
  await checkDialog(page, 'Templates', () => openMenuEntry(page, /^Templates/));
  await checkDialog(page, 'Export to HTML', async () => {
    await openMenuEntry(page, 'Import/export');
    await page.getByRole('button', { name: 'Export as HTML' }).click();
  });
  await checkDialog(page, 'Export to PDF', () =>
    page.getByRole('button', { name: /^Export as PDF/ }).click(),
  );
  await checkDialog(page, 'Export with Pandoc', () =>
    page.getByRole('button', { name: /^Export with Pandoc/ }).click(),
  );
  // The import report: two files chosen, one of them unreadable.
  await checkDialog(page, 'Import report', () =>
    page.getByLabel('Import markdown').setInputFiles([
      { name: 'Readable.md', mimeType: 'text/markdown', buffer: Buffer.from('# Readable\n') },
      { name: 'latin1.md', mimeType: 'text/markdown', buffer: Buffer.from([0x45, 0x74, 0xe9]) },
    ]),
  );
  await checkDialog(page, 'Insert link', async () => {
    await editor(page).click();
    await page.keyboard.press('ControlOrMeta+k');
  });
  await checkDialog(page, 'Insert image', () =>
    nav.getByRole('button', { name: 'Image', exact: true }).click(),
  );
  // The chat assistant, and its configuration stacked on it.
  await checkDialog(page, 'ChatGPT', () =>
    nav.getByRole('button', { name: 'ChatGPT', exact: true }).click(),
  );
  await nav.getByRole('button', { name: 'ChatGPT', exact: true }).click();
  await checkDialog(page, 'ChatGPT configuration', () =>
    page
      .getByRole('dialog', { name: 'ChatGPT', exact: true })
      .getByRole('button', { name: 'Configure apiKey' })
      .click(),
  );
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'ChatGPT', exact: true })).toBeHidden();
  await checkDialog(page, 'Reset application', () => openMenuEntry(page, 'Reset application'));
}

/** The dialogs of accounts, image beds and workspaces, the conflicts dialog, a notification and
 * an announcement. */
async function walkAccountsAndWorkspaces(page: Page): Promise<void> {
  // The external accounts and the image beds' dialogs opened from it (stacked on it).
  await checkDialog(page, 'Manage external accounts', () => openMenuEntry(page, /^Accounts/));
  await openMenuEntry(page, /^Accounts/);
  const accounts = page.getByRole('dialog', { name: 'Manage external accounts' });
  await checkDialog(page, 'SM.MS', () =>
    accounts.getByRole('button', { name: 'Add SM.MS account' }).click(),
  );
  await checkDialog(page, 'Custom image bed', () =>
    accounts.getByRole('button', { name: 'Add custom image bed' }).click(),
  );
  await page.keyboard.press('Escape');
  await expect(accounts).toBeHidden();
  await checkDialog(page, 'Manage workspaces', async () => {
    await openMenuEntry(page, /^Workspaces/);
    await page.getByRole('button', { name: 'Manage workspaces' }).click();
  });
  await openMenuEntry(page, /^Workspaces/);
  await page.getByRole('button', { name: 'Manage workspaces' }).click();
  await checkDialog(page, 'Workspace image path', () =>
    page
      .getByRole('dialog', { name: 'Manage workspaces' })
      .getByRole('button', { name: 'Workspace image path' })
      .click(),
  );
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Manage workspaces' })).toBeHidden();
  await checkDialog(page, 'Add a CouchDB workspace', () =>
    page.getByRole('button', { name: 'Add a CouchDB workspace' }).click(),
  );
  // The credentials dialog: a database that asks who is there.
  await page.getByRole('button', { name: 'Add a CouchDB workspace' }).click();
  const add = page.getByRole('dialog', { name: 'Add a CouchDB workspace' });
  await add.getByRole('textbox', { name: 'Database URL' }).fill(protectedDb);
  await add.getByRole('button', { name: 'Add' }).click();
  await checkDialog(page, 'CouchDB credentials', async () => {});

  // The conflicts dialog, on a text holding a conflict block.
  await replaceText(
    page,
    'Intro\n\n<<<<<<< this tab\nMine\n=======\nTheirs\n>>>>>>> another tab\n\nEnd\n',
  );
  await checkDialog(page, 'Resolve conflicts', () =>
    page.getByRole('button', { name: 'Resolve conflicts' }).click(),
  );
  // A notification (an error: the main workspace cannot be removed) and the announcer's "Saved".
  await openMenuEntry(page, /^Workspaces/);
  await page.getByRole('button', { name: 'Manage workspaces' }).click();
  const manage = page.getByRole('dialog', { name: 'Manage workspaces' });
  await manage
    .getByRole('listitem', { name: 'Main workspace' })
    .getByRole('button', { name: 'Remove' })
    .click();
  await page.keyboard.press('Escape');
  await expect(alert(page, 'Main workspace cannot be deleted.')).toBeVisible();
  await editor(page).press('ControlOrMeta+s');
  await expect(activity(page)).toHaveText('Saved');
  await check(page, 'Main page with the conflict bar, a notification and an announcement');
}

test('no serious or critical axe violation on the main page, explorer, find bar and panels, light or dark', async ({
  browser,
}) => {
  const page = await open(browser, true);
  await walkSurfaces(page);
  await page.context().close();
});

test('no serious or critical axe violation in the dialogs, light or dark', async ({ browser }) => {
  const page = await open(browser);
  await walkDialogs(page);
  await page.context().close();
});

test('no serious or critical axe violation in the accounts, workspaces and conflicts dialogs, light or dark', async ({
  browser,
}) => {
  const page = await open(browser);
  await walkAccountsAndWorkspaces(page);
  await page.context().close();
});
