import { loginFailedMessage, notAccessibleMessage } from './constants.js';

/** The database does not exist or the user may not read it (a 403, a 404 on the database, or a
 * 401 that a fresh login did not cure). Carries the spec's message. */
export class DatabaseNotAccessibleError extends Error {
  constructor(readonly dbUrl: string) {
    super(notAccessibleMessage(dbUrl));
    this.name = 'DatabaseNotAccessibleError';
  }
}

/** `_session` refused the name and password the credentials port gave. */
export class CouchdbLoginError extends Error {
  constructor(readonly dbUrl: string) {
    super(loginFailedMessage(dbUrl));
    this.name = 'CouchdbLoginError';
  }
}

/** A database URL or credentials that cannot be used (spec providers §5). */
export class CouchdbSettingsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CouchdbSettingsError';
  }
}
