import {
  ZENDESK_CLIENT_ID_REQUIRED,
  ZENDESK_DEFAULT_LOCALE,
  ZENDESK_DEFAULT_URL_TEMPLATE,
  ZENDESK_DOMAIN,
  ZENDESK_PROVIDER_ID,
  ZENDESK_SECTION_OR_ARTICLE_REQUIRED,
  ZENDESK_SITE_URL_INVALID,
  ZENDESK_SITE_URL_REQUIRED,
} from './constants.js';
import { FieldError } from '../../validation/field-error.js';

/** A field of a Zendesk dialog at fault, and what is wrong with it (spec providers §2 field
 * names). */
export class ZendeskFieldError extends FieldError<'siteUrl' | 'clientId' | 'sectionId'> {
  override readonly name = 'ZendeskFieldError';
}

/** What the Add Zendesk account dialog holds. */
export interface ZendeskAccountForm {
  siteUrl: string;
  clientId: string;
}

/** The checked account form: the subdomain read from the Site URL, the client id trimmed. */
export interface ZendeskAccountRequest {
  subdomain: string;
  clientId: string;
}

/**
 * Checks and reads the Add Zendesk account dialog (spec providers §5): both fields required
 * (trimmed); the Site URL is https, on a subdomain of zendesk.com (one label, such as
 * `https://acme.zendesk.com`, an optional trailing path ignored); the subdomain is extracted,
 * lower-cased. Throws {@link ZendeskFieldError}.
 */
export function readZendeskAccountForm(form: ZendeskAccountForm): ZendeskAccountRequest {
  const text = form.siteUrl.trim();
  if (text === '') throw new ZendeskFieldError('siteUrl', ZENDESK_SITE_URL_REQUIRED);
  const domain = ZENDESK_DOMAIN.replace('.', '\\.');
  const match = new RegExp(
    `^https://([a-z0-9](?:[a-z0-9-]*[a-z0-9])?)\\.${domain}(?:/\\S*)?$`,
    'i',
  ).exec(text);
  if (!match) throw new ZendeskFieldError('siteUrl', ZENDESK_SITE_URL_INVALID);
  const clientId = form.clientId.trim();
  if (clientId === '') throw new ZendeskFieldError('clientId', ZENDESK_CLIENT_ID_REQUIRED);
  return { subdomain: match[1]!.toLowerCase(), clientId };
}

/** The base URL of a help centre: the template (from `/conf`) with its subdomain in. */
export function zendeskBaseUrl(
  subdomain: string,
  template: string = ZENDESK_DEFAULT_URL_TEMPLATE,
): string {
  return template.replace('{subdomain}', subdomain).replace(/\/+$/, '');
}

/** A Zendesk account's sub (spec providers §4 "sub is subdomain/userId"). */
export const zendeskSub = (subdomain: string, userId: string | number) =>
  `${subdomain}/${String(userId)}`;

/** The fields of a Zendesk publish location (spec providers §3 "sectionId, locale,
 * articleId"): the article's id is kept once the first publish made it. */
export interface ZendeskFields {
  sectionId?: string;
  locale: string;
  articleId?: string;
}

/** What the Publish to Zendesk dialog holds. */
export interface ZendeskPublishForm {
  sectionId: string;
  articleId?: string;
  locale?: string;
}

/**
 * Checks and reads the Publish to Zendesk dialog (spec providers §5): a Section ID or an
 * Existing article ID is required (the error is on `sectionId`); Locale defaults to en-us.
 * Throws {@link ZendeskFieldError}.
 */
export function readZendeskPublishForm(form: ZendeskPublishForm): ZendeskFields {
  const sectionId = form.sectionId.trim();
  const articleId = form.articleId?.trim() ?? '';
  if (sectionId === '' && articleId === '') {
    throw new ZendeskFieldError('sectionId', ZENDESK_SECTION_OR_ARTICLE_REQUIRED);
  }
  const locale = form.locale?.trim().toLowerCase() || ZENDESK_DEFAULT_LOCALE;
  const fields: ZendeskFields = { locale };
  if (sectionId !== '') fields.sectionId = sectionId;
  if (articleId !== '') fields.articleId = articleId;
  return fields;
}

/** Whether a location is a Zendesk one, with its fields. */
export function isZendeskLocation<T extends { providerId: string; [field: string]: unknown }>(
  location: T,
): location is T & ZendeskFields {
  const optional = (value: unknown) => value === undefined || typeof value === 'string';
  return (
    location.providerId === ZENDESK_PROVIDER_ID &&
    typeof location.locale === 'string' &&
    optional(location.sectionId) &&
    optional(location.articleId) &&
    (typeof location.sectionId === 'string' || typeof location.articleId === 'string')
  );
}
