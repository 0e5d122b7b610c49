import { randomBytes } from 'node:crypto';

/** A WordPress.com user (what `GET /rest/v1.1/me` answers about). */
export interface WpcomUser {
  ID: number;
  username: string;
  display_name: string;
  email: string;
}

/** A WordPress.com site: `{name}.wordpress.com`, known by that domain or by its ID. */
export interface WpcomSite {
  ID: number;
  domain: string;
  /** Users who may write posts on it. */
  writers: number[];
}

/** A post as the store keeps it (the fields the sim reads and answers). */
export interface WpcomPost {
  ID: number;
  site_ID: number;
  author: number;
  date: string;
  modified: string;
  title: string;
  content: string;
  excerpt: string;
  status: string;
  tags: string[];
  categories: string[];
  featured_image: string;
}

/** An access token WordPress.com issued (scope `global`, per spec §6). */
export interface WpcomToken {
  token: string;
  userId: number;
  expiresAt: number;
}

/** An application registered at developer.wordpress.com/apps: its client id and the redirect
 * URLs its authorisations may return to. */
export interface WpcomClient {
  clientId: string;
  redirectUris: string[];
}

/** WordPress.com tokens live two weeks (its OAuth2 docs: `expires_in` 1209600). */
export const WPCOM_TOKEN_SECONDS = 1209600;

/** The users, sites, posts and tokens of the WordPress.com stand-in. */
export class WpcomStore {
  private nextId = 1000;
  private readonly users = new Map<number, WpcomUser>();
  private readonly sites = new Map<number, WpcomSite>();
  private readonly posts = new Map<string, WpcomPost>();
  private readonly tokens = new Map<string, WpcomToken>();
  private readonly clients = new Map<string, WpcomClient>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly tokenSeconds = WPCOM_TOKEN_SECONDS,
  ) {}

  addUser(input: Omit<WpcomUser, 'ID'>): WpcomUser {
    const user = { ID: this.nextId++, ...input };
    this.users.set(user.ID, user);
    return user;
  }

  /** Registers an application (its client id and redirect URLs). */
  addClient(client: WpcomClient): WpcomClient {
    const kept = { clientId: client.clientId, redirectUris: [...client.redirectUris] };
    this.clients.set(kept.clientId, kept);
    return kept;
  }

  client(clientId: string) {
    return this.clients.get(clientId);
  }

  user(id: number) {
    return this.users.get(id);
  }

  byEmail(email: string) {
    return [...this.users.values()].find((user) => user.email === email);
  }

  /** A site `{name}.wordpress.com` its owner can write to. */
  addSite(input: { name: string; ownerId: number }): WpcomSite {
    const site = {
      ID: this.nextId++,
      domain: `${input.name}.wordpress.com`,
      writers: [input.ownerId],
    };
    this.sites.set(site.ID, site);
    return site;
  }

  /** The site by ID or domain, as the `$site` path label takes it. */
  site(idOrDomain: string) {
    if (/^\d+$/.test(idOrDomain)) return this.sites.get(Number(idOrDomain));
    const domain = idOrDomain.toLowerCase();
    return [...this.sites.values()].find((site) => site.domain === domain);
  }

  issue(userId: number): WpcomToken {
    const token = {
      token: randomBytes(24).toString('base64url'),
      userId,
      expiresAt: this.now() + this.tokenSeconds * 1000,
    };
    this.tokens.set(token.token, token);
    return token;
  }

  /** The token's record while it is valid. */
  valid(token: string) {
    const record = this.tokens.get(token);
    return record && record.expiresAt > this.now() ? record : undefined;
  }

  /** Seconds until the token expires (0 once it has). */
  secondsLeft(token: WpcomToken) {
    return Math.max(0, Math.round((token.expiresAt - this.now()) / 1000));
  }

  expire(token: string) {
    const record = this.tokens.get(token);
    if (record) record.expiresAt = 0;
  }

  post(siteId: number, postId: number) {
    return this.posts.get(`${siteId}/${postId}`);
  }

  /** Every post of a site, in the order they were made. */
  postsOf(siteId: number): WpcomPost[] {
    return [...this.posts.values()].filter((post) => post.site_ID === siteId);
  }

  /** Writes a post: a new one when `postId` is absent. */
  write(siteId: number, postId: number | undefined, fields: Partial<WpcomPost>, author: number) {
    const stamp = new Date(this.now()).toISOString().replace(/\.\d{3}Z$/, '+00:00');
    const existing = postId === undefined ? undefined : this.post(siteId, postId);
    const post: WpcomPost = existing
      ? { ...existing, ...fields, modified: stamp }
      : {
          ID: this.nextId++,
          site_ID: siteId,
          author,
          date: stamp,
          modified: stamp,
          title: '',
          content: '',
          excerpt: '',
          status: 'publish',
          tags: [],
          categories: [],
          featured_image: '',
          ...fields,
        };
    this.posts.set(`${siteId}/${post.ID}`, post);
    return post;
  }
}
