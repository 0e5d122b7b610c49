import { type DataItem, type GitlabToken, MemoryDatabase, withHash } from '@inkstone/core';
import { describe, expect, it } from 'vitest';
import { writeGithubTokenTo } from './github-tokens';
import { readForgeTokensFrom, removeForgeTokenFrom, writeForgeTokenTo } from './forge-tokens';

const gitlab = (server: string, id: number, extra: Partial<GitlabToken> = {}): GitlabToken => ({
  sub: `${server}/${id}`,
  name: `user${id}`,
  accessToken: `a${id}`,
  refreshToken: `r${id}`,
  expiresOn: 1_000,
  serverUrl: server,
  applicationId: '',
  applicationSecret: '',
  ...extra,
});

describe('GitLab, Gitea and Gitee accounts in the tokens item', () => {
  it('keeps accounts by forge and sub, user 7 of two servers apart, beside GitHub’s', async () => {
    const repo = new MemoryDatabase('t').connect();
    await writeGithubTokenTo(repo, {
      sub: '1',
      name: 'octo',
      accessToken: 'gho_1',
      scopes: ['repo', 'gist'],
      repoFullAccess: true,
    });
    await writeForgeTokenTo(repo, 'gitlab', gitlab('https://a.example.org', 7));
    await writeForgeTokenTo(repo, 'gitlab', gitlab('https://b.example.org', 7));
    await writeForgeTokenTo(
      repo,
      'gitlab',
      gitlab('https://a.example.org', 7, { name: 'renamed' }),
    );
    await writeForgeTokenTo(repo, 'gitee', {
      sub: '42',
      name: 'gina',
      accessToken: 'g',
      refreshToken: 'gr',
      expiresOn: 5,
    });
    expect((await readForgeTokensFrom(repo, 'gitlab')).map((t) => [t.sub, t.name])).toEqual([
      ['https://a.example.org/7', 'renamed'],
      ['https://b.example.org/7', 'user7'],
    ]);
    expect(await readForgeTokensFrom(repo, 'gitea')).toEqual([]);
    expect((await readForgeTokensFrom(repo, 'gitee')).map((t) => t.sub)).toEqual(['42']);
    const data = (await repo.get<DataItem>('tokens'))?.data as Record<string, object>;
    expect(Object.keys(data).sort()).toEqual(['gitee', 'github', 'gitlab']);

    await removeForgeTokenFrom(repo, 'gitlab', 'https://a.example.org/7');
    expect((await readForgeTokensFrom(repo, 'gitlab')).map((t) => t.sub)).toEqual([
      'https://b.example.org/7',
    ]);
    expect(Object.keys((await repo.get<DataItem>('tokens'))?.data as object)).toContain('github');
  });

  it('leaves out entries that are no usable token', async () => {
    const repo = new MemoryDatabase('t').connect();
    await repo.put([
      withHash<DataItem>({
        id: 'tokens',
        type: 'data',
        data: {
          gitea: {
            good: gitlab('https://git.example.org', 1),
            noToken: { ...gitlab('https://git.example.org', 2), accessToken: 3 },
            otherServer: { ...gitlab('https://git.example.org', 3), sub: 'https://x.org/3' },
          },
        },
      }),
    ]);
    expect((await readForgeTokensFrom(repo, 'gitea')).map((t) => t.name)).toEqual(['user1']);
  });
});
