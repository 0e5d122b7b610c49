import { type ItemRepository } from '../../db/repository.js';
import { withHash } from '../../items/hash.js';
import { type ContentItem, type LocationItem } from '../../items/types.js';
import { type FileLocationProvider } from '../../sync/location-sync.js';
import { locationContent } from '../github/file-location-content.js';
import { type GistFields } from '../github/file-location-fields.js';
import { isGiteeGistLocation } from './file-location-fields.js';
import {
  createGiteeGist,
  giteeGistFileText,
  readGiteeGist,
  writeGiteeGistFile,
} from './gist-api.js';
import { type GiteeClient } from './gitee-client.js';

/** What a Gitee gist location provider needs. */
export interface GiteeGistProviderOptions {
  /** The v5 client, with the token of the location's account (scope `gists`). */
  client: GiteeClient;
  /** The local database: where the location is kept (its gist id, once created) and the file's
   * own properties, discussions and comments are read. */
  repository: ItemRepository;
}

/**
 * The sync of a file with one file of a Gitee gist (spec providers, "Host B" gists): download
 * GETs the gist (nothing yet while the location has no gist id, or when the gist lacks the
 * file: the next upload adds it); upload creates the gist with POST the first time and keeps its
 * id in the location, then PATCHes it. A gist that is gone is 'Gist file not found.'.
 */
export function createGiteeGistProvider(options: GiteeGistProviderOptions): FileLocationProvider {
  const created = new Map<string, string>();
  const gistId = (location: LocationItem & GistFields) =>
    location.gistId || created.get(location.id) || '';
  return {
    async download(location: LocationItem): Promise<ContentItem | null> {
      const fields = gistFields(location);
      const id = gistId(fields);
      if (id === '') return null;
      const text = giteeGistFileText(await readGiteeGist(options.client, id), fields.filename);
      return text === undefined ? null : locationContent(options.repository, location, text);
    },
    async upload(location: LocationItem, content: ContentItem): Promise<void> {
      const fields = gistFields(location);
      const id = gistId(fields);
      if (id !== '') {
        await writeGiteeGistFile(options.client, id, fields.filename, content.text);
        return;
      }
      const gist = await createGiteeGist(options.client, {
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
  if (!isGiteeGistLocation(location)) {
    throw new Error(`Location ${location.id} is not a Gitee gist location.`);
  }
  return location;
}
