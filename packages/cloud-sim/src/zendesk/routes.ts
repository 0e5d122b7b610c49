import type { Reply } from '../errors.js';
import { escape, html } from '../html-page.js';
import { bearerToken, type SimRequest } from '../request.js';
import {
  type HelpCentre,
  s256,
  type ZendeskArticle,
  type ZendeskStore,
  type ZendeskTranslation,
  type ZendeskUser,
} from './store.js';

/** `https://{subdomain}.zendesk.com/…` is served at `/zendesk/{subdomain}/…` of the sim. */
export const ZENDESK_PREFIX = '/zendesk';

/** Zendesk's error body: `{ error, description }` (and `details` for RecordInvalid). */
export const zendeskError = (
  status: number,
  error: string,
  description: string,
  details?: Record<string, { description: string; error: string }[]>,
): Reply => ({ status, body: { error, description, ...(details ? { details } : {}) } });

export const recordNotFound = () => zendeskError(404, 'RecordNotFound', 'Not found');
/** The 401 of a missing, revoked or unknown bearer token (Zendesk's OAuth answer). */
export const invalidToken = (): Reply => ({
  status: 401,
  body: {
    error: 'invalid_token',
    error_description:
      'The access token provided is expired, revoked, malformed or invalid for other reasons.',
  },
});
const forbidden = () => zendeskError(403, 'Forbidden', 'You do not have access to this page.');
const invalid = (field: string, description: string, error = 'BlankValue') =>
  zendeskError(422, 'RecordInvalid', 'Record validation errors', {
    [field]: [{ description, error }],
  });

/** The article fields the sim reads on create (each in the Articles JSON format). */
export const ARTICLE_READ_FIELDS = [
  'title',
  'body',
  'locale',
  'draft',
  'label_names',
  'permission_group_id',
  'user_segment_id',
  'comments_disabled',
  'promoted',
  'position',
] as const;
/** The article fields Update Article changes (never title, body, locale, draft). */
export const ARTICLE_UPDATE_FIELDS = [
  'label_names',
  'permission_group_id',
  'user_segment_id',
  'comments_disabled',
  'promoted',
  'position',
] as const;
/** The translation fields Update Translation reads. */
export const TRANSLATION_READ_FIELDS = ['title', 'body', 'draft'] as const;
/** The user fields answered by Show Self. */
export const USER_FIELDS = ['id', 'url', 'name', 'email', 'role', 'locale', 'active'] as const;

/** The paths answered (method, path relative to the help centre; `.json` optional). */
export const ZENDESK_ROUTES = [
  { method: 'GET', path: '/api/v2/users/me' },
  { method: 'POST', path: '/api/v2/help_center/sections/{section_id}/articles' },
  { method: 'GET', path: '/api/v2/help_center/articles/{article_id}' },
  { method: 'PUT', path: '/api/v2/help_center/articles/{article_id}' },
  { method: 'GET', path: '/api/v2/help_center/articles/{article_id}/translations/{locale}' },
  { method: 'PUT', path: '/api/v2/help_center/articles/{article_id}/translations/{locale}' },
  { method: 'GET', path: '/api/v2/guide/permission_groups' },
  { method: 'GET', path: '/oauth/authorizations/new' },
  { method: 'POST', path: '/oauth/authorizations/new' },
  { method: 'POST', path: '/oauth/tokens' },
] as const;

