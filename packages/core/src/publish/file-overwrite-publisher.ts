import { fillMessage } from '../providers/github/file-location-content.js';
import { TooLateError } from '../sync/workspace-provider.js';
import { type PublishLocation, type Publisher } from './publisher.js';

/** One file of a forge as a publisher overwrites it: read its text and the version a write
 * replaces (a blob sha, GitLab's last commit), and write a new text over that version. */
export interface OverwrittenFile {
  /** The file's path, named in the default commit message. */
  path: string;
  /** The file's text and version now; null when it does not exist yet. */
  read(): Promise<{ text: string; version: string } | null>;
  /** Writes `text` over `version` (undefined: a new file); TooLateError when the forge has
   * another version now. */
  write(text: string, version: string | undefined, message: string): Promise<unknown>;
}

/**
 * Publishes to one file of a repository (spec providers §2 publish dialogs): the template's
 * output replaces the file in one commit carrying the message the user gave, else the
 * settings' update message; nothing is written when the file already holds it. A publish
 * location is the template's output, not the user's text: it is overwritten, read again once
 * when someone changed it between the read and the write.
 */
export function createFileOverwritePublisher(options: {
  /** The forge's name, in the error for a location of another kind. */
  forge: string;
  /** The file a location names; undefined for a location of another kind. */
  file(location: PublishLocation): OverwrittenFile | undefined;
  updateFileMessage: string;
}): Publisher {
  return {
    commits: true,
    async publish(location, document, commitMessage) {
      const file = options.file(location);
      if (!file) {
        throw new Error(`Location ${location.id} is not a ${options.forge} file location.`);
      }
      const message = commitMessage?.trim() || fillMessage(options.updateFileMessage, file.path);
      for (let attempt = 0; ; attempt += 1) {
        const current = await file.read();
        if (current?.text === document.content) return;
        try {
          await file.write(document.content, current?.version, message);
          return;
        } catch (error) {
          if (!(error instanceof TooLateError) || attempt > 0) throw error;
        }
      }
    },
  };
}
