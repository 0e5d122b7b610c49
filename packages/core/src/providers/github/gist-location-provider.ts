import { type ItemRepository } from '../../db/repository.js';
import { withHash } from '../../items/hash.js';
import { type ContentItem, type LocationItem } from '../../items/types.js';
import { type FileLocationProvider } from '../../sync/location-sync.js';
import { locationContent } from './file-location-content.js';
import { type GistFields, isGistLocation } from './file-location-fields.js';
import { contentTooLargeMessage, GIST_FILE_LIMIT, isOverLimit } from '../../sync/content-limit.js';
import { createGist, gistFileText, readGist, writeGistFile } from './gist-api.js';
import { type GithubClient } from './github-client.js';

/** What a gist location provider needs. */
export interface GistProviderOptions {
  /** The REST client, with the token of the location's account (scope `gist`). */
  client: GithubClient;
  /** The local database: where the location is kept (its gist id, once created) and the file's
   * own properties, discussions and comments are read. */
  repository: ItemRepository;
}

/**
 * The sync of a file with one file of a gist (spec providers §2 gist sync dialog, §7 gist
 * calls): download GETs the gist (nothing yet while the location has no gist id, or when the
 * gist lacks the file: the next upload adds it); upload creates the gist with POST the first
 * time and keeps its id in the location, then PATCHes it. A gist that is gone is
 * 'Gist file not found.'.
 */
export function createGistProvider(options: GistProviderOptions): FileLocationProvider {
  const created = new Map<string, string>();
  const gistId = (location: LocationItem & GistFields) =>
    location.gistId || created.get(location.id) || '';
  return {
    async download(location: LocationItem): Promise<ContentItem | null> {
      const fields = gistFields(location);
      const id = gistId(fields);
      if (id === '') return null;
      const gist = await readGist(options.client, id);
      const text = await gistFileText(options.client, gist, fields.filename);
      return text === undefined ? null : locationContent(options.repository, location, text);
    },
    async upload(location: LocationItem, content: ContentItem): Promise<void> {
      const fields = gistFields(location);
      // Past 10 MB, GitHub's API no longer gives a gist file back whole (ADR 0006): refused
      // before anything is sent, in words naming the file; the text stays in the browser.
      if (isOverLimit(content.text, GIST_FILE_LIMIT)) {
        throw new Error(contentTooLargeMessage(fields.filename, GIST_FILE_LIMIT));
      }
      const id = gistId(fields);
      if (id !== '') {
        await writeGistFile(options.client, id, fields.filename, content.text);
        return;
      }
      const gist = await createGist(options.client, {
        filename: fields.filename,
        content: content.text,
        isPublic: fields.isPublic,
      });
      created.set(location.id, gist.id);
      await keepGistId(options.repository, location.id, gist.id);
    },
  };
}

// The location as stored now (it may have been edited meanwhile), with the new gist's id.
async function keepGistId(repository: ItemRepository, locationId: string, id: string) {
  const stored = await repository.get<LocationItem>(locationId);
  if (!stored) return;
  const { hash: _hash, tx: _tx, ...rest } = stored;
  await repository.put([withHash<LocationItem>({ ...rest, gistId: id })]);
}

function gistFields(location: LocationItem): LocationItem & GistFields {
  if (!isGistLocation(location)) {
    throw new Error(`Location ${location.id} is not a gist location.`);
  }
  return location as LocationItem & GistFields;
}
