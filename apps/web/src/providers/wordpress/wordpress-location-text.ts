import { isWordPressLocation, type LocationItem } from '@inkstone/core';

// Kept apart from wordpress-locations.ts (its publisher brings the properties' parser): the
// panels list a file's locations with this alone.

/** How the Publish panel lists a WordPress.com location: the post and its site, linked to the
 * published post once there is one. Undefined for another kind of location. */
export function describeWordPressLocation(
  location: LocationItem,
): { description: string; url?: string } | undefined {
  if (!isWordPressLocation(location)) return undefined;
  return {
    description: `WordPress post${location.postId ? ` ${location.postId}` : ''} on ${location.domain}`,
    url: typeof location.url === 'string' ? location.url : undefined,
  };
}
