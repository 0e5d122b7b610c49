import { DROPBOX_ENDPOINTS } from '@inkstone/core';

/** Dropbox's token endpoint (its OAuth guide), on the API host. */
export const DROPBOX_TOKEN_URL = 'https://api.dropboxapi.com/oauth2/token';

/** Where the app reaches Dropbox: its own hosts, or one origin answering all of them by
 * Dropbox's paths (`/conf`'s dropboxUrl: cloud-sim, or a proxy). */
export interface DropboxEndpoints {
  api: string;
  content: string;
  authorize: string;
  token: string;
}

/** Dropbox's endpoints, or every one of them on `dropboxUrl` when set. */
export function dropboxEndpoints(dropboxUrl: string): DropboxEndpoints {
  const base = dropboxUrl.replace(/\/+$/, '');
  if (!base) return { ...DROPBOX_ENDPOINTS, token: DROPBOX_TOKEN_URL };
  return {
    api: base,
    content: base,
    authorize: `${base}/oauth2/authorize`,
    token: `${base}/oauth2/token`,
  };
}

/** What `/conf` says of Dropbox: the two apps' keys and the stand-in origin. */
export interface DropboxConf {
  /** The app restricted to its folder (/Applications/{product}); empty: none. */
  appKey: string;
  /** The full-Dropbox app; empty: none. */
  appKeyFull: string;
  dropboxUrl: string;
}
