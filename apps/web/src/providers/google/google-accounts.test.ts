import {
  type CloudSim,
  discovery,
  type GoogleUser,
  methodById,
  schemaErrorsAt,
  SESSION_COOKIE,
  startCloudSim,
} from '@inkstone/cloud-sim';
import { GOOGLE_SCOPE, type GoogleToken, type Timers } from '@inkstone/core';
import { createPublicKey, type JsonWebKey, verify } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type OpenerPort, type ReceivedMessage } from '../../services/oauth/authorize-popup';
import { callbackMessage } from '../../services/oauth/callback-message';
import { type FramePort } from '../../services/oauth/silent-frame';
import { createStore } from '../../store';
import { isSponsor, serverConfLoaded } from '../../store/server-slice';
import { loginSponsorToken, USER_INFO_POLL, USER_INFO_REFRESH } from '../../services/sponsorship';
import { githubAccountsLoaded } from '../../store/accounts-slice';
import { GoogleAccounts, GoogleSignInDeclined } from './google-accounts';
import { SIGNED_IN_ELSEWHERE, signInWithGoogle } from './google-actions';
import { type GoogleTokenStore } from './google-tokens';

// The Google accounts over cloud-sim's OAuth, tokeninfo, People and revoke. The "popup" is a user
// who submits cloud-sim's authorize page (Email, Continue) and lands on the redirect it answers;
// the hidden frame of a silent refresh is the browser asking the authorize page with its
// remembered-account cookie (or without one: Google then answers interaction_required).

const APP = 'http://127.0.0.1:8080';
/** The product server (its /userInfo, a stand-in below). */
const SERVER = `${APP}/`;
const CLIENT = 'inkstone-test.apps.cloud-sim.test';
let google: CloudSim;
let alice: GoogleUser;
let bob: GoogleUser;
// One clock for the app and Google: tokens expire as time is advanced.
let clock = Date.now();

beforeAll(async () => {
  google = await startCloudSim({ port: 0, now: () => clock });
  alice = google.accounts.addUser({ email: 'alice@example.com', name: 'Alice Liddell' });
  bob = google.accounts.addUser({ email: 'bob@example.com', name: 'Bob Builder' });
  for (const clientId of [CLIENT, 'someone-else']) {
    google.accounts.addClient({
      clientId,
      clientSecret: 'secret',
      name: 'Inkstone',
      redirectUris: [`${APP}/oauth2/callback`],
    });
  }
});
afterAll(async () => google.close());

/** Timers whose time-outs fire only when the test says (the 15 s silent limit). */
class StepTimers implements Timers {
  private pending: { at: number; run: () => void }[] = [];
  set(run: () => void, delay: number) {
    const entry = { at: clock + delay, run };
    this.pending.push(entry);
    return () => {
      this.pending = this.pending.filter((other) => other !== entry);
    };
  }
  now() {
    return clock;
  }
  advance(ms: number) {
    clock += ms;
    const due = this.pending.filter((entry) => entry.at <= clock);
    this.pending = this.pending.filter((entry) => entry.at > clock);
    for (const entry of due) entry.run();
  }
}

// Where the authorize page sends the browser, read without following it.
async function redirected(url: string, init: RequestInit = {}): Promise<string> {
  const response = await fetch(url, { ...init, redirect: 'manual' });
  const location = response.headers.get('location');
  if (!location) throw new Error(`No redirect from ${url}: ${response.status}`);
  return location;
}

