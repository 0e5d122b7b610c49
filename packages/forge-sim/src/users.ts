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
}

/** The forge's accounts and their tokens, set up by the caller. */
export class Users {
  readonly #byLogin = new Map<string, ForgeUser>();
  readonly #byToken = new Map<string, ForgeUser>();
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
    return created;
  }

  /** The user signing with `token`, if any. */
  byToken(token: string) {
    return this.#byToken.get(token);
  }

  /** The user with `login` (case-insensitive), if any. */
  byLogin(login: string) {
    return this.#byLogin.get(login.toLowerCase());
  }

  /** The user with the numeric `id`, if any. */
  byId(id: number) {
    return [...this.#byLogin.values()].find((user) => user.id === id);
  }
}
