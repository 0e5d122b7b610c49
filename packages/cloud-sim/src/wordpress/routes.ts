import type { Reply } from '../errors.js';
import { bearerToken, type SimRequest } from '../request.js';
import type { WpcomPost, WpcomSite, WpcomStore, WpcomUser } from './store.js';
import { escape, html } from '../html-page.js';

/** WordPress.com's public-api.wordpress.com is served under this prefix of the sim's origin. */
export const WPCOM_PREFIX = '/wpcom';
export const WPCOM_AUTHORIZE_PATH = `${WPCOM_PREFIX}/oauth2/authorize`;

/** WordPress.com's error body: `{ error, message }` with the HTTP status. */
export const wpcomError = (status: number, error: string, message: string): Reply => ({
  status,
  body: { error, message },
});

/** The request fields the sim reads (each declared in the endpoint's `request_format`). */
export const READ_FIELDS = [
  'title',
  'content',
  'excerpt',
  'tags',
  'categories',
  'status',
  'date',
  'author',
  'featured_image',
] as const;

/** The post fields the sim answers (each declared in `post_object_format`). */
export const ANSWERED_FIELDS = [
  'ID',
  'site_ID',
  'author',
  'date',
  'modified',
  'title',
  'URL',
  'short_URL',
  'content',
  'excerpt',
  'status',
  'type',
  'featured_image',
  'tags',
  'categories',
] as const;

/** The `/me` fields answered (from WordPress.com's REST API reference; not in Jetpack). */
export const ME_FIELDS = ['ID', 'display_name', 'username', 'email'] as const;

const STATUSES = ['publish', 'private', 'draft', 'pending', 'future'];

/** The JSON or form body's fields (arrays kept for `tags[]`-style lists). */
function bodyFields(request: SimRequest): Record<string, unknown> | undefined {
  const type = request.headers['content-type'] ?? '';
  const text = request.body.toString('utf8');
  if (!text.trim()) return {};
  if (type.includes('application/json')) {
    try {
      const parsed: unknown = JSON.parse(text);
      return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
        ? (parsed as Record<string, unknown>)
        : undefined;
    } catch {
      return undefined;
    }
  }
  return Object.fromEntries(new URLSearchParams(text));
}

/** `(array|string) Comma-separated list or array of … names`. */
const nameList = (value: unknown): string[] =>
  (Array.isArray(value) ? value.map(String) : String(value).split(','))
    .map((name) => name.trim())
    .filter(Boolean);

/** Routes of WordPress.com REST v1.1/v1.2 and its OAuth2 authorize page. */
export class WpcomRoutes {
  constructor(private readonly store: WpcomStore) {}

  static handles(pathname: string) {
    return pathname.startsWith(`${WPCOM_PREFIX}/`);
  }

  answer(request: SimRequest): Reply {
    const path = request.url.pathname.slice(WPCOM_PREFIX.length);
    if (path === '/oauth2/authorize') return this.authorize(request);
    const token = bearerToken(request);
    const record = token === undefined ? undefined : this.store.valid(token);
    if (!record) {
      return wpcomError(
        401,
        token === undefined ? 'authorization_required' : 'invalid_token',
        token === undefined
          ? 'An active access token must be used to query information about the current user.'
          : 'The OAuth2 token is invalid.',
      );
    }
    const user = this.store.user(record.userId)!;
    if (request.method === 'GET' && /^\/rest\/v1\.[12]\/me\/?$/.test(path)) {
      return { status: 200, body: Object.fromEntries(ME_FIELDS.map((key) => [key, user[key]])) };
    }
    const match = /^\/rest\/v1\.([12])\/sites\/([^/]+)\/posts\/(new|\d+)\/?$/.exec(path);
    if (!match) return wpcomError(404, 'unknown_endpoint', 'Unknown endpoint');
    const [, minor, siteKey, postKey] = match;
    const site = this.store.site(decodeURIComponent(siteKey!));
    if (!site) return wpcomError(404, 'unknown_blog', 'Unknown blog');
    if (request.method === 'GET' && postKey !== 'new') {
      const post = this.store.post(site.ID, Number(postKey));
      return post
        ? { status: 200, body: this.render(site, post) }
        : wpcomError(404, 'unknown_post', 'Unknown post');
    }
    if (request.method !== 'POST' || minor !== '2') {
      return wpcomError(404, 'unknown_endpoint', 'Unknown endpoint');
    }
    return this.write(request, site, user, postKey === 'new' ? undefined : Number(postKey));
  }