function setUp(
  options: {
    online?: boolean;
    agree?: boolean;
    /** Who signs in at the popup. */
    as?: GoogleUser;
    /** The account the browser is signed in with at Google (the silent frame's cookie). */
    browserAccount?: GoogleUser;
    /** The frame never answers (a hung authorize page). */
    hangFrames?: boolean;
    /** The popup's answer is one made for another client (a swapped answer). */
    clientInPopup?: string;
    /** The app's fetch (default: Node's). */
    fetch?: typeof fetch;
    /** The product server sells sponsorships (`/conf`'s allowSponsorship). */
    sponsorship?: boolean;
  } = {},
) {
  const store = createStore();
  store.dispatch(
    serverConfLoaded({
      allowSponsorship: options.sponsorship === true,
      googleClientId: CLIENT,
      googleUrl: google.url,
    }),
  );
  const stored = new Map<string, GoogleToken>();
  const tokens: GoogleTokenStore = {
    read: async () => [...stored.values()],
    write: async (token) => void stored.set(token.sub, structuredClone(token)),
    remove: async (sub) => void stored.delete(sub),
  };
  const listeners = new Set<(message: ReceivedMessage) => void>();
  const post = (url: string) => {
    const message = callbackMessage(url);
    for (const listener of listeners) listener({ origin: APP, source: null, data: message });
  };
  const popups: string[] = [];
  const opener: OpenerPort = {
    origin: APP,
    open(url) {
      popups.push(url);
      const target = new URL(url);
      const form = new URLSearchParams(target.searchParams);
      form.set('email', (options.as ?? alice).email);
      if (options.clientInPopup) form.set('client_id', options.clientInPopup);
      redirected(`${target.origin}${target.pathname}`, { method: 'POST', body: form })
        .then(post)
        .catch(() => undefined);
      return { closed: false, close: () => undefined };
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const frameUrls: string[] = [];
  const frames: FramePort = {
    load(url) {
      frameUrls.push(url);
      if (!options.hangFrames) {
        const cookie = options.browserAccount
          ? { Cookie: `${SESSION_COOKIE}=${encodeURIComponent(options.browserAccount.email)}` }
          : undefined;
        redirected(url, { headers: cookie })
          .then(post)
          .catch(() => undefined);
      }
      return { window: null, remove: () => undefined };
    },
  };
  const timers = new StepTimers();
  const asked: string[] = [];
  const accounts = new GoogleAccounts({
    store,
    tokens,
    opener,
    frames,
    timers,
    fetch: (input, init) => (options.fetch ?? fetch)(input, init),
    isOnline: () => options.online ?? true,
    confirmRedirection: async (provider) => {
      asked.push(provider);
      return options.agree ?? false;
    },
    serverBase: SERVER,
  });
  return { accounts, store, stored, popups, frameUrls, timers, asked };
}

const driveAbout = (accessToken: string) =>
  fetch(`${google.url}/drive/v3/about?fields=user`, {
    headers: { Authorization: `Bearer ${accessToken}` },
  }).then((response) => response.status);

describe('linking a Google account', () => {
  it('opens the authorize popup, keeps the checked token with its name, and lists what it reaches', async () => {
    const { accounts, store, popups, stored } = setUp();
    const token = await accounts.link({ drive: 'restricted' });
    const asked = new URL(popups[0]!);
    expect(asked.searchParams.get('response_type')).toBe('token id_token');
    expect(asked.searchParams.get('scope')).toBe(`openid profile ${GOOGLE_SCOPE.driveFile}`);
    expect(token).toMatchObject({ sub: alice.id, name: 'Alice Liddell', isDrive: true });
    expect(token.driveFullAccess).toBe(false);
    expect(stored.get(alice.id)?.accessToken).toBe(token.accessToken);
    expect(await driveAbout(token.accessToken)).toBe(200);
    expect(store.getState().accounts.google).toEqual([
      expect.objectContaining({
        sub: alice.id,
        name: 'Alice Liddell',
        access: ['Drive (restricted)'],
      }),
    ]);
    // The token is in no address the app asked for.
    expect(popups.join(' ')).not.toContain(token.accessToken);
  });

  it("refuses an answer made for another client: 'Client ID inconsistent.'", async () => {
    const { accounts, stored } = setUp({ clientInPopup: 'someone-else' });
    await expect(accounts.link({ blogger: true })).rejects.toThrow('Client ID inconsistent.');
    expect(stored.size).toBe(0);
  });

  it("refuses another account than the one asked for: 'Google account ID not expected.'", async () => {
    const { accounts, popups } = setUp({ as: bob });
    await expect(accounts.link({ blogger: true }, { sub: alice.id })).rejects.toThrow(
      'Google account ID not expected.',
    );
    expect(new URL(popups[0]!).searchParams.get('login_hint')).toBe(alice.id);
  });
});

describe('a fresh token (core §4)', () => {
  async function linked(options: Parameters<typeof setUp>[0] = {}) {
    const setup = setUp(options);
    const token = await setup.accounts.link({ drive: 'full' });
    return { ...setup, token };
  }

  it('reuses a token with more than 5 minutes left and the scopes asked', async () => {
    const { accounts, token, frameUrls } = await linked();
    expect((await accounts.fresh(alice.id, [GOOGLE_SCOPE.driveFile])).accessToken).toBe(
      token.accessToken,
    );
    expect(frameUrls).toEqual([]);
  });

  it('refreshes silently in a hidden frame when under 5 minutes remain (no popup)', async () => {
    const { accounts, token, frameUrls, popups, timers, stored } = await linked({
      browserAccount: alice,
    });
    timers.advance(56 * 60_000); // 3599 s tokens: under 5 minutes left now
    const fresh = await accounts.fresh(alice.id, [GOOGLE_SCOPE.drive]);
    expect(fresh.accessToken).not.toBe(token.accessToken);
    expect(await driveAbout(fresh.accessToken)).toBe(200);
    expect(stored.get(alice.id)?.accessToken).toBe(fresh.accessToken);
    const silent = new URL(frameUrls[0]!);
    expect(silent.searchParams.get('prompt')).toBe('none');
    expect(silent.searchParams.get('login_hint')).toBe(alice.id);
    expect(popups).toHaveLength(1); // the linking's only
  });

  it('refreshes with force after a 401, and when a scope is missing', async () => {
    const { accounts, token, frameUrls } = await linked({ browserAccount: alice });
    google.accounts.expire(token.accessToken);
    const forced = await accounts.fresh(alice.id, [], { force: true });
    expect(await driveAbout(forced.accessToken)).toBe(200);
    const wider = await accounts.fresh(alice.id, [GOOGLE_SCOPE.blogger]);
    expect(wider.isBlogger).toBe(true);
    expect(new URL(frameUrls[1]!).searchParams.get('scope')).toContain(GOOGLE_SCOPE.drive);
  });

  it('asks through providerRedirection when Google refuses the silent way, then the popup', async () => {
    const declined = await linked(); // no account remembered: interaction_required
    await expect(declined.accounts.fresh(alice.id, [], { force: true })).rejects.toBeInstanceOf(
      GoogleSignInDeclined,
    );
    expect(declined.asked).toEqual(['Google']);

    const agreed = await linked({ agree: true });
    const token = await agreed.accounts.fresh(alice.id, [], { force: true });
    expect(agreed.asked).toEqual(['Google']);
    expect(agreed.popups).toHaveLength(2);
    expect(new URL(agreed.popups[1]!).searchParams.get('login_hint')).toBe(alice.id);
    expect(await driveAbout(token.accessToken)).toBe(200);
  });

  it('gives a silent refresh 15 s, retries once, then counts as offline (no dialog)', async () => {
    const { accounts, frameUrls, timers, asked } = await linked({ hangFrames: true });
    const fresh = accounts.fresh(alice.id, [], { force: true });
    const outcome = fresh.then(
      () => 'resolved',
      (error: Error) => error.message,
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(frameUrls).toHaveLength(1);
    timers.advance(14_999);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(frameUrls).toHaveLength(1);
    timers.advance(1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(frameUrls).toHaveLength(2);
    timers.advance(15_000);
    expect(await outcome).toBe('Network request timeout.');
    expect(frameUrls).toHaveLength(2);
    expect(asked).toEqual([]);
  });

  it("says 'You are offline.' offline, without trying", async () => {
    const setup = await linked();
    const offline = setUp({ online: false });
    await offline.accounts.link({ drive: 'full' });
    offline.timers.advance(56 * 60_000);
    await expect(offline.accounts.fresh(alice.id, [])).rejects.toThrow('You are offline.');
    expect(offline.frameUrls).toEqual([]);
    expect(setup.frameUrls).toEqual([]);
  });
});

describe('Sign in with Google', () => {
  it('links with drive.appdata as the login account, once nobody is signed in elsewhere', async () => {
    const elsewhere = setUp();
    elsewhere.store.dispatch(
      githubAccountsLoaded([
        { sub: '1', name: 'gh', scopes: [], repoFullAccess: false, isLogin: true },
      ]),
    );
    await expect(signInWithGoogle({ googleAccounts: elsewhere.accounts })).rejects.toThrow(
      SIGNED_IN_ELSEWHERE,
    );
    expect(elsewhere.popups).toEqual([]);

    const { accounts, store, popups } = setUp();
    const token = await signInWithGoogle({ googleAccounts: accounts });
    expect(new URL(popups[0]!).searchParams.get('scope')).toContain(GOOGLE_SCOPE.driveAppData);
    expect(token.isLogin).toBe(true);
    expect(store.getState().accounts.google[0]).toMatchObject({
      isLogin: true,
      access: ['Sign-in'],
    });
  });
});

describe('removing a Google account', () => {
  it('revokes its token at Google and forgets it', async () => {
    const { accounts, store, stored } = setUp();
    const token = await accounts.link({ blogger: true });
    await accounts.remove(alice.id);
    expect(stored.size).toBe(0);
    expect(store.getState().accounts.google).toEqual([]);
    expect(await driveAbout(token.accessToken)).toBe(401);
  });
});

// The calls the accounts make besides OAuth's pages, checked against Google's discovery documents
// (cloud-sim's fixtures): tokeninfo (oauth2-v2.json), the access token in a form body whose keys
// are the method's parameters, and People's people/me (people-v1.json) with its personFields;
// every answer conforms to the method's response schema and holds what the app reads.
describe("the accounts' tokeninfo and People calls against Google's discovery documents", () => {
  it('sends only parameters of oauth2.tokeninfo and people.get, and reads answers of their schemas', async () => {
    const calls: { method: string; url: URL; body?: string; answer: string; status: number }[] = [];
    const recording: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      const answer = await response.clone().text();
      calls.push({
        method: init?.method ?? 'GET',
        url: new URL(input instanceof Request ? input.url : input),
        body: typeof init?.body === 'string' ? init.body : undefined,
        answer,
        status: response.status,
      });
      return response;
    };
    const { accounts } = setUp({ fetch: recording, as: bob });
    await accounts.link({ drive: 'restricted' });

    const oauth2 = discovery('oauth2-v2.json');
    const people = discovery('people-v1.json');
    const tokeninfo = methodById(oauth2, 'oauth2.tokeninfo')!;
    const get = methodById(people, 'people.people.get')!;
    const faults: string[] = [];
    const info = calls.filter(
      (call) => call.url.pathname === `/${oauth2.servicePath}${tokeninfo.path}`,
    );
    const me = calls.filter((call) => call.url.pathname === `/${people.servicePath}v1/people/me`);
    expect(get.path).toBe('v1/{+resourceName}');
    expect(info).toHaveLength(1);
    expect(me).toHaveLength(1);
    for (const call of info) {
      const name = `${call.method} ${call.url.pathname}`;
      if (call.method !== tokeninfo.httpMethod) faults.push(`${name}: not ${tokeninfo.httpMethod}`);
      // The token travels in the form body, never in the address.
      expect(call.url.search).toBe('');
      for (const key of new URLSearchParams(call.body ?? '').keys()) {
        if (!(key in tokeninfo.parameters!) && !(key in oauth2.parameters))
          faults.push(`${name}: ${key}`);
      }
      const answer = JSON.parse(call.answer) as Record<string, unknown>;
      faults.push(...schemaErrorsAt(oauth2, tokeninfo.response!, answer, `${name} Tokeninfo`));
      // What the app reads of it.
      for (const key of ['audience', 'user_id', 'scope']) {
        if (!(key in answer)) faults.push(`${name}: the answer has no ${key}`);
      }
    }
    for (const call of me) {
      const name = `${call.method} ${call.url.pathname}`;
      if (call.method !== get.httpMethod) faults.push(`${name}: not ${get.httpMethod}`);
      for (const key of call.url.searchParams.keys()) {
        if (!(key in get.parameters!) && !(key in people.parameters))
          faults.push(`${name}: ?${key}`);
      }
      const person = people.schemas.Person!.properties!;
      for (const field of (call.url.searchParams.get('personFields') ?? '').split(',')) {
        if (!(field in person))
          faults.push(`${name}: personFields ${field} is not a field of Person`);
      }
      const answer = JSON.parse(call.answer) as Record<string, unknown>;
      faults.push(...schemaErrorsAt(people, get.response!, answer, `${name} Person`));
      for (const key of ['names', 'photos']) {
        if (!(key in answer)) faults.push(`${name}: the answer has no ${key}`);
      }
    }
    expect(faults).toEqual([]);
  });
});

// The product server's GET /userInfo?tokenKind=idToken, as apps/server answers it (its own tests,
// apps/server/src/routes/user-info.test.ts, run the real route against cloud-sim): the id token
// taken from the Authorization header only, checked against cloud-sim's published keys (RS256,
// audience, expiry), then the sponsorship of `go:{sub}`; 404 for who never sponsored, 401 for a
// token it cannot take, 503 while `busy`.
function productServer() {
  const sponsors = new Map<string, number>();
  const asked: { url: URL; authorization: string | null; answer: number }[] = [];
  const state = { busy: false };
  const b64 = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString()) as unknown;
  async function genuine(idToken: string): Promise<{ sub: string } | undefined> {
    const [header, payload, signature] = idToken.split('.');
    if (!header || !payload || !signature) return undefined;
    const { keys } = (await (await fetch(`${google.url}/oauth2/v3/certs`)).json()) as {
      keys: (JsonWebKey & { kid: string })[];
    };
    const key = keys.find((candidate) => candidate.kid === (b64(header) as { kid?: string }).kid);
    if (!key) return undefined;
    const signed = verify(
      'sha256',
      Buffer.from(`${header}.${payload}`),
      createPublicKey({ key, format: 'jwk' }),
      Buffer.from(signature, 'base64url'),
    );
    const claims = b64(payload) as { aud: string; exp: number; sub: string };
    return signed && claims.aud === CLIENT && claims.exp * 1000 > clock ? claims : undefined;
  }
  const answer = async (url: URL, authorization: string | null): Promise<Response> => {
    const json = (status: number, body: unknown) => Response.json(body, { status });
    if (state.busy) return json(503, { message: 'Sponsorships cannot be read now. RETRY' });
    const bearer = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
    if (url.searchParams.get('tokenKind') !== 'idToken' || !bearer || url.search.includes(bearer))
      return json(400, { message: 'Malformed.' });
    const claims = await genuine(bearer);
    if (!claims) return json(401, { message: 'Invalid id token.' });
    const until = sponsors.get(`go:${claims.sub}`);
    return until === undefined
      ? json(404, { message: 'Unknown user.' })
      : json(200, { sponsorUntil: until });
  };
  const send: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : input);
    if (!url.href.startsWith(SERVER) || url.pathname !== '/userInfo') return fetch(input, init);
    const authorization = new Headers(init?.headers).get('authorization');
    const response = await answer(url, authorization);
    asked.push({ url, authorization, answer: response.status });
    return response;
  };
  return { sponsors, asked, state, send };
}

