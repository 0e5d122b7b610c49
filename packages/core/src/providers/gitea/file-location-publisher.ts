import { createFileOverwritePublisher } from '../../publish/file-overwrite-publisher.js';
import { type Publisher } from '../../publish/publisher.js';
import { isGiteaFileLocation } from './file-location-fields.js';
import { readGiteaFile, writeGiteaFile } from './file-location-provider.js';
import { type GiteaClient } from './gitea-client.js';

/**
 * Publishes to one file of a Gitea repository (spec providers §2 publish dialog): POST or PUT
 * contents with the file's current sha ({@link createFileOverwritePublisher}).
 */
export function createGiteaFilePublisher(
  client: GiteaClient,
  updateFileMessage: string,
): Publisher {
  return createFileOverwritePublisher({
    forge: 'Gitea',
    updateFileMessage,
    file: (location) =>
      isGiteaFileLocation(location)
        ? {
            path: location.path,
            read: async () => {
              const file = await readGiteaFile(client, location);
              return file && { text: file.text, version: file.sha };
            },
            write: (text, version, message) =>
              writeGiteaFile(client, location, text, version, message),
          }
        : undefined,
  });
}
