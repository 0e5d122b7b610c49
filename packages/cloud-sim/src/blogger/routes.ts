import type { GoogleUser } from '../accounts.js';
import { googleError, insufficientPermissions, invalidValue, json, type Reply } from '../errors.js';
import type { SimRequest } from '../request.js';
import { matchRoute } from '../route-match.js';
import type { Blog, BloggerItem, BloggerStore, ItemInput } from './store.js';

/** Where the stand-in answers Blogger v3 (as www.googleapis.com's `/blogger/v3/`). */
export const BLOGGER_PREFIX = '/blogger/';
/** Blogger's scope. */
export const BLOGGER_SCOPE = 'https://www.googleapis.com/auth/blogger';

/** One Blogger method the stand-in answers, named as in Google's discovery document. */
export interface BloggerRoute {
  id: string;
  httpMethod: 'GET' | 'POST' | 'PUT';
  /** The discovery document's `path` (under `/blogger/`). */
  path: string;
  /** The query parameters the stand-in reads. */
  params: string[];
}

/** Every Blogger method answered; the tests check each against the discovery document. */
export const BLOGGER_ROUTES: BloggerRoute[] = [
  { id: 'blogger.blogs.getByUrl', httpMethod: 'GET', path: 'v3/blogs/byurl', params: ['url'] },
  {
    id: 'blogger.posts.getByPath',
    httpMethod: 'GET',
    path: 'v3/blogs/{blogId}/posts/bypath',
    params: ['path'],
  },
  {
    id: 'blogger.posts.insert',
    httpMethod: 'POST',
    path: 'v3/blogs/{blogId}/posts',
    params: ['isDraft'],
  },
  {
    id: 'blogger.posts.get',
    httpMethod: 'GET',
    path: 'v3/blogs/{blogId}/posts/{postId}',
    params: [],
  },
  {
    id: 'blogger.posts.update',
    httpMethod: 'PUT',
    path: 'v3/blogs/{blogId}/posts/{postId}',
    params: ['publish', 'revert'],
  },
  {
    id: 'blogger.posts.publish',
    httpMethod: 'POST',
    path: 'v3/blogs/{blogId}/posts/{postId}/publish',
    params: ['publishDate'],
  },
  {
    id: 'blogger.posts.revert',
    httpMethod: 'POST',
    path: 'v3/blogs/{blogId}/posts/{postId}/revert',
    params: [],
  },
  {
    id: 'blogger.pages.insert',
    httpMethod: 'POST',
    path: 'v3/blogs/{blogId}/pages',
    params: ['isDraft'],
  },
  {
    id: 'blogger.pages.get',
    httpMethod: 'GET',
    path: 'v3/blogs/{blogId}/pages/{pageId}',
    params: [],
  },
  {
    id: 'blogger.pages.update',
    httpMethod: 'PUT',
    path: 'v3/blogs/{blogId}/pages/{pageId}',
    params: ['publish', 'revert'],
  },
  {
    id: 'blogger.pages.publish',
    httpMethod: 'POST',
    path: 'v3/blogs/{blogId}/pages/{pageId}/publish',
    params: [],
  },
  {
    id: 'blogger.pages.revert',
    httpMethod: 'POST',
    path: 'v3/blogs/{blogId}/pages/{pageId}/revert',
    params: [],
  },
];

const notFound = (message: string) =>
  googleError(404, { domain: 'global', reason: 'notFound', message });

function readInput(request: SimRequest): ItemInput | Reply {
  let parsed: unknown;
  try {
    parsed = JSON.parse(request.body.toString('utf8') || '{}');
  } catch {
    return invalidValue('body', 'Invalid JSON payload received.');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    return invalidValue('body', 'Invalid JSON payload received.');
  }
  const body = parsed as Record<string, unknown>;
  const input: ItemInput = {};
  for (const key of ['title', 'content', 'published'] as const) {
    if (body[key] === undefined) continue;
    if (typeof body[key] !== 'string') return invalidValue(key, `Invalid value for ${key}.`);
    input[key] = body[key];
  }
  if (input.published !== undefined && Number.isNaN(Date.parse(input.published))) {
    return invalidValue('published', 'Invalid value for published.');
  }
  if (body.labels !== undefined) {
    if (!Array.isArray(body.labels) || !body.labels.every((label) => typeof label === 'string')) {
      return invalidValue('labels', 'Invalid value for labels.');
    }
    input.labels = body.labels as string[];
  }
  return input;
}

