import { generateKeyPairSync, randomBytes, sign, verify, type KeyObject } from 'node:crypto';
import type { GoogleUser } from '../accounts.js';

/** The issuer Google's id tokens carry. */
export const ISSUER = 'https://accounts.google.com';

/** The claims of an id token the stand-in signs. */
export interface IdTokenClaims {
  iss: string;
  azp: string;
  aud: string;
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
  given_name: string;
  family_name: string;
  picture: string;
  iat: number;
  exp: number;
  nonce?: string;
}

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** An RS256 key that signs id tokens, published as a JWK set (Google's `oauth2/v3/certs`). */
export class IdTokenSigner {
  readonly #privateKey: KeyObject;
  readonly #publicKey: KeyObject;
  readonly kid = randomBytes(20).toString('hex');

  constructor() {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    this.#privateKey = privateKey;
    this.#publicKey = publicKey;
  }

  /** A signed id token for `user`, its audience `clientId`, valid for an hour from `nowMs`. */
  sign(user: GoogleUser, clientId: string, nowMs: number, nonce?: string) {
    const iat = Math.floor(nowMs / 1000);
    const claims: IdTokenClaims = {
      iss: ISSUER,
      azp: clientId,
      aud: clientId,
      sub: user.id,
      email: user.email,
      email_verified: true,
      name: user.name,
      given_name: user.givenName,
      family_name: user.familyName,
      picture: user.picture,
      iat,
      exp: iat + 3600,
      ...(nonce ? { nonce } : {}),
    };
    const input = `${encode({ alg: 'RS256', kid: this.kid, typ: 'JWT' })}.${encode(claims)}`;
    return `${input}.${sign('sha256', Buffer.from(input), this.#privateKey).toString('base64url')}`;
  }

  /** The claims of `idToken` when this signer signed it (expired or not), undefined otherwise. */
  verify(idToken: string): IdTokenClaims | undefined {
    const [header, payload, signature] = idToken.split('.');
    if (!header || !payload || signature === undefined) return undefined;
    const input = Buffer.from(`${header}.${payload}`);
    if (!verify('sha256', input, this.#publicKey, Buffer.from(signature, 'base64url'))) {
      return undefined;
    }
    return readClaims(idToken);
  }

  /** The public key as Google publishes its keys: `{ keys: [{ kty, n, e, kid, alg, use }] }`. */
  jwks() {
    const jwk = this.#publicKey.export({ format: 'jwk' });
    return { keys: [{ ...jwk, kid: this.kid, alg: 'RS256', use: 'sig' }] };
  }
}

/** The claims of a token this stand-in signed, or undefined when it is not well-formed. */
export function readClaims(idToken: string): IdTokenClaims | undefined {
  const payload = idToken.split('.')[1];
  if (!payload) return undefined;
  try {
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as IdTokenClaims;
  } catch {
    return undefined;
  }
}
