/** The spec's publishing messages (providers §4 and §8, interface §8). */
export const PUBLISH_NOT_POSSIBLE = 'Publish not possible.';

/** After a publish that reached every location. */
export const publishedTo = (name: string, count: number) =>
  `"${name}" was published to ${count} location(s).`;

/** After a publish location was added to a file. */
export const publicationLocationAdded = (name: string) =>
  `A new publication location was added to "${name}".`;

/** A temporary file is never published. */
export const tempFileNotPublished = (file: string) =>
  `${file} can't be published as it's a temporary file.`;

/** The Publish panel without a linked account. */
export const NO_PUBLISH_ACCOUNT = 'You have to link an account to start publishing files.';

/** A queued publish checks this often whether the user stopped typing (spec providers §9
 * "Publish polling every 1 s"). */
export const PUBLISH_POLL_EVERY = 1_000;

/** The user counts as typing while their last keystroke in the text is this recent: a publish
 * waits for the pause (the spec is silent; the reference waited 3 s after the last change). */
export const PUBLISH_TYPING_PAUSE = 3_000;
