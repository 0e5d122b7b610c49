/** A PKCE pair (RFC 7636, S256): the verifier kept by the page, the challenge sent to the
 * authorize page. */
export interface Pkce {
  verifier: string;
  challenge: string;
}

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** A fresh PKCE pair: 32 random bytes as the verifier (43 characters), its SHA-256 the
 * challenge. Made before the popup opens, so that the click still opens it. */
export async function newPkce(
  random: Pick<Crypto, 'getRandomValues' | 'subtle'> = crypto,
): Promise<Pkce> {
  const verifier = base64url(random.getRandomValues(new Uint8Array(32)));
  const digest = await random.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return { verifier, challenge: base64url(new Uint8Array(digest)) };
}
