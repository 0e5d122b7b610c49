import {
  type FileLocationProvider,
  type ItemRepository,
  loadSyncState,
  type LocationItem,
  type RemoteRevision,
  type WorkspaceProvider,
} from '@inkstone/core';
import { fileLocations } from '../providers/file-location-list';
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

/** Said when a location's provider cannot list revisions (not expected of the kinds listed). */
export const NO_LOCATION_REVISIONS = 'This location keeps no revisions.';

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
  providerOf: () => Promise<FileLocationProvider | undefined>,
): RevisionSource | undefined {
  const label = LOCATION_SOURCE_NAMES[location.providerId];
  if (!label) return undefined;
  const place = locationPlace(location);
  // (The provider is asked for at each call: one that could not be made, an account not linked
  // here, is made again by Retry.)
  const provider = async () => {
    const made = await providerOf();
    if (!made?.listRevisions || !made.revisionText) throw new Error(NO_LOCATION_REVISIONS);
    return made as Required<FileLocationProvider>;
  };
  return {
    name: place ? `${label} (${place})` : label,
    list: async () => (await (await provider()).listRevisions(location)).map(summary),
    load: async (_fileId, revisionId) => (await provider()).revisionText(location, revisionId),
  };
}

/** What the app needs to know a file's revision sources beyond this browser. */
export interface ProviderSourcesDeps {
  /** The workspace's items (the file's sync locations). */
  repository: ItemRepository;
  /** The connection the sync writes through (its sync state). */
  syncRepository: ItemRepository;
  /** The provider of the workspace's remote, when it has one. */
  workspaceProvider: WorkspaceProvider | undefined;
  /** The sync providers of the kinds of location, by provider id. */
  locationProviders(): Promise<Readonly<Record<string, FileLocationProvider>>>;
}

/** The revision sources of a file beyond this browser: its workspace's remote, then each of
 * its own sync locations that keeps revisions, in the order they were added. */
export async function providerRevisionSources(
  fileId: string,
  deps: ProviderSourcesDeps,
): Promise<RevisionSource[]> {
  const sources: RevisionSource[] = [];
  const workspace =
    deps.workspaceProvider && workspaceRevisionSource(deps.workspaceProvider, deps.syncRepository);
  if (workspace) sources.push(workspace);
  for (const location of await fileLocations(deps.repository, fileId, 'syncLocation')) {
    if (location.id === 'main') continue;
    const source = locationRevisionSource(
      location,
      async () => (await deps.locationProviders())[location.providerId],
    );
    if (source) sources.push(source);
  }
  return sources;
}