describe('the sponsorship of the account signed in with Google (spec core §6, §7 userInfo)', () => {
  const YEAR = 365 * 24 * 3600 * 1000;

  it('is asked at sign-in with its id token in the Authorization header, and kept on the token', async () => {
    const server = productServer();
    server.sponsors.set(`go:${alice.id}`, clock + YEAR);
    const { accounts, store, stored } = setUp({ sponsorship: true, fetch: server.send });
    const token = await signInWithGoogle({ googleAccounts: accounts });
    expect(server.asked).toHaveLength(1);
    const [asked] = server.asked;
    expect(asked!.url.search).toBe('?tokenKind=idToken');
    expect(asked!.authorization).toBe(`Bearer ${token.idToken}`);
    expect(asked!.answer).toBe(200);
    expect(stored.get(alice.id)?.isSponsor).toBe(true);
    expect(store.getState().accounts.google[0]).toMatchObject({ isLogin: true, isSponsor: true });
    expect(isSponsor(store.getState().server, store.getState().accounts)).toBe(true);

    // Who never sponsored (404) is not one; nothing is asked while sponsorship is off.
    const other = setUp({ sponsorship: true, fetch: server.send, as: bob });
    await signInWithGoogle({ googleAccounts: other.accounts });
    expect(server.asked[1]?.answer).toBe(404);
    expect(other.stored.get(bob.id)?.isSponsor).toBe(false);
    expect(isSponsor(other.store.getState().server, other.store.getState().accounts)).toBe(false);
    const off = setUp({ fetch: server.send });
    await signInWithGoogle({ googleAccounts: off.accounts });
    expect(server.asked).toHaveLength(2);
  });

  it('is asked again after an hour with an id token refreshed silently first; RETRY keeps what was known', async () => {
    const server = productServer();
    const { accounts, stored, store, timers, frameUrls, asked } = setUp({
      sponsorship: true,
      fetch: server.send,
      browserAccount: alice,
    });
    const first = await signInWithGoogle({ googleAccounts: accounts });
    expect(stored.get(alice.id)?.isSponsor).toBe(false);
    const stop = accounts.watchSponsorship();
    // The user pays meanwhile: nothing is asked before the hour is over…
    server.sponsors.set(`go:${alice.id}`, clock + YEAR);
    for (let waited = USER_INFO_POLL; waited < USER_INFO_REFRESH; waited += USER_INFO_POLL) {
      timers.advance(USER_INFO_POLL);
    }
    expect(server.asked).toHaveLength(1);
    // …then the id token, an hour old (the server would refuse it), is refreshed in the hidden
    // frame and the new one asks.
    timers.advance(USER_INFO_POLL);
    await vi.waitFor(() => expect(server.asked).toHaveLength(2));
    await vi.waitFor(() => expect(stored.get(alice.id)?.isSponsor).toBe(true));
    expect(frameUrls).toHaveLength(1);
    const renewed = stored.get(alice.id)!;
    expect(renewed.idToken).not.toBe(first.idToken);
    expect(server.asked[1]).toMatchObject({
      authorization: `Bearer ${renewed.idToken}`,
      answer: 200,
    });
    expect(isSponsor(store.getState().server, store.getState().accounts)).toBe(true);

    // The server cannot tell an hour later: still a sponsor.
    server.state.busy = true;
    for (let waited = 0; waited < USER_INFO_REFRESH; waited += USER_INFO_POLL) {
      timers.advance(USER_INFO_POLL);
    }
    await vi.waitFor(() => expect(server.asked).toHaveLength(3));
    expect(server.asked[2]!.answer).toBe(503);
    expect(stored.get(alice.id)?.isSponsor).toBe(true);
    expect(asked).toEqual([]); // no providerRedirection for a check nobody asked for
    stop();
    timers.advance(2 * USER_INFO_REFRESH);
    expect(server.asked).toHaveLength(3);
  });

  it('in the background, never asks the user to sign in again: what was known stands', async () => {
    const server = productServer();
    server.sponsors.set(`go:${alice.id}`, clock + YEAR);
    // No account remembered in the browser: Google refuses the silent way.
    const { accounts, stored, timers, asked, frameUrls } = setUp({
      sponsorship: true,
      fetch: server.send,
    });
    await signInWithGoogle({ googleAccounts: accounts });
    timers.advance(56 * 60_000);
    await accounts.refreshSponsorship();
    expect(frameUrls).toHaveLength(1);
    expect(asked).toEqual([]);
    expect(server.asked).toHaveLength(1);
    expect(stored.get(alice.id)?.isSponsor).toBe(true);
    // The hidden frame is not tried again every minute (nor at the sign-in's hour), but an hour
    // after this try.
    const stop = accounts.watchSponsorship();
    for (let minute = 0; minute < 6; minute++) {
      timers.advance(USER_INFO_POLL);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(frameUrls).toHaveLength(1);
    for (let minute = 6; minute < 60; minute++) timers.advance(USER_INFO_POLL);
    await vi.waitFor(() => expect(frameUrls).toHaveLength(2));
    stop();
  });

  it('gives the sponsor-only exports the login’s id token, refreshed when about to expire', async () => {
    const { accounts, stored, timers, frameUrls } = setUp({ browserAccount: alice });
    const github = { loginToken: async () => undefined };
    expect(await loginSponsorToken(github, accounts)).toBeUndefined();
    await accounts.link({ drive: 'full' }); // linked, not signed in with
    expect(await loginSponsorToken(github, accounts)).toBeUndefined();
    const login = await signInWithGoogle({ googleAccounts: accounts });
    expect(await loginSponsorToken(github, accounts)).toEqual({
      kind: 'idToken',
      value: login.idToken,
    });
    expect(frameUrls).toEqual([]);
    timers.advance(56 * 60_000);
    const sent = await loginSponsorToken(github, accounts);
    expect(frameUrls).toHaveLength(1);
    expect(sent).toEqual({ kind: 'idToken', value: stored.get(alice.id)!.idToken });
    expect(sent?.value).not.toBe(login.idToken);
    // Signed in with GitHub instead: its access token.
    expect(await loginSponsorToken({ loginToken: async () => 'gho_ada' }, accounts)).toEqual({
      kind: 'accessToken',
      value: 'gho_ada',
    });
  });
});
