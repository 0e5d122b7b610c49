/**
 * A hosted service's request that failed, in the words to show the user: the service's own
 * message when it gave one, else the spec's generic 'HTTP error {status} on {service}
 * location.'. `code` is the service's machine-readable reason when it gave one (WordPress.com's
 * `unknown_blog`, Zendesk's `RecordNotFound`, Google's `notFound`). Each service's error class
 * extends it, so the app can tell whose it was.
 */
export class ServiceError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ServiceError';
  }
}
