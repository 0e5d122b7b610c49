import { type ItemRepository } from '../../db/repository.js';
import { type ContentItem, type LocationItem } from '../../items/types.js';
import { type FileLocationProvider } from '../../sync/location-sync.js';
import { type RemoteRevision, TooLateError } from '../../sync/workspace-provider.js';
import { commitRevision } from '../git/git-data-port.js';
import { GithubGitData } from './github-git-data.js';
import { encodePath, GithubApiError, type GithubClient } from './github-client.js';
import {
  base64ToText,
  fillMessage,
  locationContent,
  textToBase64,
} from './file-location-content.js';
import { type GithubFileFields, isGithubFileLocation } from './file-location-fields.js';

/** Commit messages of the git settings (spec providers §9: createFileMessage, updateFileMessage). */
export interface FileCommitMessages {
  createFileMessage: string;
  updateFileMessage: string;
}

/** What a repository-file location provider needs. */
export interface GithubFileProviderOptions {
  /** The REST client, with the token of the location's account. */
  client: GithubClient;
  /** The local database: the file's own properties, discussions and comments are read there. */
  repository: ItemRepository;
  messages: FileCommitMessages;
}

interface ContentsFile {
  type: string;
  sha: string;
  content?: string;
  encoding?: string;
}

/** The contents API path of a location's file. */
export const contentsPath = (fields: GithubFileFields) =>
  `/repos/${encodeURIComponent(fields.owner)}/${encodeURIComponent(fields.repo)}/contents/${encodePath(fields.path)}`;

/**
 * Reads one file of a GitHub repository: GET contents/{path} on the branch. Null when the
 * branch has no such file (404), with the blob sha the file has when it has one.
 */
export async function readRepositoryFile(
  client: GithubClient,
  fields: GithubFileFields,
): Promise<{ text: string; sha: string } | null> {
  let file: ContentsFile;
  try {
    file = await client.get<ContentsFile>(contentsPath(fields), { ref: fields.branch });
  } catch (error) {
    if (error instanceof GithubApiError && error.status === 404) return null;
    throw error;
  }
  if (Array.isArray(file) || file.type !== 'file') {
    throw new GithubApiError(409, `${fields.path} is not a file.`);
  }
  // Past 1 MB the contents API leaves `content` empty (encoding "none"): read the blob.
  const base64 =
    file.encoding === 'base64' && file.content !== undefined
      ? file.content
      : (
          await client.get<{ content: string }>(
            `/repos/${encodeURIComponent(fields.owner)}/${encodeURIComponent(fields.repo)}/git/blobs/${file.sha}`,
          )
        ).content;
  return { text: base64ToText(base64), sha: file.sha };
}

/**
 * Writes one file of a GitHub repository: PUT contents/{path} with the sha it had when read
 * (none when it had no file), which is one commit on the branch. GitHub refuses a stale sha
 * (409, or 422 when a file appeared since): {@link TooLateError}, the version there has to be
 * read and merged first. Resolves with the file's new blob sha.
 */
export async function writeRepositoryFile(
  client: GithubClient,
  fields: GithubFileFields,
  text: string,
  sha: string | undefined,
  message: string,
): Promise<string> {
  try {
    const reply = await client.put<{ content: { sha: string } }>(contentsPath(fields), {
      message,
      content: textToBase64(text),
      branch: fields.branch,
      ...(sha ? { sha } : {}),
    });
    return reply.content.sha;
  } catch (error) {
    if (error instanceof GithubApiError && (error.status === 409 || error.status === 422)) {
      throw new TooLateError();
    }
    throw error;
  }
}

/**
 * The sync of a file with one file of a GitHub repository (spec providers §2 "Sync dialogs",
 * §7 contents calls), for `syncFileLocations`: download reads the file (404: nothing yet) and
 * keeps its sha; upload writes with that sha, so a version written there meanwhile is never
 * overwritten: the upload is refused as TOO_LATE and the sync reads and merges it first.
 */
export function createGithubFileProvider(options: GithubFileProviderOptions): FileLocationProvider {
  const shas = new Map<string, string | undefined>();
  return {
    async download(location: LocationItem): Promise<ContentItem | null> {
      const fields = githubFields(location);
      const file = await readRepositoryFile(options.client, fields);
      shas.set(location.id, file?.sha);
      return file && locationContent(options.repository, location, file.text);
    },
    async upload(location: LocationItem, content: ContentItem): Promise<void> {
      const fields = githubFields(location);
      const sha = shas.get(location.id);
      const template = sha
        ? options.messages.updateFileMessage
        : options.messages.createFileMessage;
      const next = await writeRepositoryFile(
        options.client,
        fields,
        content.text,
        sha,
        fillMessage(template, fields.path),
      );
      shas.set(location.id, next);
    },
    /** GET commits?sha={branch}&path={path}: the commits that changed the file. */
    async listRevisions(location: LocationItem): Promise<RemoteRevision[]> {
      const fields = githubFields(location);
      const commits = await new GithubGitData(options.client, fields).listCommits(fields.path);
      return commits.map(commitRevision);
    },
    /** GET contents/{path}?ref={commit}: the file as that commit has it. */
    async revisionText(location: LocationItem, revisionId: string): Promise<string> {
      const fields = githubFields(location);
      const file = await readRepositoryFile(options.client, { ...fields, branch: revisionId });
      if (!file) throw notInCommit(fields.path, revisionId);
      return file.text;
    },
  };
}

/** A commit's file that is not there (a revision of another path). */
export const notInCommit = (path: string, commit: string) =>
  new Error(`${path} is not in commit ${commit}.`);

function githubFields(location: LocationItem): GithubFileFields {
  if (!isGithubFileLocation(location)) {
    throw new Error(`Location ${location.id} is not a GitHub file location.`);
  }
  return location;
}
