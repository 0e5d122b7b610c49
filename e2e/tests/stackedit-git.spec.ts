import { execFile } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect } from '@playwright/test';
import { test } from './fixtures/warm-page';
import { type ForgeSim, startForgeSim } from '@inkstone/forge-sim';
import { firstSync, openFile, storeGithubAccount, syncNow } from './fixtures/forge-workspace';
import { type GithubAppServer, startGithubAppServer } from './fixtures/github-app-server';
import { editor, editorText, node, scrollToLine, skipTour } from './helpers';

// Issue 33: a GitHub repository whose folder StackEdit wrote (core's fixture tree, written after
// StackEdit's source with real trailers), opened in Inkstone: the offer to convert, and the
// converted repository, or kept in StackEdit's layout. One forge-sim and one Inkstone server told its addresses, on a free port.
test.describe.configure({ timeout: 120_000 });

const run = promisify(execFile);
const git = async (args: string[], cwd?: string) =>
  (await run('git', args, { cwd, env: { ...process.env, GIT_TERMINAL_PROMPT: '0' } })).stdout;
const ALICE = { login: 'alice', token: 'ghp_alice_stackedit_e2e' };
const TREE = fileURLToPath(
  new URL('../../packages/core/src/providers/git/fixtures/stackedit-git/tree', import.meta.url),
);

let sim: ForgeSim;
let app: GithubAppServer;
let sub: string;

test.beforeAll(async () => {
  sim = await startForgeSim({ port: 0 });
  sub = String(sim.users.add(ALICE).id);
  app = await startGithubAppServer(sim, {
    GITHUB_CLIENT_ID: 'inkstone-e2e',
    GITHUB_CLIENT_SECRET: 'inkstone-e2e-secret',
  });
});

test.afterAll(async () => {
  await app?.stop();
  await sim?.close();
});

