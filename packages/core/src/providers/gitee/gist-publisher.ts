import { type Publisher } from '../../publish/publisher.js';
import { isGiteeGistLocation } from './file-location-fields.js';
import { createGiteeGist, writeGiteeGistFile } from './gist-api.js';
import { type GiteeClient } from './gitee-client.js';

/**
 * Publishes to a file of a Gitee gist: the first publish of a location without a gist id
 * creates the gist (public or secret as chosen, the file's title as its description) and keeps
 * its id and page on the location; later ones PATCH the file.
 */
export function createGiteeGistPublisher(client: GiteeClient): Publisher {
  return {
    async publish(location, document) {
      if (!isGiteeGistLocation(location)) {
        throw new Error(`Location ${location.id} is not a Gitee gist location.`);
      }
      if (location.gistId) {
        const gist = await writeGiteeGistFile(
          client,
          location.gistId,
          location.filename,
          document.content,
        );
        return { url: gist.html_url };
      }
      const gist = await createGiteeGist(client, {
        filename: location.filename,
        content: document.content,
        isPublic: location.isPublic,
        description: document.title,
      });
      return { gistId: gist.id, url: gist.html_url };
    },
  };
}
