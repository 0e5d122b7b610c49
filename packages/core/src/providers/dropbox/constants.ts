/** The provider ids of the Dropbox file locations (spec providers §3, "cloud drive D"). */
export const DROPBOX_SYNC_PROVIDER_ID = 'dropbox';
export const DROPBOX_PUBLISH_PROVIDER_ID = 'dropbox';
/** The name Dropbox errors are said with (spec providers §8). */
export const DROPBOX_NAME = 'Dropbox';
/** The key of Dropbox's accounts in the `tokens` data item. */
export const DROPBOX_TOKENS_KEY = 'dropbox';
/** At most this many revisions of a file are listed (spec providers §9). */
export const DROPBOX_REVISION_LIMIT = 100;
/** Dropbox's hosts (its HTTP documentation): RPC calls, content up- and downloads, and the
 * authorisation page. */
export const DROPBOX_ENDPOINTS = {
  api: 'https://api.dropboxapi.com',
  content: 'https://content.dropboxapi.com',
  authorize: 'https://www.dropbox.com/oauth2/authorize',
} as const;
/** Where the files of an app restricted to its own folder live, as the user's Dropbox shows
 * them (spec providers §3: "/Applications/{product} (restricted)"); the API names that folder
 * `/` for such an app. */
export const restrictedFolder = (product: string) => `/Applications/${product} (restricted)`;
/** '{Provider} account ID not expected.' for Dropbox (spec providers §8). */
export const DROPBOX_ACCOUNT_NOT_EXPECTED = 'Dropbox account ID not expected.';
/** What a Dropbox path may not hold, beyond its leading slash (spec providers §7). */
export const DROPBOX_PATH_FORBIDDEN = ['\\', '<', '>', ':', '"', '|', '?', '*'] as const;
/** The inline error of a path field the rule refuses (the spec gives the rule, not its words). */
export const DROPBOX_PATH_ERROR =
  'A Dropbox path starts with a slash and holds none of \\ < > : " | ? *';
