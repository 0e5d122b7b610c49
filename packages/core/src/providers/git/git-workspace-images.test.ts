// Issue 30, "the workspace itself": the images of a git workspace's images store committed into
// its repository on sync, and the repository's images brought down into another browser's
// store, on every forge of forge-sim, checked with git itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ForgeSim } from '@inkstone/forge-sim';
import { type ImageItem } from '../../items/types.js';
import { type ContentLimit } from '../../sync/content-limit.js';
import { type WorkspaceProvider } from '../../sync/workspace-provider.js';
import { imageTooLargeMessage } from '../../sync/workspace-images.js';
import { type WorkspaceSyncOptions } from '../../sync/workspace-sync.js';
import { commitSubjects, commitWithGit, gitBytesIn, gitIn } from '../../testing/git-inspect.js';
import {
  GITEA_TEST_BRANCH,
  GITEA_TEST_LOGIN,
  startGiteaTestForge,
} from '../../testing/gitea-provider.js';
import {
  GITEE_TEST_BRANCH,
  GITEE_TEST_LOGIN,
  startGiteeTestForge,
} from '../../testing/gitee-provider.js';
import { GITHUB_TEST_LOGIN, startGithubTestForge } from '../../testing/github-provider.js';
import { GITLAB_TEST_LOGIN, startGitlabTestForge } from '../../testing/gitlab-provider.js';
import { syncBrowser } from '../../testing/sync-browser.js';
import { testContent, testFile, testFolder } from '../../testing/test-items.js';
import { GithubGitData } from '../github/github-git-data.js';
import { GitWorkspaceProvider } from './git-workspace-provider.js';

// A real 1×1 PNG: its bytes hold 0x89, NULs and bytes that are not UTF-8, which a text write
// would have mangled.
const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const PNG = Buffer.from(PNG_BASE64, 'base64');
// Another picture (a GIF), for an image replaced in the repository.
const GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');

const pending = (id: string, path: string, bytes: Buffer = PNG): ImageItem => ({
  id,
  path,
  content: bytes.toString('base64'),
  uploaded: false,
});

interface Forge {
  forge: ForgeSim;
  owner: string;
  branch: string;
  createRepository(): Promise<string>;
  provider(repo: string, path?: string): WorkspaceProvider;
  close(): Promise<void>;
}

const forges: Record<string, () => Promise<Forge>> = {
  GitHub: async () => {
    const t = await startGithubTestForge();
    return {
      ...t,
      owner: GITHUB_TEST_LOGIN,
      branch: 'main',
      createRepository: () => t.createRepository(undefined, { empty: true }),
      provider: (repo, path = '') => t.provider(repo, { path }),
    };
  },
  Gitea: async () => {
    const t = await startGiteaTestForge();
    return {
      ...t,
      owner: GITEA_TEST_LOGIN,
      branch: GITEA_TEST_BRANCH,
      createRepository: () => t.createRepository(undefined, { empty: true }),
      provider: (repo, path = '') => t.provider(repo, { path }),
    };
  },
  GitLab: async () => {
    const t = await startGitlabTestForge();
    return {
      ...t,
      owner: GITLAB_TEST_LOGIN,
      branch: 'main',
      createRepository: () => t.createProject(undefined, { empty: true }),
      provider: (repo, path = '') => t.provider(repo, { path }),
    };
  },
  Gitee: async () => {
    const t = await startGiteeTestForge();
    return {
      ...t,
      owner: GITEE_TEST_LOGIN,
      branch: GITEE_TEST_BRANCH,
      createRepository: () => t.createRepository(undefined, { empty: true }),
      provider: (repo, path = '') => t.provider(repo, { path }),
    };
  },
};

// What the images step told: the images brought down and the paths removed.
function told() {
  const added: string[] = [];
  const removed: string[] = [];
  return {
    added,
    removed,
    onImagesChanged: (images: ImageItem[], paths: string[]) => {
      added.push(...images.map((image) => image.path));
      removed.push(...paths);
    },
  };
}

const imageOptions = (
  toWorkspace: boolean,
  seen = told(),
): NonNullable<WorkspaceSyncOptions['images']> => ({
  toWorkspace,
  onImagesChanged: seen.onImagesChanged,
});

