// The OAuth window's messages and time limit (spec core §4, §8 and providers §9).

/** `window.open` gave no window: a popup blocker refused it. */
export const AUTHORIZE_WINDOW_BLOCKED = 'The authorize window was blocked.';
/** The user closed the window before the provider sent them back. */
export const AUTHORIZE_WINDOW_CLOSED = 'Authorize window was closed.';
/** No answer within {@link AUTHORIZE_TIMEOUT}. */
export const AUTHORIZE_TIMEOUT_MESSAGE = 'Timeout.';
/** The provider answered with an error (the user denied access, a bad request…). */
export const AUTHORIZATION_FAILED = 'Could not get required authorization.';

/** The interactive authorisation window is given up after 6 minutes (spec core §4). */
export const AUTHORIZE_TIMEOUT = 6 * 60 * 1000;
/** How often the opener looks whether the user closed the window (ms). */
export const CLOSED_POLL_INTERVAL = 500;

/** The path of the redirect page on the app's own origin (spec core §2). */
export const OAUTH_CALLBACK_PATH = '/oauth2/callback';
