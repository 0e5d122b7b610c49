import { type Publisher } from '../../publish/publisher.js';
import { TooLateError } from '../../sync/workspace-provider.js';
import { fillMessage } from '../github/file-location-content.js';
import { isGitlabFileLocation } from './file-location-fields.js';
import { readProjectFile, writeProjectFile } from './file-location-provider.js';
import { type GitlabClient } from './gitlab-client.js';

/**
 * Publishes to one file of a GitLab project (spec providers §2 publish dialog): the template's
 * output replaces the file, in one commit (POST, or PUT with the file's last commit) carrying
 * the message the user gave, else the settings' update message. A publish location is the
 * template's output, not the user's text: it is overwritten, read again once when someone
 * changed it between the read and the write.
 */
export function createGitlabFilePublisher(
  client: GitlabClient,
  updateFileMessage: string,
): Publisher {
  return {
    commits: true,
    async publish(location, document, commitMessage) {
      if (!isGitlabFileLocation(location)) {
        throw new Error(`Location ${location.id} is not a GitLab file location.`);
      }
      const fields = {
        ...location,
        projectId: typeof location.projectId === 'string' ? location.projectId : '',
      };
      const message = commitMessage?.trim() || fillMessage(updateFileMessage, fields.path);
      for (let attempt = 0; ; attempt += 1) {
        const current = await readProjectFile(client, fields);
        if (current?.text === document.content) return;
        try {
          await writeProjectFile(client, fields, document.content, current?.lastCommitId, message);
          return;
        } catch (error) {
          if (!(error instanceof TooLateError) || attempt > 0) throw error;
        }
      }
    },
  };
}
