import { type ItemRepository } from '../db/repository.js';
import { withHash } from '../items/hash.js';
import { type FileItem } from '../items/types.js';
import { publicationLocationAdded, tempFileNotPublished } from './constants.js';
import { PublishError } from './publish-engine.js';
import { type PublishLocation } from './publisher.js';

/** A new publish location's fields: which provider, which template, the provider's fields. */
export interface NewPublishLocation {
  providerId: string;
  templateId: string;
  fields: Readonly<Record<string, unknown>>;
}

/**
 * Adds a publish location to a file (spec providers §4) and returns it with the notice
 * 'A new publication location was added to "{name}".'. A temporary file gets none.
 */
export async function addPublishLocation(
  repository: ItemRepository,
  fileId: string,
  added: NewPublishLocation,
  newId: () => string,
): Promise<{ location: PublishLocation; message: string }> {
  const file = await repository.get<FileItem>(fileId);
  if (!file) throw new PublishError(`File ${fileId} is not there any more.`);
  if (file.parentId === 'temp') throw new PublishError(tempFileNotPublished(file.name));
  const location = withHash<PublishLocation>({
    ...added.fields,
    id: newId(),
    type: 'publishLocation',
    fileId,
    providerId: added.providerId,
    templateId: added.templateId,
  });
  await repository.put([location]);
  return { location, message: publicationLocationAdded(file.name) };
}
