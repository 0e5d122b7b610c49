import { CouchdbSettingsError } from './errors.js';

/** The name and password of a CouchDB user (spec providers §3 token fields `name`, `password`),
 * as the couchdbCredentials dialog returns them. */
export interface CouchdbCredentials {
  name: string;
  password: string;
}

/**
 * The database URL as the provider uses it (spec providers §5): trimmed, trailing slashes
 * stripped. Throws `CouchdbSettingsError` when it is empty, not an http(s) URL, or carries a
 * name and password (credentials never go in a URL: they come from the credentials dialog).
 */
export function normalizeDbUrl(input: string): string {
  const dbUrl = input.trim().replace(/\/+$/, '');
  if (!dbUrl) throw new CouchdbSettingsError('A database URL is required.');
  const match = /^https?:\/\/([^/?#]+)\/[^?#]+$/i.exec(dbUrl);
  if (!match) {
    throw new CouchdbSettingsError(
      'The database URL must be an http:// or https:// URL ending with the database name.',
    );
  }
  if (match[1]?.includes('@')) {
    throw new CouchdbSettingsError('The database URL must not hold a name or password.');
  }
  return dbUrl;
}

/** Checks what the credentials dialog gives (spec providers §5: name and password needed). */
export function checkCredentials(credentials: CouchdbCredentials): CouchdbCredentials {
  if (!credentials.name.trim()) throw new CouchdbSettingsError('A name is required.');
  if (!credentials.password) throw new CouchdbSettingsError('A password is required.');
  return { name: credentials.name.trim(), password: credentials.password };
}

/** The server's `_session` URL for a database: `{dbUrl}/../_session` (spec providers §7), so a
 * server behind a path prefix (`https://host/couch/notes`) works too. */
export function sessionUrl(dbUrl: string): string {
  return `${dbUrl.slice(0, dbUrl.lastIndexOf('/'))}/_session`;
}
