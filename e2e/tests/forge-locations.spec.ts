import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type ForgeSim, startForgeSim } from '@inkstone/forge-sim';
import { type BrowserContext, expect, type Page } from '@playwright/test';
import { test } from './fixtures/warm-page';
import {
  type AppServer,
  forgeServerEnv,
  freePort,
  openAppContext,
  startAppServer,
} from './fixtures/app-server';
import { editorText, fileTitle, openMenu, replaceText, storedRows, tree } from './helpers';

// File locations and publishing on GitLab, Gitea and Gitee, for real: one forge-sim answers the
// three forges (their OAuth and APIs over the same bare git repositories), one server holds the
// three forges' applications (/conf: the account dialogs ask nothing), one browser. Each forge's
// account is linked from the first location asked for, as a user without one would.

const APPS = {
  gitlab: { clientId: 'gl-loc-e2e', clientSecret: 'gl-loc-secret' },
  gitea: { clientId: 'gt-loc-e2e', clientSecret: 'gt-loc-secret', dialect: 'gitea' as const },
  gitee: { clientId: 'ge-loc-e2e', clientSecret: 'ge-loc-secret', dialect: 'gitee' as const },
};
const SETUP_TOKEN = 'setup-gina-loc';
const run = promisify(execFile);

let forge: ForgeSim;
let server: AppServer;
let context: BrowserContext;
let page: Page;
let urls: string[] = [];

test.describe.configure({ mode: 'serial', timeout: 60_000 });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(60_000);
  forge = await startForgeSim({ port: 0 });
  forge.users.add({ login: 'gina', token: SETUP_TOKEN });
  const port = await freePort();
  const appOrigin = `http://127.0.0.1:${port}`;
  const callbackUrl = `${appOrigin}/oauth2/callback`;
  for (const app of Object.values(APPS)) {
    forge.oauthApps.add({ ...app, callbackUrl, name: 'Inkstone' });
  }
  server = await startAppServer(forgeServerEnv(forge.url, APPS), port);
  ({ context, page, urls } = await openAppContext(browser, appOrigin));
});

test.afterAll(async () => {
  await context?.close();
  await server?.stop();
  await forge?.close();
});

/** Authorizes as gina in the popup that `start` opens. */
async function authorize(start: () => Promise<void>) {
  const opening = page.waitForEvent('popup');
  await start();
  const popup = await opening;
  await popup.getByRole('textbox', { name: 'Username' }).fill('gina');
  const closing = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Authorize Inkstone' }).click();
  await closing;
}

const git = (args: string[], cwd?: string) =>
  run('git', args, { cwd, env: { ...process.env, GIT_TERMINAL_PROMPT: '0' } }).then(
    (result) => result.stdout,
  );

/** A file of gina's repository as `git clone` gives it ('' when it is not there). */
async function cloned(repo: string, path: string): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'inkstone-loc-'));
  try {
    await git(['clone', '--quiet', `${forge.url}/gina/${repo}.git`, folder]);
    return await readFile(join(folder, path), 'utf8').catch(() => '');
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** Writes a file on the forge as someone else would, through GitLab's files API (the three
 * dialects share the repositories). */
async function writeOnForge(repo: string, path: string, text: string): Promise<void> {
  const url = `${forge.gitlabApiUrl}/projects/${encodeURIComponent(`gina/${repo}`)}/repository/files/${encodeURIComponent(path)}`;
  const exists = (await fetch(`${url}?ref=master`, { headers: { 'private-token': SETUP_TOKEN } }))
    .ok;
  const response = await fetch(url, {
    method: exists ? 'PUT' : 'POST',
    headers: { 'private-token': SETUP_TOKEN, 'content-type': 'application/json' },
    body: JSON.stringify({
      branch: 'master',
      content: text,
      commit_message: 'Edited on the forge',
    }),
  });
  expect(response.ok, await response.clone().text()).toBe(true);
}

