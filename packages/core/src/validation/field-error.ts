/**
 * A field of a provider's dialog at fault, and what is wrong with it in the spec's words
 * (providers §2 names the fields: path, repoUrl, domain, siteUrl, …). Each provider's rules throw
 * their own subclass, so a dialog can tell its errors from any other failure.
 */
export class FieldError<F extends string = string> extends Error {
  constructor(
    readonly field: F,
    message: string,
  ) {
    super(message);
    this.name = 'FieldError';
  }
}
