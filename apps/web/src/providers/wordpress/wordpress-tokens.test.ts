import { type DataItem, MemoryDatabase, withHash, type WordPressToken } from '@inkstone/core';
import { describe, expect, it } from 'vitest';
import {
  readWordPressTokensFrom,
  removeWordPressTokenFrom,
  writeWordPressTokenTo,
} from './wordpress-tokens';

const token = (sub: string, extra: Partial<WordPressToken> = {}): WordPressToken => ({
  sub,
  name: `user ${sub}`,
  accessToken: `t.${sub}`,
  expiresOn: 1_000,
  ...extra,
});

describe('WordPress.com accounts in the tokens item (key wordpress, by sub)', () => {
  it('keeps accounts beside the other providers’ accounts, replaced by sub, and removes them', async () => {
    const repo = new MemoryDatabase('w').connect();
    await repo.put([
      withHash<DataItem>({ id: 'tokens', type: 'data', data: { dropbox: { a: { sub: 'a' } } } }),
    ]);
    await writeWordPressTokenTo(repo, token('1'));
    await writeWordPressTokenTo(repo, token('2'));
    await writeWordPressTokenTo(repo, token('1', { accessToken: 't.again' }));
    expect(await readWordPressTokensFrom(repo)).toEqual([
      token('1', { accessToken: 't.again' }),
      token('2'),
    ]);
    await removeWordPressTokenFrom(repo, '1');
    expect(await readWordPressTokensFrom(repo)).toEqual([token('2')]);
    const data = (await repo.get<DataItem>('tokens'))!.data as Record<string, unknown>;
    expect(data.dropbox).toEqual({ a: { sub: 'a' } });
  });

  it('leaves out entries that are not usable accounts', async () => {
    const repo = new MemoryDatabase('w2').connect();
    await repo.put([
      withHash<DataItem>({
        id: 'tokens',
        type: 'data',
        data: {
          wordpress: {
            x: { sub: 'x', name: 'X' },
            y: token('y', { expiresOn: undefined }),
            z: token('z'),
          },
        },
      }),
    ]);
    expect(await readWordPressTokensFrom(repo)).toEqual([token('z')]);
  });
});
