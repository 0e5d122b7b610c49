/** Who a token belongs to, as the product names users (`gh:{id}`, `go:{sub}`), or why that
 * could not be told: the token is malformed (400), the provider refused it (401), or the
 * provider could not be asked (502 unreachable, 503 busy): the app's RETRY case. */
export type Identity =
  { ok: true; userId: string } | { ok: false; status: 400 | 401 | 502 | 503; message: string };

/** Where the providers are asked, and how long to wait for them. */
export interface IdentityConfig {
  /** GitHub's REST API base, `https://api.github.com`. */
  githubApiUrl: string;
  /** Google's JSON Web Key Set of id-token signing keys. */
  googleCertsUrl: string;
  /** The id tokens' expected audience (GOOGLE_CLIENT_ID); empty: no Google sign-in. */
  googleClientId: string;
  timeoutMs: number;
}

/** Tokens are opaque printable ASCII, without spaces, and not huge. */
export function isWellFormedToken(token: unknown): token is string {
  return typeof token === 'string' && token.length <= 8192 && /^[\x21-\x7e]+$/.test(token);
}

/** The failure when a provider could not be reached or answered garbage. */
export const unreachable = (provider: string): Identity => ({
  ok: false,
  status: 502,
  message: `${provider} could not be reached. RETRY`,
});

/** Which token a caller sends: a Google id token or a GitHub access token. */
export type TokenKind = 'idToken' | 'accessToken';

/** The caller's token as `/userInfo` and the exports take it: in `Authorization: Bearer …`, its
 * kind in the query's `tokenKind` (`defaultKind` when absent, if given). A token in the URL is
 * refused (`inUrl`): it would reach proxies' and browsers' logs. */
export function readCallerToken(
  query: Record<string, unknown>,
  authorization: string | undefined,
  defaultKind?: TokenKind,
):
  | { ok: true; kind: TokenKind; token: string }
  | { ok: false; reason: 'inUrl' | 'noKind' | 'noToken' | 'malformed'; message: string } {
  if (query.idToken !== undefined || query.accessToken !== undefined) {
    return {
      ok: false,
      reason: 'inUrl',
      message:
        'Send the idToken or accessToken in the Authorization header (Bearer), never in the URL.',
    };
  }
  const kind = query.tokenKind ?? defaultKind;
  if (kind !== 'idToken' && kind !== 'accessToken') {
    return {
      ok: false,
      reason: 'noKind',
      message:
        'Say which token this is: tokenKind=idToken (Google) or tokenKind=accessToken (GitHub).',
    };
  }
  const match = typeof authorization === 'string' ? /^Bearer (.*)$/s.exec(authorization) : null;
  if (!match) {
    return {
      ok: false,
      reason: 'noToken',
      message: `Give the ${kind} in the Authorization header (Bearer).`,
    };
  }
  const token = match[1];
  if (!isWellFormedToken(token)) {
    return { ok: false, reason: 'malformed', message: `The ${kind} is malformed.` };
  }
  return { ok: true, kind, token };
}
