import {
  COUCHDB_WORKSPACE_PROVIDER_ID,
  FOLDER_WORKSPACE_PROVIDER_ID,
  GOOGLE_DRIVE_SYNC_PROVIDER_ID,
  GOOGLE_DRIVE_WORKSPACE_PROVIDER_ID,
  GITHUB_PROVIDER_IDS,
  MAIN_WORKSPACE_ID,
  MAIN_WORKSPACE_NAME,
  normalizeDbUrl,
  type Workspace,
} from '@inkstone/core';
import { GITHUB_COM } from '../providers/github/github-conf';
import { githubWorkspace, readRepoFolder } from '../providers/github/workspace-params';
import { GITEE_COM } from '../providers/forges/forge-conf';
import {
  forgeOfProvider,
  forgeWorkspace,
  readForgeFolder,
} from '../providers/forges/forge-workspace-params';
import { workspaceId } from './workspace-id';
import { readDriveWorkspaceParams } from '../providers/google-drive/drive-workspace-params';
import { readFolderWorkspaceQuery } from '../providers/folder/folder-workspace';

export { workspaceId } from './workspace-id';

/** The provider id of the main workspace (it lives only in this browser). */
export const MAIN_PROVIDER_ID = 'main';

/** The main workspace: always in the list (spec interface §3). */
export const MAIN_WORKSPACE: Workspace = {
  id: MAIN_WORKSPACE_ID,
  name: MAIN_WORKSPACE_NAME,
  providerId: MAIN_PROVIDER_ID,
};

/** Refusals of spec interface §8 when removing a workspace. */
export const MAIN_NOT_DELETABLE = 'Main workspace cannot be deleted.';
export const CLOSE_BEFORE_DELETING = 'Please close the workspace before deleting it.';
/** The notification once a workspace URL is copied (spec interface §8). */
export const WORKSPACE_URL_COPIED = 'Workspace URL copied to clipboard!';

/** A CouchDB workspace for a database URL (normalised; throws CouchdbSettingsError when it
 * cannot be used), named after the database: the URL's last path segment. */
export function couchdbWorkspace(input: string): Workspace {
  const dbUrl = normalizeDbUrl(input);
  const providerId = COUCHDB_WORKSPACE_PROVIDER_ID;
  const name = decodeURIComponent(dbUrl.slice(dbUrl.lastIndexOf('/') + 1));
  return { id: workspaceId({ providerId, dbUrl }), name, providerId, dbUrl };
}

/** What a tab's query string asks for: the main workspace, another one, or an error (then the
 * main workspace opens and the error is shown). */
export type WorkspaceRequest =
  | { kind: 'main' }
  | { kind: 'workspace'; workspace: Workspace }
  | { kind: 'error'; message: string };

/** Reads the workspace parameters of spec providers §2 from a query string: `dbUrl` for
 * CouchDB; `owner`, `repo`, `branch` and `path` for a GitHub repository (its web page under
 * `githubUrl`) or a Gitee one (under `giteeUrl`); `serverUrl`, `projectPath`, `branch`, `path`
 * and `sub` for a GitLab project or a Gitea repository. */
export function parseWorkspaceQuery(
  search: string,
  githubUrl: string = GITHUB_COM.githubUrl,
  giteeUrl: string = GITEE_COM,
): WorkspaceRequest {
  const query = new URLSearchParams(search);
  const providerId = query.get('providerId');
  if (providerId === null || providerId === MAIN_PROVIDER_ID) return { kind: 'main' };
  // Drive's "Open with" and "New" menus open the main workspace with a state (read apart).
  if (providerId === GOOGLE_DRIVE_SYNC_PROVIDER_ID) return { kind: 'main' };
  if (providerId === FOLDER_WORKSPACE_PROVIDER_ID) {
    const workspace = readFolderWorkspaceQuery(query);
    if (typeof workspace === 'string') return { kind: 'error', message: workspace };
    return { kind: 'workspace', workspace };
  }
  if (providerId === GOOGLE_DRIVE_WORKSPACE_PROVIDER_ID) {
    const workspace = readDriveWorkspaceParams(Object.fromEntries(query));
    if (typeof workspace === 'string') return { kind: 'error', message: workspace };
    return { kind: 'workspace', workspace };
  }
  const forge = forgeOfProvider(providerId);
  if (forge) {
    const folder = readForgeFolder(forge, Object.fromEntries(query));
    if (typeof folder === 'string') return { kind: 'error', message: folder };
    const sub = forge === 'gitee' ? undefined : (query.get('sub') ?? undefined);
    return { kind: 'workspace', workspace: forgeWorkspace(folder, giteeUrl, sub) };
  }
  if (providerId === GITHUB_PROVIDER_IDS.workspace) {
    const folder = readRepoFolder({
      owner: query.get('owner') ?? '',
      repo: query.get('repo') ?? '',
      branch: query.get('branch') ?? '',
      path: query.get('path') ?? '',
    });
    if (typeof folder === 'string') return { kind: 'error', message: folder };
    return { kind: 'workspace', workspace: githubWorkspace(folder, githubUrl) };
  }
  if (providerId !== COUCHDB_WORKSPACE_PROVIDER_ID) {
    return { kind: 'error', message: `Unknown workspace provider: ${providerId}.` };
  }
  try {
    return { kind: 'workspace', workspace: couchdbWorkspace(query.get('dbUrl') ?? '') };
  } catch (error) {
    return { kind: 'error', message: error instanceof Error ? error.message : String(error) };
  }
}

