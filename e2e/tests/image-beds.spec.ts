import { type CloudSim, type SmmsUser, startCloudSim } from '@inkstone/cloud-sim';
import { type ForgeSim, startForgeSim } from '@inkstone/forge-sim';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, expect, type Page } from '@playwright/test';
import { test } from './fixtures/warm-page';
import {
  forgeServerEnv,
  openAppContext,
  startAppServer,
  type AppServer,
} from './fixtures/app-server';
import {
  authorize,
  clonedFiles,
  firstSync,
  git,
  linkAccount,
  openFile,
  syncNow,
} from './fixtures/forge-workspace';
import {
  editor,
  editorText,
  fileTitle,
  openImageDialog,
  openMenu,
  openMenuEntry,
  pasteFiles,
  PNG_BASE64,
  preview,
  replaceText,
  skipTour,
} from './helpers';

// Image beds in Manage external accounts, against cloud-sim (SM.MS through its CORS proxy, a
// custom bed) and forge-sim (a GitHub account's and a Gitea account's public repositories): each
// linked through its dialog with the spec's checks, listed, kept after a reload, and removed;
// then an image pasted or inserted goes to the bed chosen in the Insert image dialog and its
// link becomes the bed's URL, offline it waits, and a failing bed leaves the marker. Last, a
// GitHub workspace with itself as the storage: the sync commits the image, and a second browser
// brings it down. One sim of each, one app server, one browser (and the second one's context).

let sim: CloudSim;
let forge: ForgeSim;
let app: AppServer;
let ann: SmmsUser;
let context: BrowserContext;
let page: Page;
const CLIENT_ID = 'Iv1.e2eimagebeds';
const CLIENT_SECRET = 'e2e-image-beds-secret';
const GITEA_APP = { clientId: 'gt-beds-e2e', clientSecret: 'gt-beds-e2e-secret' };

test.describe.configure({ mode: 'serial', timeout: 60_000 });

test.beforeAll(async ({ browser }) => {
  sim = await startCloudSim({ port: 0 });
  ann = sim.smms.addUser({ username: 'ann' });
  forge = await startForgeSim({ port: 0 });
  forge.users.add({ login: 'alice', token: 'ghp_alice_beds', name: 'Alice' });
  await forge.repos.create({ owner: 'alice', name: 'pics', autoInit: true });
  await forge.repos.create({ owner: 'alice', name: 'secret', autoInit: true, private: true });
  await forge.repos.create({
    owner: 'alice',
    name: 'gt-pics',
    autoInit: true,
    defaultBranch: 'master',
  });
  app = await startAppServer({
    ...forgeServerEnv(forge.url, { gitea: GITEA_APP }),
    GITHUB_URL: forge.url,
    GITHUB_API_URL: forge.apiUrl,
    GITHUB_CLIENT_ID: CLIENT_ID,
    GITHUB_CLIENT_SECRET: CLIENT_SECRET,
  });
  forge.oauthApps.add({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    callbackUrl: `${app.origin}/oauth2/callback`,
    name: 'Inkstone',
  });
  forge.oauthApps.add({
    ...GITEA_APP,
    callbackUrl: `${app.origin}/oauth2/callback`,
    name: 'Inkstone',
    dialect: 'gitea',
  });
  ({ context, page } = await openAppContext(browser, app.origin));
});

test.afterAll(async () => {
  await context?.close();
  await app?.stop();
  await forge?.close();
  await sim?.close();
});

const accounts = () => page.getByRole('dialog', { name: 'Manage external accounts' });

async function openAccounts() {
  await openMenuEntry(page, /^Accounts/);
  await expect(accounts()).toBeVisible();
}

