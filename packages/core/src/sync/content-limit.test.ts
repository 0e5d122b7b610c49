import { describe, expect, it } from 'vitest';
import { MemoryDatabase } from '../db/memory-repository.js';
import { type ContentItem } from '../items/types.js';
import {
  GithubWorkspaceProvider,
  type GithubWorkspaceOptions,
} from '../providers/github/github-workspace-provider.js';
import { MemoryWorkspaceProvider } from '../testing/memory-workspace-provider.js';
import { testContent, testFile } from '../testing/test-items.js';
import {
  type ContentLimit,
  contentTooLargeMessage,
  GITHUB_FILE_LIMIT,
  isOverLimit,
  utf8Length,
} from './content-limit.js';
import { type WorkspaceProvider } from './workspace-provider.js';
import { WorkspaceSynchronizer } from './workspace-sync.js';

describe('utf8Length and isOverLimit (ADR 0006)', () => {
  it('counts UTF-8 bytes as TextEncoder does: ASCII, CJK, emoji, a lone surrogate', () => {
    for (const text of ['abc', 'é', '長い原稿', '😀🚀', 'a\uD83Db', '\uDE00', '']) {
      expect(utf8Length(text), text).toBe(new TextEncoder().encode(text).length);
    }
    const cjk = '長'.repeat(2_000_000);
    expect(utf8Length(cjk)).toBe(6_000_000);
  });

  it('says a text is over a limit only past its bytes', () => {
    const limit: ContentLimit = { bytes: 6, service: 'Test', size: '6 bytes' };
    expect(isOverLimit('長い', limit)).toBe(false);
    expect(isOverLimit('長い!', limit)).toBe(true);
    expect(isOverLimit('x'.repeat(10), undefined)).toBe(false);
  });

  it('names GitHub’s 100 MiB on its workspace provider, which a 10,000,000-character text never reaches', () => {
    expect(GITHUB_FILE_LIMIT.bytes).toBe(104_857_600);
    const github = new GithubWorkspaceProvider({
      client: {} as GithubWorkspaceOptions['client'],
      owner: 'ada',
      repo: 'novel',
      branch: 'main',
      path: '',
    });
    expect(github.contentLimit).toBe(GITHUB_FILE_LIMIT);
    expect(github.withCommitMessage('Sync').contentLimit).toBe(GITHUB_FILE_LIMIT);
    // The worst case of the app's ceiling: 3 bytes per UTF-16 code unit.
    expect(10_000_000 * 3).toBeLessThan(GITHUB_FILE_LIMIT.bytes);
    expect(contentTooLargeMessage('Novel', GITHUB_FILE_LIMIT)).toBe(
      '“Novel” is larger than GitHub takes (100 MB): it was not synchronized, and stays whole in this browser.',
    );
  });
});

describe('a sync with a file over the remote’s limit (ADR 0006)', () => {
  it('does not upload it, says which, keeps it whole, and uploads the others', async () => {
    const remote = new MemoryWorkspaceProvider();
    const limit: ContentLimit = { bytes: 1_000, service: 'Test', size: '1 KB' };
    const connection = remote.connect();
    const provider: WorkspaceProvider = Object.assign(Object.create(connection) as object, {
      contentLimit: limit,
      id: connection.id,
    }) as WorkspaceProvider;
    const repository = new MemoryDatabase('client').connect();
    const tooLarge: Array<[string, ContentLimit]> = [];
    const synchronizer = new WorkspaceSynchronizer({
      repository,
      provider,
      welcomeFileHashes: new Set(),
      onTooLarge: (fileId, seen) => tooLarge.push([fileId, seen]),
    });
    const big = '長い'.repeat(200) + '\n'; // 1,201 bytes
    await repository.put([
      testFile('big', 'Big'),
      testContent('big', big),
      testFile('small', 'Small'),
      testContent('small', 'Small text.\n'),
    ]);
    await synchronizer.sync();
    expect(tooLarge).toEqual([['big', limit]]);
    const uploaded = remote.snapshot().map((item) => item.id);
    expect(uploaded).toContain('small/content');
    expect(uploaded).toContain('big'); // the file item itself is small, and syncs
    expect(uploaded).not.toContain('big/content');
    expect((await repository.get<ContentItem>('big/content'))!.text).toBe(big);

    // Made smaller, it syncs at the next sync.
    await repository.put([testContent('big', 'Now short.\n')]);
    tooLarge.length = 0;
    await synchronizer.sync();
    expect(tooLarge).toEqual([]);
    expect(remote.snapshot().map((item) => item.id)).toContain('big/content');
  });
});