const isReply = (value: ItemInput | Reply): value is Reply => 'status' in value;

/** Blogger v3 over the store, for the blogs' owners. */
export class BloggerRoutes {
  constructor(
    readonly store: BloggerStore,
    readonly origin: () => string,
  ) {}

  /** A post or page as Blogger's Post or Page resource. */
  resource(blog: Blog, item: BloggerItem, author: GoogleUser) {
    const collection = item.kind === 'post' ? 'posts' : 'pages';
    return {
      kind: `blogger#${item.kind}`,
      id: item.id,
      blog: { id: blog.id },
      published: item.published,
      updated: item.updated,
      ...(item.path ? { url: `${blog.url}${item.path}` } : {}),
      selfLink: `${this.origin()}/blogger/v3/blogs/${blog.id}/${collection}/${item.id}`,
      title: item.title,
      content: item.content,
      ...(item.kind === 'post' && item.labels.length > 0 ? { labels: item.labels } : {}),
      author: {
        id: author.id,
        displayName: author.name,
        url: `https://www.blogger.com/profile/${author.id}`,
        image: { url: author.picture },
      },
      status: item.status,
      etag: `"${Buffer.from(`${item.id}:${item.updated}`).toString('base64url')}"`,
    };
  }

  /** Answers a request under `/blogger/` of `user` with `scopes`. */
  answer(request: SimRequest, user: GoogleUser, scopes: readonly string[]): Reply {
    const found = matchRoute(
      BLOGGER_ROUTES,
      request.method,
      request.url.pathname.slice(BLOGGER_PREFIX.length),
    );
    if (!found) return notFound('Not Found');
    if (!scopes.includes(BLOGGER_SCOPE)) return insufficientPermissions();
    const query = request.url.searchParams;
    const { store } = this;

    if (found.route.id === 'blogger.blogs.getByUrl') {
      const url = query.get('url');
      if (!url) return invalidValue('url', 'Required parameter: url');
      const blog = store.byUrl(url);
      if (!blog) return notFound('Blog not found');
      return json(200, {
        kind: 'blogger#blog',
        id: blog.id,
        name: blog.name,
        url: blog.url,
        selfLink: `${this.origin()}/blogger/v3/blogs/${blog.id}`,
        posts: { totalItems: [...blog.items.values()].filter((i) => i.kind === 'post').length },
        pages: { totalItems: [...blog.items.values()].filter((i) => i.kind === 'page').length },
      });
    }

    const blog = store.blog(found.params.blogId ?? '');
    if (!blog) return notFound('Blog not found');
    if (blog.ownerId !== user.id) {
      return googleError(403, {
        domain: 'global',
        reason: 'forbidden',
        message: "We're sorry, but you don't have permission to access this resource.",
      });
    }
    const kind = found.route.id.startsWith('blogger.pages.') ? 'page' : 'post';
    const itemId = found.params.postId ?? found.params.pageId;
    const answerItem = (item: BloggerItem) => json(200, this.resource(blog, item, user));

    if (found.route.id === 'blogger.posts.getByPath') {
      const path = (query.get('path') ?? '').replace(/^\//, '');
      const item = [...blog.items.values()].find(
        (i) => i.kind === 'post' && i.path === path && i.status === 'LIVE',
      );
      return item ? answerItem(item) : notFound('Not Found');
    }
    if (found.route.id.endsWith('.insert')) {
      const input = readInput(request);
      if (isReply(input)) return input;
      return answerItem(store.insert(blog, kind, input, query.get('isDraft') === 'true'));
    }
    const item = itemId === undefined ? undefined : blog.items.get(itemId);
    if (!item || item.kind !== kind) return notFound('Not Found');
    if (found.route.id.endsWith('.get')) return answerItem(item);
    if (found.route.id.endsWith('.update')) {
      const input = readInput(request);
      if (isReply(input)) return input;
      store.update(item, input);
      if (query.get('publish') === 'true') store.publish(blog, item);
      if (query.get('revert') === 'true') store.revert(item);
      return answerItem(item);
    }
    if (found.route.id.endsWith('.publish')) {
      const date = query.get('publishDate') ?? undefined;
      if (date !== undefined && Number.isNaN(Date.parse(date))) return invalidValue('publishDate');
      store.publish(blog, item, date);
      return answerItem(item);
    }
    store.revert(item);
    return answerItem(item);
  }
}
