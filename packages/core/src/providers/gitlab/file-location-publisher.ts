import { createFileOverwritePublisher } from '../../publish/file-overwrite-publisher.js';
import { type Publisher } from '../../publish/publisher.js';
import { isGitlabFileLocation } from './file-location-fields.js';
import { readProjectFile, writeProjectFile } from './file-location-provider.js';
import { type GitlabClient } from './gitlab-client.js';

/**
 * Publishes to one file of a GitLab project (spec providers §2 publish dialog): POST, or PUT
 * with the file's last commit ({@link createFileOverwritePublisher}).
 */
export function createGitlabFilePublisher(
  client: GitlabClient,
  updateFileMessage: string,
): Publisher {
  return createFileOverwritePublisher({
    forge: 'GitLab',
    updateFileMessage,
    file: (location) => {
      if (!isGitlabFileLocation(location)) return undefined;
      const fields = {
        ...location,
        projectId: typeof location.projectId === 'string' ? location.projectId : '',
      };
      return {
        path: fields.path,
        read: async () => {
          const file = await readProjectFile(client, fields);
          return file && { text: file.text, version: file.lastCommitId };
        },
        write: (text, version, message) => writeProjectFile(client, fields, text, version, message),
      };
    },
  });
}
