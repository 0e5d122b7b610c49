import { type Publisher } from '../../publish/publisher.js';
import { TooLateError } from '../../sync/workspace-provider.js';
import { fillMessage } from '../github/file-location-content.js';
import { isGiteaFileLocation } from './file-location-fields.js';
import { readGiteaFile, writeGiteaFile } from './file-location-provider.js';
import { type GiteaClient } from './gitea-client.js';

/**
 * Publishes to one file of a Gitea repository (spec providers §2 publish dialog): the
 * template's output replaces the file in one commit (POST or PUT contents with the file's
 * current sha), carrying the message the user gave, else the settings' update message. A
 * publish location is the template's output, not the user's text: it is overwritten, read again
 * once when someone changed it between the read and the write.
 */
export function createGiteaFilePublisher(
  client: GiteaClient,
  updateFileMessage: string,
): Publisher {
  return {
    commits: true,
    async publish(location, document, commitMessage) {
      if (!isGiteaFileLocation(location)) {
        throw new Error(`Location ${location.id} is not a Gitea file location.`);
      }
      const message = commitMessage?.trim() || fillMessage(updateFileMessage, location.path);
      for (let attempt = 0; ; attempt += 1) {
        const current = await readGiteaFile(client, location);
        if (current?.text === document.content) return;
        try {
          await writeGiteaFile(client, location, document.content, current?.sha, message);
          return;
        } catch (error) {
          if (!(error instanceof TooLateError) || attempt > 0) throw error;
        }
      }
    },
  };
}
