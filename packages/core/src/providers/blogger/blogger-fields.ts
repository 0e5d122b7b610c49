import { BLOG_URL_INVALID, BLOG_URL_REQUIRED, BLOGGER_PROVIDER_IDS } from './constants.js';
import { FieldError } from '../../validation/field-error.js';

/** A Blogger publish location's kind: a post or a page. */
export type BloggerKind = 'post' | 'page';

/** The fields of a Blogger publish location (spec providers §3 "Blog: blogUrl, blogId, postId
 * or pageId"). `blogId` is kept once the blog was resolved; the post's or page's id once the
 * first publish made it (an Existing post ID given in the dialog is there from the start). */
export interface BloggerFields {
  blogUrl: string;
  blogId?: string;
  postId?: string;
  pageId?: string;
}

/** The field of a Blogger dialog at fault, and what is wrong with it (spec providers §2's field
 * name `blogUrl`). */
export class BloggerFieldError extends FieldError<'blogUrl'> {
  override readonly name = 'BloggerFieldError';
}

/** What a Blogger dialog holds: Blog URL and the optional Existing post (or page) ID. */
export interface BloggerForm {
  blogUrl: string;
  /** The Existing post ID (post dialog) or Existing page ID (page dialog). */
  itemId?: string;
}

/**
 * Checks and reads a Blogger dialog (spec providers §5 "Blog: blogUrl required"): fields
 * trimmed; a Blog URL without a scheme gets `https://`; an Existing ID, when given, is kept as
 * `postId` or `pageId`. Throws {@link BloggerFieldError}.
 */
export function readBloggerForm(form: BloggerForm, kind: BloggerKind): BloggerFields {
  const text = form.blogUrl.trim();
  if (text === '') throw new BloggerFieldError('blogUrl', BLOG_URL_REQUIRED);
  const blogUrl = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
  // http(s), a host name with a dot (or localhost, for a stand-in), an optional port and path.
  if (!/^https?:\/\/([a-z0-9-]+(\.[a-z0-9-]+)+|localhost)(:\d+)?(\/\S*)?$/i.test(blogUrl)) {
    throw new BloggerFieldError('blogUrl', BLOG_URL_INVALID);
  }
  const itemId = form.itemId?.trim() ?? '';
  const fields: BloggerFields = { blogUrl };
  if (itemId !== '') fields[kind === 'post' ? 'postId' : 'pageId'] = itemId;
  return fields;
}

/** The kind of a Blogger location's provider id; undefined for another provider. */
export function bloggerKindOf(providerId: string): BloggerKind | undefined {
  if (providerId === BLOGGER_PROVIDER_IDS.post) return 'post';
  if (providerId === BLOGGER_PROVIDER_IDS.page) return 'page';
  return undefined;
}

/** Whether a location is a Blogger one, with its fields. */
export function isBloggerLocation<T extends { providerId: string; [field: string]: unknown }>(
  location: T,
): location is T & BloggerFields {
  const optional = (value: unknown) => value === undefined || typeof value === 'string';
  return (
    bloggerKindOf(location.providerId) !== undefined &&
    typeof location.blogUrl === 'string' &&
    optional(location.blogId) &&
    optional(location.postId) &&
    optional(location.pageId)
  );
}
