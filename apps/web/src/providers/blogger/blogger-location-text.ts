import { BLOGGER_PROVIDER_IDS, isBloggerLocation, type LocationItem } from '@inkstone/core';

// Kept apart from blogger-locations.ts, whose publisher brings the properties' YAML parser: the
// menu lists a file's locations from the first screen on.

/** How the Publish panel lists a Blogger location: the post or page and its blog, linked to
 * the published page once there is one. Undefined for another kind of location. */
export function describeBloggerLocation(
  location: LocationItem,
): { description: string; url?: string } | undefined {
  if (!isBloggerLocation(location)) return undefined;
  const page = location.providerId === BLOGGER_PROVIDER_IDS.page;
  const id = page ? location.pageId : location.postId;
  const what = page ? 'Blogger page' : 'Blogger post';
  return {
    description: `${what}${id ? ` ${id}` : ''} on ${location.blogUrl}`,
    url: typeof location.url === 'string' ? location.url : undefined,
  };
}