function jsonBody(request: SimRequest): Record<string, unknown> | undefined {
  const text = request.body.toString('utf8');
  const type = request.headers['content-type'] ?? '';
  if (!type.includes('application/json')) {
    return text.trim() ? Object.fromEntries(new URLSearchParams(text)) : {};
  }
  try {
    const parsed: unknown = JSON.parse(text || '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

const wrapped = (body: Record<string, unknown> | undefined, key: string) => {
  const value = body?.[key];
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
};

const isLabels = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((label) => typeof label === 'string');

/** Zendesk Help Center (articles, translations, permission groups), Show Self and OAuth. */
export class ZendeskRoutes {
  constructor(private readonly store: ZendeskStore) {}

  static handles(pathname: string) {
    return pathname.startsWith(`${ZENDESK_PREFIX}/`);
  }

  answer(request: SimRequest): Reply {
    const match = /^\/zendesk\/([a-z0-9-]+)(\/.*)$/i.exec(request.url.pathname);
    const centre = match ? this.store.centre(match[1]!) : undefined;
    if (!match || !centre) return recordNotFound();
    const path = match[2]!.replace(/\.json$/, '');
    if (path === '/oauth/authorizations/new') return this.authorize(request, centre);
    if (path === '/oauth/tokens' && request.method === 'POST') return this.token(request, centre);
    const token = bearerToken(request);
    const record = token === undefined ? undefined : this.store.valid(token);
    if (!record || record.subdomain !== centre.subdomain) return invalidToken();
    const user = centre.users.get(record.userId);
    if (!user) return invalidToken();
    const can = (read: boolean) =>
      record.scopes.some((scope) =>
        read ? ['read', 'hc:read'].includes(scope) : ['write', 'hc:write'].includes(scope),
      );
    const method = request.method;
    if (method === 'GET' && path === '/api/v2/users/me') {
      if (!can(true)) return forbidden();
      return { status: 200, body: { user: this.renderUser(centre, user) } };
    }
    if (method === 'GET' && path === '/api/v2/guide/permission_groups') {
      if (!can(true)) return forbidden();
      if (user.role === 'end-user') return forbidden();
      const stamp = this.store.stamp();
      return {
        status: 200,
        body: {
          permission_groups: [...centre.permissionGroups.values()].map((group) => ({
            ...group,
            edit: [],
            publish: [],
            created_at: stamp,
            updated_at: stamp,
          })),
        },
      };
    }
    const create = /^\/api\/v2\/help_center\/sections\/(\d+)\/articles$/.exec(path);
    if (create && method === 'POST') {
      if (!can(false) || user.role === 'end-user') return forbidden();
      return this.create(request, centre, user, Number(create[1]));
    }
    const one = /^\/api\/v2\/help_center\/articles\/(\d+)(?:\/translations\/([a-z-]+))?$/i.exec(
      path,
    );
    if (!one || !['GET', 'PUT'].includes(method)) return recordNotFound();
    const article = centre.articles.get(Number(one[1]));
    if (!article) return recordNotFound();
    if (method === 'GET' && !can(true)) return forbidden();
    if (method === 'PUT' && (!can(false) || user.role === 'end-user')) return forbidden();
    const locale = one[2]?.toLowerCase();
    if (locale === undefined) {
      if (method === 'GET') return { status: 200, body: { article: this.render(centre, article) } };
      return this.updateArticle(request, centre, article);
    }
    const translation = article.translations.get(locale);
    if (!translation) return recordNotFound();
    if (method === 'GET') {
      return {
        status: 200,
        body: { translation: this.renderTranslation(centre, article, translation) },
      };
    }
    return this.updateTranslation(request, centre, article, translation, user);
  }

  private create(request: SimRequest, centre: HelpCentre, user: ZendeskUser, sectionId: number) {
    const body = jsonBody(request);
    const input = wrapped(body, 'article');
    if (!input) return zendeskError(400, 'InvalidParameter', 'Parameter article is required');
    if (!centre.sections.has(sectionId)) return recordNotFound();
    const title = typeof input.title === 'string' ? input.title.trim() : '';
    if (title === '') return invalid('title', 'Title: cannot be blank');
    const locale = typeof input.locale === 'string' ? input.locale.toLowerCase() : '';
    if (locale === '') return invalid('locale', 'Locale: cannot be blank');
    if (!centre.locales.includes(locale)) {
      return invalid('locale', `Locale: ${locale} is not enabled`, 'InvalidValue');
    }
    const group = Number(input.permission_group_id);
    if (!('permission_group_id' in input) || !centre.permissionGroups.has(group)) {
      return invalid('permission_group_id', 'Permission group: is invalid', 'InvalidValue');
    }
    if (!('user_segment_id' in input)) {
      return invalid(
        'user_segment_id',
        'User segment: must be given (null for everyone)',
        'InvalidValue',
      );
    }
    if ('label_names' in input && !isLabels(input.label_names)) {
      return invalid('label_names', 'Label names: is invalid', 'InvalidValue');
    }
    const article = this.store.createArticle(centre, {
      section_id: sectionId,
      author_id: user.id,
      source_locale: locale,
      permission_group_id: group,
      user_segment_id: input.user_segment_id === null ? null : Number(input.user_segment_id),
      label_names: isLabels(input.label_names) ? input.label_names : [],
      comments_disabled: input.comments_disabled === true,
      promoted: input.promoted === true,
      position: typeof input.position === 'number' ? input.position : 0,
      title,
      body: typeof input.body === 'string' ? input.body : '',
      draft: input.draft === true,
    });
    return { status: 201, body: { article: this.render(centre, article) } };
  }

  private updateArticle(request: SimRequest, centre: HelpCentre, article: ZendeskArticle) {
    const input = wrapped(jsonBody(request), 'article');
    if (!input) return zendeskError(400, 'InvalidParameter', 'Parameter article is required');
    if ('label_names' in input) {
      if (!isLabels(input.label_names)) {
        return invalid('label_names', 'Label names: is invalid', 'InvalidValue');
      }
      article.label_names = input.label_names;
    }
    if ('permission_group_id' in input) {
      const group = Number(input.permission_group_id);
      if (!centre.permissionGroups.has(group)) {
        return invalid('permission_group_id', 'Permission group: is invalid', 'InvalidValue');
      }
      article.permission_group_id = group;
    }
    if ('user_segment_id' in input) {
      article.user_segment_id =
        input.user_segment_id === null ? null : Number(input.user_segment_id);
    }
    for (const key of ['comments_disabled', 'promoted'] as const) {
      if (typeof input[key] === 'boolean') article[key] = input[key];
    }
    if (typeof input.position === 'number') article.position = input.position;
    article.updated_at = this.store.stamp();
    return { status: 200, body: { article: this.render(centre, article) } };
  }

  private updateTranslation(
    request: SimRequest,
    centre: HelpCentre,
    article: ZendeskArticle,
    translation: ZendeskTranslation,
    user: ZendeskUser,
  ) {
    const input = wrapped(jsonBody(request), 'translation');
    if (!input) return zendeskError(400, 'InvalidParameter', 'Parameter translation is required');
    if ('title' in input) {
      const title = typeof input.title === 'string' ? input.title.trim() : '';
      if (title === '') return invalid('title', 'Title: cannot be blank');
      translation.title = title;
    }
    if (typeof input.body === 'string') translation.body = input.body;
    if (typeof input.draft === 'boolean') translation.draft = input.draft;
    translation.updated_at = this.store.stamp();
    translation.updated_by_id = user.id;
    article.updated_at = translation.updated_at;
    return {
      status: 200,
      body: { translation: this.renderTranslation(centre, article, translation) },
    };
  }

  private base(centre: HelpCentre) {
    return `https://${centre.subdomain}.zendesk.com`;
  }

  private renderUser(centre: HelpCentre, user: ZendeskUser) {
    return {
      id: user.id,
      url: `${this.base(centre)}/api/v2/users/${user.id}.json`,
      name: user.name,
      email: user.email,
      role: user.role,
      locale: centre.locales[0],
      active: true,
    };
  }

  private render(centre: HelpCentre, article: ZendeskArticle) {
    const source = article.translations.get(article.source_locale)!;
    const { translations: _, ...meta } = article;
    return {
      ...meta,
      url: `${this.base(centre)}/api/v2/help_center/${article.source_locale}/articles/${article.id}.json`,
      html_url: `${this.base(centre)}/hc/${article.source_locale}/articles/${article.id}`,
      locale: article.source_locale,
      title: source.title,
      body: source.body,
      draft: source.draft,
      edited_at: article.updated_at,
      outdated: false,
      outdated_locales: [],
      vote_sum: 0,
      vote_count: 0,
    };
  }

  private renderTranslation(
    centre: HelpCentre,
    article: ZendeskArticle,
    translation: ZendeskTranslation,
  ) {
    return {
      ...translation,
      url: `${this.base(centre)}/api/v2/help_center/articles/${article.id}/translations/${translation.id}.json`,
      html_url: `${this.base(centre)}/hc/${translation.locale}/articles/${article.id}`,
      source_id: article.id,
      source_type: 'Article',
      outdated: false,
    };
  }

  /**
   * `/oauth/authorizations/new` (authorization code grant; PKCE S256 required of a public
   * client, as a browser app is): a page with **Email**, **Allow** and **Cancel**; Allow
   * redirects to `redirect_uri?code=…&state=…`, Cancel with `error=access_denied`.
   */
  private authorize(request: SimRequest, centre: HelpCentre): Reply {
    const params =
      request.method === 'POST'
        ? new URLSearchParams(request.body.toString('utf8'))
        : request.url.searchParams;
    const client = centre.clients.get(params.get('client_id') ?? '');
    const redirect = params.get('redirect_uri') ?? '';
    if (!client || !client.redirectUris.includes(redirect)) {
      return html(
        400,
        '<!doctype html><h1>Invalid request</h1><p>The client_id or redirect_uri is not registered in this help centre.</p>',
      );
    }
    const back = (fields: Record<string, string>): Reply => {
      const url = new URL(redirect);
      const state = params.get('state');
      for (const [key, value] of Object.entries({ ...fields, ...(state ? { state } : {}) })) {
        url.searchParams.set(key, value);
      }
      return { status: 302, raw: Buffer.alloc(0), headers: { location: url.href } };
    };
    if (params.get('cancel')) {
      return back({
        error: 'access_denied',
        error_description: 'The end-user or authorization server denied the request.',
      });
    }
    if (params.get('response_type') !== 'code') {
      return back({
        error: 'unsupported_response_type',
        error_description: 'Use response_type=code.',
      });
    }
    const challenge = params.get('code_challenge') ?? undefined;
    if (challenge !== undefined && params.get('code_challenge_method') !== 'S256') {
      return back({
        error: 'invalid_request',
        error_description: 'code_challenge_method must be S256.',
      });
    }
    if (client.secret === undefined && challenge === undefined) {
      return back({
        error: 'invalid_request',
        error_description: 'A public client must use PKCE.',
      });
    }
    if (request.method !== 'POST') return html(200, this.page(centre, params, ''));
    const user = [...centre.users.values()].find((u) => u.email === params.get('email'));
    if (!user) return html(200, this.page(centre, params, 'Unknown email address.'));
    const code = this.store.newCode({
      subdomain: centre.subdomain,
      userId: user.id,
      clientId: client.identifier,
      redirectUri: redirect,
      scopes: (params.get('scope') ?? 'read').split(/\s+/).filter(Boolean),
      ...(challenge ? { challenge } : {}),
    });
    return back({ code });
  }

  /** `POST /oauth/tokens` (JSON or form): the code for an access token (no expiry, no refresh). */
  private token(request: SimRequest, centre: HelpCentre): Reply {
    const input = jsonBody(request) ?? {};
    const field = (name: string) =>
      typeof input[name] === 'string' ? (input[name] as string) : '';
    const refuse = (error: string, description: string): Reply => ({
      status: error === 'invalid_client' ? 401 : 400,
      body: { error, error_description: description },
    });
    if (field('grant_type') !== 'authorization_code') {
      return refuse('unsupported_grant_type', 'The authorization grant type is not supported.');
    }
    const client = centre.clients.get(field('client_id'));
    if (!client) return refuse('invalid_client', 'Client authentication failed.');
    if (client.secret !== undefined && field('client_secret') !== client.secret) {
      return refuse('invalid_client', 'Client authentication failed.');
    }
    const code = this.store.takeCode(field('code'));
    const invalidGrant = () =>
      refuse('invalid_grant', 'The provided authorization grant is invalid, expired or revoked.');
    if (!code || code.subdomain !== centre.subdomain || code.clientId !== client.identifier) {
      return invalidGrant();
    }
    if (code.redirectUri !== field('redirect_uri')) return invalidGrant();
    if (code.challenge !== undefined && s256(field('code_verifier')) !== code.challenge) {
      return invalidGrant();
    }
    const token = this.store.issue(centre.subdomain, code.userId, code.scopes);
    return {
      status: 200,
      body: { access_token: token.token, token_type: 'bearer', scope: token.scopes.join(' ') },
    };
  }

  private page(centre: HelpCentre, params: URLSearchParams, message: string) {
    const action = `${ZENDESK_PREFIX}/${centre.subdomain}/oauth/authorizations/new`;
    const hidden = [...params]
      .filter(([name]) => name !== 'email' && name !== 'cancel')
      .map(([n, v]) => `<input type="hidden" name="${escape(n)}" value="${escape(v)}">`)
      .join('\n');
    const cancel = new URLSearchParams(params);
    cancel.set('cancel', '1');
    return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Allow access - ${escape(centre.subdomain)} Zendesk (cloud-sim)</title></head>
<body><main>
<h1>Allow access to ${escape(centre.subdomain)}.zendesk.com</h1>
<p>Scope: ${escape(params.get('scope') ?? '')}</p>
${message ? `<p role="alert">${escape(message)}</p>` : ''}
<form method="post" action="${action}">
${hidden}
<label>Email <input type="email" name="email" autocomplete="username"></label>
<button type="submit">Allow</button>
<a href="${action}?${escape(cancel.toString())}">Cancel</a>
</form></main></body></html>
`;
  }
}