describe.each(Object.keys(forges))(
  '%s workspace: images committed into the repository on sync',
  { timeout: 60_000 },
  (name) => {
    let f: Forge;
    beforeAll(async () => {
      f = await forges[name]!();
    });
    afterAll(async () => {
      await f.close();
    });

    it('commits a pending image as a blob with its exact bytes, in the sync commit, and a second browser gets it', async () => {
      const repo = await f.createRepository();
      const a = syncBrowser(f.provider(repo), { images: imageOptions(true) });
      await a.put(
        testFile('doc', 'Doc'),
        testContent('doc', 'A photo:\n\n![photo.png](/imgs/photo.png)\n'),
      );
      await a.repository.putImage(pending('img1', 'imgs/photo.png'));
      const before = (await commitSubjects(f.forge, f.owner, repo, f.branch)).length;
      await a.sync();

      const bytes = await gitBytesIn(f.forge, f.owner, repo, [
        'cat-file',
        'blob',
        `${f.branch}:imgs/photo.png`,
      ]);
      expect(Buffer.compare(bytes, PNG)).toBe(0);
      const sha = (
        await gitIn(f.forge, f.owner, repo, ['rev-parse', `${f.branch}:imgs/photo.png`])
      ).trim();
      expect(await a.repository.getImage('img1')).toEqual({
        ...pending('img1', 'imgs/photo.png'),
        uploaded: true,
        sha,
      });
      // The text and the image went up together.
      const subjects = await commitSubjects(f.forge, f.owner, repo, f.branch);
      if (name === 'GitHub' || name === 'GitLab' || name === 'Gitea') {
        expect(subjects.length).toBe(before + 1);
        const changed = await gitIn(f.forge, f.owner, repo, [
          'show',
          '--name-only',
          '--format=',
          f.branch,
        ]);
        expect(changed.split('\n')).toEqual(expect.arrayContaining(['Doc.md', 'imgs/photo.png']));
      }
      expect(await gitIn(f.forge, f.owner, repo, ['show', `${f.branch}:Doc.md`])).toContain(
        '![photo.png](/imgs/photo.png)',
      );

      // Nothing more to commit: a second sync makes no commit.
      const count = (await commitSubjects(f.forge, f.owner, repo, f.branch)).length;
      await a.sync();
      expect(await commitSubjects(f.forge, f.owner, repo, f.branch)).toHaveLength(count);

      // Another browser opening the workspace: the image is in its store, ready for its preview.
      const seen = told();
      const b = syncBrowser(f.provider(repo), { images: imageOptions(false, seen) });
      await b.sync();
      const images = await b.repository.getAllImages();
      expect(
        images.map(({ path, content, uploaded, sha: s }) => ({ path, content, uploaded, sha: s })),
      ).toEqual([{ path: 'imgs/photo.png', content: PNG_BASE64, uploaded: true, sha }]);
      expect(seen.added).toEqual(['imgs/photo.png']);
      expect(await b.text('doc')).toContain('![photo.png](/imgs/photo.png)');
    });
  },
);

