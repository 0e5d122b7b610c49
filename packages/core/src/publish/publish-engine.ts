import { type ItemRepository } from '../db/repository.js';
import { hashText, withHash } from '../items/hash.js';
import { type FileItem } from '../items/types.js';
import { type CommitMessagePort, UploadCancelledError } from '../sync/commit-message.js';
import { withoutTx } from '../sync/sync-context.js';
import { PUBLISH_NOT_POSSIBLE, publishedTo, tempFileNotPublished } from './constants.js';
import { type PublishedDocument, type Publisher, type PublishLocation } from './publisher.js';

/** Renders a file through a template (the app's template runner). */
export type RenderPort = (fileId: string, templateId: string) => Promise<PublishedDocument>;

/** What publishing a file needs. */
export interface PublishOptions {
  repository: ItemRepository;
  /** The publishers by provider id; a location whose provider has none fails. */
  publishers: Readonly<Record<string, Publisher>>;
  render: RenderPort;
  /** Asked once before publishing to a git provider; undefined (cancelled) aborts. */
  askCommitMessage?: CommitMessagePort;
}

/** A publish refused before anything was uploaded, in the spec's words. */
export class PublishError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PublishError';
  }
}

/** How a publish went: the spec's notice, and the locations that failed with their errors. */
export interface PublishReport {
  /** '"{name}" was published to {n} location(s).' when every location is up to date. */
  message?: string;
  /** Locations published or already up to date. */
  published: number;
  /** Locations skipped because what they hold is what the template makes now. */
  unchanged: number;
  failures: { location: PublishLocation; error: unknown }[];
}

/**
 * Publishes a file to each of its publish locations in turn (spec providers §4): 'Publish not
 * possible.' without any, "{file} can't be published as it's a temporary file." for a temporary
 * file; a commit message is asked once first when a location is a git one (cancelled: nothing
 * is published, {@link UploadCancelledError}); each location is rendered through its template
 * and skipped when that output is what it was last given (the hash kept on the location), else
 * uploaded and the hash kept. A failing location does not stop the others; it is reported.
 */
export async function publishFile(fileId: string, options: PublishOptions): Promise<PublishReport> {
  const { repository } = options;
  const file = await repository.get<FileItem>(fileId);
  if (!file) throw new PublishError(PUBLISH_NOT_POSSIBLE);
  if (file.parentId === 'temp') throw new PublishError(tempFileNotPublished(file.name));
  const locations = (
    (await repository.getAll('publishLocation')) as unknown as PublishLocation[]
  ).filter((location) => location.fileId === fileId);
  if (locations.length === 0) throw new PublishError(PUBLISH_NOT_POSSIBLE);

  const report: PublishReport = { published: 0, unchanged: 0, failures: [] };
  const rendered = new Map<string, Promise<PublishedDocument>>();
  const render = (templateId: string) => {
    if (!rendered.has(templateId)) rendered.set(templateId, options.render(fileId, templateId));
    return rendered.get(templateId)!;
  };
  // First what each location would get, so that nothing is asked when nothing changed.
  const due: { location: PublishLocation; publisher: Publisher; document: PublishedDocument }[] =
    [];
  for (const location of locations) {
    try {
      const publisher = options.publishers[location.providerId];
      if (!publisher) throw new PublishError(PUBLISH_NOT_POSSIBLE);
      const document = await render(location.templateId);
      if (location.publishedHash === hashOf(publisher, document)) {
        report.unchanged += 1;
        report.published += 1;
      } else {
        due.push({ location, publisher, document });
      }
    } catch (error) {
      report.failures.push({ location, error });
    }
  }

  let commitMessage: string | undefined;
  if (options.askCommitMessage && due.some(({ publisher }) => publisher.commits)) {
    commitMessage = await options.askCommitMessage();
    if (commitMessage === undefined) throw new UploadCancelledError();
  }
  for (const { location, publisher, document } of due) {
    try {
      const update = await publisher.publish(location, document, commitMessage);
      await keepPublished(repository, location.id, {
        ...update,
        publishedHash: hashOf(publisher, document),
      });
      report.published += 1;
    } catch (error) {
      report.failures.push({ location, error });
    }
  }
  if (report.failures.length === 0) report.message = publishedTo(file.name, report.published);
  return report;
}

// What the engine compares to skip an unchanged publish.
function hashOf(publisher: Publisher, document: PublishedDocument): string {
  return publisher.hashOf ? publisher.hashOf(document) : hashText(document.content);
}

// The location as stored now, with the publisher's fields and the published hash.
async function keepPublished(
  repository: ItemRepository,
  locationId: string,
  fields: Readonly<Record<string, unknown>>,
): Promise<void> {
  const stored = await repository.get<PublishLocation>(locationId);
  if (!stored) return;
  const { hash: _hash, ...rest } = withoutTx(stored);
  await repository.put([
    withHash<PublishLocation>({ ...rest, ...fields } as unknown as PublishLocation),
  ]);
}
