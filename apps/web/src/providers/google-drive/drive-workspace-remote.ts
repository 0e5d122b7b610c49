import {
  APP_DATA_FOLDER,
  DriveClient,
  DriveWorkspaceProvider,
  type FreshGoogleToken,
  GOOGLE_DRIVE_WORKSPACE_PROVIDER_ID,
  GOOGLE_SCOPE,
  googleEndpoints,
  type GoogleToken,
  holdsScopes,
  type HttpClient,
  openDriveWorkspace,
  type Workspace,
  type WorkspaceProvider,
} from '@inkstone/core';
import { isCancelled } from '../../services/modals';
import { SyncSkipped } from '../../services/sync-skipped';
import { type ForgeRemote } from '../forges/forge-workspace-remote';
import { GoogleSignInDeclined } from '../google/google-accounts';
import { LazyWorkspaceProvider } from '../forges/lazy-workspace-provider';
import { DRIVE_WORKSPACE_NAME } from './drive-workspace-params';

/** Said when a Drive workspace opens in a browser where no Google account can sync it. */
export const driveAccountMissing = (name: string) =>
  `“${name}” syncs with a Google account that is not linked in this browser: add the account in Accounts to sync it.`;

/** Said when the user declined to give full Drive access, which a Drive workspace needs. */
export const driveFullAccessDeclined = (name: string) =>
  `“${name}” was not synchronized: a Google Drive workspace needs full access to your Drive, which was not given. Synchronize to be asked again.`;

/** What a Drive remote needs: Google's origin (cloud-sim's in tests, '' for Google's own), the
 * HTTP client (its 30 s time limit on every request) and the accounts' fresh-token port. */
export interface DriveRemoteOptions {
  googleUrl: string;
  http: HttpClient;
  fresh: FreshGoogleToken;
}

/** What {@link driveWorkspaceRemote} needs beyond {@link DriveRemoteOptions}. */
export interface DriveWorkspaceRemoteOptions extends DriveRemoteOptions {
  current: Workspace;
  /** The Google accounts linked in this browser. */
  accounts: readonly GoogleToken[];
  /** The workspaceGoogleRedirection confirmation, then the popup with full Drive access
   * (`askWorkspaceGoogleRedirection`): asked when the account has not given it. */
  askFullAccess(sub: string): Promise<GoogleToken>;
  /** Whether the running sync is one the user asked for: once full access was declined, only
   * such a sync asks again (automatic ones are skipped without a word). */
  syncAsked?(): boolean;
  /** Told the folder's name once read (the workspace's name in the list). */
  onFolderName?(name: string): void;
}

/** The account a Drive workspace syncs with: its own (`sub`) when linked, else the first one
 * with full Drive access, else the first one (which is then asked for it). */
export function driveAccountFor(
  workspace: Workspace,
  accounts: readonly GoogleToken[],
): GoogleToken | undefined {
  if (typeof workspace.sub === 'string' && workspace.sub !== '') {
    return accounts.find((account) => account.sub === workspace.sub);
  }
  return accounts.find((account) => holdsScopes(account, [GOOGLE_SCOPE.drive])) ?? accounts[0];
}

const driveClient = (options: DriveRemoteOptions, sub: string, scope: string) =>
  new DriveClient({
    http: options.http,
    endpoints: googleEndpoints(options.googleUrl),
    token: options.fresh,
    sub,
    scopes: [scope],
  });

/**
 * The remote of a Google Drive workspace (provider googleDriveWorkspace, spec providers §4): its
 * folder, with `.inkstone-data` and `.inkstone-trash` found or made at the first sync, through
 * the account's fresh tokens with full Drive access (asked through workspaceGoogleRedirection
 * when the account lacks it). A folder that is not reachable, or part of another workspace, fails
 * the sync in the spec's words. Undefined for any other workspace; the error to show when no
 * account of this browser can sync it.
 */
