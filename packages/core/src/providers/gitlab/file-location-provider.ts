import { type ItemRepository } from '../../db/repository.js';
import { type ContentItem, type LocationItem } from '../../items/types.js';
import { type FileLocationProvider } from '../../sync/location-sync.js';
import { type RemoteRevision, TooLateError } from '../../sync/workspace-provider.js';
import { commitRevision } from '../git/git-data-port.js';
import { notInCommit } from '../github/file-location-provider.js';
import { GitlabGitData } from './gitlab-git-data.js';
import {
  base64ToText,
  fillMessage,
  locationContent,
  textToBase64,
} from '../github/file-location-content.js';
import { type FileCommitMessages } from '../github/file-location-provider.js';
import { type GitlabFileFields, isGitlabFileLocation } from './file-location-fields.js';
import { encodeFilePath, GitlabApiError, type GitlabClient, projectRef } from './gitlab-client.js';

/** What a GitLab file location provider needs. */
export interface GitlabFileProviderOptions {
  /** The REST client of the location's account (its instance and token). */
  client: GitlabClient;
  /** The local database: the file's own properties, discussions and comments are read there. */
  repository: ItemRepository;
  messages: FileCommitMessages;
}

/** A file as `GET /projects/:id/repository/files/:file_path` answers it. */
interface FileBody {
  content: string;
  encoding: string;
  blob_id: string;
  last_commit_id: string;
}

/** GitLab's 400s for a write that meets another writer's change (its Files service's words). */
const CONFLICT =
  /has changed since you started editing it|a file with this name already exists|a file with this name doesn'?t exist/i;

/** The repository files API path of a location's file (the project by id, else by its path). */
export const filesPath = (fields: Pick<GitlabFileFields, 'projectPath' | 'projectId' | 'path'>) =>
  `/projects/${projectRef(fields.projectId || fields.projectPath)}/repository/files/${encodeFilePath(fields.path)}`;

/** The numeric id of a project, from its full path (`GET /projects/:path`), to keep in the
 * location (spec providers §3 projectId). */
export async function gitlabProjectId(client: GitlabClient, projectPath: string): Promise<string> {
  const body = await client.get<{ id: number }>(`/projects/${projectRef(projectPath)}`);
  return String(body.id);
}

/**
 * Reads one file of a GitLab project on the location's branch: its text and the last commit
 * that changed it (GitLab's `last_commit_id`). Null when the branch has no such file (404).
 */
export async function readProjectFile(
  client: GitlabClient,
  fields: GitlabFileFields,
): Promise<{ text: string; lastCommitId: string } | null> {
  let file: FileBody;
  try {
    file = await client.get<FileBody>(filesPath(fields), { ref: fields.branch });
  } catch (error) {
    if (error instanceof GitlabApiError && error.status === 404) return null;
    throw error;
  }
  return { text: base64ToText(file.content), lastCommitId: file.last_commit_id };
}

/**
 * Writes one file of a GitLab project, one commit on the branch: POST when it had no file,
 * PUT with the `last_commit_id` read otherwise, so that GitLab refuses (400) a file someone
 * changed, created or removed meanwhile: {@link TooLateError}, the version there has to be read
 * and merged first.
 */
export async function writeProjectFile(
  client: GitlabClient,
  fields: GitlabFileFields,
  text: string,
  lastCommitId: string | undefined,
  message: string,
): Promise<void> {
  const body = {
    branch: fields.branch,
    commit_message: message,
    content: textToBase64(text),
    encoding: 'base64',
    ...(lastCommitId ? { last_commit_id: lastCommitId } : {}),
  };
  try {
    if (lastCommitId) await client.put(filesPath(fields), body);
    else await client.post(filesPath(fields), body);
  } catch (error) {
    if (error instanceof GitlabApiError && error.status === 400 && CONFLICT.test(error.message)) {
      throw new TooLateError();
    }
    throw error;
  }
}

/**
 * The sync of a file with one file of a GitLab project (spec providers §2 "Sync dialogs", §7
 * repository files calls), for `syncFileLocations`: download reads the file (404: nothing yet)
 * and keeps its last commit; upload writes with it, so a version written there meanwhile is
 * never overwritten: the upload is refused as TOO_LATE and the sync reads and merges it first.
 */
export function createGitlabFileProvider(options: GitlabFileProviderOptions): FileLocationProvider {
  const lastCommits = new Map<string, string | undefined>();
  return {
    async download(location: LocationItem): Promise<ContentItem | null> {
      const fields = gitlabFields(location);
      const file = await readProjectFile(options.client, fields);
      lastCommits.set(location.id, file?.lastCommitId);
      return file && locationContent(options.repository, location, file.text);
    },
    async upload(location: LocationItem, content: ContentItem): Promise<void> {
      const fields = gitlabFields(location);
      let last = lastCommits.get(location.id);
      if (!lastCommits.has(location.id)) {
        // Never read in this session: what is there decides between create and update.
        last = (await readProjectFile(options.client, fields))?.lastCommitId;
      }
      const template = last
        ? options.messages.updateFileMessage
        : options.messages.createFileMessage;
      await writeProjectFile(
        options.client,
        fields,
        content.text,
        last,
        fillMessage(template, fields.path),
      );
      // The new last commit is read with the file at the next download.
      lastCommits.delete(location.id);
    },
    /** GET repository/commits?ref_name={branch}&path={path}: the commits of the file. */
    async listRevisions(location: LocationItem): Promise<RemoteRevision[]> {
      const fields = gitlabFields(location);
      const commits = await new GitlabGitData(options.client, {
        projectPath: fields.projectPath,
        ...(fields.projectId ? { projectId: fields.projectId } : {}),
        branch: fields.branch,
      }).listCommits(fields.path);
      return commits.map(commitRevision);
    },
    /** GET repository/files/{path}?ref={commit}: the file as that commit has it. */
    async revisionText(location: LocationItem, revisionId: string): Promise<string> {
      const fields = gitlabFields(location);
      const file = await readProjectFile(options.client, { ...fields, branch: revisionId });
      if (!file) throw notInCommit(fields.path, revisionId);
      return file.text;
    },
  };
}

function gitlabFields(location: LocationItem): GitlabFileFields {
  if (!isGitlabFileLocation(location)) {
    throw new Error(`Location ${location.id} is not a GitLab file location.`);
  }
  return {
    ...location,
    projectId: typeof location.projectId === 'string' ? location.projectId : '',
  };
}
