/** What the callback page posts to the window that opened it: the provider's answer as it came
 * back in the redirect's query (or fragment, for implicit flows): `code`, `state`, `error`. */
export interface CallbackMessage {
  type: 'inkstone-oauth-callback';
  code?: string;
  state?: string;
  error?: string;
  /** An implicit flow's answer (Google's `token id_token`), from the fragment. */
  accessToken?: string;
  expiresIn?: string;
  idToken?: string;
  scope?: string;
}

// The implicit flow's fields, by their names in the redirect.
const IMPLICIT_FIELDS = {
  accessToken: 'access_token',
  expiresIn: 'expires_in',
  idToken: 'id_token',
  scope: 'scope',
} as const;

const TYPE = 'inkstone-oauth-callback';

/** The message the callback page at `url` posts: the answer's parameters, from the query and
 * the fragment (the fragment first: implicit flows put tokens there). */
export function callbackMessage(url: string): CallbackMessage {
  const parsed = new URL(url);
  const params = new URLSearchParams(parsed.search);
  for (const [key, value] of new URLSearchParams(parsed.hash.replace(/^#/, ''))) {
    params.set(key, value);
  }
  const message: CallbackMessage = { type: TYPE };
  const code = params.get('code');
  const state = params.get('state');
  const error = params.get('error');
  if (code) message.code = code;
  if (state) message.state = state;
  if (error) message.error = error;
  for (const [key, name] of Object.entries(IMPLICIT_FIELDS) as [
    keyof typeof IMPLICIT_FIELDS,
    string,
  ][]) {
    const value = params.get(name);
    if (value) message[key] = value;
  }
  return message;
}

/** Whether `data`, received in a `message` event, is a callback message (whatever its state). */
export function isCallbackMessage(data: unknown): data is CallbackMessage {
  if (typeof data !== 'object' || data === null) return false;
  const message = data as Record<string, unknown>;
  return (
    message.type === TYPE &&
    ['code', 'state', 'error', ...Object.keys(IMPLICIT_FIELDS)].every(
      (key) => message[key] === undefined || typeof message[key] === 'string',
    )
  );
}