const locationsSection = () => page.getByRole('region', { name: 'File locations' });
const publishPanel = () => page.getByRole('region', { name: 'Publish' });

async function openSyncPanel(): Promise<void> {
  if (await locationsSection().isVisible()) return;
  const menu = await openMenu(page);
  await menu.getByRole('button', { name: /^Synchronize/ }).click();
  await expect(locationsSection()).toBeVisible();
}

/** The section's "Synchronize now" (this browser's main workspace does not sync), and its
 * status once done (the button is busy meanwhile; what the sync did is polled after). */
async function syncNow(): Promise<void> {
  const status = locationsSection().getByRole('status');
  const button = locationsSection().getByRole('button', { name: 'Synchronize now' });
  await expect(button).toBeEnabled({ timeout: 20_000 });
  await button.click();
  await expect(status).toHaveText(/^Synchronized at/, { timeout: 20_000 });
  await expect(button).toBeEnabled({ timeout: 20_000 });
}

/** Answers the account dialog a forge's first location opens, and authorizes. */
async function linkAccount(name: string) {
  const dialog = page.getByRole('dialog', { name: `Add ${name} account` });
  await expect(dialog).toBeVisible();
  await authorize(() => dialog.getByRole('button', { name: 'Ok' }).click());
}

const FORGES = [
  { id: 'gitlab', name: 'GitLab', urlField: 'Project URL' },
  { id: 'gitea', name: 'Gitea', urlField: 'Repository URL' },
  { id: 'gitee', name: 'Gitee', urlField: 'Repository URL' },
] as const;

/** Where each forge shows a file of a branch: `{repository}/{this}/{path}`. */
const BLOB = { gitlab: '-/blob/master', gitea: 'src/branch/master', gitee: 'blob/master' };

