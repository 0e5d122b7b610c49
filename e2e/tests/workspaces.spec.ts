import { type BrowserContext, expect, type Page } from '@playwright/test';
import { test } from './fixtures/warm-page';
import {
  type CouchdbTestServer,
  startCouchdbServer,
} from '../../packages/core/src/testing/couchdb-server';
import {
  alert,
  editor,
  editorText,
  fileTitle,
  menu,
  openApp,
  openMenu,
  replaceText,
  skipTour,
} from './helpers';

// The app runs on 127.0.0.1, the site of the CouchDB-protocol server: its session cookie
// (SameSite unset, so Lax) travels with the app's cross-origin requests.
const appOrigin = `http://127.0.0.1:${process.env.E2E_PORT ?? 8181}`;
test.use({ baseURL: appOrigin });

let server: CouchdbTestServer;
test.beforeAll(async () => {
  server = await startCouchdbServer({ corsOrigin: appOrigin });
  await server.createUser('alice', 'alice-secret');
});
test.afterAll(async () => server.stop());

const panel = (page: Page) => page.getByRole('region', { name: 'Workspaces' });

/** Opens the workspaces panel from the menu, whose entry shows the count. */
async function openPanel(page: Page, count: number): Promise<void> {
  await openMenu(page);
  await menu(page)
    .getByRole('button', { name: `Workspaces (${count})` })
    .click();
  await expect(panel(page)).toBeVisible();
}