describe('GitHub workspace images: the repository side', { timeout: 60_000 }, () => {
  let f: Forge;
  beforeAll(async () => {
    f = await forges.GitHub!();
  });
  afterAll(async () => {
    await f.close();
  });
  const commit = (
    repo: string,
    files: Record<string, string | Uint8Array | null>,
    message: string,
  ) => commitWithGit(f.forge, f.owner, repo, new Map(Object.entries(files)), message, f.branch);

  it('brings down the images of the workspace folder only, at their paths from it', async () => {
    const repo = await f.createRepository();
    await commit(
      repo,
      {
        'docs/pics/a.PNG': PNG,
        'docs/Deep/b.jpeg': GIF,
        'docs/notes.txt': 'not an image',
        'docs/.inkstone-data/c.png': PNG,
        'elsewhere/d.png': PNG,
      },
      'Pictures from a clone',
    );
    const seen = told();
    const b = syncBrowser(f.provider(repo, 'docs'), { images: imageOptions(false, seen) });
    await b.sync();
    const images = (await b.repository.getAllImages()).map((image) => [image.path, image.content]);
    expect(images.sort()).toEqual([
      ['Deep/b.jpeg', GIF.toString('base64')],
      ['pics/a.PNG', PNG_BASE64],
    ]);
    expect(seen.added.sort()).toEqual(['Deep/b.jpeg', 'pics/a.PNG']);

    // Replaced in the repository: the new bytes come down over the old.
    await commit(repo, { 'docs/pics/a.PNG': GIF }, 'Another picture');
    await b.sync();
    const replaced = (await b.repository.getAllImages()).find(
      (image) => image.path === 'pics/a.PNG',
    );
    expect(replaced?.content).toBe(GIF.toString('base64'));

    // An image committed from a subfolder workspace goes under its folder.
    const a = syncBrowser(f.provider(repo, 'docs'), { images: imageOptions(true) });
    await a.sync();
    await a.repository.putImage(pending('new', 'imgs/new.png'));
    await a.sync();
    const bytes = await gitBytesIn(f.forge, f.owner, repo, [
      'cat-file',
      'blob',
      'main:docs/imgs/new.png',
    ]);
    expect(Buffer.compare(bytes, PNG)).toBe(0);
    expect(await commitSubjects(f.forge, f.owner, repo)).toContain(
      'docs/imgs/new.png created with Inkstone',
    );
  });

  it('an image deleted in the repository leaves the store unless a file still links it; a linked one is committed again', async () => {
    const repo = await f.createRepository();
    const seen = told();
    const a = syncBrowser(f.provider(repo), { images: imageOptions(true, seen) });
    await a.put(
      testFolder('f', 'Notes'),
      testFile('doc', 'Doc', 'f'),
      testContent('doc', 'See ![kept](../imgs/kept.png).\n'),
    );
    await a.repository.putImage(pending('kept', 'imgs/kept.png'));
    await a.repository.putImage(pending('dropped', 'imgs/dropped.png', GIF));
    await a.sync();

    await commit(repo, { 'imgs/kept.png': null, 'imgs/dropped.png': null }, 'Remove pictures');
    await a.sync();
    expect(seen.removed).toEqual(['imgs/dropped.png']);

    // Not linked: gone from the store. Linked from Notes/Doc.md: kept, and back in the repository.
    expect((await a.repository.getAllImages()).map((image) => image.path)).toEqual([
      'imgs/kept.png',
    ]);
    const bytes = await gitBytesIn(f.forge, f.owner, repo, [
      'cat-file',
      'blob',
      'main:imgs/kept.png',
    ]);
    expect(Buffer.compare(bytes, PNG)).toBe(0);
    const files = await gitIn(f.forge, f.owner, repo, ['ls-tree', '-r', '--name-only', 'main']);
    expect(files).not.toContain('imgs/dropped.png');
    expect((await a.repository.getImage('kept'))?.uploaded).toBe(true);
  });

  it('an image larger than the host takes is not committed, stays pending, and says so; the text still syncs', async () => {
    // GitHub's limit is 100 MB (the git data API's blobs, which the workspace writes): the same
    // rule with a small limit, so that the test does not push 100 MB.
    const limit: ContentLimit = { bytes: 64, service: 'GitHub', size: '64 bytes' };
    const github = await startGithubTestForge();
    try {
      const small = await github.createRepository(undefined, { empty: true });
      const provider = new GitWorkspaceProvider({
        id: 'githubWorkspace',
        contentLimit: limit,
        port: new GithubGitData(github.client(), {
          owner: GITHUB_TEST_LOGIN,
          repo: small,
          branch: 'main',
        }),
        path: '',
      });
      const tooLarge: string[] = [];
      const a = syncBrowser(provider, {
        images: {
          toWorkspace: true,
          onImageTooLarge: (image, over) =>
            tooLarge.push(imageTooLargeMessage(image.path, PNG.length, over)),
        },
      });
      await a.put(testFile('doc', 'Doc'), testContent('doc', 'Text.\n'));
      await a.repository.putImage(pending('big', 'imgs/big.png'));
      await a.sync();
      expect(tooLarge).toEqual([
        `The image imgs/big.png (${PNG.length} bytes) is larger than GitHub takes (64 bytes): it was not synchronized, and stays in this browser.`,
      ]);
      expect((await a.repository.getImage('big'))?.uploaded).toBe(false);
      const files = await gitIn(github.forge, GITHUB_TEST_LOGIN, small, [
        'ls-tree',
        '-r',
        '--name-only',
        'main',
      ]);
      expect(files.split('\n')).toContain('Doc.md');
      expect(files).not.toContain('big.png');
    } finally {
      await github.close();
    }
  });
});

describe('Gitea workspace images: a blob Gitea will not give', { timeout: 60_000 }, () => {
  let f: Forge;
  beforeAll(async () => {
    f = await forges.Gitea!();
  });
  afterAll(async () => {
    await f.close();
  });

  it('leaves out an image past DEFAULT_MAX_BLOB_SIZE, says so, and syncs the rest', async () => {
    const repo = await f.createRepository();
    const big = Buffer.concat([PNG, Buffer.alloc(400, 7)]);
    const files = new Map<string, Uint8Array>([
      ['imgs/small.png', PNG],
      ['imgs/big.png', big],
    ]);
    await commitWithGit(f.forge, f.owner, repo, files, 'Pictures', f.branch);
    f.forge.gitea.defaultMaxBlobSize = 200;
    try {
      const unavailable: string[] = [];
      const b = syncBrowser(f.provider(repo), {
        images: { onImageUnavailable: (path, message) => unavailable.push(`${path}: ${message}`) },
      });
      await b.sync();
      expect((await b.repository.getAllImages()).map((image) => image.path)).toEqual([
        'imgs/small.png',
      ]);
      expect(unavailable).toHaveLength(1);
      expect(unavailable[0]).toMatch(
        /^imgs\/big\.png: The Gitea server does not give files over its DEFAULT_MAX_BLOB_SIZE through its API \(a file of 470 bytes, blob [0-9a-f]{40}\)/,
      );
    } finally {
      f.forge.gitea.defaultMaxBlobSize = 10_485_760;
    }
  });
});
