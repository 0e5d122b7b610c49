// The app's Drive workspaces over cloud-sim (Google's stand-in, in-process): a workspace folder
// made for "Add a Google Drive workspace", synced through the remote with the account's fresh
// tokens; a folder of another workspace or out of reach refused in the spec's words; an account
// without full Drive access asked for it first; and the main workspace of a Google sign-in in
// the application data folder, its sync state owned by `google:{sub}`.
import {
  type CloudSim,
  DRIVE,
  DRIVE_APPDATA,
  DRIVE_FILE,
  type GoogleUser,
} from '@inkstone/cloud-sim';
import {
  type FileItem,
  folderNotAccessible,
  folderOfAnotherWorkspace,
  type FreshGoogleToken,
  GOOGLE_DRIVE_APP_DATA_PROVIDER_ID,
  GOOGLE_DRIVE_WORKSPACE_PROVIDER_ID,
  type GoogleToken,
  withHash,
  type Workspace,
} from '@inkstone/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GoogleSim, issueGoogleToken, startGoogleSim } from '../../testing/google-sim';
import { realHttpClient } from '../../testing/real-http';
import { mainLoginKey } from '../../store/accounts-slice';
import { SyncSkipped } from '../../services/sync-skipped';
import { GoogleSignInDeclined } from '../google/google-accounts';
import { driveWorkspace } from './drive-workspace-params';
import {
  createDriveWorkspaceFolder,
  driveAccountMissing,
  driveAppDataRemote,
  driveFullAccessDeclined,
  type DriveRemoteOptions,
  driveWorkspaceRemote,
} from './drive-workspace-remote';

const CLIENT_ID = 'inkstone-web-drive-workspace-tests';
let sim: GoogleSim;
let google: CloudSim;
let alice: GoogleUser;
const forced: string[] = [];

const http = () => realHttpClient();

// An account's token as the Google accounts port keeps it, issued by cloud-sim with `scopes`.
const tokenOf = (user: GoogleUser, scopes: string[]): GoogleToken =>
  issueGoogleToken(sim, user, scopes);

// The port's fresh tokens: the one kept, or (forced, after a 401) a new one of the same scopes.
function freshOver(tokens: Map<string, GoogleToken>): FreshGoogleToken {
  return async (sub, scopes, options) => {
    const token = tokens.get(sub);
    if (!token) throw new Error('This Google account is not linked any more.');
    if (!scopes.every((scope) => token.scopes.includes(scope))) {
      throw new Error('Could not get required authorization.');
    }
    if (!options?.force) return token;
    forced.push(sub);
    const renewed = tokenOf(google.accounts.byId(sub)!, token.scopes.slice(2));
    tokens.set(sub, renewed);
    return renewed;
  };
}

const options = (tokens: Map<string, GoogleToken>): DriveRemoteOptions => ({
  googleUrl: google.url,
  http: http(),
  fresh: freshOver(tokens),
});

const file = (id: string, name: string) =>
  withHash<FileItem>({ id, type: 'file', name, parentId: null });

// The names of the files the account sees in `space`.
const namesIn = (user: GoogleUser, space: 'drive' | 'appDataFolder') =>
  google.drive
    .visible({ userId: user.id, clientId: CLIENT_ID, scopes: [DRIVE, DRIVE_APPDATA] }, [space])
    .map((entry) => entry.name);

beforeAll(async () => {
  sim = await startGoogleSim(CLIENT_ID);
  ({ google, alice } = sim);
});
afterAll(async () => {
  await google.close();
});

