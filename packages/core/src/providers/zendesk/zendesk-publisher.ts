import { hashText } from '../../items/hash.js';
import { type PublishedDocument, type Publisher } from '../../publish/publisher.js';
import {
  ZENDESK_ACCOUNT_NOT_EXPECTED,
  ZENDESK_NO_PERMISSION_GROUP,
  zendeskArticleNotFound,
  zendeskSectionNotFound,
} from './constants.js';
import { zendeskMetadata, zendeskPublishCalls } from './zendesk-article.js';
import { type ZendeskArticleAnswer, type ZendeskClient, ZendeskError } from './zendesk-client.js';
import { isZendeskLocation, zendeskSub } from './zendesk-fields.js';

/** What the publisher needs: a client for the Zendesk account (`sub`, `{subdomain}/{userId}`)
 * of a location. */
export interface ZendeskPublisherOptions {
  clientFor(sub: string): ZendeskClient | Promise<ZendeskClient>;
}

/** The help centre of an account's sub (`acme/123` → `acme`). */
export const zendeskSubdomainOf = (sub: string) => sub.slice(0, sub.lastIndexOf('/'));

const hashOf = (document: PublishedDocument) =>
  hashText(`${document.content}\n${JSON.stringify(zendeskMetadata(document))}`);

/**
 * Publishes a file as a Zendesk Help Center article ("help-centre service Z", spec providers
 * §4/§7): the token's user must be the location's account ('Zendesk account ID not
 * expected.'); without an article id a new article is POSTed to the section (in the first
 * permission group the help centre lists, visible to everyone) and its id kept as `articleId`;
 * with one, the translation of the locale is PUT (title, body, draft) and then the article's
 * `label_names`.
 */
export function createZendeskPublisher(options: ZendeskPublisherOptions): Publisher {
  return {
    hashOf,
    async publish(location, document) {
      if (!isZendeskLocation(location)) {
        throw new Error(`Location ${location.id} is not a Zendesk location.`);
      }
      if (typeof location.sub !== 'string' || !location.sub.includes('/')) {
        throw new Error(`Location ${location.id} has no Zendesk account.`);
      }
      const metadata = zendeskMetadata(document);
      const client = await options.clientFor(location.sub);
      const me = await client.me();
      if (zendeskSub(zendeskSubdomainOf(location.sub), me.id) !== location.sub) {
        throw new Error(ZENDESK_ACCOUNT_NOT_EXPECTED);
      }
      if (location.articleId === undefined) {
        const groups = await client.permissionGroups();
        if (groups.length === 0) throw new Error(ZENDESK_NO_PERMISSION_GROUP);
        const [call] = zendeskPublishCalls(location, metadata, document.content, {
          permissionGroupId: groups[0]!.id,
        });
        try {
          const { article } = await client.call<{ article: ZendeskArticleAnswer }>(call!);
          return {
            articleId: String(article.id),
            ...(article.html_url ? { url: article.html_url } : {}),
          };
        } catch (error) {
          if (error instanceof ZendeskError && error.status === 404) {
            throw new ZendeskError(
              404,
              zendeskSectionNotFound(location.sectionId ?? ''),
              error.code,
            );
          }
          throw error;
        }
      }
      for (const call of zendeskPublishCalls(location, metadata, document.content)) {
        try {
          await client.call(call);
        } catch (error) {
          if (error instanceof ZendeskError && error.status === 404) {
            throw new ZendeskError(
              404,
              zendeskArticleNotFound(location.articleId, location.locale),
              error.code,
            );
          }
          throw error;
        }
      }
      return {};
    },
  };
}
