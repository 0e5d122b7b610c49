import { isZendeskLocation, type LocationItem } from '@inkstone/core';

// Kept apart from the publisher's module: the panels list a file's locations.

/** How the Publish panel lists a Zendesk location: the article (or the section a new one goes
 * to), its locale and help centre, linked to the article once published. */
export function describeZendeskLocation(
  location: LocationItem,
): { description: string; url?: string } | undefined {
  if (!isZendeskLocation(location)) return undefined;
  const sub = typeof location.sub === 'string' ? location.sub : '';
  const centre = sub.slice(0, sub.lastIndexOf('/'));
  const what = location.articleId
    ? `Zendesk article ${location.articleId}`
    : `Zendesk section ${location.sectionId ?? ''}`;
  return {
    description: `${what} (${location.locale})${centre ? ` on ${centre}.zendesk.com` : ''}`,
    url: typeof location.url === 'string' ? location.url : undefined,
  };
}
