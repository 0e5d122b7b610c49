import { type Timers } from '@inkstone/core';

/** The sponsorship of the signed-in account is asked again this long after the last answer
 * (spec core §9 "User info: refetched after 1 h")… */
export const USER_INFO_REFRESH = 60 * 60 * 1000;
/** …which is looked at this often (spec core §9 "polled every 60 s"). */
export const USER_INFO_POLL = 60 * 1000;

/** The server could not tell now (spec core §8 'RETRY'): the sponsorship known before stands. */
export class SponsorshipUnknown extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SponsorshipUnknown';
  }
}

/** The kinds of token the product server takes (`tokenKind`): a GitHub access token, or a
 * Google id token. */
export type SponsorTokenKind = 'accessToken' | 'idToken';

/** A token to prove who the user is to the product server (the sponsor-only exports, /userInfo). */
export interface SponsorToken {
  kind: SponsorTokenKind;
  value: string;
}

/** The product server, as the sponsorship calls reach it. */
export interface SponsorServerPort {
  fetch: typeof fetch;
  /** The server's base URL, the app's own origin by default. */
  base?: string;
}

/** Asks the product server whether the account of `token` sponsors it now
 * (`GET /userInfo?tokenKind=accessToken|idToken`, the token in the Authorization header, never
 * in the URL): a `sponsorUntil` still to come is a sponsor, a 404 never sponsored. Anything else
 * rejects with {@link SponsorshipUnknown}. */
export async function readSponsorship(
  token: SponsorToken,
  { fetch: send, base = window.location.href }: SponsorServerPort,
  now: number = Date.now(),
): Promise<boolean> {
  const url = new URL('userInfo', base);
  url.searchParams.set('tokenKind', token.kind);
  let response: Response;
  try {
    response = await send(url.href, {
      cache: 'no-store',
      headers: { authorization: `Bearer ${token.value}` },
    });
  } catch {
    throw new SponsorshipUnknown('Network request failed.');
  }
  if (response.status === 404) return false;
  if (!response.ok) throw new SponsorshipUnknown(`HTTP error ${response.status}. RETRY`);
  const answer = (await response.json().catch(() => undefined)) as
    { sponsorUntil?: unknown } | undefined;
  if (typeof answer?.sponsorUntil !== 'number') {
    throw new SponsorshipUnknown('The server did not say until when. RETRY');
  }
  return answer.sponsorUntil > now;
}

/** Keeps a signed-in account's sponsorship fresh: every {@link USER_INFO_POLL}, `refresh` when
 * the last answer (`checkedAt`) is {@link USER_INFO_REFRESH} old, so that a sponsorship bought or
 * run out meanwhile shows. Returns the stop. */
export function watchSponsorship(
  timers: Timers,
  checkedAt: () => number,
  refresh: () => Promise<void>,
): () => void {
  let cancel = () => {};
  const tick = () => {
    if (timers.now() - checkedAt() >= USER_INFO_REFRESH) {
      refresh().catch((error: unknown) => console.error(error));
    }
    cancel = timers.set(tick, USER_INFO_POLL);
  };
  cancel = timers.set(tick, USER_INFO_POLL);
  return () => cancel();
}

/** The signed-in user's token for the sponsor-only exports: the GitHub login's access token, or
 * the Google login's id token (refreshed first when about to expire); undefined for nobody (or a
 * Gitee login, which the server cannot tell), whom the server then refuses with sponsorship on. */
export async function loginSponsorToken(
  github: { loginToken(): Promise<string | undefined> },
  google: { loginIdToken(): Promise<string | undefined> },
): Promise<SponsorToken | undefined> {
  const accessToken = await github.loginToken();
  if (accessToken !== undefined) return { kind: 'accessToken', value: accessToken };
  const idToken = await google.loginIdToken();
  return idToken !== undefined ? { kind: 'idToken', value: idToken } : undefined;
}