/** Adds a CouchDB workspace from the panel: the database URL, then (if asked) credentials. */
async function addWorkspace(page: Page, dbUrl: string, login?: [string, string]): Promise<void> {
  await panel(page).getByRole('button', { name: 'Add a CouchDB workspace' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a CouchDB workspace' });
  await dialog.getByRole('textbox', { name: 'Database URL' }).fill(dbUrl);
  await dialog.getByRole('button', { name: 'Add' }).click();
  if (!login) return;
  const credentials = page.getByRole('dialog', { name: 'CouchDB credentials' });
  await credentials.getByRole('textbox', { name: 'Name' }).fill(login[0]);
  await credentials.getByLabel('Password').fill(login[1]);
  await credentials.getByRole('button', { name: 'Log in' }).click();
}

/** Waits for a tab's workspace to be ready. */
async function ready(page: Page): Promise<void> {
  await expect(editor(page)).toBeVisible({ timeout: 15_000 });
  await skipTour(page);
}

/** Adds a members-only database as a workspace; returns its URL and its tab. */
async function addTeamWorkspace(page: Page, context: BrowserContext, name: string) {
  const dbUrl = await server.createDatabase(name, ['alice']);
  await openApp(page);
  await replaceText(page, 'Main only text');
  await openPanel(page, 1);
  const opened = context.waitForEvent('page');
  await addWorkspace(page, `${dbUrl}/`, ['alice', 'alice-secret']);
  const tab = await opened;
  await ready(tab);
  return { dbUrl, tab };
}

test('a CouchDB workspace added from the panel opens in a new tab with its own files', async ({
  page,
  context,
}) => {
  const { dbUrl, tab } = await addTeamWorkspace(page, context, 'team-notes');
  await expect(fileTitle(tab)).toHaveValue('Welcome file');
  expect(await editorText(tab)).not.toContain('Main only text');
  await openMenu(tab);
  await expect(menu(tab).getByText('team-notes', { exact: true })).toBeVisible();
  await expect(menu(tab).getByText(`synced with ${dbUrl}`, { exact: true })).toBeVisible();
  await replaceText(tab, 'Team text');
  // The password is in neither the list nor a URL.
  expect(tab.url()).not.toContain('alice-secret');
  const list = await tab.evaluate(() => localStorage.getItem('inkstone-workspaces'));
  expect(list).toContain(dbUrl);
  expect(list).not.toContain('alice-secret');
  // The credentials are kept for the database in the workspace's own tokens item.
  const tokens = await tab.evaluate(async (url) => {
    const entries = JSON.parse(localStorage.getItem('inkstone-workspaces')!) as {
      id: string;
      dbUrl?: string;
    }[];
    const id = entries.find((entry) => entry.dbUrl === url)!.id;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(`inkstone-db-${id}`);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const row = await new Promise((resolve) => {
      const request = db.transaction('objects').objectStore('objects').get('tokens');
      request.onsuccess = () => resolve(request.result);
    });
    db.close();
    return JSON.stringify(row);
  }, dbUrl);
  expect(tokens).toContain(`"${dbUrl}":{"name":"alice"`);

  // The main tab keeps its own workspace, and sees the list grow.
  expect(await editorText(page)).toBe('Main only text');
  await page.getByRole('button', { name: 'Main menu' }).click();
  await expect(menu(page).getByText('Main workspace', { exact: true })).toBeVisible();
  await expect(menu(page).getByText('not synced', { exact: true })).toBeVisible();
  await expect(menu(page).getByRole('button', { name: 'Workspaces (2)' })).toBeVisible();

  // The workspace's URL opens the same workspace, without adding it twice.
  const direct = await context.newPage();
  await direct.goto(`/?providerId=couchdbWorkspace&dbUrl=${encodeURIComponent(dbUrl)}`);
  await ready(direct);
  await expect.poll(() => editorText(direct)).toBe('Team text');
  await openPanel(direct, 2);
  await expect(panel(direct).getByRole('listitem')).toHaveCount(2);
  await expect(panel(direct).locator('[aria-current="true"]')).toContainText('team-notes');

  // The panel opens a workspace in a new tab.
  const another = context.waitForEvent('page');
  await panel(direct).getByRole('button', { name: 'Open Main workspace in a new tab' }).click();
  const mainTab = await another;
  await ready(mainTab);
  await expect.poll(() => editorText(mainTab)).toBe('Main only text');
});

test('workspaces are renamed and removed from the management dialog', async ({ page, context }) => {
  const { tab } = await addTeamWorkspace(page, context, 'renamed-notes');
  await panel(page).getByRole('button', { name: 'Manage workspaces' }).click();
  const dialog = page.getByRole('dialog', { name: 'Manage workspaces' });
  const team = dialog.getByRole('listitem', { name: 'renamed-notes' });

  // Escape cancels, Enter submits, blur submits.
  await team.getByRole('button', { name: 'Rename' }).click();
  const field = dialog.getByRole('textbox', { name: 'Workspace name' });
  await field.fill('Ignored');
  await field.press('Escape');
  await expect(dialog).toBeVisible();
  await expect(team.getByText('renamed-notes', { exact: true })).toBeVisible();
  await team.getByRole('button', { name: 'Rename' }).click();
  await field.fill('Team');
  await field.press('Enter');
  const renamed = dialog.getByRole('listitem', { name: 'Team' });
  await expect(renamed).toBeVisible();
  await renamed.getByRole('button', { name: 'Rename' }).click();
  await field.fill('Team notes');
  await dialog.getByRole('heading', { name: 'Manage workspaces' }).click();
  await expect(dialog.getByRole('listitem', { name: 'Team notes' })).toBeVisible();
  // The workspace's own tab shows its new name.
  await openMenu(tab);
  await expect(menu(tab).getByText('Team notes', { exact: true })).toBeVisible();

  // The main workspace and the current one are refused, with the spec's words.
  await dialog
    .getByRole('listitem', { name: 'Main workspace' })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(alert(page, 'Main workspace cannot be deleted.')).toBeVisible();
  await menu(tab).getByRole('button', { name: 'Workspaces (2)' }).click();
  await panel(tab).getByRole('button', { name: 'Manage workspaces' }).click();
  const tabDialog = tab.getByRole('dialog', { name: 'Manage workspaces' });
  await tabDialog
    .getByRole('listitem', { name: 'Team notes' })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(alert(tab, 'Please close the workspace before deleting it.')).toBeVisible();
  await expect(tabDialog.getByRole('listitem')).toHaveCount(2);
  await tab.close();

  // Another workspace is removed after the removeWorkspace confirmation.
  await dialog
    .getByRole('listitem', { name: 'Team notes' })
    .getByRole('button', { name: 'Remove' })
    .click();
  const confirmation = page.getByRole('dialog', { name: 'Remove workspace' });
  await confirmation.getByRole('button', { name: 'Remove' }).click();
  await expect(dialog.getByRole('listitem')).toHaveCount(1);
  await expect(dialog.getByRole('listitem', { name: 'Main workspace' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Main menu' }).click();
  await expect(menu(page).getByRole('button', { name: 'Workspaces (1)' })).toBeVisible();
});

test('the workspace URL is copied', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openApp(page);
  await openPanel(page, 1);
  await panel(page).getByRole('button', { name: 'Manage workspaces' }).click();
  const dialog = page.getByRole('dialog', { name: 'Manage workspaces' });
  await dialog.getByRole('button', { name: 'Copy URL' }).click();
  await expect(
    page.getByRole('status').getByText('Workspace URL copied to clipboard!'),
  ).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${appOrigin}/`);
});

test('a database URL is required, and an unreachable database is not added', async ({ page }) => {
  await openApp(page);
  await openPanel(page, 1);
  await panel(page).getByRole('button', { name: 'Add a CouchDB workspace' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a CouchDB workspace' });
  const field = dialog.getByRole('textbox', { name: 'Database URL' });
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('A database URL is required.');
  await field.fill('https://alice:secret@couch.example.com/notes');
  await field.press('Enter');
  await expect(dialog.getByRole('alert')).toHaveText(
    'The database URL must not hold a name or password.',
  );
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  const dbUrl = `${server.url}/no-such-database`;
  await addWorkspace(page, dbUrl);
  const message = `${dbUrl} is not accessible. Make sure you have the proper permissions.`;
  await expect(alert(page, message)).toBeVisible();
  await expect(panel(page).getByRole('listitem')).toHaveCount(1);
});

test('a bad workspace URL says why and opens the main workspace', async ({ page }) => {
  await page.goto('/?providerId=dropboxWorkspace');
  await ready(page);
  await expect(alert(page, 'Unknown workspace provider: dropboxWorkspace.')).toBeVisible();
  await openMenu(page);
  await expect(menu(page).getByText('Main workspace', { exact: true })).toBeVisible();
});
