/** The provider id of a Zendesk Help Center publish location (spec providers §3, "help-centre
 * service Z"). */
export const ZENDESK_PROVIDER_ID = 'zendesk';
/** The name Zendesk errors are said with (spec providers §8). */
export const ZENDESK_NAME = 'Zendesk';
/** The key of Zendesk's accounts in the `tokens` data item. */
export const ZENDESK_TOKENS_KEY = 'zendesk';
/** The help-centre domain every site is a subdomain of (spec providers §5). */
export const ZENDESK_DOMAIN = 'zendesk.com';
/** The OAuth scope asked for (spec providers §6 "Help-centre Z: scope 'read hc:write'"). */
export const ZENDESK_SCOPE = 'read hc:write';
/** The default article locale (spec providers §3 and §11 "Default help-centre locale en-us"). */
export const ZENDESK_DEFAULT_LOCALE = 'en-us';
/** Where a help centre lives; `{subdomain}` is replaced. The app's `/conf` may give another
 * template (a stand-in such as cloud-sim's `/zendesk/{subdomain}`). */
export const ZENDESK_DEFAULT_URL_TEMPLATE = 'https://{subdomain}.zendesk.com';
/** '{Provider} account ID not expected.' for Zendesk (spec providers §8). */
export const ZENDESK_ACCOUNT_NOT_EXPECTED = 'Zendesk account ID not expected.';

/** The Add Zendesk account dialog's errors (spec providers §5: "site URL and client id both
 * required; the URL must be https, a subdomain and the help-centre domain"). */
export const ZENDESK_SITE_URL_REQUIRED = 'Site URL is required.';
export const ZENDESK_SITE_URL_INVALID =
  'Site URL must be an https address of a Zendesk subdomain, such as https://example.zendesk.com.';
export const ZENDESK_CLIENT_ID_REQUIRED = 'Client Unique Identifier is required.';
/** The Publish to Zendesk dialog's error (spec providers §5: "a section id or an article id is
 * required (error on sectionId)"). */
export const ZENDESK_SECTION_OR_ARTICLE_REQUIRED =
  'A Section ID or an Existing article ID is required.';

/** Zendesk refused the access token (401 invalid_token: revoked, or another help centre's). */
export const ZENDESK_TOKEN_REFUSED =
  'Zendesk refused the access token. Link the Zendesk account again.';
/** The section a location names is not in the help centre (404 on create). */
export const zendeskSectionNotFound = (id: string) =>
  `Section ${id} was not found in the help centre. Check the Section ID.`;
/** The article (or its translation in the locale) a location names is not there (404). */
export const zendeskArticleNotFound = (id: string, locale: string) =>
  `Article ${id} has no ${locale} translation in the help centre. Check the Existing article ID and the Locale, or clear the article ID to publish a new article.`;
/** The help centre lists no permission group the user may use for a new article. */
export const ZENDESK_NO_PERMISSION_GROUP =
  'The help centre has no permission group for new articles: ask a Guide admin for one.';
