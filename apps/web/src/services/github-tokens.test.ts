import { type DataItem, type GithubToken, MemoryDatabase, withHash } from '@inkstone/core';
import { describe, expect, it } from 'vitest';
import { readGithubTokensFrom, removeGithubTokenFrom, writeGithubTokenTo } from './github-tokens';

const token = (sub: string, extra: Partial<GithubToken> = {}): GithubToken => ({
  sub,
  name: `user${sub}`,
  accessToken: `gho_${sub}`,
  scopes: ['public_repo', 'gist'],
  repoFullAccess: false,
  ...extra,
});

describe('GitHub accounts in the tokens item', () => {
  it('keeps accounts by sub beside the CouchDB credentials already there, one login at most', async () => {
    const repo = new MemoryDatabase('t').connect();
    await repo.put([
      withHash<DataItem>({
        id: 'tokens',
        type: 'data',
        data: { 'https://db/': { name: 'a', password: 'b' } },
      }),
    ]);
    await writeGithubTokenTo(repo, token('1', { isLogin: true }));
    await writeGithubTokenTo(repo, token('2', { isLogin: true }));
    await writeGithubTokenTo(repo, token('2', { isLogin: true, name: 'renamed' }));
    const accounts = await readGithubTokensFrom(repo);
    expect(accounts.map((a) => [a.sub, a.name, a.isLogin])).toEqual([
      ['1', 'user1', false],
      ['2', 'renamed', true],
    ]);
    const data = (await repo.get<DataItem>('tokens'))!.data as Record<string, unknown>;
    expect(data['https://db/']).toEqual({ name: 'a', password: 'b' });

    await removeGithubTokenFrom(repo, '1');
    expect((await readGithubTokensFrom(repo)).map((a) => a.sub)).toEqual(['2']);
  });

  it('reads nothing from an empty database or from entries that are not accounts', async () => {
    const repo = new MemoryDatabase('u').connect();
    expect(await readGithubTokensFrom(repo)).toEqual([]);
    await repo.put([
      withHash<DataItem>({ id: 'tokens', type: 'data', data: { github: { x: { sub: 'x' } } } }),
    ]);
    expect(await readGithubTokensFrom(repo)).toEqual([]);
  });
});
