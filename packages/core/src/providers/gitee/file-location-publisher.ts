import { type Publisher } from '../../publish/publisher.js';
import { TooLateError } from '../../sync/workspace-provider.js';
import { fillMessage } from '../github/file-location-content.js';
import { isGiteeFileLocation } from './file-location-fields.js';
import { readGiteeFile, writeGiteeFile } from './file-location-provider.js';
import { type GiteeClient } from './gitee-client.js';

/**
 * Publishes to one file of a Gitee repository (spec providers §2 publish dialog): the
 * template's output replaces the file in one commit (POST or PUT contents with the file's
 * current sha), carrying the message the user gave, else the settings' update message; nothing
 * is written when the file already holds it. Read again once when someone changed it between
 * the read and the write.
 */
export function createGiteeFilePublisher(
  client: GiteeClient,
  updateFileMessage: string,
): Publisher {
  return {
    commits: true,
    async publish(location, document, commitMessage) {
      if (!isGiteeFileLocation(location)) {
        throw new Error(`Location ${location.id} is not a Gitee file location.`);
      }
      const message = commitMessage?.trim() || fillMessage(updateFileMessage, location.path);
      for (let attempt = 0; ; attempt += 1) {
        const current = await readGiteeFile(client, location);
        if (current?.text === document.content) return;
        try {
          await writeGiteeFile(client, location, document.content, current?.sha, message);
          return;
        } catch (error) {
          if (!(error instanceof TooLateError) || attempt > 0) throw error;
        }
      }
    },
  };
}
