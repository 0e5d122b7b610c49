import {
  HttpError,
  type HttpClient,
  type HttpRequest,
  type HttpResponse,
} from '../../sync/http-client.js';
import { CouchdbLoginError, DatabaseNotAccessibleError } from './errors.js';
import { checkCredentials, type CouchdbCredentials, sessionUrl } from './settings.js';

/** Asks the user for a name and password (the app opens the couchdbCredentials dialog); rejects
 * when the user cancels. */
export type CouchdbCredentialsPort = () => Promise<CouchdbCredentials>;

/**
 * Sends the requests of one CouchDB database and keeps it logged in (spec providers §4: "a 401
 * opens the credentials dialog and logs in again").
 *
 * On a 401 it asks the credentials port, POSTs them to `_session` and sends the request once
 * more. How the session travels:
 * - in a browser the `AuthSession` cookie is HttpOnly and `Set-Cookie` is unreadable: the
 *   HttpClient, made `withCredentials`, lets the browser send it;
 * - where `Set-Cookie` is readable (Node, the tests), the `AuthSession` cookie is kept here and
 *   sent as a `Cookie` header.
 * The password is sent only in the `_session` body: never in a URL, a header or a log, and it
 * is not kept.
 *
 * Errors: a 403, a 404 on the database itself, or a 401 after a fresh login become
 * `DatabaseNotAccessibleError`; a refused login `CouchdbLoginError`; anything else is rethrown.
 */
export class CouchdbSession {
  private cookie: string | undefined;
  private login: Promise<void> | undefined;

  constructor(
    private readonly http: HttpClient,
    private readonly dbUrl: string,
    private readonly credentials: CouchdbCredentialsPort,
  ) {}

  /** Sends a request to `{dbUrl}{path}`; resolves with a 2xx response. */
  async request(path: string, request: Omit<HttpRequest, 'url'> = {}): Promise<HttpResponse> {
    try {
      return await this.send(path, request);
    } catch (error) {
      if (!(error instanceof HttpError) || error.status !== 401) throw this.map(error);
    }
    await this.logIn();
    try {
      return await this.send(path, request);
    } catch (error) {
      // Logged in just now and still refused: this user has no rights on the database.
      if (error instanceof HttpError && error.status === 401) {
        throw new DatabaseNotAccessibleError(this.dbUrl);
      }
      throw this.map(error);
    }
  }

  private send(path: string, request: Omit<HttpRequest, 'url'>): Promise<HttpResponse> {
    const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
    if (this.cookie) headers.cookie = this.cookie;
    return this.http.request({ ...request, url: `${this.dbUrl}${path}`, headers });
  }

  /** Logs in through the credentials port, as a 401 does; calls made together share one
   * dialog and one login. */
  logIn(): Promise<void> {
    this.login ??= this.postSession().finally(() => {
      this.login = undefined;
    });
    return this.login;
  }

  private async postSession(): Promise<void> {
    const { name, password } = checkCredentials(await this.credentials());
    try {
      const response = await this.http.request({
        method: 'POST',
        url: sessionUrl(this.dbUrl),
        headers: { accept: 'application/json', 'content-type': 'application/json' },
        body: JSON.stringify({ name, password }),
      });
      this.cookie = authSessionCookie(response.headers.get('set-cookie')) ?? this.cookie;
    } catch (error) {
      if (error instanceof HttpError && error.status === 401) {
        throw new CouchdbLoginError(this.dbUrl);
      }
      throw error;
    }
  }

  private map(error: unknown): unknown {
    if (!(error instanceof HttpError)) return error;
    if (error.status === 403 || (error.status === 404 && isMissingDatabase(error.body))) {
      return new DatabaseNotAccessibleError(this.dbUrl);
    }
    return error;
  }
}

// `AuthSession=…` out of a Set-Cookie header (which may join several cookies with commas).
function authSessionCookie(setCookie: string | null): string | undefined {
  return setCookie?.match(/(?:^|[,\s])(AuthSession=[^;,\s]*)/)?.[1];
}

// CouchDB says 'Database does not exist.'; express-pouchdb says 'no_db_file'. A 404 for a
// missing document says 'missing' or 'deleted'.
function isMissingDatabase(body: string): boolean {
  return /Database does not exist|no_db_file/i.test(body);
}
