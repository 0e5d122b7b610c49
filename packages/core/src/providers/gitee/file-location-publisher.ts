import { createFileOverwritePublisher } from '../../publish/file-overwrite-publisher.js';
import { type Publisher } from '../../publish/publisher.js';
import { isGiteeFileLocation } from './file-location-fields.js';
import { readGiteeFile, writeGiteeFile } from './file-location-provider.js';
import { type GiteeClient } from './gitee-client.js';

/**
 * Publishes to one file of a Gitee repository (spec providers §2 publish dialog): POST or PUT
 * contents with the file's current sha ({@link createFileOverwritePublisher}).
 */
export function createGiteeFilePublisher(
  client: GiteeClient,
  updateFileMessage: string,
): Publisher {
  return createFileOverwritePublisher({
    forge: 'Gitee',
    updateFileMessage,
    file: (location) =>
      isGiteeFileLocation(location)
        ? {
            path: location.path,
            read: async () => {
              const file = await readGiteeFile(client, location);
              return file && { text: file.text, version: file.sha };
            },
            write: (text, version, message) =>
              writeGiteeFile(client, location, text, version, message),
          }
        : undefined,
  });
}
