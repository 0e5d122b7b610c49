import { hashText } from '../../items/hash.js';
import { readSimpleProperties } from '../../properties/simple-properties.js';
import { type PublishedDocument, type Publisher } from '../../publish/publisher.js';
import { type BloggerClient, BloggerError, type BloggerItemResource } from './blogger-client.js';
import { bloggerKindOf, type BloggerKind, isBloggerLocation } from './blogger-fields.js';
import { bloggerItemNotFound, invalidPublishDate } from './constants.js';

/** What a post or page is published with, from the document and its file properties (spec
 * providers §3 "Publish metadata from file properties"). */
export interface BloggerMetadata {
  /** The `title` property, else the file's name. */
  title: string;
  /** The `tags` property (comma-separated), as Blogger's labels. */
  labels: string[];
  /** The `date` property (YYYY-MM-DD or any ISO 8601 date), as RFC 3339; absent: none given. */
  published?: string;
  /** `status: draft` keeps (or takes) the post back to draft. */
  draft: boolean;
}

/** Reads a document's metadata for Blogger; an unreadable `date` property is an error. */
export function bloggerMetadata(document: PublishedDocument): BloggerMetadata {
  const properties = readSimpleProperties(document.properties ?? '');
  const title = properties.title.trim() || document.title;
  const labels = [
    ...new Set(
      properties.tags
        .split(',')
        .map((tag) => tag.trim())
        .filter((tag) => tag !== ''),
    ),
  ];
  const date = properties.date.trim();
  let published: string | undefined;
  if (date !== '') {
    const time = Date.parse(date);
    if (Number.isNaN(time)) throw new Error(invalidPublishDate(date));
    published = new Date(time).toISOString();
  }
  return { title, labels, published, draft: properties.status.trim().toLowerCase() === 'draft' };
}

/** What the Blogger publishers need: a client for the Google account (`sub`) of a location. */
export interface BloggerPublisherOptions {
  clientFor(sub: string): BloggerClient | Promise<BloggerClient>;
}

/**
 * Publishes a file as a Blogger post or page (spec providers §4 and §7 "Blog service"): the
 * blog is found by its URL (blogs/byurl) once and its id kept; the post (or page) is inserted
 * as a draft the first time, or replaced (PUT) when the location names one, with the title
 * (the `title` property or the file name), the template's HTML, the labels (`tags`, posts
 * only) and the date; then published (at the `date` property's date, posts only) or reverted
 * to draft when `status: draft`. The new id is kept on the location, so the next publish
 * updates the same post. A change of title, tags, date or status publishes again even when the
 * HTML is the same.
 */
export function createBloggerPublisher(options: BloggerPublisherOptions): Publisher {
  return {
    hashOf(document) {
      const metadata = bloggerMetadata(document);
      return hashText(`${document.content}\n${JSON.stringify(metadata)}`);
    },
    async publish(location, document) {
      const kind = bloggerKindOf(location.providerId);
      if (!kind || !isBloggerLocation(location)) {
        throw new Error(`Location ${location.id} is not a Blogger location.`);
      }
      if (typeof location.sub !== 'string') {
        throw new Error(`Location ${location.id} has no Google account.`);
      }
      const metadata = bloggerMetadata(document);
      const client = await options.clientFor(location.sub);
      const blogId = location.blogId || (await client.blogByUrl(location.blogUrl)).id;
      const existing = kind === 'post' ? location.postId : location.pageId;
      const item = await writeItem(client, kind, blogId, existing, document.content, metadata);
      const itemPath = `/blogs/${blogId}/${kind}s/${item.id}`;
      const done = metadata.draft
        ? // A new one is already a draft; an existing one is taken back to draft.
          existing
          ? await client.request<BloggerItemResource>('POST', `${itemPath}/revert`)
          : item
        : await client.request<BloggerItemResource>('POST', `${itemPath}/publish`, {
            query: kind === 'post' ? { publishDate: metadata.published } : undefined,
          });
      return {
        blogId,
        [kind === 'post' ? 'postId' : 'pageId']: item.id,
        ...((done.url ?? item.url) ? { url: done.url ?? item.url } : {}),
      };
    },
  };
}

// Inserts the post or page as a draft, or replaces the existing one.
async function writeItem(
  client: BloggerClient,
  kind: BloggerKind,
  blogId: string,
  existing: string | undefined,
  content: string,
  metadata: BloggerMetadata,
): Promise<BloggerItemResource> {
  const body: Record<string, unknown> = {
    kind: `blogger#${kind}`,
    blog: { id: blogId },
    title: metadata.title,
    content,
    ...(kind === 'post' ? { labels: metadata.labels } : {}),
    ...(metadata.published ? { published: metadata.published } : {}),
  };
  if (!existing) {
    return client.request<BloggerItemResource>('POST', `/blogs/${blogId}/${kind}s`, {
      query: { isDraft: 'true' },
      body,
      // Not sent again after an answer that may follow its making: no post published twice.
      retry: 'unprocessed',
    });
  }
  try {
    return await client.request<BloggerItemResource>(
      'PUT',
      `/blogs/${blogId}/${kind}s/${existing}`,
      {
        body: { ...body, id: existing },
      },
    );
  } catch (error) {
    if (error instanceof BloggerError && error.status === 404) {
      throw new BloggerError(404, bloggerItemNotFound(kind, existing), error.reason);
    }
    throw error;
  }
}