test('links an SM.MS account through a proxy, and a custom bed, with inline checks', async () => {
  await openAccounts();
  await accounts().getByRole('button', { name: 'Add SM.MS account' }).click();
  const smms = page.getByRole('dialog', { name: 'SM.MS' });
  const proxy = smms.getByRole('textbox', { name: 'Cross domain proxy URL' });
  await proxy.fill(`${sim.url}/proxy/`);
  await smms.getByRole('textbox', { name: 'Api Secret Token' }).fill('not-the-token');
  await smms.getByRole('button', { name: 'Ok' }).click();
  await expect(smms.getByRole('alert')).toHaveText(
    'Failed to obtain SM.MS personal information...',
  );
  await expect(proxy).toHaveValue(`${sim.url}/proxy/`);
  await smms.getByRole('textbox', { name: 'Api Secret Token' }).fill(ann.token);
  await smms.getByRole('button', { name: 'Ok' }).click();
  await expect(smms).toBeHidden();
  await expect(accounts().getByRole('listitem', { name: 'SM.MS account ann' })).toContainText(
    'User id sm:ann',
  );

  await accounts().getByRole('button', { name: 'Add custom image bed' }).click();
  const custom = page.getByRole('dialog', { name: 'Custom image bed' });
  await custom.getByRole('textbox', { name: 'Custom ID' }).fill('blog-images');
  await custom.getByRole('textbox', { name: 'Upload URL' }).fill(`${sim.url}/custom-bed/upload`);
  await custom.getByRole('textbox', { name: 'File parameter name' }).fill('image');
  const headers = custom.getByRole('textbox', { name: 'Custom headers (JSON, optional)' });
  await headers.fill('{"X-Api-Key": ');
  await custom.getByRole('textbox', { name: 'Result URL parameter' }).fill('data.links[0].url');
  await custom.getByRole('button', { name: 'Ok' }).click();
  await expect(headers).toHaveAccessibleDescription('Custom headers must be a JSON object.');
  await headers.fill('{"X-Api-Key": "k1"}');
  await custom.getByRole('button', { name: 'Ok' }).click();
  await expect(custom).toBeHidden();
  await expect(
    accounts().getByRole('listitem', { name: 'Custom image bed blog-images' }),
  ).toContainText(`upload to ${sim.url}/custom-bed/upload, headers X-Api-Key (values hidden)`);
  // The secret token is in no row, nor the header's value.
  await expect(accounts()).not.toContainText(ann.token);
  await expect(accounts()).not.toContainText('k1');
});

