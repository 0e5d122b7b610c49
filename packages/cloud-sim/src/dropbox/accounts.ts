import { randomBytes } from 'node:crypto';

/** A Dropbox account of the stand-in. */
export interface DropboxUser {
  /** `dbid:` and 35 characters: 40 in all, as users_common.AccountId requires. */
  accountId: string;
  /** The numeric user id the token endpoint answers as `uid`. */
  uid: string;
  email: string;
  givenName: string;
  surname: string;
  /** The namespace of the user's Dropbox (root_info's root and home namespace). */
  namespaceId: string;
}

/** What {@link DropboxAccounts.addUser} takes. */
export interface NewDropboxUser {
  email: string;
  /** "Given Surname"; derived from the email when absent. */
  name?: string;
}

/** The permission type of a Dropbox app: its whole Dropbox, or its own folder only. */
export type DropboxAccess = 'full' | 'app_folder';

/** A Dropbox app (the App Console's app key, secret, redirect URIs and permission type). */
export interface DropboxApp {
  appKey: string;
  /** Absent for an app that only uses PKCE. */
  appSecret?: string;
  name: string;
  redirectUris: string[];
  access: DropboxAccess;
  /** The scopes ticked in the app's Permissions tab: what a token gets when `scope` is not given. */
  scopes: string[];
}

/** What {@link DropboxAccounts.addApp} takes (scopes default to {@link DEFAULT_SCOPES}). */
export type NewDropboxApp = Omit<DropboxApp, 'scopes'> & { scopes?: string[] };

/** An access token and what it grants. */
export interface DropboxToken {
  token: string;
  user: DropboxUser;
  app: DropboxApp;
  scopes: string[];
  /** Milliseconds since the epoch. */
  expiresAt: number;
  revoked: boolean;
  /** The refresh token it was issued under, if any. */
  grant?: string;
}

/** A refresh token (`token_access_type=offline`). */
export interface DropboxRefreshGrant {
  token: string;
  user: DropboxUser;
  app: DropboxApp;
  scopes: string[];
  revoked: boolean;
  /** Issued to a PKCE flow: refreshed with the app key alone. */
  pkce: boolean;
}

/** Dropbox's short-lived access tokens: four hours (`expires_in` 14400). */
export const DROPBOX_TOKEN_SECONDS = 14400;

/** The scopes a new app has unless told: reading the account, reading and writing files. */
export const DEFAULT_SCOPES = [
  'account_info.read',
  'files.metadata.read',
  'files.metadata.write',
  'files.content.read',
  'files.content.write',
  'sharing.read',
];

const random = (length: number) =>
  randomBytes(length).toString('base64url').replace(/[-_]/g, 'A').slice(0, length);

/** The Dropbox accounts, apps and tokens of the stand-in. */
export class DropboxAccounts {
  readonly #users = new Map<string, DropboxUser>();
  readonly #apps = new Map<string, DropboxApp>();
  readonly #tokens = new Map<string, DropboxToken>();
  readonly #refresh = new Map<string, DropboxRefreshGrant>();
  #nextUid = 100001;

  constructor(
    readonly now: () => number = Date.now,
    readonly tokenSeconds = DROPBOX_TOKEN_SECONDS,
  ) {}

  /** Adds an account (the same email again answers the account already there). */
  addUser(input: NewDropboxUser): DropboxUser {
    const email = input.email.trim().toLowerCase();
    const existing = this.byEmail(email);
    if (existing) return existing;
    const local = email.split('@')[0] ?? email;
    const name = input.name ?? local.charAt(0).toUpperCase() + local.slice(1);
    const [givenName = name, ...rest] = name.split(' ');
    const uid = String(this.#nextUid++);
    const user: DropboxUser = {
      accountId: `dbid:${random(35)}`,
      uid,
      email,
      givenName,
      surname: rest.join(' '),
      namespaceId: String(3000000000 + Number(uid)),
    };
    this.#users.set(user.accountId, user);
    return user;
  }

  byEmail(email: string) {
    return [...this.#users.values()].find((user) => user.email === email.trim().toLowerCase());
  }

  byAccountId(accountId: string) {
    return this.#users.get(accountId);
  }

  /** Registers an app. */
  addApp(input: NewDropboxApp): DropboxApp {
    const app: DropboxApp = { ...input, scopes: [...(input.scopes ?? DEFAULT_SCOPES)] };
    this.#apps.set(app.appKey, app);
    return app;
  }

  app(appKey: string | null | undefined) {
    return appKey ? this.#apps.get(appKey) : undefined;
  }

  /** Issues an access token to `user` for `app` (the app's scopes unless given). */
  issue(
    user: DropboxUser,
    app: DropboxApp,
    options: { scopes?: readonly string[]; seconds?: number; grant?: string } = {},
  ): DropboxToken {
    const token: DropboxToken = {
      token: `sl.${random(24)}${randomBytes(48).toString('base64url')}`,
      user,
      app,
      scopes: [...(options.scopes ?? app.scopes)],
      expiresAt: this.now() + (options.seconds ?? this.tokenSeconds) * 1000,
      revoked: false,
      ...(options.grant ? { grant: options.grant } : {}),
    };
    this.#tokens.set(token.token, token);
    return token;
  }

  /** Issues a refresh token. */
  issueRefresh(user: DropboxUser, app: DropboxApp, scopes: readonly string[], pkce: boolean) {
    const grant: DropboxRefreshGrant = {
      token: random(64),
      user,
      app,
      scopes: [...scopes],
      revoked: false,
      pkce,
    };
    this.#refresh.set(grant.token, grant);
    return grant;
  }

  refreshGrant(token: string) {
    const grant = this.#refresh.get(token);
    return grant && !grant.revoked ? grant : undefined;
  }

  /** The token's record, whatever its state. */
  record(token: string) {
    return this.#tokens.get(token);
  }

  /** Makes an access token expire now. */
  expire(token: string) {
    const record = this.#tokens.get(token);
    if (record) record.expiresAt = this.now();
  }

  /** Revokes an access token and, as auth/token/revoke, its refresh token and that one's tokens. */
  revoke(token: string) {
    const record = this.#tokens.get(token);
    if (!record) return false;
    record.revoked = true;
    const grant = record.grant ? this.#refresh.get(record.grant) : undefined;
    if (grant) {
      grant.revoked = true;
      for (const other of this.#tokens.values())
        if (other.grant === grant.token) other.revoked = true;
    }
    return true;
  }
}
