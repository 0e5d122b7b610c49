import { OAUTH_CALLBACK_PATH } from './constants';

/** The redirect URI of the app at `origin`: its `/oauth2/callback` page, which every provider's
 * OAuth application must list. */
export const redirectUri = (origin: string): string => `${origin}${OAUTH_CALLBACK_PATH}`;

/** A fresh, unguessable `state` (128 random bits, hex), kept in memory by the opener only. */
export function newState(random: Pick<Crypto, 'getRandomValues'> = crypto): string {
  const bytes = random.getRandomValues(new Uint8Array(16));
  return [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The provider's authorize page (`endpoint`) with the OAuth 2 parameters of a code grant. */
export function authorizeUrl(
  endpoint: string,
  params: { clientId: string; redirectUri: string; scopes: readonly string[]; state: string },
): string {
  const url = new URL(endpoint);
  url.searchParams.set('client_id', params.clientId);
  url.searchParams.set('redirect_uri', params.redirectUri);
  url.searchParams.set('scope', params.scopes.join(' '));
  url.searchParams.set('state', params.state);
  return url.href;
}
