import {
  addPublishLocation,
  createWordPressPublisher,
  type ItemRepository,
  type Publisher,
  WORDPRESS_PROVIDER_ID,
  WordPressAuthError,
  type WordPressClient,
  type WordPressFields,
} from '@inkstone/core';
import { type WordPressAccounts } from './wordpress-accounts';

/** Said when WordPress.com is asked for before it started (it starts after the first screen). */
export const WORDPRESS_NOT_READY = 'WordPress is not available yet.';

/** What the WordPress.com publish locations need: the accounts (a fresh token of each, a client
 * of the API). Registered at start; tests give their own over cloud-sim. */
export type WordPressLocationContext = Pick<WordPressAccounts, 'fresh' | 'client'>;

let context: WordPressLocationContext | undefined;

/** Registers what the WordPress.com locations use (the app at start, a test its own). */
export function registerWordPressLocationContext(
  value: WordPressLocationContext | undefined,
): void {
  context = value;
}

/**
 * The publisher of WordPress.com locations (spec providers §4, §7: site W), each published
 * with its own account's token; when WordPress.com refuses that token (expired, revoked) the
 * account is linked again through providerRedirection and the post written once more with the
 * new one. None while WordPress.com is not wired.
 */
export function wordpressLocationPublishers(
  ctx: WordPressLocationContext | undefined = context,
): Record<string, Publisher> {
  if (!ctx) return {};
  const hashing = createWordPressPublisher({ clientFor: () => Promise.reject(new Error()) });
  return {
    [WORDPRESS_PROVIDER_ID]: {
      commits: false,
      hashOf: hashing.hashOf,
      async publish(location, document, message) {
        // Whether WordPress.com was asked with a token (and so refused it), not the user.
        let asked = false;
        const attempt = (force: boolean) =>
          createWordPressPublisher({
            clientFor: async (sub): Promise<WordPressClient> => {
              const token = await ctx.fresh(sub, { force });
              asked = true;
              return ctx.client(token.accessToken);
            },
          }).publish(location, document, message);
        try {
          return await attempt(false);
        } catch (error) {
          if (!(error instanceof WordPressAuthError) || !asked) throw error;
          return attempt(true);
        }
      },
    },
  };
}

/** What "Publish to WordPress" resolves with: the location's fields, account and template. */
export interface WordPressLocationRequest {
  fields: WordPressFields;
  sub: string;
  templateId: string;
}

/** Adds the WordPress.com publish location to a file; the spec's notice ('A new publication
 * location was added to "{name}".'). The panel then publishes it. */
export async function addWordPressLocation(
  repository: ItemRepository,
  newId: () => string,
  fileId: string,
  request: WordPressLocationRequest,
): Promise<string> {
  const { message } = await addPublishLocation(
    repository,
    fileId,
    {
      providerId: WORDPRESS_PROVIDER_ID,
      templateId: request.templateId,
      fields: { ...request.fields, sub: request.sub },
    },
    newId,
  );
  return message;
}

/** Whether WordPress.com's locations are wired (the Publish panel's entry shows then). */
export const wordpressWired = (): boolean => context !== undefined;

/** The wired context, or an error saying WordPress.com has not started yet. */
export function wordpressLocationContext(): WordPressLocationContext {
  if (!context) throw new Error(WORDPRESS_NOT_READY);
  return context;
}