  private write(request: SimRequest, site: WpcomSite, user: WpcomUser, postId?: number): Reply {
    const input = bodyFields(request);
    if (!input) return wpcomError(400, 'invalid_input', 'Invalid request input');
    if (postId !== undefined && !this.store.post(site.ID, postId)) {
      return wpcomError(404, 'unknown_post', 'Unknown post');
    }
    if (!site.writers.includes(user.ID)) {
      return wpcomError(403, 'unauthorized', 'User cannot publish posts');
    }
    if (postId === undefined && !('title' in input || 'content' in input || 'excerpt' in input)) {
      return wpcomError(400, 'invalid_input', 'Invalid request input');
    }
    if (postId !== undefined && Object.keys(input).length === 0) {
      return wpcomError(400, 'invalid_input', 'Invalid request input');
    }
    const fields: Partial<WpcomPost> = {};
    for (const key of ['title', 'content', 'excerpt', 'featured_image'] as const) {
      if (key in input) fields[key] = String(input[key]);
    }
    if ('tags' in input) fields.tags = nameList(input.tags);
    if ('categories' in input) fields.categories = nameList(input.categories);
    if ('status' in input) {
      const status = String(input.status);
      if (!STATUSES.includes(status))
        return wpcomError(400, 'invalid_input', 'Invalid request input');
      fields.status = status === 'future' ? 'publish' : status;
    }
    if ('date' in input) {
      const date = new Date(String(input.date));
      if (Number.isNaN(date.getTime())) return wpcomError(400, 'invalid_input', 'Invalid date');
      fields.date = date.toISOString().replace(/\.\d{3}Z$/, '+00:00');
    }
    let author = user.ID;
    if ('author' in input && String(input.author)) {
      const wanted = String(input.author);
      const found = /^\d+$/.test(wanted)
        ? this.store.user(Number(wanted))
        : [...site.writers].map((id) => this.store.user(id)!).find((u) => u.username === wanted);
      if (!found || !site.writers.includes(found.ID)) {
        return wpcomError(400, 'invalid_input', 'Invalid author');
      }
      author = found.ID;
      fields.author = author;
    }
    const post = this.store.write(site.ID, postId, fields, author);
    return { status: 200, body: this.render(site, post) };
  }

  private render(site: WpcomSite, post: WpcomPost) {
    const author = this.store.user(post.author);
    const slug =
      post.title
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '') || String(post.ID);
    return {
      ID: post.ID,
      site_ID: site.ID,
      author: author
        ? { ID: author.ID, login: author.username, name: author.display_name, email: author.email }
        : false,
      date: post.date,
      modified: post.modified,
      title: post.title,
      URL: `https://${site.domain}/${post.date.slice(0, 10).replace(/-/g, '/')}/${slug}/`,
      short_URL: `https://wp.me/p${site.ID}-${post.ID}`,
      content: post.content,
      excerpt: post.excerpt,
      status: post.status,
      type: 'post',
      featured_image: post.featured_image,
      tags: Object.fromEntries(post.tags.map((name) => [name, { name, slug: name.toLowerCase() }])),
      categories: Object.fromEntries(
        post.categories.map((name) => [name, { name, slug: name.toLowerCase() }]),
      ),
    };
  }

  /**
   * `/oauth2/authorize` (response_type=token, the implicit grant): a page with **Email** and
   * **Allow** and **Cancel**; Allow redirects to
   * `redirect_uri#access_token=…&expires_in=…&token_type=bearer&site_id=…&scope=global`.
   */
  private authorize(request: SimRequest): Reply {
    const params =
      request.method === 'POST'
        ? new URLSearchParams(request.body.toString('utf8'))
        : request.url.searchParams;
    const redirect = params.get('redirect_uri');
    if (!params.get('client_id') || !redirect) {
      return html(
        400,
        '<!doctype html><h1>Invalid request</h1><p>client_id and redirect_uri are required.</p>',
      );
    }
    // Never sent back anywhere but to a redirect URL the application registered.
    const client = this.store.client(params.get('client_id')!);
    if (!client) {
      return html(400, '<!doctype html><h1>Invalid request</h1><p>Invalid client_id.</p>');
    }
    if (!client.redirectUris.includes(redirect)) {
      return html(
        400,
        '<!doctype html><h1>Invalid request</h1><p>Invalid redirect_uri: it must match the redirect URL registered for the application.</p>',
      );
    }
    const back = (fragment: URLSearchParams): Reply => ({
      status: 302,
      raw: Buffer.alloc(0),
      headers: { location: `${redirect}#${fragment.toString()}` },
    });
    const state = params.get('state');
    const withState = (fields: Record<string, string>) =>
      new URLSearchParams({ ...fields, ...(state ? { state } : {}) });
    if (params.get('cancel')) {
      return back(
        withState({
          error: 'access_denied',
          error_description: 'You need to log in to WordPress.com',
        }),
      );
    }
    if (params.get('response_type') !== 'token') {
      return html(
        400,
        '<!doctype html><h1>Invalid request</h1><p>response_type must be token.</p>',
      );
    }
    if (request.method !== 'POST') return html(200, this.page(params, ''));
    const user = this.store.byEmail(params.get('email') ?? '');
    if (!user) return html(200, this.page(params, 'Unknown email address.'));
    const token = this.store.issue(user.ID);
    return back(
      withState({
        access_token: token.token,
        expires_in: String(this.store.secondsLeft(token)),
        token_type: 'bearer',
        site_id: '0',
        scope: 'global',
      }),
    );
  }

  private page(params: URLSearchParams, message: string) {
    const hidden = [...params]
      .filter(([name]) => name !== 'email' && name !== 'cancel')
      .map(([n, v]) => `<input type="hidden" name="${escape(n)}" value="${escape(v)}">`)
      .join('\n');
    const cancel = new URLSearchParams(params);
    cancel.set('cancel', '1');
    return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Authorize - WordPress.com (cloud-sim)</title></head>
<body><main>
<h1>Connect to WordPress.com</h1>
${message ? `<p role="alert">${escape(message)}</p>` : ''}
<form method="post" action="${WPCOM_AUTHORIZE_PATH}">
${hidden}
<label>Email <input type="email" name="email" autocomplete="username"></label>
<button type="submit">Allow</button>
<a href="${WPCOM_AUTHORIZE_PATH}?${escape(cancel.toString())}">Cancel</a>
</form></main></body></html>
`;
  }
}