for (const { id, name, urlField } of FORGES) {
  test(`${name}: open a file, edits both ways, a second location, and publishing with a template`, async () => {
    const repo = `notes-${id}`;
    await forge.repos.create({
      owner: 'gina',
      name: repo,
      private: false,
      autoInit: true,
      defaultBranch: 'master',
    });
    await writeOnForge(repo, 'docs/remote.md', `# Remote\n\nFirst words on ${name}.\n`);
    await openSyncPanel();

    // Open from the forge: no account yet, so the account is linked first.
    await locationsSection()
      .getByRole('button', { name: `Open from ${name}` })
      .click();
    await linkAccount(name);
    const dialog = page.getByRole('dialog', { name: `Open from ${name}` });
    await dialog.getByRole('textbox', { name: urlField }).fill('https://elsewhere.example/x/y');
    await dialog.getByRole('button', { name: 'Open' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(`${urlField} is invalid.`);
    await dialog.getByRole('textbox', { name: urlField }).fill(`${forge.url}/gina/${repo}`);
    await dialog.getByRole('button', { name: 'Open' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('File path is required.');
    await dialog.getByRole('textbox', { name: 'File path' }).fill('/docs/remote.md');
    await dialog.getByRole('button', { name: 'Open' }).click();
    await expect(page.getByText(`remote was imported from ${name}.`)).toBeVisible({
      timeout: 20_000,
    });
    await expect(fileTitle(page)).toHaveValue('remote');
    await expect.poll(() => editorText(page)).toBe(`# Remote\n\nFirst words on ${name}.`);
    await expect(locationsSection()).toContainText(`${name} gina/${repo} docs/remote.md (master)`);

    // Edited here: it goes out, and git clone shows it.
    await replaceText(page, `# Remote\n\nFirst words on ${name}.\n\nAnd some from here.\n`);
    await syncNow();
    await expect
      .poll(() => cloned(repo, 'docs/remote.md'), { timeout: 20_000 })
      .toBe(`# Remote\n\nFirst words on ${name}.\n\nAnd some from here.\n`);

    // Edited there, and here meanwhile: both edits kept.
    await writeOnForge(
      repo,
      'docs/remote.md',
      `# Remote on ${name}\n\nFirst words on ${name}.\n\nAnd some from here.\n`,
    );
    await replaceText(page, `# Remote\n\nFirst words on ${name}.\n\nAnd some from here, more.\n`);
    await syncNow();
    await expect
      .poll(() => editorText(page))
      .toBe(`# Remote on ${name}\n\nFirst words on ${name}.\n\nAnd some from here, more.`);
    await expect
      .poll(() => cloned(repo, 'docs/remote.md'), { timeout: 20_000 })
      .toBe(`# Remote on ${name}\n\nFirst words on ${name}.\n\nAnd some from here, more.\n`);

    // A second location, at a path of the user's choice: the file is written there.
    await locationsSection()
      .getByRole('button', { name: `Add a ${name} location` })
      .click();
    const add = page.getByRole('dialog', { name: `Synchronize with ${name}` });
    await add.getByRole('textbox', { name: urlField }).fill(`gina/${repo}`);
    await add.getByRole('textbox', { name: 'File path' }).fill('copies/remote-copy.md');
    await add.getByRole('button', { name: 'Ok' }).click();
    await expect(locationsSection().getByRole('status')).toHaveText(/^Synchronized at/, {
      timeout: 20_000,
    });
    await expect
      .poll(() => cloned(repo, 'copies/remote-copy.md'), { timeout: 20_000 })
      .toBe(`# Remote on ${name}\n\nFirst words on ${name}.\n\nAnd some from here, more.\n`);

    // Both listed in the management dialog, with the file's page on the forge; one removed.
    await locationsSection().getByRole('button', { name: 'Manage locations' }).click();
    const manage = page.getByRole('dialog', { name: 'Synchronized locations' });
    await expect(manage.getByRole('listitem')).toHaveCount(2);
    await manage
      .getByRole('button', { name: `Remove ${name} gina/${repo} copies/remote-copy.md (master)` })
      .click();
    await expect(manage.getByRole('listitem')).toHaveCount(1);
    await manage.getByRole('button', { name: 'Close' }).first().click();

    // Publishing with a template: the template's output, with the message asked.
    const menu = await openMenu(page);
    await menu.getByRole('button', { name: /^Publish \(\d+\)$/ }).click();
    await publishPanel()
      .getByRole('button', { name: `Publish to ${name}`, exact: true })
      .click();
    const publish = page.getByRole('dialog', { name: `Publish to ${name}` });
    await publish.getByRole('textbox', { name: urlField }).fill(`${forge.url}/gina/${repo}`);
    await publish.getByRole('textbox', { name: 'File path' }).fill('site/remote.html');
    await publish.getByRole('combobox', { name: 'Template' }).selectOption({ label: 'Plain HTML' });
    await publish.getByRole('button', { name: 'Ok' }).click();
    const commit = page.getByRole('dialog', { name: 'Commit message' });
    await commit.getByRole('textbox').fill(`Publish on ${name}`);
    await commit.getByRole('button', { name: 'Commit' }).click();
    await expect
      .poll(() => cloned(repo, 'site/remote.html'), { timeout: 20_000 })
      .toContain(`Remote on ${name}</h1>`);
    expect(await cloned(repo, 'site/remote.html')).toContain('And some from here, more.');
    // Listed with a link to the file's page on the forge.
    const link = publishPanel().getByRole('link', {
      name: `${name} gina/${repo} site/remote.html (master)`,
    });
    await expect(link).toHaveAttribute(
      'href',
      `${forge.url}/gina/${repo}/${BLOB[id]}/site/remote.html`,
    );
    // GitLab's and Gitea's tokens travel in headers only (Gitee's v5 API takes its token as a
    // parameter: the core client's choice, spec providers §7 'Host B').
    if (id !== 'gitee') {
      const tokens = (await storedRows(page)).find((row) => row.id === 'tokens');
      const accounts = Object.values(
        ((tokens?.data as Record<string, Record<string, { accessToken: string }>> | undefined)?.[
          id
        ] ?? {}) as Record<string, { accessToken: string }>,
      );
      expect(accounts).toHaveLength(1);
      expect(urls.filter((url) => url.includes(accounts[0]!.accessToken))).toEqual([]);
    }
    await openSyncPanel();
  });
}

/** A new file of the explorer, current. */
async function newFile(name: string): Promise<void> {
  const toggle = page.getByRole('button', { name: 'Toggle explorer' });
  if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
  await page.getByRole('button', { name: 'New file' }).click();
  const input = tree(page).getByRole('textbox', { name: 'Name' });
  await input.fill(name);
  await input.press('Enter');
  await expect(fileTitle(page)).toHaveValue(name);
}

test('Gitee gist: a sync location creates the gist, its edits come in; publishing to a gist', async () => {
  await newFile('Gist notes');
  await openSyncPanel();
  await replaceText(page, '# Gist notes\n\nKept in a Gitee gist.\n');
  const before = new Set(forge.gists.ownedBy('gina').map((gist) => gist.id));
  await locationsSection().getByRole('button', { name: 'Add a Gitee gist location' }).click();
  const dialog = page.getByRole('dialog', { name: 'Synchronize with a Gitee gist' });
  await dialog.getByRole('button', { name: 'Ok' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Filename is required.');
  await dialog.getByRole('textbox', { name: 'Filename' }).fill('notes.md');
  await dialog.getByRole('button', { name: 'Ok' }).click();
  await expect(locationsSection().getByRole('status')).toHaveText(/^Synchronized at/, {
    timeout: 20_000,
  });
  const created = forge.gists.ownedBy('gina').filter((gist) => !before.has(gist.id));
  expect(created).toHaveLength(1);
  const gistUrl = `${forge.giteeApiUrl}/gists/${created[0]!.id}`;
  const read = async () =>
    (
      (await (
        await fetch(gistUrl, { headers: { authorization: `token ${SETUP_TOKEN}` } })
      ).json()) as { files: Record<string, { content: string }> }
    ).files['notes.md']?.content;
  expect(await read()).toBe('# Gist notes\n\nKept in a Gitee gist.\n');
  const patched = await fetch(gistUrl, {
    method: 'PATCH',
    headers: { authorization: `token ${SETUP_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      files: { 'notes.md': { content: '# Gist notes\n\nEdited on Gitee.\n' } },
    }),
  });
  expect(patched.ok).toBe(true);
  await syncNow();
  await expect.poll(() => editorText(page)).toBe('# Gist notes\n\nEdited on Gitee.');

  const menu = await openMenu(page);
  await menu.getByRole('button', { name: /^Publish \(\d+\)$/ }).click();
  const gistsBefore = new Set(forge.gists.ownedBy('gina').map((gist) => gist.id));
  await publishPanel().getByRole('button', { name: 'Publish to Gitee gist' }).click();
  const publish = page.getByRole('dialog', { name: 'Publish to Gitee gist' });
  await publish.getByRole('textbox', { name: 'Filename' }).fill('notes.html');
  await publish.getByRole('button', { name: 'Ok' }).click();
  const newGists = () => forge.gists.ownedBy('gina').filter((gist) => !gistsBefore.has(gist.id));
  await expect.poll(() => newGists().length, { timeout: 20_000 }).toBe(1);
  const [published] = newGists();
  // forge-sim lists a new gist as soon as it is made, before its files are written: read its
  // content until the publication's file is there.
  const publishedHtml = async () =>
    (
      (await (
        await fetch(`${forge.giteeApiUrl}/gists/${published!.id}`, {
          headers: { authorization: `token ${SETUP_TOKEN}` },
        })
      ).json()) as { files?: Record<string, { content: string }> }
    ).files?.['notes.html']?.content ?? '';
  await expect.poll(publishedHtml, { timeout: 20_000 }).toContain('Edited on Gitee.');
});