/** Pushes the StackEdit fixture tree into `notes/` of the repository, as StackEdit's user had. */
async function seedStackeditRepository(repo: string): Promise<string> {
  await sim.repos.create({ owner: ALICE.login, name: repo, autoInit: true });
  const { gitDir } = sim.repos.get(ALICE.login, repo)!;
  const work = await mkdtemp(join(tmpdir(), 'inkstone-stackedit-'));
  try {
    await git(['clone', '--quiet', gitDir, work]);
    await cp(TREE, join(work, 'notes'), { recursive: true });
    await git(['add', '.'], work);
    await git(
      [
        '-c',
        'user.name=StackEdit',
        '-c',
        'user.email=se@example.com',
        'commit',
        '-qm',
        'StackEdit',
      ],
      work,
    );
    await git(['push', '--quiet', 'origin', 'HEAD:main'], work);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  return gitDir;
}

const filesOf = async (gitDir: string) =>
  (
    await git([
      '-c',
      'core.quotePath=false',
      '--git-dir',
      gitDir,
      'ls-tree',
      '-r',
      '--name-only',
      'main',
    ])
  )
    .split('\n')
    .filter((line) => line !== '');

test('a repository folder in StackEdit’s layout: Cancel leaves it as it is; Convert makes it plain markdown with its discussions, in one commit', async ({
  page,
}) => {
  const gitDir = await seedStackeditRepository('stackedit-notes');
  const seeded = await filesOf(gitDir);
  const commits = async () =>
    Number((await git(['--git-dir', gitDir, 'rev-list', '--count', 'main'])).trim());
  const before = await commits();

  await page.goto(`${app.origin}/`);
  await expect(editor(page)).toBeVisible({ timeout: 15_000 });
  // The app, not only the early editor (ADR 0008): its database is made by then.
  await expect(page.getByRole('button', { name: 'Toggle side bar' })).toBeVisible();
  await page.goto(`${app.origin}/conf`);
  await storeGithubAccount(page, {
    token: ALICE.token,
    sub,
    login: ALICE.login,
    scopes: ['repo'],
    isLogin: false,
  });
  const workspaceUrl = '/?providerId=githubWorkspace&owner=alice&repo=stackedit-notes&path=notes/';
  await page.goto(`${app.origin}${workspaceUrl}`);
  await expect(editor(page)).toBeVisible({ timeout: 15_000 });

  // The first sync finds StackEdit's layout and asks. Cancel: nothing written. The offer is
  // modal: it comes before or over the welcome tour, and is answered first.
  const offer = page.getByRole('dialog', { name: 'StackEdit workspace' });
  await expect(offer).toBeVisible({ timeout: 20_000 });
  await offer.getByRole('button', { name: 'Cancel' }).click();
  await expect(offer).toBeHidden();
  await skipTour(page);
  expect(await commits()).toBe(before);
  expect(await filesOf(gitDir)).toEqual(seeded);

  // Opened again: asked again; converted in one commit.
  await page.reload();
  await expect(offer).toBeVisible({ timeout: 20_000 });
  await offer.getByRole('button', { name: "Convert to Inkstone's layout" }).click();
  await firstSync(page, `${sim.url}/alice/stackedit-notes/tree/main/notes`);
  await expect.poll(commits, { timeout: 15_000 }).toBeGreaterThanOrEqual(before + 1);
  const subjects = (await git(['--git-dir', gitDir, 'log', '--format=%s', 'main'])).split('\n');
  expect(subjects).toContain("Convert from StackEdit's layout to Inkstone's");

  // The file's text without its trailer, and its discussion with StackEdit's comment.
  await page.getByRole('button', { name: 'Toggle explorer' }).click();
  await expect(node(page, 'Blog')).toBeVisible();
  await node(page, 'Maps').click();
  await expect(node(page, 'Maps')).toHaveAttribute('aria-expanded', 'true');
  await openFile(page, 'Georeferencing');
  await scrollToLine(page, 'Georeferencing is the subject');
  await expect(page.locator('.cm-discussion')).toHaveText('Georeferencing', { timeout: 10_000 });
  await expect(
    page
      .getByRole('region', { name: 'Comments' })
      .getByRole('button', { name: /This theory reads a little more like an exercise/ }),
  ).toBeVisible();
  // (The editor draws the lines in view: its end, where the trailer was.)
  await editor(page).press('ControlOrMeta+End');
  await expect.poll(() => editorText(page)).toMatch(/subject of this section\.\n\nThe end\.\n?$/);
  expect(await editorText(page)).not.toContain('stackedit_data');

  // The converted tree on forge-sim: plain texts, Inkstone's data and trash, no StackEdit file
  // but its own data folder.
  const converted = await filesOf(gitDir);
  expect(converted).toEqual(
    expect.arrayContaining([
      'notes/Maps/Georeferencing.md',
      'notes/Blog/多说.md',
      'notes/Blog/Drafts/Preset.md',
      'notes/Plain note.md',
      'notes/.inkstone-data/index.json',
      'notes/.stackedit-data/templates.json',
    ]),
  );
  expect(converted.filter((path) => /\.(sync|publish)$|\.stackedit-trash\//.test(path))).toEqual(
    [],
  );
  const stored = await git(['--git-dir', gitDir, 'show', 'main:notes/Maps/Georeferencing.md']);
  expect(stored).not.toContain('<!--stackedit_data:');
  expect(stored.endsWith('The end.\n')).toBe(true);
});

test('a repository folder kept in StackEdit’s layout: an edit is written back as StackEdit writes it, the choice remembered', async ({
  page,
}) => {
  const gitDir = await seedStackeditRepository('stackedit-kept');
  const seeded = await filesOf(gitDir);

  await page.goto(`${app.origin}/`);
  await expect(editor(page)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Toggle side bar' })).toBeVisible();
  await page.goto(`${app.origin}/conf`);
  await storeGithubAccount(page, {
    token: ALICE.token,
    sub,
    login: ALICE.login,
    scopes: ['repo'],
    isLogin: false,
  });
  await page.goto(
    `${app.origin}/?providerId=githubWorkspace&owner=alice&repo=stackedit-kept&path=notes/`,
  );
  await expect(editor(page)).toBeVisible({ timeout: 15_000 });

  // The offer is modal: it comes before or over the welcome tour, and is answered first.
  const offer = page.getByRole('dialog', { name: 'StackEdit workspace' });
  await expect(offer).toBeVisible({ timeout: 20_000 });
  await offer.getByRole('button', { name: 'Keep StackEdit’s layout' }).click();
  await skipTour(page);
  await firstSync(page, `${sim.url}/alice/stackedit-kept/tree/main/notes`);
  // Reading writes nothing.
  expect(await filesOf(gitDir)).toEqual(seeded);

  // The text without its trailer in the editor; an edit at its end.
  await page.getByRole('button', { name: 'Toggle explorer' }).click();
  await node(page, 'Maps').click();
  await openFile(page, 'Georeferencing');
  await editor(page).press('ControlOrMeta+End');
  await expect.poll(() => editorText(page)).toMatch(/The end\.\n?$/);
  expect(await editorText(page)).not.toContain('stackedit_data');
  await editor(page).pressSequentially('Kept by Inkstone.');
  await syncNow(page);

  // On the forge: the new text, then StackEdit's trailer; the same files, none of Inkstone's.
  const show = () => git(['--git-dir', gitDir, 'show', 'main:notes/Maps/Georeferencing.md']);
  await expect.poll(show, { timeout: 15_000 }).toContain('Kept by Inkstone.');
  expect(await show()).toMatch(
    /The end\.\nKept by Inkstone\.\n?<!--stackedit_data:\n[\s\S]+\n-->$/,
  );
  expect(await filesOf(gitDir)).toEqual(seeded);

  // Opened again: not asked again.
  await page.reload();
  await expect(editor(page)).toBeVisible({ timeout: 15_000 });
  await syncNow(page);
  await expect(offer).toBeHidden();
});
