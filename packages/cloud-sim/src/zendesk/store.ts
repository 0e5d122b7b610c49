import { createHash, randomBytes } from 'node:crypto';

/** A user of a help centre (what `GET /api/v2/users/me` answers about). */
export interface ZendeskUser {
  id: number;
  name: string;
  email: string;
  /** `end-user`, `agent` or `admin`; only agents and admins write articles. */
  role: 'end-user' | 'agent' | 'admin';
}

/** An OAuth client registered in a help centre's Admin Center ("Unique Identifier"). */
export interface ZendeskClient {
  identifier: string;
  redirectUris: string[];
  /** A confidential client's secret; a public one (a browser app) has none and must use PKCE. */
  secret?: string;
}

/** A translation of an article: its title, body and draft flag in one locale. */
export interface ZendeskTranslation {
  id: number;
  locale: string;
  title: string;
  body: string;
  draft: boolean;
  created_at: string;
  updated_at: string;
  created_by_id: number;
  updated_by_id: number;
}

/** An article: its metadata, and its translations by locale. */
export interface ZendeskArticle {
  id: number;
  section_id: number;
  author_id: number;
  source_locale: string;
  permission_group_id: number;
  user_segment_id: number | null;
  label_names: string[];
  comments_disabled: boolean;
  promoted: boolean;
  position: number;
  created_at: string;
  updated_at: string;
  translations: Map<string, ZendeskTranslation>;
}

/** One help centre, `https://{subdomain}.zendesk.com`. */
export interface HelpCentre {
  subdomain: string;
  locales: string[];
  users: Map<number, ZendeskUser>;
  clients: Map<string, ZendeskClient>;
  sections: Set<number>;
  permissionGroups: Map<number, { id: number; name: string; built_in: boolean }>;
  articles: Map<number, ZendeskArticle>;
}

/** An access token (Zendesk's do not expire; they are revoked). */
export interface ZendeskToken {
  token: string;
  subdomain: string;
  userId: number;
  scopes: string[];
  revoked: boolean;
}

interface Code {
  subdomain: string;
  userId: number;
  clientId: string;
  redirectUri: string;
  scopes: string[];
  challenge?: string;
  expiresAt: number;
}

/** An authorization code is valid for 120 seconds (Zendesk's grant-type tokens reference). */
export const ZENDESK_CODE_LIFETIME_MS = 120_000;

const base64url = (bytes: Buffer) => bytes.toString('base64url');

/** The help centres, users, clients, articles and tokens of the Zendesk stand-in. */
export class ZendeskStore {
  private nextId = 360000000;
  private readonly centres = new Map<string, HelpCentre>();
  private readonly tokens = new Map<string, ZendeskToken>();
  private readonly codes = new Map<string, Code>();

  constructor(private readonly now: () => number = Date.now) {}

  private id() {
    return this.nextId++;
  }

  stamp() {
    return new Date(this.now()).toISOString().replace(/\.\d{3}Z$/, 'Z');
  }

  /** A help centre with a default permission group ("Admins", built in) and `en-us`. */
  addHelpCentre(subdomain: string, locales: string[] = ['en-us']): HelpCentre {
    const centre: HelpCentre = {
      subdomain,
      locales,
      users: new Map(),
      clients: new Map(),
      sections: new Set(),
      permissionGroups: new Map(),
      articles: new Map(),
    };
    const group = { id: this.id(), name: 'Admins', built_in: true };
    centre.permissionGroups.set(group.id, group);
    this.centres.set(subdomain, centre);
    return centre;
  }

  centre(subdomain: string) {
    return this.centres.get(subdomain.toLowerCase());
  }

  addUser(subdomain: string, input: Omit<ZendeskUser, 'id' | 'role'> & Partial<ZendeskUser>) {
    const user: ZendeskUser = { role: 'admin', ...input, id: this.id() };
    this.centre(subdomain)!.users.set(user.id, user);
    return user;
  }

  addClient(subdomain: string, client: ZendeskClient) {
    this.centre(subdomain)!.clients.set(client.identifier, client);
    return client;
  }

  addSection(subdomain: string): number {
    const id = this.id();
    this.centre(subdomain)!.sections.add(id);
    return id;
  }

  /** The article of a help centre, by id. */
  article(subdomain: string, id: number) {
    return this.centre(subdomain)?.articles.get(id);
  }

  createArticle(
    centre: HelpCentre,
    input: Omit<ZendeskArticle, 'id' | 'created_at' | 'updated_at' | 'translations'> & {
      title: string;
      body: string;
      draft: boolean;
    },
  ): ZendeskArticle {
    const stamp = this.stamp();
    const { title, body, draft, ...meta } = input;
    const article: ZendeskArticle = {
      ...meta,
      id: this.id(),
      created_at: stamp,
      updated_at: stamp,
      translations: new Map(),
    };
    article.translations.set(meta.source_locale, {
      id: this.id(),
      locale: meta.source_locale,
      title,
      body,
      draft,
      created_at: stamp,
      updated_at: stamp,
      created_by_id: meta.author_id,
      updated_by_id: meta.author_id,
    });
    centre.articles.set(article.id, article);
    return article;
  }

  issue(subdomain: string, userId: number, scopes: string[] = ['read', 'hc:write']) {
    const token: ZendeskToken = {
      token: base64url(randomBytes(32)),
      subdomain,
      userId,
      scopes,
      revoked: false,
    };
    this.tokens.set(token.token, token);
    return token;
  }

  /** The token's record while it is not revoked. */
  valid(token: string) {
    const record = this.tokens.get(token);
    return record && !record.revoked ? record : undefined;
  }

  revoke(token: string) {
    const record = this.tokens.get(token);
    if (record) record.revoked = true;
  }

  /** Revokes every token of a user of a help centre (as its Admin Center does). */
  revokeAll(subdomain: string, userId: number) {
    for (const record of this.tokens.values()) {
      if (record.subdomain === subdomain && record.userId === userId) record.revoked = true;
    }
  }

  newCode(code: Omit<Code, 'expiresAt'>): string {
    const value = base64url(randomBytes(24));
    this.codes.set(value, { ...code, expiresAt: this.now() + ZENDESK_CODE_LIFETIME_MS });
    return value;
  }

  /** Takes a code (once); undefined when unknown or past its 120 seconds. */
  takeCode(value: string) {
    const code = this.codes.get(value);
    this.codes.delete(value);
    return code && code.expiresAt > this.now() ? code : undefined;
  }
}

/** The S256 code challenge of a PKCE verifier. */
export const s256 = (verifier: string) => base64url(createHash('sha256').update(verifier).digest());