describe('Drive workspaces in the app (cloud-sim)', { timeout: 30_000 }, () => {
  it('makes a workspace folder, then syncs the workspace in it with the account of the dialog', async () => {
    const tokens = new Map([[alice.id, tokenOf(alice, [DRIVE])]]);
    const folderId = await createDriveWorkspaceFolder(options(tokens), alice.id);
    expect(namesIn(alice, 'drive')).toEqual(
      expect.arrayContaining(['Inkstone workspace', '.inkstone-data', '.inkstone-trash']),
    );
    const renamed: string[] = [];
    const workspace = driveWorkspace({ folderId, sub: alice.id });
    const remote = driveWorkspaceRemote({
      ...options(tokens),
      current: workspace,
      accounts: [...tokens.values()],
      askFullAccess: () => Promise.reject(new Error('not asked')),
      onFolderName: (name) => renamed.push(name),
    });
    if (typeof remote !== 'object') throw new Error(`no remote: ${remote}`);
    expect(remote.provider.id).toBe(GOOGLE_DRIVE_WORKSPACE_PROVIDER_ID);
    // Drive saves item by item: the sync engine is offered no batch save.
    expect(remote.provider.saveItems).toBeUndefined();
    expect(remote.target).toBe(`https://drive.google.com/drive/folders/${folderId}`);
    const first = await remote.provider.getChanges(undefined);
    expect(first.changes).toEqual([]);
    expect(renamed).toEqual(['Inkstone workspace']);
    await remote.provider.saveItem(file('f1', 'Spring'), undefined);
    expect(namesIn(alice, 'drive')).toContain('Spring.md');

    // An expired token mid-sync: refreshed (forced once) and the request made again.
    google.accounts.expire(tokens.get(alice.id)!.accessToken);
    await remote.provider.saveItem(file('f2', 'Summer'), undefined);
    expect(forced).toContain(alice.id);
    expect(namesIn(alice, 'drive')).toContain('Summer.md');

    // Another browser's remote over the same folder reads both files.
    const other = driveWorkspaceRemote({
      ...options(new Map(tokens)),
      current: workspace,
      accounts: [...tokens.values()],
      askFullAccess: () => Promise.reject(new Error('not asked')),
    });
    if (typeof other !== 'object') throw new Error('no remote');
    const read = await other.provider.getChanges(undefined);
    const names = read.changes.map(
      (change) => (change.item as { name?: string } | undefined)?.name,
    );
    expect(names).toEqual(expect.arrayContaining(['Spring', 'Summer']));
  });

  it('refuses a folder out of reach, or part of another workspace, in the spec’s words', async () => {
    const tokens = new Map([[alice.id, tokenOf(alice, [DRIVE])]]);
    const remoteOf = (folderId: string) => {
      const remote = driveWorkspaceRemote({
        ...options(tokens),
        current: driveWorkspace({ folderId, sub: alice.id }),
        accounts: [...tokens.values()],
        askFullAccess: () => Promise.reject(new Error('not asked')),
      });
      if (typeof remote !== 'object') throw new Error('no remote');
      return remote;
    };
    await expect(remoteOf('missing-folder').provider.getChanges(undefined)).rejects.toThrow(
      folderNotAccessible('missing-folder'),
    );
    const workspaceFolder = await createDriveWorkspaceFolder(options(tokens), alice.id);
    const dataFolder = google.drive
      .visible({ userId: alice.id, clientId: CLIENT_ID, scopes: [DRIVE] }, ['drive'])
      .find(
        (entry) => entry.name === '.inkstone-data' && entry.parents?.includes(workspaceFolder),
      )!;
    await expect(remoteOf(dataFolder.id).provider.getChanges(undefined)).rejects.toThrow(
      folderOfAnotherWorkspace(dataFolder.id),
    );
  });

  it('asks for full Drive access first when the account gave only restricted access', async () => {
    const tokens = new Map([[alice.id, tokenOf(alice, [DRIVE_FILE])]]);
    const asked: string[] = [];
    const remote = driveWorkspaceRemote({
      ...options(tokens),
      current: driveWorkspace({ folderId: 'some-folder', sub: alice.id }),
      accounts: [...tokens.values()],
      askFullAccess: async (sub) => {
        asked.push(sub);
        throw new Error('declined');
      },
    });
    if (typeof remote !== 'object') throw new Error('no remote');
    await expect(remote.provider.getChanges(undefined)).rejects.toThrow('declined');
    expect(asked).toEqual([alice.id]);
  });

  it('once full Drive access is declined, asks again only at a sync the user asks for', async () => {
    const tokens = new Map([[alice.id, tokenOf(alice, [DRIVE_FILE])]]);
    const workspace = driveWorkspace({ folderId: 'some-folder', sub: alice.id });
    let asked = 0;
    let userAsked = false;
    const remote = driveWorkspaceRemote({
      ...options(tokens),
      current: workspace,
      accounts: [...tokens.values()],
      askFullAccess: async () => {
        asked += 1;
        throw new GoogleSignInDeclined();
      },
      syncAsked: () => userAsked,
    });
    if (typeof remote !== 'object') throw new Error('no remote');
    // The first (automatic) sync asks; declined, it fails in words that say what to do.
    const first = remote.provider.getChanges(undefined);
    await expect(first).rejects.toThrow(driveFullAccessDeclined(workspace.name));
    await expect(first).rejects.not.toBeInstanceOf(SyncSkipped);
    expect(asked).toBe(1);
    // Automatic syncs after it are skipped without asking, and without a new notice.
    for (let i = 0; i < 3; i += 1) {
      await expect(remote.provider.getChanges(undefined)).rejects.toBeInstanceOf(SyncSkipped);
    }
    expect(asked).toBe(1);
    // The sync button asks again.
    userAsked = true;
    await expect(remote.provider.getChanges(undefined)).rejects.toThrow(
      driveFullAccessDeclined(workspace.name),
    );
    expect(asked).toBe(2);
  });

  it('says which workspace cannot sync when no Google account of this browser has it', () => {
    const workspace: Workspace = { ...driveWorkspace({ folderId: 'x', sub: 'someone' }) };
    expect(
      driveWorkspaceRemote({
        ...options(new Map()),
        current: workspace,
        accounts: [],
        askFullAccess: () => Promise.reject(new Error('not asked')),
      }),
    ).toBe(driveAccountMissing(workspace.name));
    expect(
      driveWorkspaceRemote({
        ...options(new Map()),
        current: { id: 'main', name: 'Main', providerId: 'browser' },
        accounts: [],
        askFullAccess: () => Promise.reject(new Error('not asked')),
      }),
    ).toBeUndefined();
  });

  it('syncs the main workspace of a Google sign-in in the application data folder', async () => {
    const bob = google.accounts.addUser({ email: 'bob@example.com', name: 'Bob' });
    const tokens = new Map([[bob.id, tokenOf(bob, [DRIVE_APPDATA])]]);
    const remote = driveAppDataRemote({ ...options(tokens), sub: bob.id });
    expect(remote.provider.id).toBe(GOOGLE_DRIVE_APP_DATA_PROVIDER_ID);
    await remote.provider.getChanges(undefined);
    await remote.provider.saveItem(file('n1', 'Notes'), undefined);
    expect(namesIn(bob, 'appDataFolder')).toContain('Notes.md');
    expect(namesIn(bob, 'drive')).not.toContain('Notes.md');
  });

  it('keys the main workspace’s sync state by the Google login, after GitHub’s and Gitee’s', () => {
    const googleLogin = {
      sub: 'g1',
      name: 'G',
      isLogin: true,
    } as unknown as Parameters<typeof mainLoginKey>[0]['google'][number];
    const empty = { github: [], forges: { gitlab: [], gitea: [], gitee: [] }, google: [] };
    const state = { ...empty, google: [googleLogin] } as unknown as Parameters<
      typeof mainLoginKey
    >[0];
    expect(mainLoginKey(state)).toBe('google:g1');
    expect(mainLoginKey({ ...state, google: [{ ...googleLogin, isLogin: false }] })).toBe(
      undefined,
    );
  });
});
