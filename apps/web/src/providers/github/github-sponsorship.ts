import { type ServerPort } from './github-account';

/** The server could not tell now (spec core §8 'RETRY'): the sponsorship known before stands. */
export class SponsorshipUnknown extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SponsorshipUnknown';
  }
}

/** Asks the product server whether the GitHub account of `accessToken` sponsors it now
 * (`GET /userInfo?tokenKind=accessToken`, the token in the Authorization header, never in the
 * URL): a `sponsorUntil` still to come is a sponsor, a 404 never sponsored. Anything else
 * rejects with {@link SponsorshipUnknown}. */
export async function readGithubSponsorship(
  accessToken: string,
  { fetch: send, base = window.location.href }: ServerPort,
  now: number = Date.now(),
): Promise<boolean> {
  const url = new URL('userInfo', base);
  url.searchParams.set('tokenKind', 'accessToken');
  let response: Response;
  try {
    response = await send(url.href, {
      cache: 'no-store',
      headers: { authorization: `Bearer ${accessToken}` },
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