export function driveWorkspaceRemote(
  options: DriveWorkspaceRemoteOptions,
): ForgeRemote | string | undefined {
  const { current } = options;
  if (current.providerId !== GOOGLE_DRIVE_WORKSPACE_PROVIDER_ID) return undefined;
  const folderId = typeof current.folderId === 'string' ? current.folderId : '';
  const account = driveAccountFor(current, options.accounts);
  if (!account || folderId === '') return driveAccountMissing(current.name);
  const client = driveClient(options, account.sub, GOOGLE_SCOPE.drive);
  // Full access declined in this tab: automatic syncs do not ask again (the confirmation would
  // come back every minute and a half); a sync the user asks for does.
  let declined = false;
  const askFullAccess = async () => {
    if (declined && !(options.syncAsked?.() ?? false)) {
      throw new SyncSkipped(driveFullAccessDeclined(current.name));
    }
    try {
      await options.askFullAccess(account.sub);
      declined = false;
    } catch (error) {
      if (!(error instanceof GoogleSignInDeclined || isCancelled(error))) throw error;
      declined = true;
      throw new Error(driveFullAccessDeclined(current.name));
    }
  };
  const lazy = new LazyWorkspaceProvider(
    GOOGLE_DRIVE_WORKSPACE_PROVIDER_ID,
    undefined,
    async () => {
      if (!holdsScopes(account, [GOOGLE_SCOPE.drive])) await askFullAccess();
      const folders = await openDriveWorkspace(client, folderId, current.name);
      if (options.onFolderName && current.name === DRIVE_WORKSPACE_NAME) {
        const folder = await client.getFile(folders.folderId, 'id,name');
        if (folder.name) options.onFolderName(folder.name);
      }
      return new DriveWorkspaceProvider({ client, ...folders });
    },
  );
  return {
    provider: oneByOne(lazy),
    target: typeof current.locationUrl === 'string' ? current.locationUrl : '',
  };
}

// The lazy provider with only what Drive's provider has: no batch save (Drive saves item by item,
// and the engine batches through any provider offering `saveItems`) and no buffered sync.
function oneByOne(lazy: LazyWorkspaceProvider): WorkspaceProvider {
  return {
    id: lazy.id,
    contentLimit: lazy.contentLimit,
    getChanges: (cursor) => lazy.getChanges(cursor),
    saveItem: lazy.saveItem,
    removeItem: lazy.removeItem,
    downloadContent: lazy.downloadContent,
    uploadContent: lazy.uploadContent,
    listRevisions: lazy.listRevisions,
    revisionText: lazy.revisionText,
  };
}

/** What {@link driveAppDataRemote} needs beyond {@link DriveRemoteOptions}. */
export interface DriveAppDataRemoteOptions extends DriveRemoteOptions {
  /** The Google login account (Sign in with Google), from `googleLoginForMainWorkspace`. */
  sub: string;
}

/**
 * The main workspace's remote once signed in with Google (spec providers §3: the main workspace
 * uses the app-data provider, ADR 0007): Drive's hidden application data folder of the login
 * account, under provider id googleDriveAppData, through its fresh tokens (drive.appdata, the
 * scope of the sign-in).
 */
export function driveAppDataRemote(options: DriveAppDataRemoteOptions): ForgeRemote {
  const client = driveClient(options, options.sub, GOOGLE_SCOPE.driveAppData);
  return {
    provider: new DriveWorkspaceProvider({ client, folderId: APP_DATA_FOLDER }),
    target: 'Google Drive (application data)',
  };
}

/** A new workspace folder in the drive root of account `sub`, made ready as a workspace (its
 * data and trash folders): "Add a Google Drive workspace" with no Folder ID. Gives its id. */
export async function createDriveWorkspaceFolder(
  options: DriveRemoteOptions,
  sub: string,
  name = 'Inkstone workspace',
): Promise<string> {
  const client = driveClient(options, sub, GOOGLE_SCOPE.drive);
  return (await openDriveWorkspace(client, '', name)).folderId;
}
