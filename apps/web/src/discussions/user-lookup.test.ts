import { describe, expect, it } from 'vitest';
import { UserLookup } from './user-lookup';

describe('UserLookup', () => {
  it('asks GitHub once for an account id, then gives its name and avatar', async () => {
    const asked: string[] = [];
    const lookup = new UserLookup(
      () => 'https://api.github.test',
      (url) => {
        asked.push(url as string);
        return Promise.resolve(
          new Response(
            JSON.stringify({ login: 'bob', name: null, avatar_url: 'https://avatars.test/b' }),
            { status: 200 },
          ),
        );
      },
    );
    let changes = 0;
    lookup.subscribe(() => (changes += 1));
    expect(lookup.infoOf('42')).toBeUndefined();
    expect(lookup.infoOf('42')).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(lookup.infoOf('42')).toEqual({ name: 'bob', imageUrl: 'https://avatars.test/b' });
    expect(asked).toEqual(['https://api.github.test/user/42']);
    expect(changes).toBe(1);
  });

  it('says Someone for a user GitHub does not know, and never asks for other subs', async () => {
    const asked: string[] = [];
    const lookup = new UserLookup(
      () => 'https://api.github.test',
      (url) => {
        asked.push(url as string);
        return Promise.resolve(new Response('{"message":"Not Found"}', { status: 404 }));
      },
    );
    lookup.infoOf('7');
    expect(lookup.infoOf('google:abc')).toBeUndefined();
    expect(lookup.infoOf('gitee:9')).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(lookup.infoOf('7')).toEqual({ name: 'Someone' });
    expect(asked).toEqual(['https://api.github.test/user/7']);
  });
});
