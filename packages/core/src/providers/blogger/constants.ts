/** The provider ids of Blogger's publish locations (spec providers §3 "Blog: blogUrl, blogId,
 * postId or pageId"): a post, or a page (the spec's separate dialog). */
export const BLOGGER_PROVIDER_IDS = {
  post: 'blogger',
  page: 'bloggerPage',
} as const;

/** The provider's name in the spec's generic error ('HTTP error {status} on {provider name}
 * location.'). */
export const BLOGGER_NAME = 'Blogger';

/** A Blog URL that names no blog Blogger knows (blogs/byurl answered 404). */
export const blogNotFound = (url: string) =>
  `No blog was found at ${url}. Check the Blog URL: it is the blog's address, such as https://example.blogspot.com/.`;

/** The post or page a location names is not on the blog any more. */
export const bloggerItemNotFound = (kind: 'post' | 'page', id: string) =>
  `The ${kind} ${id} was not found on the blog. Clear the Existing ${kind} ID to publish a new ${kind}.`;

/** The `date` property is not a date. */
export const invalidPublishDate = (date: string) =>
  `The date property "${date}" is not a date: write it as YYYY-MM-DD.`;

/** The required Blog URL is empty (spec providers §6 "Blog: blogUrl required"). */
export const BLOG_URL_REQUIRED = 'Blog URL is required.';

/** A Blog URL that is not a web address. */
export const BLOG_URL_INVALID =
  'Blog URL must be a web address, such as https://example.blogspot.com/.';
