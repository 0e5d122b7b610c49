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