/** The URL that opens a workspace (spec providers §2): `providerId`, and `dbUrl` for CouchDB,
 * `owner`, `repo`, `branch` and `path` for a GitHub or Gitee repository, `serverUrl`,
 * `projectPath`, `branch`, `path` and `sub` for a GitLab project or a Gitea repository,
 * `folderId` and `sub` for a Google Drive folder. */
export function workspaceUrl(workspace: Workspace, base: string): string {
  const url = new URL('/', base);
  if (workspace.id === MAIN_WORKSPACE_ID) return url.href;
  url.searchParams.set('providerId', workspace.providerId);
  const forge = forgeOfProvider(workspace.providerId);
  const keys =
    forge === 'gitlab' || forge === 'gitea'
      ? ['serverUrl', 'projectPath', 'branch', 'path', 'sub']
      : workspace.providerId === GOOGLE_DRIVE_WORKSPACE_PROVIDER_ID
        ? ['folderId', 'sub']
        : workspace.providerId === FOLDER_WORKSPACE_PROVIDER_ID
          ? ['folderKey', 'name']
          : ['dbUrl', 'owner', 'repo', 'branch', 'path'];
  for (const key of keys) {
    const value = workspace[key];
    if (typeof value === 'string') url.searchParams.set(key, value);
  }
  return url.href;
}

/** The list with `workspace` added, or updated in place when already there: its name, and
 * what `workspace` does not say (its auto sync choice, its account), are kept; the main
 * workspace always first. */
export function withWorkspace(list: readonly Workspace[], workspace: Workspace): Workspace[] {
  const found = list.find((known) => known.id === workspace.id);
  if (found)
    return list.map((known) =>
      known === found ? { ...found, ...workspace, name: found.name } : known,
    );
  return [...list, workspace];
}

/** The list with a workspace's auto sync switched on or off (spec core §4 rule 3). */
export function withAutoSync(list: readonly Workspace[], id: string, on: boolean): Workspace[] {
  return list.map((known) => (known.id === id ? { ...known, autoSync: on } : known));
}

/** The list with a workspace renamed; an empty name changes nothing. */
export function renamed(list: readonly Workspace[], id: string, name: string): Workspace[] {
  const trimmed = name.trim();
  return list.map((known) => (known.id === id && trimmed ? { ...known, name: trimmed } : known));
}

/** Why a workspace cannot be removed, or undefined when it can (spec interface §4). */
export function removalRefusal(id: string, currentId: string): string | undefined {
  if (id === MAIN_WORKSPACE_ID) return MAIN_NOT_DELETABLE;
  if (id === currentId) return CLOSE_BEFORE_DELETING;
  return undefined;
}

/** A stored list read back: entries without an id, a name or a provider are dropped, and the
 * main workspace is always there, first. */
export function readList(json: string | null): Workspace[] {
  let parsed: unknown;
  try {
    parsed = json === null ? [] : JSON.parse(json);
  } catch {
    parsed = [];
  }
  const entries = Array.isArray(parsed) ? (parsed as unknown[]) : [];
  const valid = entries.filter(
    (entry): entry is Workspace =>
      typeof entry === 'object' &&
      entry !== null &&
      typeof (entry as Workspace).id === 'string' &&
      typeof (entry as Workspace).name === 'string' &&
      typeof (entry as Workspace).providerId === 'string',
  );
  const main = valid.find((entry) => entry.id === MAIN_WORKSPACE_ID);
  const others = valid.filter((entry) => entry.id !== MAIN_WORKSPACE_ID);
  const mainEntry: Workspace = { ...MAIN_WORKSPACE, name: main?.name ?? MAIN_WORKSPACE.name };
  // (The main workspace syncs with the app-data repository once signed in: its choice is kept.)
  if (typeof main?.autoSync === 'boolean') mainEntry.autoSync = main.autoSync;
  return [mainEntry, ...others];
}
