// Constants and user-facing messages of the CouchDB workspace provider (spec providers §3, §5,
// §8 and §9), named as the spec names them.

/** The provider id of a CouchDB workspace (spec providers §3). */
export const COUCHDB_WORKSPACE_PROVIDER_ID = 'couchdbWorkspace';

/** Changes read per `_changes` request (spec providers §9: database J page size 1000). */
export const COUCHDB_CHANGES_PAGE_SIZE = 1000;

/** The name of the attachment that holds a content document's content. */
export const CONTENT_ATTACHMENT = 'data';

/** Removing a document without an id (spec providers §5 and §8). */
export const MISSING_DOCUMENT_ID_MESSAGE = 'Missing document ID';

/** The database cannot be read: missing, or the user has no rights (spec providers §8). */
export function notAccessibleMessage(dbUrl: string): string {
  return `${dbUrl} is not accessible. Make sure you have the proper permissions.`;
}

/** `_session` refused the name and password given (not in the spec's catalogue: the server's
 * own reason, said for this database). */
export function loginFailedMessage(dbUrl: string): string {
  return `Could not log in to ${dbUrl}: name or password is incorrect.`;
}
