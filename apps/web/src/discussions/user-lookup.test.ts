import { describe, expect, it } from 'vitest';
import { UserLookup } from './user-lookup';

/** A lookup whose GitHub answers every ask with `status` and `body`, and the URLs it asked. */
function answering(status: number, body: unknown) {
  const asked: string[] = [];
  const lookup = new UserLookup(
    () => 'https://api.github.test',
    (url) => {
      asked.push(url as string);
      return Promise.resolve(new Response(JSON.stringify(body), { status }));
    },
  );
  return { lookup, asked };
}

describe('UserLookup', () => {
  it('asks GitHub once for an account id, then gives its name and avatar', async () => {
    const { lookup, asked } = answering(200, {
      login: 'bob',
      name: null,
      avatar_url: 'https://avatars.test/b',
    });
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
    const { lookup, asked } = answering(404, { message: 'Not Found' });
    lookup.infoOf('7');
    expect(lookup.infoOf('google:abc')).toBeUndefined();
    expect(lookup.infoOf('gitee:9')).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(lookup.infoOf('7')).toEqual({ name: 'Someone' });
    expect(asked).toEqual(['https://api.github.test/user/7']);
  });
});
