import { randomBytes } from 'node:crypto';

/** A Google account of the stand-in. */
export interface GoogleUser {
  /** The account's stable id: the id token's `sub`, People's `people/{id}`. */
  id: string;
  email: string;
  name: string;
  givenName: string;
  familyName: string;
  /** The profile photo's URL. */
  picture: string;
}

/** What {@link Accounts.addUser} takes: an email, the rest derived when absent. */
export interface NewUser {
  email: string;
  name?: string;
  id?: string;
  picture?: string;
}

/** An OAuth client (a Google Cloud project's web client). */
export interface OAuthClient {
  clientId: string;
  clientSecret: string;
  name: string;
  /** The redirect URIs registered for it: Google requires an exact match. */
  redirectUris: string[];
}

/** One access token and what it grants. */
export interface AccessToken {
  token: string;
  user: GoogleUser;
  clientId: string;
  scopes: string[];
  /** Milliseconds since the epoch. */
  expiresAt: number;
  revoked: boolean;
  /** The refresh token whose grant it was issued under, if any. */
  grant?: string;
}

/** A refresh token: a grant of scopes to a client by a user, until revoked. */
export interface RefreshGrant {
  token: string;
  user: GoogleUser;
  clientId: string;
  scopes: string[];
  revoked: boolean;
}

/** Seconds an access token lives, as Google's `expires_in` (3599). */
export const ACCESS_TOKEN_SECONDS = 3599;

const opaque = (prefix: string) => `${prefix}${randomBytes(24).toString('base64url')}`;

/** The accounts, OAuth clients and tokens of the stand-in. */
export class Accounts {
  readonly #users = new Map<string, GoogleUser>();
  readonly #clients = new Map<string, OAuthClient>();
  readonly #tokens = new Map<string, AccessToken>();
  readonly #refresh = new Map<string, RefreshGrant>();
  #nextId = 100000000000000000001n;

  constructor(
    /** The clock tokens expire by (milliseconds since the epoch). */
    readonly now: () => number = Date.now,
    /** Seconds a new access token lives. */
    readonly tokenSeconds = ACCESS_TOKEN_SECONDS,
  ) {}

  /** Adds an account (the same email again answers the account already there). */
  addUser(input: NewUser): GoogleUser {
    const existing = this.byEmail(input.email);
    if (existing) return existing;
    const local = input.email.split('@')[0] ?? input.email;
    const name = input.name ?? local.charAt(0).toUpperCase() + local.slice(1);
    const [givenName = name, ...rest] = name.split(' ');
    const id = input.id ?? String(this.#nextId++);
    const user: GoogleUser = {
      id,
      email: input.email.trim().toLowerCase(),
      name,
      givenName,
      familyName: rest.join(' '),
      picture: input.picture ?? `https://lh3.googleusercontent.com/a/cloud-sim-${id}=s96-c`,
    };
    this.#users.set(user.id, user);
    return user;
  }

  /** The account with this email, if any. */
  byEmail(email: string) {
    return [...this.#users.values()].find((user) => user.email === email.trim().toLowerCase());
  }

  /** The account with this id, if any. */
  byId(id: string) {
    return this.#users.get(id);
  }

  /** Registers an OAuth client. */
  addClient(client: OAuthClient) {
    this.#clients.set(client.clientId, client);
    return client;
  }

  /** The client with this id, if any. */
  client(clientId: string | null | undefined) {
    return clientId ? this.#clients.get(clientId) : undefined;
  }

  /** Issues an access token to `user` for `clientId` with `scopes`. */
  issue(
    user: GoogleUser,
    clientId: string,
    scopes: readonly string[],
    options: { seconds?: number; grant?: string } = {},
  ) {
    const seconds = options.seconds ?? this.tokenSeconds;
    const token: AccessToken = {
      ...(options.grant ? { grant: options.grant } : {}),
      token: opaque('ya29.'),
      user,
      clientId,
      scopes: [...scopes],
      expiresAt: this.now() + seconds * 1000,
      revoked: false,
    };
    this.#tokens.set(token.token, token);
    return token;
  }

  /** Issues a refresh token (`access_type=offline`). */
  issueRefresh(user: GoogleUser, clientId: string, scopes: readonly string[]) {
    const grant: RefreshGrant = {
      token: opaque('1//'),
      user,
      clientId,
      scopes: [...scopes],
      revoked: false,
    };
    this.#refresh.set(grant.token, grant);
    return grant;
  }

  /** The refresh grant of this token, unless unknown or revoked. */
  refreshGrant(token: string) {
    const grant = this.#refresh.get(token);
    return grant && !grant.revoked ? grant : undefined;
  }

  /** The access token's record, whatever its state (see {@link valid}). */
  record(token: string) {
    return this.#tokens.get(token);
  }

  /** The access token's record when it is known, not revoked and not expired. */
  valid(token: string | undefined) {
    const record = token === undefined ? undefined : this.#tokens.get(token);
    if (!record || record.revoked || record.expiresAt <= this.now()) return undefined;
    return record;
  }

  /** Seconds left to a valid token (0 when expired). */
  secondsLeft(record: AccessToken) {
    return Math.max(0, Math.floor((record.expiresAt - this.now()) / 1000));
  }

  /** Makes an access token expire now (a test of a silent refresh). */
  expire(token: string) {
    const record = this.#tokens.get(token);
    if (record) record.expiresAt = this.now();
  }

  /**
   * Revokes a token, access or refresh, as Google's revoke endpoint: a refresh token takes the
   * access tokens issued under it with it. False when the token is unknown.
   */
  revoke(token: string) {
    const access = this.#tokens.get(token);
    if (access) {
      access.revoked = true;
      return true;
    }
    const grant = this.#refresh.get(token);
    if (!grant) return false;
    grant.revoked = true;
    for (const record of this.#tokens.values()) {
      if (record.grant === grant.token) record.revoked = true;
    }
    return true;
  }
}
