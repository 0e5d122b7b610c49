import { type DataItem, MemoryDatabase, withHash } from '@inkstone/core';
import { describe, expect, it } from 'vitest';
import {
  type DropboxToken,
  readDropboxTokensFrom,
  removeDropboxTokenFrom,
  writeDropboxTokenTo,
} from './dropbox-tokens';

const token = (sub: string, extra: Partial<DropboxToken> = {}): DropboxToken => ({
  sub,
  name: `user ${sub}`,
  accessToken: `sl.${sub}`,
  fullAccess: false,
  refreshToken: `r.${sub}`,
  expiresOn: 1_000,
  ...extra,
});

describe('Dropbox accounts in the tokens item (key dropbox, by sub)', () => {
  it('keeps accounts with their refresh token beside the other providers’ accounts', async () => {
    const repo = new MemoryDatabase('d').connect();
    await repo.put([
      withHash<DataItem>({ id: 'tokens', type: 'data', data: { github: { 1: { sub: '1' } } } }),
    ]);
    await writeDropboxTokenTo(repo, token('dbid:a'));
    await writeDropboxTokenTo(repo, token('dbid:b', { fullAccess: true }));
    await writeDropboxTokenTo(repo, token('dbid:a', { accessToken: 'sl.renewed' }));
    expect(await readDropboxTokensFrom(repo)).toEqual([
      token('dbid:a', { accessToken: 'sl.renewed' }),
      token('dbid:b', { fullAccess: true }),
    ]);
    const data = (await repo.get<DataItem>('tokens'))!.data as Record<string, unknown>;
    expect(data.github).toEqual({ 1: { sub: '1' } });
    expect(Object.keys(data.dropbox as object)).toEqual(['dbid:a', 'dbid:b']);

    await removeDropboxTokenFrom(repo, 'dbid:a');
    expect((await readDropboxTokensFrom(repo)).map((a) => a.sub)).toEqual(['dbid:b']);
  });

  it('reads nothing from an empty database, and leaves out entries that are not accounts', async () => {
    const repo = new MemoryDatabase('e').connect();
    expect(await readDropboxTokensFrom(repo)).toEqual([]);
    await repo.put([
      withHash<DataItem>({
        id: 'tokens',
        type: 'data',
        data: { dropbox: { x: { sub: 'x' }, y: token('y', { fullAccess: 'yes' as never }) } },
      }),
    ]);
    expect(await readDropboxTokensFrom(repo)).toEqual([]);
  });
});
