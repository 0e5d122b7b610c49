import { randomInt } from 'node:crypto';

/** A post's or page's state in Blogger (`status`). */
export type BloggerStatus = 'LIVE' | 'DRAFT' | 'SCHEDULED';

/** A post or a page. */
export interface BloggerItem {
  kind: 'post' | 'page';
  id: string;
  title: string;
  content: string;
  labels: string[];
  status: BloggerStatus;
  /** When it was (or will be) published: ISO 8601. */
  published: string;
  updated: string;
  /** The path of its URL under the blog's, fixed on first publication. */
  path: string;
}

/** A blog of one owner. */
export interface Blog {
  id: string;
  ownerId: string;
  name: string;
  /** Its address, ending in a slash (`https://alice.blogspot.com/`). */
  url: string;
  items: Map<string, BloggerItem>;
}

/** What a post or page is written with (Blogger's Post and Page fields the stand-in keeps). */
export interface ItemInput {
  title?: string;
  content?: string;
  labels?: string[];
  published?: string;
}

const slug = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40) || 'untitled';

const numericId = () =>
  `${randomInt(1, 9)}${String(randomInt(0, 1e9)).padStart(9, '0')}${String(randomInt(0, 1e9)).padStart(9, '0')}`;

/** The blogs, their posts and pages. */
export class BloggerStore {
  readonly #blogs = new Map<string, Blog>();

  constructor(readonly now: () => number = Date.now) {}

  /** Adds a blog for `ownerId` (Blogger has no API to make one). */
  addBlog(input: { ownerId: string; name: string; url: string }): Blog {
    const url = input.url.endsWith('/') ? input.url : `${input.url}/`;
    const blog: Blog = {
      id: numericId(),
      ownerId: input.ownerId,
      name: input.name,
      url,
      items: new Map(),
    };
    this.#blogs.set(blog.id, blog);
    return blog;
  }

  /** The blog with this id. */
  blog(id: string) {
    return this.#blogs.get(id);
  }

  /** The blog at this address (with or without the final slash, http or https). */
  byUrl(url: string) {
    const bare = (text: string) => text.replace(/^https?:\/\//, '').replace(/\/+$/, '');
    return [...this.#blogs.values()].find((blog) => bare(blog.url) === bare(url));
  }

  /** Writes a new post or page: a draft, or published now (or at its `published` date). */
  insert(blog: Blog, kind: BloggerItem['kind'], input: ItemInput, draft: boolean): BloggerItem {
    const time = new Date(this.now()).toISOString();
    const item: BloggerItem = {
      kind,
      id: numericId(),
      title: input.title ?? '',
      content: input.content ?? '',
      labels: kind === 'post' ? (input.labels ?? []) : [],
      status: 'DRAFT',
      published: input.published ?? time,
      updated: time,
      path: '',
    };
    blog.items.set(item.id, item);
    if (!draft) this.publish(blog, item, input.published);
    return item;
  }

  /** Replaces a post's or page's title, content and labels (PUT). */
  update(item: BloggerItem, input: ItemInput) {
    item.title = input.title ?? '';
    item.content = input.content ?? '';
    if (item.kind === 'post') item.labels = input.labels ?? [];
    if (input.published !== undefined) item.published = input.published;
    item.updated = new Date(this.now()).toISOString();
  }

  /** Publishes at `publishDate` (now when absent): LIVE, or SCHEDULED for a date to come. */
  publish(blog: Blog, item: BloggerItem, publishDate?: string) {
    const now = this.now();
    const date =
      publishDate ?? (item.status === 'DRAFT' ? new Date(now).toISOString() : item.published);
    item.published = date;
    item.status = Date.parse(date) > now ? 'SCHEDULED' : 'LIVE';
    if (!item.path) {
      const when = new Date(date);
      const base = slug(item.title);
      let path =
        item.kind === 'post'
          ? `${when.getUTCFullYear()}/${String(when.getUTCMonth() + 1).padStart(2, '0')}/${base}.html`
          : `p/${base}.html`;
      for (let n = 2; [...blog.items.values()].some((other) => other.path === path); n++) {
        path = path.replace(/(?:_\d+)?\.html$/, `_${n}.html`);
      }
      item.path = path;
    }
    item.updated = new Date(now).toISOString();
  }

  /** Takes a post or page back to draft. */
  revert(item: BloggerItem) {
    item.status = 'DRAFT';
    item.updated = new Date(this.now()).toISOString();
  }
}
