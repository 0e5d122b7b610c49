import { type Timers } from '@inkstone/core';
import { type CallbackMessage, isCallbackMessage } from './callback-message';
import {
  AUTHORIZATION_FAILED,
  AUTHORIZE_TIMEOUT,
  AUTHORIZE_TIMEOUT_MESSAGE,
  AUTHORIZE_WINDOW_BLOCKED,
  AUTHORIZE_WINDOW_CLOSED,
  CLOSED_POLL_INTERVAL,
} from './constants';

/** The window opened for the provider's authorize page, as the opener sees it. */
export interface PopupWindow {
  readonly closed: boolean;
  close(): void;
}

/** A `message` event as the opener receives it. */
export interface ReceivedMessage {
  origin: string;
  source: unknown;
  data: unknown;
}

/** What the popup flow needs from the page that opens it: its origin, a way to open a window,
 * and its `message` events. `browserOpener(window)` is the real one. */
export interface OpenerPort {
  readonly origin: string;
  open(url: string): PopupWindow | null;
  listen(listener: (message: ReceivedMessage) => void): () => void;
}

/** The authorisation did not give a code; `message` is the spec's (core §8). */
export class AuthorizeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AuthorizeError';
  }
}

/** A newer authorisation took the window over (the user clicked again): this one is dropped,
 * and nothing needs saying. */
export class AuthorizeSuperseded extends Error {
  constructor() {
    super('Another authorization started.');
    this.name = 'AuthorizeSuperseded';
  }
}

// The authorisation each page is waiting for: one window, one at a time.
const pending = new WeakMap<OpenerPort, () => void>();

/** Options of {@link authorizeInPopup}. */
export interface AuthorizeOptions {
  opener: OpenerPort;
  timers: Timers;
  /** Default {@link AUTHORIZE_TIMEOUT} (6 minutes). */
  timeoutMs?: number;
}

// After the window is seen closed, messages it posted just before closing may still be queued:
// they are given this long to arrive before the closing counts as the answer.
const CLOSED_GRACE = 100;

/**
 * Opens `url` (a provider's authorize page, `state` in its query) in a popup and waits for the
 * callback page to post the answer back. Only a message from the app's own origin, from that
 * window, carrying the same `state` is taken; with an `error`, or without a code, it fails with
 * 'Could not get required authorization.'. Fails with 'The authorize window was blocked.' when
 * no window opens, 'Authorize window was closed.' when the user closes it, 'Timeout.' after
 * 6 minutes (the window is then closed). Must be called while the click that asked for it is
 * being handled, or the browser blocks the window.
 */
export function authorizeInPopup(
  url: string,
  state: string,
  options: AuthorizeOptions,
): Promise<{ code: string }> {
  return awaitAnswer(url, state, options, (data) =>
    data.error || !data.code ? new AuthorizeError(AUTHORIZATION_FAILED) : { code: data.code },
  );
}

/**
 * As {@link authorizeInPopup}, for an implicit flow (Google's `token id_token`): resolves to the
 * callback's whole answer, refusals included (`error`), for the caller to check (state, id
 * token); the window's own failures (blocked, closed, 6 minutes) as there.
 */
export function authorizeTokenInPopup(
  url: string,
  state: string,
  options: AuthorizeOptions,
): Promise<CallbackMessage> {
  return awaitAnswer(url, state, options, (data) => data);
}

function awaitAnswer<T>(
  url: string,
  state: string,
  { opener, timers, timeoutMs = AUTHORIZE_TIMEOUT }: AuthorizeOptions,
  take: (data: CallbackMessage) => T | Error,
): Promise<T> {
  // The window is shared (one name): an earlier authorisation still waiting gives way.
  pending.get(opener)?.();
  const popup = opener.open(url);
  if (!popup) return Promise.reject(new AuthorizeError(AUTHORIZE_WINDOW_BLOCKED));
  return new Promise((resolve, reject) => {
    let settled = false;
    const cleanups: (() => void)[] = [];
    const finish = (result: T | Error) => {
      if (settled) return;
      settled = true;
      for (const cleanup of cleanups) cleanup();
      if (result instanceof Error) reject(result);
      else resolve(result);
    };
    const supersede = () => finish(new AuthorizeSuperseded());
    pending.set(opener, supersede);
    cleanups.push(() => {
      if (pending.get(opener) === supersede) pending.delete(opener);
    });

    cleanups.push(
      opener.listen(({ origin, source, data }) => {
        if (origin !== opener.origin || !isCallbackMessage(data) || data.state !== state) return;
        if (source !== null && source !== undefined && source !== popup) return;
        finish(take(data));
      }),
    );
    cleanups.push(
      timers.set(() => {
        popup.close();
        finish(new AuthorizeError(AUTHORIZE_TIMEOUT_MESSAGE));
      }, timeoutMs),
    );
    let cancelPoll = () => {};
    cleanups.push(() => cancelPoll());
    const poll = () => {
      cancelPoll = popup.closed
        ? timers.set(() => finish(new AuthorizeError(AUTHORIZE_WINDOW_CLOSED)), CLOSED_GRACE)
        : timers.set(poll, CLOSED_POLL_INTERVAL);
    };
    poll();
  });
}

/** The browser's side of {@link OpenerPort}: a popup of 800 × 700 near the app's window. */
export function browserOpener(win: Window): OpenerPort {
  return {
    origin: win.location.origin,
    open(url) {
      const width = 800;
      const height = 700;
      const left = Math.max(0, win.screenX + (win.outerWidth - width) / 2);
      const top = Math.max(0, win.screenY + (win.outerHeight - height) / 2);
      // Not noopener: the callback page answers through window.opener.
      return win.open(
        url,
        'inkstone-oauth',
        `popup,width=${width},height=${height},left=${left},top=${top}`,
      );
    },
    listen(listener) {
      const onMessage = (event: MessageEvent) =>
        listener({ origin: event.origin, source: event.source, data: event.data });
      win.addEventListener('message', onMessage);
      return () => win.removeEventListener('message', onMessage);
    },
  };
}
