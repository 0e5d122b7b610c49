import { type Publisher } from '../../publish/publisher.js';
import { isGistLocation } from './file-location-fields.js';
import { createGist, writeGistFile } from './gist-api.js';
import { type GithubClient } from './github-client.js';

/**
 * Publishes to a file of a gist (spec providers §2 gist publish dialog): the first publish of
 * a location without a gist id creates the gist (public or secret as chosen, the file's title
 * as its description) and keeps its id and page on the location; later ones PATCH the file.
 */
export function createGistPublisher(client: GithubClient): Publisher {
  return {
    async publish(location, document) {
      if (!isGistLocation(location)) {
        throw new Error(`Location ${location.id} is not a gist location.`);
      }
      if (location.gistId) {
        const gist = await writeGistFile(
          client,
          location.gistId,
          location.filename,
          document.content,
        );
        return { url: gist.html_url };
      }
      const gist = await createGist(client, {
        filename: location.filename,
        content: document.content,
        isPublic: location.isPublic,
        description: document.title,
      });
      return { gistId: gist.id, url: gist.html_url };
    },
  };
}
