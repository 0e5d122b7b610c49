// The WordPress.com accounts over cloud-sim's WordPress.com (its /wpcom stand-in). The "popup" is
// a user who submits cloud-sim's authorize page (Email, Allow, or Cancel) and lands on the
// redirect it answers, whose fragment is posted back as the callback page does.
import { type CloudSim, startCloudSim, type WpcomSite, type WpcomUser } from '@inkstone/cloud-sim';
import {
  type PublishedDocument,
  type PublishLocation,
  type Timers,
  WORDPRESS_ACCOUNT_NOT_EXPECTED,
  WORDPRESS_TOKEN_REFUSED,
  type WordPressToken,
} from '@inkstone/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryTokens, simSignIn } from '../testing/sim-sign-in';
import { WORDPRESS_NOT_CONFIGURED, WordPressAccounts } from './wordpress-accounts';
import { wordpressLocationPublishers } from './wordpress-locations';

const APP = 'http://127.0.0.1:8080';
let sim: CloudSim;
let ann: WpcomUser;
let bob: WpcomUser;
let site: WpcomSite;
let clock = Date.now();

beforeAll(async () => {
  sim = await startCloudSim({ port: 0, now: () => clock });
  ann = sim.wordpress.addUser({ username: 'ann', display_name: 'Ann Writer', email: 'ann@x.test' });
  bob = sim.wordpress.addUser({ username: 'bob', display_name: 'Bob', email: 'bob@x.test' });
  site = sim.wordpress.addSite({ name: 'annwrites', ownerId: ann.ID });
  sim.wordpress.addClient({ clientId: '4242', redirectUris: [`${APP}/oauth2/callback`] });
});
afterAll(async () => sim.close());

const timers: Timers = {
  set: (run, delay) => {
    const handle = setTimeout(run, Math.min(delay, 2_000));
    return () => clearTimeout(handle);
  },
  now: () => clock,
};

function setUp(options: { clientId?: string; confirm?: boolean } = {}) {
  const { tokens, stored } = memoryTokens<WordPressToken>();
  const asked: string[] = [];
  // Who signs in at the next popup ('cancel': the Cancel link).
  const user = { next: ann.email as string };
  const { opener, popups } = simSignIn(APP, (form) => {
    if (user.next === 'cancel') form.set('cancel', '1');
    else form.set('email', user.next);
  });
  const accounts = new WordPressAccounts({
    tokens,
    opener,
    timers,
    fetch: (input, init) => fetch(input, init),
    conf: () => ({ clientId: options.clientId ?? '4242', wordpressUrl: `${sim.url}/wpcom/` }),
    confirmRedirection: async (provider) => {
      asked.push(provider);
      return options.confirm ?? true;
    },
  });
  return { accounts, stored, popups, asked, user };
}

describe('linking a WordPress.com account (implicit grant, no fields)', () => {
  it('asks for the token with scope global and keeps accessToken, expiresOn, name and sub', async () => {
    const { accounts, stored, popups } = setUp();
    const token = await accounts.link();
    const url = new URL(popups[0]!);
    expect(url.origin + url.pathname).toBe(`${sim.url}/wpcom/oauth2/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: '4242',
      redirect_uri: `${APP}/oauth2/callback`,
      response_type: 'token',
      scope: 'global',
    });
    expect(url.searchParams.get('state')).toMatch(/^[0-9a-f]{32}$/);
    expect(token).toEqual({
      accessToken: expect.any(String),
      expiresOn: clock + 1_209_600_000,
      name: 'Ann Writer',
      sub: String(ann.ID),
    });
    expect([...stored.values()]).toEqual([token]);
    expect(accounts.current()).toEqual([token]);
    // The token is never in the address WordPress.com was asked with.
    expect(popups[0]).not.toContain(token.accessToken);
  });

  it('says so when the user cancels, and when the server names no client', async () => {
    const { accounts, stored, user } = setUp();
    user.next = 'cancel';
    await expect(accounts.link()).rejects.toThrow('WordPress access was not granted.');
    expect(stored.size).toBe(0);
    await expect(setUp({ clientId: '' }).accounts.link()).rejects.toThrow(WORDPRESS_NOT_CONFIGURED);
  });

  it('refuses another account than the one being linked again', async () => {
    const { accounts, stored, user } = setUp();
    const first = await accounts.link();
    user.next = bob.email;
    await expect(accounts.link({ sub: first.sub })).rejects.toThrow(WORDPRESS_ACCOUNT_NOT_EXPECTED);
    expect([...stored.keys()]).toEqual([first.sub]);
  });

  it('removes an account from this browser', async () => {
    const { accounts, stored } = setUp();
    const token = await accounts.link();
    await accounts.remove(token.sub);
    expect(stored.size).toBe(0);
    expect(accounts.current()).toEqual([]);
  });
});

describe('an expired or refused WordPress.com token (providerRedirection)', () => {
  const document: PublishedDocument = {
    title: 'Notes',
    content: '<p>Hello</p>',
    properties: 'title: Hello\ntags: a, b\n',
  };
  const location = (sub: string): PublishLocation =>
    ({
      id: 'loc',
      type: 'publishLocation',
      fileId: 'f',
      providerId: 'wordpress',
      templateId: 'plainHtml',
      domain: site.domain,
      sub,
      hash: '',
    }) as PublishLocation;
  const publisher = (accounts: WordPressAccounts) =>
    wordpressLocationPublishers({
      fresh: accounts.fresh,
      client: (token) => accounts.client(token),
    }).wordpress!;

  it('asks to sign in again once the stored token has expired, links the same account and publishes', async () => {
    const { accounts, asked, popups } = setUp();
    const token = await accounts.link();
    clock += 1_209_600_000;
    try {
      const update = await publisher(accounts).publish(location(token.sub), document, undefined);
      expect(asked).toEqual(['WordPress']);
      expect(popups).toHaveLength(2);
      const post = sim.wordpress.post(site.ID, Number((update as { postId: string }).postId));
      expect(post).toMatchObject({ title: 'Hello', tags: ['a', 'b'] });
    } finally {
      clock -= 1_209_600_000;
    }
  });

  it('asks again when WordPress.com refuses a token it had not expired, once only', async () => {
    const { accounts, asked } = setUp();
    const token = await accounts.link();
    sim.wordpress.expire(token.accessToken);
    const update = await publisher(accounts).publish(location(token.sub), document, undefined);
    expect(asked).toEqual(['WordPress']);
    expect(update).toMatchObject({ siteId: String(site.ID) });
  });

  it('ends in the spec’s sign-in-again message when the user declines', async () => {
    const { accounts, asked, stored } = setUp({ confirm: false });
    const token = await accounts.link();
    sim.wordpress.expire(token.accessToken);
    await expect(
      publisher(accounts).publish(location(token.sub), document, undefined),
    ).rejects.toThrow(WORDPRESS_TOKEN_REFUSED);
    expect(asked).toEqual(['WordPress']);
    expect(stored.get(token.sub)?.accessToken).toBe(token.accessToken);
  });
});
