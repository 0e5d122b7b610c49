/** What the callback page posts to the window that opened it: the provider's answer as it came
 * back in the redirect's query (or fragment, for implicit flows): `code`, `state`, `error`. */
export interface CallbackMessage {
  type: 'inkstone-oauth-callback';
  code?: string;
  state?: string;
  error?: string;
}

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
  return message;
}

/** Whether `data`, received in a `message` event, is a callback message (whatever its state). */
export function isCallbackMessage(data: unknown): data is CallbackMessage {
  if (typeof data !== 'object' || data === null) return false;
  const message = data as Record<string, unknown>;
  return (
    message.type === TYPE &&
    ['code', 'state', 'error'].every(
      (key) => message[key] === undefined || typeof message[key] === 'string',
    )
  );
}
