import { fetchServerConf } from '../github/github-conf';

/** `/conf`'s googleApiKey (the browser key Google's picker needs), '' when the server has none
 * or cannot be read. It is a key Google expects in pages, not a secret. */
export function readGoogleApiKey(conf: unknown): string {
  const fields = typeof conf === 'object' && conf !== null ? (conf as Record<string, unknown>) : {};
  return typeof fields.googleApiKey === 'string' ? fields.googleApiKey.trim() : '';
}

/** Reads the picker's API key from the server's `/conf`. */
export async function loadGoogleApiKey(): Promise<string> {
  return readGoogleApiKey(await fetchServerConf());
}
