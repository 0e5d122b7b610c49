// Public repositories on GitHub and Gitea as image beds, over forge-sim (real HTTP, real git):
// the file lands at the templated folder (a real `git clone` shows it), its raw URL serves the
// image's bytes with its type, a taken name gets a numbered one, and a private repository is
// refused in the spec's words.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GITHUB_TEST_LOGIN,
  GITHUB_TEST_TOKEN,
  startGithubTestForge,
  type GithubTestForge,
} from '../testing/github-provider.js';
import {
  GITEA_TEST_LOGIN,
  GITEA_TEST_TOKEN,
  startGiteaTestForge,
  type GiteaTestForge,
} from '../testing/gitea-provider.js';
import { cloneFiles } from '../testing/git-inspect.js';
import { REPOSITORY_NOT_PUBLIC, IMAGE_REPO_URL_INVALID } from './image-bed-constants.js';
import {
  GiteaImageBed,
  GithubImageBed,
  ImageRepositoryFieldError,
  imageFilePath,
  numberedName,
  readGiteaImageRepositoryForm,
  readGithubImageRepositoryForm,
} from './repository-bed.js';

const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const png = { name: 'shot.png', mimeType: 'image/png', content: PNG_BASE64 };
const context = { documentName: 'Trip/notes', date: new Date(2026, 10, 28) };

async function served(url: string) {
  const response = await fetch(url);
  return {
    type: response.headers.get('content-type'),
    base64: Buffer.from(await response.arrayBuffer()).toString('base64'),
  };
}

describe('image paths', () => {
  it('expands the folder template and numbers a taken name', () => {
    expect(imageFilePath('imgs/{YYYY}-{MM}-{DD}', context, 'a.png')).toBe('imgs/2026-11-28/a.png');
    expect(imageFilePath('/pics/{MDNAME}/', context, 'a/b.png')).toBe('pics/Trip-notes/a-b.png');
    expect(imageFilePath('', context, 'a.png')).toBe('imgs/2026-11-28/a.png');
    expect(numberedName('a.png', 1)).toBe('a.png');
    expect(numberedName('a.png', 3)).toBe('a-3.png');
    expect(numberedName('README', 2)).toBe('README-2');
  });
});

describe('GitHub repository image bed', { timeout: 60_000 }, () => {
  let t: GithubTestForge;
  beforeAll(async () => {
    t = await startGithubTestForge();
    await t.createRepository('pics');
    await t.forge.repos.create({
      owner: GITHUB_TEST_LOGIN,
      name: 'secret',
      autoInit: true,
      private: true,
    });
  });
  afterAll(() => t.close());

  it('reads the dialog: repository URL, default folder and branch', () => {
    expect(
      readGithubImageRepositoryForm(
        { repoUrl: `${t.forge.url}/${GITHUB_TEST_LOGIN}/pics`, path: '', branch: '' },
        t.forge.url,
        's1',
      ),
    ).toEqual({
      sid: 's1',
      owner: GITHUB_TEST_LOGIN,
      repo: 'pics',
      path: 'imgs/{YYYY}-{MM}-{DD}',
      branch: 'main',
    });
    expect(() =>
      readGithubImageRepositoryForm(
        { repoUrl: 'not a repo', path: '', branch: '' },
        t.forge.url,
        's',
      ),
    ).toThrow(new ImageRepositoryFieldError('repoUrl', IMAGE_REPO_URL_INVALID));
  });

  it('uploads at the templated path, serves the image raw, and numbers a taken name', async () => {
    const bed = new GithubImageBed(t.client(), {
      sid: 's1',
      owner: GITHUB_TEST_LOGIN,
      repo: 'pics',
      path: 'imgs/{YYYY}-{MM}-{DD}',
      branch: 'main',
    });
    const first = await bed.upload(png, context);
    expect(first.url).toMatch(/\/imgs\/2026-11-28\/shot\.png$/);
    expect(first.sha).toMatch(/^[0-9a-f]{40}$/);
    expect(await served(first.url)).toEqual({ type: 'image/png', base64: PNG_BASE64 });
    const second = await bed.upload(png, context);
    expect(second.url).toMatch(/\/imgs\/2026-11-28\/shot-2\.png$/);
    const files = await cloneFiles(t.forge, GITHUB_TEST_LOGIN, 'pics', GITHUB_TEST_TOKEN);
    expect([...files.keys()].filter((path) => path.startsWith('imgs/')).sort()).toEqual([
      'imgs/2026-11-28/shot-2.png',
      'imgs/2026-11-28/shot.png',
    ]);
  });

  it('refuses a private repository', async () => {
    const bed = new GithubImageBed(t.client(), {
      sid: 's2',
      owner: GITHUB_TEST_LOGIN,
      repo: 'secret',
      path: 'imgs',
      branch: 'main',
    });
    await expect(bed.upload(png, context)).rejects.toThrow(REPOSITORY_NOT_PUBLIC);
  });
});

describe('Gitea repository image bed', { timeout: 60_000 }, () => {
  let t: GiteaTestForge;
  beforeAll(async () => {
    t = await startGiteaTestForge();
    await t.createRepository('pics');
    await t.forge.repos.create({
      owner: GITEA_TEST_LOGIN,
      name: 'secret',
      autoInit: true,
      defaultBranch: 'master',
      private: true,
    });
  });
  afterAll(() => t.close());

  it('uploads at the templated path on master and serves the image raw', async () => {
    const storage = readGiteaImageRepositoryForm(
      { repoUrl: `${t.forge.url}/${GITEA_TEST_LOGIN}/pics`, path: 'img/{MDNAME}', branch: '' },
      t.forge.url,
      's1',
    );
    expect(storage).toMatchObject({ repoUri: `${GITEA_TEST_LOGIN}/pics`, branch: 'master' });
    const bed = new GiteaImageBed(t.client(), storage);
    const first = await bed.upload(png, context);
    expect(first.url).toMatch(/\/raw\/branch\/master\/img\/Trip-notes\/shot\.png$/);
    expect(await served(first.url)).toEqual({ type: 'image/png', base64: PNG_BASE64 });
    expect((await bed.upload(png, context)).url).toMatch(/shot-2\.png$/);
    const files = await cloneFiles(t.forge, GITEA_TEST_LOGIN, 'pics', GITEA_TEST_TOKEN);
    expect(files.has('img/Trip-notes/shot.png')).toBe(true);
  });

  it('refuses a private repository', async () => {
    const bed = new GiteaImageBed(t.client(), {
      sid: 's2',
      repoUri: `${GITEA_TEST_LOGIN}/secret`,
      path: 'imgs',
      branch: 'master',
    });
    await expect(bed.upload(png, context)).rejects.toThrow(REPOSITORY_NOT_PUBLIC);
  });
});
