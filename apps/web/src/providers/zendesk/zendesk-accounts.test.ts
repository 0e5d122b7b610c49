// The Zendesk accounts over cloud-sim's help centre (OAuth code grant with PKCE, users/me). The
// "popup" is a user who submits cloud-sim's authorize page (Email, Allow) and lands on the
// redirect it answers; its answer is posted back as the callback page does. Then the publisher
// the app registers publishes with the linked account.
import { type CloudSim, startCloudSim, type ZendeskUser } from '@inkstone/cloud-sim';
import {
  type Timers,
  ZENDESK_ACCOUNT_NOT_EXPECTED,
  ZENDESK_CLIENT_ID_REQUIRED,
  ZENDESK_PROVIDER_ID,
  ZENDESK_SITE_URL_INVALID,
  ZendeskFieldError,
} from '@inkstone/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryTokens, simSignIn } from '../testing/sim-sign-in';
import { ZendeskAccounts } from './zendesk-accounts';
import { describeZendeskLocation } from './zendesk-location-text';
import { zendeskPublishers } from './zendesk-locations';
import { type ZendeskToken } from './zendesk-tokens';

const APP = 'http://127.0.0.1:8080';
let sim: CloudSim;
let ann: ZendeskUser;
let section: number;
beforeAll(async () => {
  sim = await startCloudSim({ port: 0 });
  sim.zendesk.addHelpCentre('acme');
  ann = sim.zendesk.addUser('acme', { name: 'Ann Agent', email: 'ann@example.com' });
  sim.zendesk.addClient('acme', {
    identifier: 'inkstone',
    redirectUris: [`${APP}/oauth2/callback`],
  });
  section = sim.zendesk.addSection('acme');
});
afterAll(async () => sim.close());

const timers: Timers = {
  set: (run, delay) => {
    const handle = setTimeout(run, Math.min(delay, 2_000));
    return () => clearTimeout(handle);
  },
  now: () => Date.now(),
};

function setUp() {
  const { tokens, stored } = memoryTokens<ZendeskToken>();
  const bodies: string[] = [];
  const { opener, popups } = simSignIn(APP, (form) => {
    form.set('email', 'ann@example.com');
  });
  const accounts = new ZendeskAccounts({
    tokens,
    opener,
    timers,
    fetch: (input, init) => {
      bodies.push(typeof init?.body === 'string' ? init.body : '');
      return fetch(input, init);
    },
    zendeskUrl: () => `${sim.url}/zendesk/{subdomain}`,
  });
  return { accounts, stored, popups, bodies };
}

describe('linking a Zendesk account (code grant with PKCE, the user’s own client)', () => {
  it('asks read hc:write of the typed help centre, exchanges the code with its verifier and keeps the account', async () => {
    const { accounts, stored, popups, bodies } = setUp();
    const token = await accounts.link({
      siteUrl: ' https://ACME.zendesk.com/ ',
      clientId: 'inkstone',
    });
    const asked = new URL(popups[0]!);
    expect(asked.pathname).toBe('/zendesk/acme/oauth/authorizations/new');
    expect(asked.searchParams.get('scope')).toBe('read hc:write');
    expect(asked.searchParams.get('code_challenge_method')).toBe('S256');
    expect(asked.searchParams.get('redirect_uri')).toBe(`${APP}/oauth2/callback`);
    expect(token).toMatchObject({ name: 'Ann Agent', subdomain: 'acme', sub: `acme/${ann.id}` });
    expect([...stored.keys()]).toEqual([`acme/${ann.id}`]);
    // The verifier went in a request body, never in an address.
    expect(bodies.some((body) => body.includes('code_verifier'))).toBe(true);
    expect(popups[0]).not.toContain('code_verifier');
    expect(popups[0]).not.toContain(token.accessToken);
    await accounts.load();
    expect(accounts.current()).toHaveLength(1);
    await accounts.remove(token.sub);
    expect(stored.size).toBe(0);
  });

  it('says a bad Site URL or a missing client id on its field, before any window opens', async () => {
    const { accounts, popups } = setUp();
    const bad = accounts.link({ siteUrl: 'http://acme.zendesk.com', clientId: 'x' });
    await expect(bad).rejects.toThrow(ZENDESK_SITE_URL_INVALID);
    await expect(bad).rejects.toBeInstanceOf(ZendeskFieldError);
    await expect(
      accounts.link({ siteUrl: 'https://acme.zendesk.com', clientId: ' ' }),
    ).rejects.toThrow(ZENDESK_CLIENT_ID_REQUIRED);
    expect(popups).toEqual([]);
  });

  it('refuses another account than the one expected', async () => {
    const { accounts, stored } = setUp();
    await expect(
      accounts.link({ siteUrl: 'https://acme.zendesk.com', clientId: 'inkstone' }, 'acme/1'),
    ).rejects.toThrow(ZENDESK_ACCOUNT_NOT_EXPECTED);
    expect(stored.size).toBe(0);
  });

  it('publishes with the linked account through the app’s publisher, and lists the location', async () => {
    const { accounts } = setUp();
    const token = await accounts.link({
      siteUrl: 'https://acme.zendesk.com',
      clientId: 'inkstone',
    });
    const publisher = zendeskPublishers(accounts)[ZENDESK_PROVIDER_ID]!;
    const location = {
      id: 'l',
      type: 'publishLocation' as const,
      hash: 'h',
      fileId: 'f',
      providerId: ZENDESK_PROVIDER_ID,
      templateId: 'plainHtml',
      sectionId: String(section),
      locale: 'en-us',
      sub: token.sub,
    };
    const kept = await publisher.publish(
      location,
      { title: 'Hello', content: '<p>Hi</p>' },
      undefined,
    );
    const articleId = Number((kept as { articleId: string }).articleId);
    expect(sim.zendesk.article('acme', articleId)?.translations.get('en-us')?.body).toBe(
      '<p>Hi</p>',
    );
    expect(describeZendeskLocation({ ...location, ...kept })?.description).toBe(
      `Zendesk article ${articleId} (en-us) on acme.zendesk.com`,
    );
  });
});
