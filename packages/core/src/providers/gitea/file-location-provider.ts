import { type ItemRepository } from '../../db/repository.js';
import { type ContentItem, type LocationItem } from '../../items/types.js';
import { type FileLocationProvider } from '../../sync/location-sync.js';
import { type RemoteRevision, TooLateError } from '../../sync/workspace-provider.js';
import { commitRevision } from '../git/git-data-port.js';
import { notInCommit } from '../github/file-location-provider.js';
import {
  base64ToText,
  fillMessage,
  locationContent,
  textToBase64,
} from '../github/file-location-content.js';
import { type FileCommitMessages } from '../github/file-location-provider.js';
import { type GiteaFileFields, isGiteaFileLocation } from './file-location-fields.js';
import { splitProjectPath } from './file-location-url.js';
import { encodePath, GiteaApiError, type GiteaClient } from './gitea-client.js';
import { GITEA_STALE_WRITE, GiteaGitData } from './gitea-git-data.js';

/** What a Gitea file location provider needs. */
export interface GiteaFileProviderOptions {
  /** The client of the location's server, with the token of its account. */
  client: GiteaClient;
  /** The local database: the file's own properties, discussions and comments are read there. */
  repository: ItemRepository;
  messages: FileCommitMessages;
}

interface ContentsFile {
  type: string;
  sha: string;
  content?: string | null;
  encoding?: string | null;
}

/** The repository's API path of a `projectPath` (`/repos/{owner}/{repo}`). */
function repoPath(projectPath: string): string {
  const ref = splitProjectPath(projectPath);
  if (!ref) throw new GiteaApiError(0, `Not a Gitea repository: ${projectPath}`);
  return `/repos/${encodeURIComponent(ref.owner)}/${encodeURIComponent(ref.repo)}`;
}

/**
 * Looks a repository up (spec providers §7, "Project id lookup"): GET repos/{owner}/{repo},
 * its id and default branch. A repository the account cannot see is Gitea's 404.
 */
export async function lookUpGiteaRepository(
  client: GiteaClient,
  projectPath: string,
): Promise<{ projectId: number; defaultBranch: string }> {
  const repo = await client.get<{ id: number; default_branch: string }>(repoPath(projectPath));
  return { projectId: repo.id, defaultBranch: repo.default_branch };
}

/**
 * Reads one file of a Gitea repository: GET contents/{path}?ref={branch}. Null when the branch
 * has no such file (404), with its blob sha. A file past Gitea's `[api] DEFAULT_MAX_BLOB_SIZE`
 * (10 MiB) comes without `content`: its blob is read instead.
 */
export async function readGiteaFile(
  client: GiteaClient,
  fields: Pick<GiteaFileFields, 'projectPath' | 'branch' | 'path'>,
): Promise<{ text: string; sha: string } | null> {
  const repo = repoPath(fields.projectPath);
  let file: ContentsFile;
  try {
    file = await client.get<ContentsFile>(`${repo}/contents/${encodePath(fields.path)}`, {
      ref: fields.branch,
    });
  } catch (error) {
    if (error instanceof GiteaApiError && error.status === 404) return null;
    throw error;
  }
  if (Array.isArray(file) || file.type !== 'file') {
    throw new GiteaApiError(409, `${fields.path} is not a file.`);
  }
  const base64 =
    typeof file.content === 'string'
      ? file.content
      : (await client.get<{ content: string }>(`${repo}/git/blobs/${file.sha}`)).content;
  return { text: base64ToText(base64), sha: file.sha };
}

/**
 * Writes one file of a Gitea repository, one commit on the branch: POST contents/{path} for a
 * new file, PUT with the sha it had when read for an existing one. Gitea refuses a stale sha
 * (422 'sha does not match') or a file that appeared meanwhile (422 'repository file already
 * exists'): {@link TooLateError}, the version there is read and merged first. Resolves with the
 * file's new blob sha.
 */
export async function writeGiteaFile(
  client: GiteaClient,
  fields: Pick<GiteaFileFields, 'projectPath' | 'branch' | 'path'>,
  text: string,
  sha: string | undefined,
  message: string,
): Promise<string> {
  const path = `${repoPath(fields.projectPath)}/contents/${encodePath(fields.path)}`;
  const body = { message, content: textToBase64(text), branch: fields.branch };
  try {
    const reply = sha
      ? await client.put<{ content: { sha: string } }>(path, { ...body, sha })
      : await client.post<{ content: { sha: string } }>(path, body);
    return reply.content.sha;
  } catch (error) {
    if (error instanceof GiteaApiError && GITEA_STALE_WRITE.test(error.message)) {
      throw new TooLateError();
    }
    throw error;
  }
}

/**
 * The sync of a file with one file of a Gitea repository (spec providers §2 "Sync dialogs",
 * §7 contents calls), for `syncFileLocations`: download reads the file (404: nothing yet) and
 * keeps its sha; upload writes with that sha, so a version written there meanwhile is never
 * overwritten: the upload is refused as TOO_LATE and the sync reads and merges it first.
 */
export function createGiteaFileProvider(options: GiteaFileProviderOptions): FileLocationProvider {
  const shas = new Map<string, string | undefined>();
  return {
    async download(location: LocationItem): Promise<ContentItem | null> {
      const fields = giteaFields(location);
      const file = await readGiteaFile(options.client, fields);
      shas.set(location.id, file?.sha);
      return file && locationContent(options.repository, location, file.text);
    },
    async upload(location: LocationItem, content: ContentItem): Promise<void> {
      const fields = giteaFields(location);
      const sha = shas.get(location.id);
      const template = sha
        ? options.messages.updateFileMessage
        : options.messages.createFileMessage;
      const next = await writeGiteaFile(
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
      const fields = giteaFields(location);
      const ref = splitProjectPath(fields.projectPath);
      if (!ref) throw new GiteaApiError(0, `Not a Gitea repository: ${fields.projectPath}`);
      const commits = await new GiteaGitData(options.client, {
        ...ref,
        branch: fields.branch,
      }).listCommits(fields.path);
      return commits.map(commitRevision);
    },
    /** GET contents/{path}?ref={commit}: the file as that commit has it. */
    async revisionText(location: LocationItem, revisionId: string): Promise<string> {
      const fields = giteaFields(location);
      const file = await readGiteaFile(options.client, { ...fields, branch: revisionId });
      if (!file) throw notInCommit(fields.path, revisionId);
      return file.text;
    },
  };
}

function giteaFields(location: LocationItem): GiteaFileFields {
  if (!isGiteaFileLocation(location)) {
    throw new Error(`Location ${location.id} is not a Gitea file location.`);
  }
  return location;
}
