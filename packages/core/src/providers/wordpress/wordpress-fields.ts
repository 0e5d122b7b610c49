import {
  POST_ID_INVALID,
  SITE_DOMAIN_INVALID,
  SITE_DOMAIN_REQUIRED,
  WORDPRESS_PROVIDER_ID,
} from './constants.js';
import { FieldError } from '../../validation/field-error.js';

/** The fields of a WordPress publish location (spec providers §3 "Site W: domain, postId,
 * siteId"): `siteId` and `postId` are kept after the first publish, so the next one updates the
 * same post. */
export interface WordPressFields {
  domain: string;
  postId?: string;
  siteId?: string;
}

/** The dialog's field at fault (spec providers §2's field name `domain`), and what is wrong. */
export class WordPressFieldError extends FieldError<'domain' | 'postId'> {
  override readonly name = 'WordPressFieldError';
}

/** What the "Publish to WordPress" dialog holds. */
export interface WordPressForm {
  domain: string;
  postId?: string;
}

/**
 * Checks and reads the dialog (spec providers §5 "Site W: domain required"): fields trimmed; a
 * domain given as an address (`https://x.wordpress.com/`) is reduced to its host. Throws
 * {@link WordPressFieldError}.
 */
export function readWordPressForm(form: WordPressForm): WordPressFields {
  let domain = form.domain.trim();
  if (domain === '') throw new WordPressFieldError('domain', SITE_DOMAIN_REQUIRED);
  domain = domain
    .replace(/^[a-z][a-z0-9+.-]*:\/\//i, '')
    .replace(/\/.*$/, '')
    .toLowerCase();
  if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+(:\d+)?$/.test(domain)) {
    throw new WordPressFieldError('domain', SITE_DOMAIN_INVALID);
  }
  const postId = form.postId?.trim() ?? '';
  if (postId !== '' && !/^\d+$/.test(postId)) {
    throw new WordPressFieldError('postId', POST_ID_INVALID);
  }
  return postId === '' ? { domain } : { domain, postId };
}

/** Whether a location is a WordPress one, with its fields. */
export function isWordPressLocation<T extends { providerId: string; [field: string]: unknown }>(
  location: T,
): location is T & WordPressFields {
  const optional = (value: unknown) => value === undefined || typeof value === 'string';
  return (
    location.providerId === WORDPRESS_PROVIDER_ID &&
    typeof location.domain === 'string' &&
    optional(location.postId) &&
    optional(location.siteId)
  );
}
