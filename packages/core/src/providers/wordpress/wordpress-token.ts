import { type WordPressMe } from './wordpress-client.js';

/** A linked WordPress.com account as the main workspace's `tokens` item keeps it (spec
 * providers §3 "Site W: accessToken, expiresOn, name, sub"). */
export interface WordPressToken {
  accessToken: string;
  /** When the token stops working (ms since the epoch). */
  expiresOn: number;
  /** The account's display name (else its username), shown in Manage external accounts. */
  name: string;
  /** The account's `ID` from `/me`, as text. */
  sub: string;
}

/** What the authorize redirect's fragment gave (implicit grant). */
export interface WordPressGrant {
  accessToken: string;
  expiresIn: number;
  state?: string;
}

/**
 * Reads the fragment WordPress.com redirects to (`#access_token=…&expires_in=…&token_type=bearer
 * &site_id=…&scope=global&state=…`); `error=access_denied` (Cancel) or a fragment without a token
 * throws with a message for the user.
 */
export function readWordPressFragment(fragment: string): WordPressGrant {
  const fields = fragmentFields(fragment);
  const error = fields.get('error');
  if (error === 'access_denied') throw new Error('WordPress access was not granted.');
  if (error) throw new Error(`WordPress refused to link the account: ${error}.`);
  const accessToken = fields.get('access_token');
  const expiresIn = Number(fields.get('expires_in'));
  if (!accessToken || !Number.isFinite(expiresIn) || expiresIn <= 0) {
    throw new Error('WordPress gave no access token. Try linking the account again.');
  }
  const state = fields.get('state');
  return { accessToken, expiresIn, ...(state ? { state } : {}) };
}

// The fragment's `name=value` pairs, decoded as a form is (core has no URLSearchParams: no DOM).
function fragmentFields(fragment: string): { get(name: string): string | null } {
  const pairs = new Map<string, string>();
  for (const part of fragment.replace(/^#/, '').split('&')) {
    if (part === '') continue;
    const at = part.indexOf('=');
    const decode = (text: string) => {
      try {
        return decodeURIComponent(text.replace(/\+/g, ' '));
      } catch {
        return text;
      }
    };
    const name = decode(at < 0 ? part : part.slice(0, at));
    if (!pairs.has(name)) pairs.set(name, at < 0 ? '' : decode(part.slice(at + 1)));
  }
  return { get: (name) => pairs.get(name) ?? null };
}

/** The token item's fields, once `/me` named the account. */
export function wordpressToken(
  grant: WordPressGrant,
  me: WordPressMe,
  now: number,
): WordPressToken {
  return {
    accessToken: grant.accessToken,
    expiresOn: now + grant.expiresIn * 1000,
    name: me.display_name?.trim() || me.username || String(me.ID),
    sub: String(me.ID),
  };
}

/** A token is reused only while more than this remains (spec core §4, providers §9: 5 minutes). */
export const WORDPRESS_TOKEN_MARGIN_MS = 5 * 60 * 1000;

/** Whether the token has expired, or has no more than 5 minutes left (spec core §4: reused only
 * with more than that): with no refresh in the implicit grant, the user is asked to link again. */
export const wordpressTokenExpired = (token: WordPressToken, now: number) =>
  token.expiresOn - now <= WORDPRESS_TOKEN_MARGIN_MS;
