import { randomBytes } from 'node:crypto';

/** A user of the forge, who signs requests with `token`. */
export interface ForgeUser {
  id: number;
  login: string;
  token: string;
  name: string | null;
  email: string | null;
  createdAt: string;
}

/** What a caller gives to add a user. */
export interface NewUser {
  login: string;
  token: string;
  name?: string;
  email?: string;
  /**
   * The OAuth scopes of `token` (answered in `X-OAuth-Scopes` and enforced as GitHub does);
   * absent: a token that may do everything and answers no scope header.
   */
  scopes?: readonly string[];
}

/** The forge's accounts and their tokens, set up by the caller. */
export class Users {
  readonly #byLogin = new Map<string, ForgeUser>();
  readonly #byToken = new Map<string, ForgeUser>();
  readonly #scopes = new Map<string, readonly string[]>();
  #nextId = 1001;

  /** Adds a user (or gives the existing one with that login); the token signs its requests. */
  add(user: NewUser): ForgeUser {
    const existing = this.#byLogin.get(user.login.toLowerCase());
    if (existing) return existing;
    if (!/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/.test(user.login)) {
      throw new Error(`Invalid login: ${user.login}`);
    }
    if (this.#byToken.has(user.token)) throw new Error('That token belongs to another user.');
    const created: ForgeUser = {
      id: this.#nextId++,
      login: user.login,
      token: user.token,
      name: user.name ?? null,
      email: user.email ?? null,
      createdAt: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
    };
    this.#byLogin.set(user.login.toLowerCase(), created);
    this.#byToken.set(user.token, created);
    if (user.scopes) this.#scopes.set(user.token, [...user.scopes]);
    return created;
  }

  /** Gives `user` one more token, carrying `scopes` (as the OAuth flow issues them). */
  issueToken(user: ForgeUser, scopes: readonly string[]) {
    const token = `gho_${randomBytes(18).toString('base64url')}`;
    this.#byToken.set(token, user);
    this.#scopes.set(token, [...scopes]);
    return token;
  }

  /** Registers `token` (made by the caller, as another forge's OAuth flow shapes them) for `user`. */
  addToken(user: ForgeUser, token: string, scopes: readonly string[]) {
    if (this.#byToken.has(token)) throw new Error('That token belongs to another user.');
    this.#byToken.set(token, user);
    this.#scopes.set(token, [...scopes]);
    return token;
  }

  /** Makes `token` sign nothing any more (a revoked or rotated OAuth token). */
  revokeToken(token: string) {
    this.#byToken.delete(token);
    this.#scopes.delete(token);
  }

  /** The scopes of `token`, or undefined for a token without recorded scopes. */
  scopesOf(token: string) {
    return this.#scopes.get(token);
  }

  /** The user signing with `token`, if any. */
  byToken(token: string) {
    return this.#byToken.get(token);
  }

  /** The user with `login` (case-insensitive), if any. */
  byLogin(login: string) {
    return this.#byLogin.get(login.toLowerCase());
  }

  /** The user whose email (or noreply address `{id}+{login}@users.noreply.forge-sim`) it is. */
  byEmail(email: string) {
    const lower = email.toLowerCase();
    return [...this.#byLogin.values()].find(
      (user) =>
        user.email?.toLowerCase() === lower ||
        `${user.id}+${user.login}@users.noreply.forge-sim`.toLowerCase() === lower,
    );
  }

  /** The user with the numeric `id`, if any. */
  byId(id: number) {
    return [...this.#byLogin.values()].find((user) => user.id === id);
  }
}
