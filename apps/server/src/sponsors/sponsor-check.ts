import { identifyGithubUser } from './github-user.js';
import { createGoogleIdTokenVerifier } from './google-id-token.js';
import { readCallerToken } from './identity.js';
import { type SponsorshipOptions } from './sponsorship.js';

/** Whether a caller may use the sponsor-only exports, or the answer to give them. */
export type SponsorCheck =
  { ok: true } | { ok: false; status: 400 | 401 | 502 | 503; message: string };

/** Tells whether the caller of an export is a sponsor now, from its token as `GET /userInfo`
 * takes it: in `Authorization: Bearer …`, its kind in the query (`tokenKind=idToken`, a Google
 * id token, or `accessToken`, a GitHub token), never in the URL (400). Sponsorship off (`options`
 * undefined): everyone is (spec core §5). No token, a bad one or a past `sponsorUntil`: 401
 * (spec interface §6); a provider or the store that cannot answer: 502/503 (the app's RETRY). */
export function createSponsorCheck(
  options: SponsorshipOptions | undefined,
): (query: Record<string, unknown>, authorization: string | undefined) => Promise<SponsorCheck> {
  if (!options) return async () => ({ ok: true });
  const now = options.now ?? Date.now;
  const verifyGoogleIdToken = createGoogleIdTokenVerifier(options.identity, now);
  return async (query, authorization) => {
    const caller = readCallerToken(query, authorization, 'accessToken');
    if (!caller.ok) {
      return caller.reason === 'inUrl'
        ? { ok: false, status: 400, message: caller.message }
        : { ok: false, status: 401, message: 'Sponsors only: sign in with a sponsor account.' };
    }
    const { kind, token } = caller;
    const identity =
      kind === 'idToken'
        ? await verifyGoogleIdToken(token)
        : await identifyGithubUser(token, options.identity);
    if (!identity.ok) {
      return identity.status === 502 || identity.status === 503
        ? { ok: false, status: identity.status, message: identity.message }
        : { ok: false, status: 401, message: identity.message };
    }
    let sponsorUntil: number | undefined;
    try {
      sponsorUntil = await options.store.getSponsorUntil(identity.userId);
    } catch {
      return { ok: false, status: 503, message: 'Sponsorships cannot be read now. RETRY' };
    }
    if (sponsorUntil === undefined || sponsorUntil <= now()) {
      return { ok: false, status: 401, message: 'Sponsors only: this account is not a sponsor.' };
    }
    return { ok: true };
  };
}
