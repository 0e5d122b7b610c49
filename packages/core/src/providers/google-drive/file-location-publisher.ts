import { type Publisher } from '../../publish/publisher.js';
import { type DriveClient } from './drive-client.js';
import { type DrivePublishFields } from './drive-params.js';
import { currentDriveFile } from './file-location-provider.js';
import { MARKDOWN_MIME } from './drive-workspace-provider.js';

/**
 * Publishes to a Drive file (spec providers §2 publish dialog: optional Folder ID, optional
 * Existing file ID which is overwritten, Export Markdown or Export HTML): the template's
 * output replaces the file's content; without a file (or when it is gone), a new one named
 * after the document (`.md` or `.html`) is made in the folder, or the drive's root, and its id
 * kept on the location.
 */
export function createDriveFilePublisher(client: DriveClient): Publisher {
  return {
    async publish(location, document) {
      const fields = location as typeof location & DrivePublishFields;
      const html = fields.format === 'html';
      const mimeType = html ? 'text/html' : MARKDOWN_MIME;
      const file = fields.driveFileId && (await currentDriveFile(client, fields.driveFileId));
      if (file) {
        await client.update(file.id, { media: document.content, mimeType });
        return;
      }
      const created = await client.create({
        name: `${document.title}.${html ? 'html' : 'md'}`,
        mimeType,
        parents: [fields.driveParentId || 'root'],
        media: document.content,
      });
      return { driveFileId: created.id };
    },
  };
}
