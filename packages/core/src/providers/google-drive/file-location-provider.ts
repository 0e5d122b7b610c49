import { type ItemRepository } from '../../db/repository.js';
import { withHash } from '../../items/hash.js';
import { type FileItem, type LocationItem, type ContentItem } from '../../items/types.js';
import { type FileLocationProvider } from '../../sync/location-sync.js';
import { type RemoteRevision, TooLateError } from '../../sync/workspace-provider.js';
import { locationContent } from '../github/file-location-content.js';
import { DriveApiError, type DriveClient, type DriveFile } from './drive-client.js';
import { type DriveFileFields } from './file-location-fields.js';
import { MARKDOWN_MIME } from './drive-workspace-provider.js';

/** What a Drive file location provider needs. */
export interface DriveFileProviderOptions {
  /** The Drive client, with the location account's token. */
  client: DriveClient;
  /** The local database: the file's properties are read there, and a location whose Drive
   * file the first upload made is given its `driveFileId` there. */
  repository: ItemRepository;
}

/** The Drive file of `id` as Drive has it now; undefined when gone (deleted or trashed). */
export async function currentDriveFile(
  client: DriveClient,
  id: string,
): Promise<DriveFile | undefined> {
  try {
    const file = await client.getFile(id, 'id,name,mimeType,trashed,version,md5Checksum');
    return file.trashed ? undefined : file;
  } catch (error) {
    if (error instanceof DriveApiError && error.status === 404) return undefined;
    throw error;
  }
}

/**
 * The sync of a file with one Drive file (spec providers §2 "Sync dialogs": Folder ID,
 * Existing file ID), for `syncFileLocations`: download reads the Drive file's text (nothing yet
 * when the location has no file, or its file is gone) and keeps its version; upload first reads
 * the version Drive has now and refuses (TOO_LATE) when it changed since the download, so a
 * version written in Drive meanwhile is read and merged, never overwritten. The first upload
 * makes the file, `{name}.md` in the location's folder, and records its id on the location.
 */
export function createDriveFileProvider(options: DriveFileProviderOptions): FileLocationProvider {
  const { client, repository } = options;
  const versions = new Map<string, string | undefined>();
  return {
    async download(location: LocationItem): Promise<ContentItem | null> {
      const fields = location as LocationItem & DriveFileFields;
      const file = fields.driveFileId && (await currentDriveFile(client, fields.driveFileId));
      versions.set(location.id, file ? file.version : undefined);
      if (!file) return null;
      return locationContent(repository, location, await client.download(file.id));
    },
    async upload(location: LocationItem, content: ContentItem): Promise<void> {
      const fields = location as LocationItem & DriveFileFields;
      const file = fields.driveFileId && (await currentDriveFile(client, fields.driveFileId));
      if (file) {
        if (file.version !== versions.get(location.id)) throw new TooLateError();
        const written = await client.update(file.id, { media: content.text });
        versions.set(location.id, written.version);
        return;
      }
      if (versions.get(location.id) !== undefined) throw new TooLateError();
      const name = (await repository.get<FileItem>(location.fileId))?.name ?? 'Untitled';
      const created = await client.create({
        name: `${name}.md`,
        mimeType: MARKDOWN_MIME,
        parents: [fields.driveParentId || 'root'],
        media: content.text,
      });
      versions.set(location.id, created.version);
      await repository.update<LocationItem>(location.id, (current) =>
        current
          ? withHash<LocationItem>({ ...unhashed(current), driveFileId: created.id })
          : current,
      );
    },
    /** The Drive file's revisions (revisions list), newest first; none before it exists. */
    async listRevisions(location: LocationItem): Promise<RemoteRevision[]> {
      const fields = location as LocationItem & DriveFileFields;
      if (!fields.driveFileId) return [];
      return client.remoteRevisions(fields.driveFileId);
    },
    /** One revision's text (revisions get, alt=media). */
    async revisionText(location: LocationItem, revisionId: string): Promise<string> {
      const fields = location as LocationItem & DriveFileFields;
      return client.downloadRevision(fields.driveFileId ?? '', revisionId);
    },
  };
}

function unhashed(location: LocationItem): Omit<LocationItem, 'hash'> {
  const { hash: _hash, tx: _tx, ...rest } = location as LocationItem & { tx?: number };
  return rest;
}
