import { createFileOverwritePublisher } from '../../publish/file-overwrite-publisher.js';
import { type Publisher } from '../../publish/publisher.js';
import { isGithubFileLocation } from './file-location-fields.js';
import { readRepositoryFile, writeRepositoryFile } from './file-location-provider.js';
import { type GithubClient } from './github-client.js';

/**
 * Publishes to one file of a GitHub repository (spec providers §2 publish dialog): PUT contents
 * with the file's current sha ({@link createFileOverwritePublisher}).
 */
export function createGithubFilePublisher(
  client: GithubClient,
  updateFileMessage: string,
): Publisher {
  return createFileOverwritePublisher({
    forge: 'GitHub',
    updateFileMessage,
    file: (location) =>
      isGithubFileLocation(location)
        ? {
            path: location.path,
            read: async () => {
              const file = await readRepositoryFile(client, location);
              return file && { text: file.text, version: file.sha };
            },
            write: (text, version, message) =>
              writeRepositoryFile(client, location, text, version, message),
          }
        : undefined,
  });
}
