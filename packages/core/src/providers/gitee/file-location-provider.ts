import { type ItemRepository } from '../../db/repository.js';
import { type ContentItem, type LocationItem } from '../../items/types.js';
import { type FileLocationProvider } from '../../sync/location-sync.js';
import { type RemoteRevision, TooLateError } from '../../sync/workspace-provider.js';
import { commitRevision } from '../git/git-data-port.js';
import { notInCommit } from '../github/file-location-provider.js';
import { GiteeGitData } from './gitee-git-data.js';
import {
  base64ToText,
  fillMessage,
  locationContent,
  textToBase64,
} from '../github/file-location-content.js';
import { type FileCommitMessages } from '../github/file-location-provider.js';
import { type GiteeFileFields, isGiteeFileLocation } from './file-location-fields.js';
import { encodePath, GiteeApiError, type GiteeClient, repoPath } from './gitee-client.js';

/** What a Gitee repository-file location provider needs. */
export interface GiteeFileProviderOptions {
  /** The v5 client, with the token of the location's account. */
  client: GiteeClient;
  /** The local database: the file's own properties, discussions and comments are read there. */
  repository: ItemRepository;
  messages: FileCommitMessages;
}

interface ContentsFile {
  type: string;
  sha: string;
  content?: string | null;
}

/** The contents API path of a location's file. */
const contentsPath = (fields: GiteeFileFields) =>
  `${repoPath(fields.owner, fields.repo)}/contents/${encodePath(fields.path)}`;

/**
 * Reads one file of a Gitee repository: GET contents/{path}?ref={branch}. Null when the branch
 * has no such file (Gitee answers an empty list, or 404), with the file's blob sha.
 */
export async function readGiteeFile(
  client: GiteeClient,
  fields: GiteeFileFields,
): Promise<{ text: string; sha: string } | null> {
  let file: ContentsFile | ContentsFile[];
  try {
    file = await client.get<ContentsFile | ContentsFile[]>(contentsPath(fields), {
      ref: fields.branch,
    });
  } catch (error) {
    if (error instanceof GiteeApiError && error.status === 404) return null;
    throw error;
  }
  if (Array.isArray(file)) {
    if (file.length === 0) return null;
    throw new GiteeApiError(409, `${fields.path} is not a file.`);
  }
  if (file.type !== 'file') throw new GiteeApiError(409, `${fields.path} is not a file.`);
  // A file Gitee gives without its content is read as a blob.
  const base64 =
    typeof file.content === 'string'
      ? file.content
      : (
          await client.get<{ content: string }>(
            `${repoPath(fields.owner, fields.repo)}/git/blobs/${file.sha}`,
          )
        ).content;
  return { text: base64ToText(base64), sha: file.sha };
}

/**
 * Writes one file of a Gitee repository, one commit on the branch: POST contents/{path} for a
 * file it did not have, PUT with the sha it had when read. Gitee refusing it (a file created,
 * changed or removed meanwhile) is {@link TooLateError}: the version there is read and merged
 * first. Resolves with the file's new blob sha.
 */
export async function writeGiteeFile(
  client: GiteeClient,
  fields: GiteeFileFields,
  text: string,
  sha: string | undefined,
  message: string,
): Promise<string> {
  const body = { content: textToBase64(text), message, branch: fields.branch };
  try {
    const reply = sha
      ? await client.put<{ content: { sha: string } }>(contentsPath(fields), { ...body, sha })
      : await client.post<{ content: { sha: string } }>(contentsPath(fields), body);
    return reply.content.sha;
  } catch (error) {
    if (isStaleWrite(error)) throw new TooLateError();
    throw error;
  }
}

// A stale sha, a file that exists (400: Gitee names the sha or the existing file), a file gone
// (404 naming the file), the branch moved meanwhile (409).
function isStaleWrite(error: unknown): boolean {
  if (!(error instanceof GiteeApiError)) return false;
  if (error.status === 409) return true;
  if (error.status === 404) return /file/i.test(error.message);
  return error.status === 400 && /sha|already exists|已存在/i.test(error.message);
}

/**
 * The sync of a file with one file of a Gitee repository (spec providers §2 "Sync dialogs",
 * "Host B" contents calls), for `syncFileLocations`: download reads the file and keeps its sha;
 * upload writes with that sha, so a version written there meanwhile is never overwritten: the
 * upload is refused as TOO_LATE and the sync reads and merges it first.
 */
export function createGiteeFileProvider(options: GiteeFileProviderOptions): FileLocationProvider {
  const shas = new Map<string, string | undefined>();
  return {
    async download(location: LocationItem): Promise<ContentItem | null> {
      const fields = giteeFields(location);
      const file = await readGiteeFile(options.client, fields);
      shas.set(location.id, file?.sha);
      return file && locationContent(options.repository, location, file.text);
    },
    async upload(location: LocationItem, content: ContentItem): Promise<void> {
      const fields = giteeFields(location);
      const sha = shas.get(location.id);
      const template = sha
        ? options.messages.updateFileMessage
        : options.messages.createFileMessage;
      const next = await writeGiteeFile(
        options.client,
        fields,
        content.text,
        sha,
        fillMessage(template, fields.path),
      );
      shas.set(location.id, next);
    },
    /** GET commits?sha={branch}&path={path}: the commits of the file. */
    async listRevisions(location: LocationItem): Promise<RemoteRevision[]> {
      const fields = giteeFields(location);
      const commits = await new GiteeGitData(options.client, {
        owner: fields.owner,
        repo: fields.repo,
        branch: fields.branch,
      }).listCommits(fields.path);
      return commits.map(commitRevision);
    },
    /** GET contents/{path}?ref={commit}: the file as that commit has it. */
    async revisionText(location: LocationItem, revisionId: string): Promise<string> {
      const fields = giteeFields(location);
      const file = await readGiteeFile(options.client, { ...fields, branch: revisionId });
      if (!file) throw notInCommit(fields.path, revisionId);
      return file.text;
    },
  };
}

function giteeFields(location: LocationItem): GiteeFileFields {
  if (!isGiteeFileLocation(location)) {
    throw new Error(`Location ${location.id} is not a Gitee file location.`);
  }
  return location;
}