test("adds a GitHub account's public repository, refusing a private one", async () => {
  await accounts().getByRole('button', { name: 'Add GitHub account' }).click();
  await authorize(
    page,
    () =>
      page
        .getByRole('dialog', { name: 'Add GitHub account' })
        .getByRole('button', { name: 'Ok' })
        .click(),
    'alice',
  );
  const row = accounts().getByRole('listitem', { name: /^GitHub account alice/ });
  await expect(row).toBeVisible({ timeout: 15_000 });
  await row.getByRole('button', { name: 'Add image bed repository to alice' }).click();
  const dialog = page.getByRole('dialog', { name: 'Repository image bed' });
  const url = dialog.getByRole('textbox', { name: 'Public Repository URL' });
  await expect(dialog.getByRole('textbox', { name: 'Branch (optional)' })).toHaveAttribute(
    'placeholder',
    'main',
  );
  await url.fill(`${forge.url}/alice/secret`);
  await dialog.getByRole('button', { name: 'Ok' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'The repository URL used as a image bed must be a public repository!',
  );
  await url.fill(`${forge.url}/alice/pics`);
  await dialog.getByRole('textbox', { name: 'Folder path (optional)' }).fill('imgs/{MDNAME}');
  await dialog.getByRole('button', { name: 'Ok' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    accounts().getByRole('listitem', {
      name: 'Image bed repository alice/pics (imgs/{MDNAME}, main)',
    }),
  ).toBeVisible();
});

test('the beds are kept after a reload, and Remove access removes one', async () => {
  await page.reload();
  // The menu counts every account the dialog lists (GitHub's alice, SM.MS, the custom bed).
  await expect(
    (await openMenu(page)).getByRole('button', { name: 'Accounts (3)', exact: true }),
  ).toBeVisible();
  await openAccounts();
  await expect(accounts().getByRole('listitem', { name: 'SM.MS account ann' })).toBeVisible();
  await expect(
    accounts().getByRole('listitem', {
      name: 'Image bed repository alice/pics (imgs/{MDNAME}, main)',
    }),
  ).toBeVisible();
  const custom = accounts().getByRole('listitem', { name: 'Custom image bed blog-images' });
  await custom.getByRole('button', { name: 'Remove access of blog-images' }).click();
  await expect(custom).toBeHidden();
  // An image bed repository asks first (imgStorageDeletion); Cancel keeps it.
  const repository = accounts().getByRole('listitem', {
    name: 'Image bed repository alice/pics (imgs/{MDNAME}, main)',
  });
  await repository.getByRole('button', { name: /^Remove access of/ }).click();
  const ask = page.getByRole('dialog', { name: 'Remove image bed' });
  await expect(ask).toContainText('alice/pics');
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(repository).toBeVisible();
  await expect(accounts().getByRole('listitem', { name: 'SM.MS account ann' })).toBeVisible();
});

/** Inserts an image file through the Insert image dialog, into the storage labelled `storage`
 * (the choice is remembered for the workspace). */
async function insertImage(name: string, storage: string, on = page) {
  const dialog = await openImageDialog(on);
  await dialog.getByRole('combobox', { name: 'Image storage' }).selectOption({ label: storage });
  await dialog.getByLabel('Image file').setInputFiles({
    name,
    mimeType: 'image/png',
    buffer: Buffer.from(PNG_BASE64, 'base64'),
  });
  await dialog.getByRole('button', { name: 'Ok' }).click();
  await expect(dialog).toBeHidden();
}

const shown = (alt: string, on = page) =>
  preview(on)
    .getByRole('img', { name: alt })
    .evaluate((img: HTMLImageElement) => img.naturalWidth);

test('an image goes to the chosen bed and its link becomes the bed’s URL; offline it waits', async () => {
  await accounts().getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(accounts()).toBeHidden();
  await editor(page).press('ControlOrMeta+a');
  await editor(page).press('Delete');

  await insertImage('first.png', 'SM.MS — ann');
  const smmsLink = new RegExp(`^!\\[first\\.png\\]\\(${sim.url}/smms/i/[^)]+\\.png\\)$`);
  await expect.poll(() => editorText(page), { timeout: 15_000 }).toMatch(smmsLink);
  expect(sim.smms.imagesOf('ann')).toHaveLength(1);
  await expect.poll(() => shown('first.png')).toBe(2);

  // Offline, a pasted image keeps its placeholder; back online it goes up and its link changes.
  await context.setOffline(true);
  await editor(page).press('ControlOrMeta+End');
  await editor(page).press('Enter');
  await pasteFiles(page, [{ name: 'later.png', type: 'image/png', base64: PNG_BASE64 }]);
  await expect.poll(() => editorText(page)).toContain('![Uploading later.png…](/imgs/');
  await expect.poll(() => shown('Uploading later.png…')).toBe(2);
  expect(sim.smms.imagesOf('ann')).toHaveLength(1);
  await context.setOffline(false);
  // The same bytes: SM.MS answers image_repeated with the image it has, whose link is used.
  const first = (await editorText(page)).split('\n')[0]!.replace('first.png', 'later.png');
  await expect
    .poll(() => editorText(page).then((text) => text.split('\n').at(-1)), { timeout: 15_000 })
    .toBe(first);
  expect(sim.smms.imagesOf('ann')).toHaveLength(1);
});

test('a repository bed commits the image at its folder; a failing bed leaves the marker and the text', async () => {
  await editor(page).press('ControlOrMeta+a');
  await editor(page).press('Delete');
  await page.keyboard.insertText('Kept words.\n');
  await insertImage('chart.png', 'GitHub repository alice/pics (imgs/{MDNAME}, main) — alice');
  await expect
    .poll(() => editorText(page), { timeout: 15_000 })
    .toMatch(
      /^Kept words\.\n!\[chart\.png\]\(<http:\/\/[^>]+\/alice\/pics\/raw\/main\/imgs\/Welcome file\/chart-[\w-]{8}\.png>\)$/,
    );
  const files = await clonedFiles(forge.url, 'alice/pics', 'main');
  expect(Object.keys(files).filter((path) => path.startsWith('imgs/Welcome file/'))).toHaveLength(
    1,
  );

  // A custom bed whose endpoint answers a login page: the marker, the message, the text kept.
  await openAccounts();
  await accounts().getByRole('button', { name: 'Add custom image bed' }).click();
  const custom = page.getByRole('dialog', { name: 'Custom image bed' });
  await custom.getByRole('textbox', { name: 'Custom ID' }).fill('broken');
  await custom.getByRole('textbox', { name: 'Upload URL' }).fill(`${sim.url}/custom-bed/upload`);
  await custom.getByRole('textbox', { name: 'File parameter name' }).fill('image');
  await custom.getByRole('textbox', { name: 'Result URL parameter' }).fill('data.url');
  await custom.getByRole('button', { name: 'Ok' }).click();
  await expect(custom).toBeHidden();
  await accounts().getByRole('button', { name: 'Close', exact: true }).last().click();
  sim.customBed.answerWith = { kind: 'html' };
  await editor(page).press('ControlOrMeta+End');
  await insertImage('broken.png', 'Custom image bed — broken');
  await expect(
    page.getByRole('alert').filter({
      hasText: 'Failed to upload a image to the custom image bed, the response Body is:',
    }),
  ).toBeVisible({ timeout: 15_000 });
  const text = await editorText(page);
  expect(text).toMatch(/^Kept words\.\n!\[chart\.png\]\(<http[^>]+>\)/);
  expect(text).toContain('![Upload failed: broken.png](/imgs/');
  await expect.poll(() => shown('Upload failed: broken.png')).toBe(2);
});

test('a Gitea repository bed commits the image at its dated folder', async () => {
  await linkAccount(page, 'Gitea', 'alice');
  await openAccounts();
  await accounts()
    .getByRole('listitem', { name: /^Gitea account alice/ })
    .getByRole('button', { name: 'Add image bed repository to alice' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Repository image bed' });
  await expect(dialog.getByRole('textbox', { name: 'Branch (optional)' })).toHaveAttribute(
    'placeholder',
    'master',
  );
  await dialog
    .getByRole('textbox', { name: 'Public Repository URL' })
    .fill(`${forge.url}/alice/gt-pics`);
  await dialog.getByRole('button', { name: 'Ok' }).click();
  await expect(dialog).toBeHidden();
  await accounts().getByRole('button', { name: 'Close', exact: true }).last().click();

  await editor(page).press('ControlOrMeta+a');
  await editor(page).press('Delete');
  const chooser = (await openImageDialog(page)).getByRole('combobox', { name: 'Image storage' });
  const label = (await chooser.locator('option', { hasText: /^Gitea repository / }).textContent())!;
  expect(label).toContain('(imgs/{YYYY}-{MM}-{DD}, master) — alice');
  await page
    .getByRole('dialog', { name: 'Insert image' })
    .getByRole('button', { name: 'Cancel' })
    .click();
  await insertImage('gt.png', label);
  const link = /^!\[gt\.png\]\(<?(http[^)>]+\/(imgs\/\d{4}-\d\d-\d\d\/gt-[\w-]{8}\.png))>?\)$/;
  await expect.poll(() => editorText(page), { timeout: 15_000 }).toMatch(link);
  const [, url, path] = link.exec(await editorText(page))!;
  expect(url).toContain(`${forge.url}/alice/gt-pics/`);
  const bytes = await clonedBytes('alice/gt-pics', path!, 'master');
  expect(bytes?.equals(Buffer.from(PNG_BASE64, 'base64'))).toBe(true);
  await expect.poll(() => shown('gt.png')).toBe(2);
});

/** The bytes of `path` in a fresh `git clone` of `{forge}/{repoPath}.git` (undefined when the
 * clone has no such file). */
async function clonedBytes(
  repoPath: string,
  path: string,
  branch = 'main',
): Promise<Buffer | undefined> {
  const folder = await mkdtemp(join(tmpdir(), 'inkstone-image-clone-'));
  try {
    await git(['clone', '--quiet', '--branch', branch, `${forge.url}/${repoPath}.git`, folder]);
    return await readFile(join(folder, path)).catch(() => undefined);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

test('with the workspace itself as storage, the sync commits the image into the repository and another browser shows it', async ({
  browser,
}) => {
  // Two syncs and a second browser: 12 s on a quiet machine, over 50 s at a load average of 10.
  test.setTimeout(120_000);
  await forge.repos.create({ owner: 'alice', name: 'album', autoInit: true });
  const workspace = `/?providerId=githubWorkspace&owner=alice&repo=album`;
  await page.goto(workspace);
  await expect(editor(page)).toBeVisible({ timeout: 15_000 });
  await skipTour(page);
  await firstSync(page, `${forge.url}/alice/album`);
  await fileTitle(page).fill('Holiday');
  await fileTitle(page).press('Enter');
  await replaceText(page, 'The beach:\n');
  await insertImage('beach.png', 'This workspace (its repository)');
  // The link is the image's workspace path at once; the preview shows it from the local copy.
  const link = /^The beach:\n!\[beach\.png\]\(\/(imgs\/\d{4}-\d\d-\d\d\/beach-[\w-]{8}\.png)\)$/;
  await expect.poll(() => editorText(page)).toMatch(link);
  const path = link.exec(await editorText(page))![1]!;
  await expect.poll(() => shown('beach.png')).toBe(2);

  await syncNow(page);
  // A clone of the repository has the image, byte for byte, beside the text that links it.
  const png = Buffer.from(PNG_BASE64, 'base64');
  await expect
    .poll(async () => (await clonedBytes('alice/album', path))?.equals(png), { timeout: 15_000 })
    .toBe(true);
  expect((await clonedFiles(forge.url, 'alice/album', 'main'))['Holiday.md']).toContain(
    `![beach.png](/${path})`,
  );

  // Another browser opening the workspace brings the image down and shows it in the preview.
  const other = await browser.newContext({
    baseURL: app.origin,
    viewport: { width: 1400, height: 900 },
  });
  try {
    const second = await other.newPage();
    await second.goto('/');
    await expect(editor(second)).toBeVisible({ timeout: 15_000 });
    await skipTour(second);
    await openMenuEntry(second, /^Accounts/);
    const secondAccounts = second.getByRole('dialog', { name: 'Manage external accounts' });
    await secondAccounts.getByRole('button', { name: 'Add GitHub account' }).click();
    await authorize(
      second,
      () =>
        second
          .getByRole('dialog', { name: 'Add GitHub account' })
          .getByRole('button', { name: 'Ok' })
          .click(),
      'alice',
    );
    await expect(
      secondAccounts.getByRole('listitem', { name: /^GitHub account alice/ }),
    ).toBeVisible({ timeout: 15_000 });
    await second.goto(workspace);
    await expect(editor(second)).toBeVisible({ timeout: 15_000 });
    await skipTour(second);
    await firstSync(second, `${forge.url}/alice/album`);
    await openFile(second, 'Holiday');
    await expect.poll(() => shown('beach.png', second), { timeout: 15_000 }).toBe(2);
    await expect(preview(second).getByRole('img', { name: 'beach.png' })).toHaveAttribute(
      'src',
      /^blob:/,
    );
  } finally {
    await other.close();
  }
});
