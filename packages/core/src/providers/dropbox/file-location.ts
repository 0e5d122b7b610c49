import { type ItemRepository } from '../../db/repository.js';
import { withHash } from '../../items/hash.js';
import { type ContentItem, type LocationItem } from '../../items/types.js';
import { type Publisher } from '../../publish/publisher.js';
import { type FileLocationProvider } from '../../sync/location-sync.js';
import { type RemoteRevision, TooLateError } from '../../sync/workspace-provider.js';
import { locationContent } from '../github/file-location-content.js';
import { DROPBOX_SYNC_PROVIDER_ID } from './constants.js';
import { type DropboxClient, DropboxApiError } from './dropbox-client.js';

/** The fields of a Dropbox location (spec providers §3: path, dropboxFileId), with the account
 * (`sub`, Dropbox's account id) it is synced or published with. */
export interface DropboxLocationFields {
  /** The path the user gave, from the root the account's token sees. */
  path: string;
  /** Dropbox's `id:…` once the file is known: it follows the file when moved or renamed in
   * Dropbox. */
  dropboxFileId?: string;
  sub?: string;
}

/** Whether a location item is a Dropbox location. */
export function isDropboxLocation(location: {
  providerId: string;
}): location is { providerId: string } & DropboxLocationFields {
  return location.providerId === DROPBOX_SYNC_PROVIDER_ID;
}

/**
 * The sync of a file with one Dropbox file (spec providers §2: File path; §7). Download reads
 * the file by its id when known, else by its path, and keeps its revision; upload writes in
 * Dropbox's `update` mode with that revision, so a version written in Dropbox meanwhile makes
 * Dropbox refuse (a conflict) and the sync starts again (TOO_LATE): that version is read and
 * merged, never overwritten. Where the download found no file, the upload adds one (refused
 * the same way if a file appeared meanwhile) and records its id on the location.
 */
export function createDropboxFileProvider(options: {
  client: DropboxClient;
  repository: ItemRepository;
}): FileLocationProvider {
  const { client, repository } = options;
  // Per location, what the last download found: the file's revision and the path (an `id:…`
  // or the location's path) it was found at, which the upload writes to.
  const found = new Map<string, { rev: string; at: string } | undefined>();
  return {
    async download(location: LocationItem): Promise<ContentItem | null> {
      const fields = location as LocationItem & DropboxLocationFields;
      const read = await readFile(client, fields);
      found.set(location.id, read && { rev: read.file.rev, at: read.at });
      if (!read) return null;
      return locationContent(repository, location, read.text);
    },
    async upload(location: LocationItem, content: ContentItem): Promise<void> {
      const fields = location as LocationItem & DropboxLocationFields;
      const known = found.get(location.id);
      let written;
      try {
        written = known
          ? await client.upload(known.at, content.text, { '.tag': 'update', update: known.rev })
          : await client.upload(fields.path, content.text, { '.tag': 'add' });
      } catch (error) {
        if (error instanceof DropboxApiError && (error.conflict || error.notFound)) {
          throw new TooLateError();
        }
        throw error;
      }
      found.set(location.id, { rev: written.rev, at: written.id });
      if (fields.dropboxFileId !== written.id) {
        await repository.update<LocationItem>(location.id, (current) =>
          current
            ? withHash<LocationItem>({ ...unhashed(current), dropboxFileId: written.id })
            : current,
        );
      }
    },
    /** `files/list_revisions` of the file (by id when known), newest first, at most 100;
     * none before it exists. */
    async listRevisions(location: LocationItem): Promise<RemoteRevision[]> {
      const fields = location as LocationItem & DropboxLocationFields;
      const at = fields.dropboxFileId || fields.path;
      let revisions;
      try {
        revisions = await client.revisions(at);
      } catch (error) {
        if (error instanceof DropboxApiError && error.notFound) return [];
        throw error;
      }
      return revisions.map((file) => ({ id: file.rev, created: Date.parse(file.server_modified) }));
    },
    /** `files/download` of `rev:…`. */
    revisionText(_location: LocationItem, revisionId: string): Promise<string> {
      return client.downloadRevision(revisionId);
    },
  };
}

// The file by its id, else by its path, with where it was found; undefined when neither finds
// one.
async function readFile(client: DropboxClient, fields: DropboxLocationFields) {
  for (const at of [fields.dropboxFileId, fields.path]) {
    if (!at) continue;
    try {
      return { ...(await client.download(at)), at };
    } catch (error) {
      if (error instanceof DropboxApiError && error.notFound) continue;
      throw error;
    }
  }
  return undefined;
}

/**
 * Publishes to a Dropbox file (spec providers §2: path and Template; §7: "A publish path
 * overwrites an existing file"): the template's output replaces whatever is at the path, and
 * the file's id is kept on the location.
 */
export function createDropboxPublisher(client: DropboxClient): Publisher {
  return {
    async publish(location, document) {
      const fields = location as typeof location & DropboxLocationFields;
      const written = await client.upload(fields.path, document.content, {
        '.tag': 'overwrite',
      });
      return { dropboxFileId: written.id };
    },
  };
}

function unhashed(location: LocationItem): Omit<LocationItem, 'hash'> {
  const { hash: _hash, tx: _tx, ...rest } = location as LocationItem & { tx?: number };
  return rest;
}
