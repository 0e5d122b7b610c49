import { hashText } from '../../items/hash.js';
import { readSimpleProperties } from '../../properties/simple-properties.js';
import { type PublishedDocument, type Publisher } from '../../publish/publisher.js';
import {
  invalidWordpressDate,
  siteNotFound,
  WORDPRESS_ACCOUNT_NOT_EXPECTED,
  wordpressPostNotFound,
} from './constants.js';
import { type WordPressClient, WordPressError } from './wordpress-client.js';
import { isWordPressLocation } from './wordpress-fields.js';

const list = (text: string) => [
  ...new Set(
    text
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name !== ''),
  ),
];

/**
 * The post's fields from the document and its file properties (spec providers §2/§3: title,
 * tags, categories, excerpt, author, featuredImage, status, date), named as WordPress.com's
 * `request_format` names them; an absent property is not sent (an update keeps the post's).
 */
export function wordpressPostBody(document: PublishedDocument): Record<string, unknown> {
  const p = readSimpleProperties(document.properties ?? '');
  const body: Record<string, unknown> = {
    title: p.title.trim() || document.title,
    content: document.content,
    tags: list(p.tags),
    categories: list(p.categories),
  };
  if (p.excerpt.trim()) body.excerpt = p.excerpt.trim();
  if (p.author.trim()) body.author = p.author.trim();
  if (p.featuredImage.trim()) body.featured_image = p.featuredImage.trim();
  const status = p.status.trim().toLowerCase();
  body.status = status === '' ? 'publish' : status;
  const date = p.date.trim();
  if (date !== '') {
    const time = Date.parse(date);
    if (Number.isNaN(time)) throw new Error(invalidWordpressDate(date));
    body.date = new Date(time).toISOString();
  }
  return body;
}

/** What the publisher needs: a client for the WordPress account (`sub`) of a location. */
export interface WordPressPublisherOptions {
  clientFor(sub: string): WordPressClient | Promise<WordPressClient>;
}

/**
 * Publishes a file as a WordPress.com post ("Site service W", spec providers §4/§7): the token's
 * user must be the location's account ('WordPress account ID not expected.'); the post is
 * created on the site (by domain the first time) or edited when the location names one; the
 * answer's `site_ID` and `ID` are kept as `siteId` and `postId`, so the next publish updates the
 * same post.
 */
export function createWordPressPublisher(options: WordPressPublisherOptions): Publisher {
  return {
    hashOf(document) {
      return hashText(`${document.content}\n${JSON.stringify(wordpressPostBody(document))}`);
    },
    async publish(location, document) {
      if (!isWordPressLocation(location)) {
        throw new Error(`Location ${location.id} is not a WordPress location.`);
      }
      if (typeof location.sub !== 'string') {
        throw new Error(`Location ${location.id} has no WordPress account.`);
      }
      const body = wordpressPostBody(document);
      const client = await options.clientFor(location.sub);
      const me = await client.me();
      if (String(me.ID) !== location.sub) throw new Error(WORDPRESS_ACCOUNT_NOT_EXPECTED);
      const site = location.siteId || location.domain;
      try {
        const post = await client.writePost(site, location.postId || undefined, body);
        return {
          siteId: String(post.site_ID),
          postId: String(post.ID),
          ...(post.URL ? { url: post.URL } : {}),
        };
      } catch (error) {
        if (error instanceof WordPressError && error.code === 'unknown_blog') {
          throw new WordPressError(404, siteNotFound(location.domain), error.code);
        }
        if (error instanceof WordPressError && error.code === 'unknown_post') {
          throw new WordPressError(404, wordpressPostNotFound(location.postId ?? ''), error.code);
        }
        throw error;
      }
    },
  };
}
