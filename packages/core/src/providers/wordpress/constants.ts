/** The provider id of a WordPress.com publish location ("Site service W", spec providers §3). */
export const WORDPRESS_PROVIDER_ID = 'wordpress';

/** The provider's name in the spec's generic error ('HTTP error {status} on {provider} location.'). */
export const WORDPRESS_NAME = 'WordPress';

/** WordPress.com's API origin; a stand-in's (cloud-sim's `{url}/wpcom`) in tests and e2e. */
export const WORDPRESS_API_URL = 'https://public-api.wordpress.com';

/** The scope asked for (spec providers §6 "Site W: scope global"). */
export const WORDPRESS_SCOPE = 'global';

/** '{Provider} account ID not expected.' for WordPress (spec providers §8). */
export const WORDPRESS_ACCOUNT_NOT_EXPECTED = 'WordPress account ID not expected.';

/** The required Site domain is empty (spec providers §5 "Site W: domain required"). */
export const SITE_DOMAIN_REQUIRED = 'Site domain is required.';

/** A Site domain that is not a host name. */
export const SITE_DOMAIN_INVALID =
  'Site domain must be a host name, such as example.wordpress.com.';

/** An Existing post ID that is not a number. */
export const POST_ID_INVALID = 'Existing post ID must be a number.';

/** WordPress.com refused the token (401): the account must be linked again. */
export const WORDPRESS_TOKEN_REFUSED =
  'WordPress refused the access token. Link the WordPress account again.';

/** WordPress.com knows no site at the domain (404 unknown_blog). */
export const siteNotFound = (domain: string) =>
  `No WordPress site was found at ${domain}. Check the Site domain, such as example.wordpress.com.`;

/** The post a location names is not on the site any more (404 unknown_post). */
export const wordpressPostNotFound = (id: string) =>
  `The post ${id} was not found on the site. Clear the Existing post ID to publish a new post.`;

/** The `date` property is not a date. */
export const invalidWordpressDate = (date: string) =>
  `The date property "${date}" is not a date: write it as YYYY-MM-DD.`;
