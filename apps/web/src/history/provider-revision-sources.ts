import {
  type FileLocationProvider,
  type ItemRepository,
  loadSyncState,
  type LocationItem,
  type RemoteRevision,
  type WorkspaceProvider,
} from '@inkstone/core';
import { type RevisionSource, type RevisionSummary } from './revision-source';

/** What the History panel calls the revisions of a workspace, by its provider id. */
export const WORKSPACE_SOURCE_NAMES: Readonly<Record<string, string>> = {
  couchdbWorkspace: 'CouchDB',
  githubWorkspace: 'GitHub',
  githubAppData: 'GitHub',
  gitlabWorkspace: 'GitLab',
  giteaWorkspace: 'Gitea',
  giteeWorkspace: 'Gitee',
  giteeAppData: 'Gitee',
  googleDriveWorkspace: 'Google Drive',
  googleDriveAppData: 'Google Drive',
};

/** The kinds of sync location whose service keeps revisions the panel lists, by provider id
 * (GitHub, GitLab, Gitea and Gitee files: the commits of the path; Drive and Dropbox files:
 * their revisions). */
export const LOCATION_SOURCE_NAMES: Readonly<Record<string, string>> = {
  github: 'GitHub',
  gitlab: 'GitLab',
  gitea: 'Gitea',
  gitee: 'Gitee',
  googleDrive: 'Google Drive',
  dropbox: 'Dropbox',
};

/** Said when a revision is asked of a file that was never synced with the workspace. */
export const NOT_SYNCED_YET = 'This file has not been synchronized with the workspace yet.';

const summary = ({ id, created, sub, message }: RemoteRevision): RevisionSummary => ({
  id,
  created,
  ...(sub === undefined ? {} : { sub }),
  ...(message === undefined ? {} : { message: message.trim() }),
});

/**
 * The revisions the workspace's remote keeps of a file (providers §4 and §7: CouchDB's
 * available revisions, a git host's commits of the file's path, a Drive file's revisions), read
 * with the sync data of the file's content as the last sync left it. A file never synced with
 * the workspace has none. Undefined when the provider cannot list and read revisions.
 */
export function workspaceRevisionSource(
  provider: WorkspaceProvider,
  syncRepo: ItemRepository,
): RevisionSource | undefined {
  const { listRevisions, revisionText } = provider;
  if (!listRevisions || !revisionText) return undefined;
  const syncDataOf = async (fileId: string) =>
    (await loadSyncState(syncRepo)).records[`${fileId}/content`]?.syncData;
  return {
    name: WORKSPACE_SOURCE_NAMES[provider.id] ?? provider.id,
    list: async (fileId) => {
      const syncData = await syncDataOf(fileId);
      if (!syncData) return [];
      return (await listRevisions.call(provider, fileId, syncData)).map(summary);
    },
    load: async (fileId, revisionId) => {
      const syncData = await syncDataOf(fileId);
      if (!syncData) throw new Error(NOT_SYNCED_YET);
      return revisionText.call(provider, fileId, syncData, revisionId);
    },
  };
}

/** Where a location's file is, in a few words (its path, or Drive's file id). */
function locationPlace(location: LocationItem): string {
  for (const key of ['path', 'driveFileId'] as const) {
    const value = location[key];
    if (typeof value === 'string' && value !== '') return value;
  }
  return '';
}

/** The revisions the service of one of the file's sync locations keeps of it (a git host's
 * commits of the path, a Drive or Dropbox file's revisions). Undefined for a kind of location
 * that keeps none (a gist) or a provider that cannot read them. */
export function locationRevisionSource(
  location: LocationItem,
  provider: FileLocationProvider,
): RevisionSource | undefined {
  const label = LOCATION_SOURCE_NAMES[location.providerId];
  const { listRevisions, revisionText } = provider;
  if (!label || !listRevisions || !revisionText) return undefined;
  const place = locationPlace(location);
  return {
    name: place ? `${label} (${place})` : label,
    list: async () => (await listRevisions.call(provider, location)).map(summary),
    load: (_fileId, revisionId) => revisionText.call(provider, location, revisionId),
  };
}
