// @vitest-environment jsdom
import { type Workspace } from '@inkstone/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AppServices } from '../../components/app-context';
import { ModalStack } from '../../services/modals';
import { type AppStore } from '../../store';
import { defaultLocalSettings } from '../../services/local-settings';
import { type DriveHandlers } from './drive-handlers';
import { addDriveSync, addDriveWorkspace } from './drive-menu-actions';

// `/conf` cannot be read here: the server has no Google API key.
vi.mock('./drive-conf', () => ({ loadGoogleApiKey: () => Promise.resolve('') }));

const FOLDER = '1AbCdEfGhIjKlMnOpQrStUvWxYz012345';
const NEW_FOLDER = '1NewFolderNewFolderNewFolderNewFo';

const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// The app's parts these actions use: the modal stack, the workspace list, the local settings.
function fakeApp() {
  const modals = new ModalStack();
  const added: Workspace[] = [];
  const saved: Record<string, unknown>[] = [];
  const services = {
    modals,
    workspaces: { add: (workspace: Workspace) => added.push(workspace) },
    workspace: {
      saveLocalSettings: (changes: Record<string, unknown>) => {
        saved.push(changes);
        return Promise.resolve();
      },
      openFile: vi.fn(() => Promise.resolve()),
    },
  } as unknown as Pick<AppServices, 'modals' | 'workspace' | 'workspaces'>;
  const store = {
    getState: () => ({ localSettings: defaultLocalSettings }),
  } as unknown as AppStore;
  const handlers: DriveHandlers = {
    addSyncLocation: vi.fn(() => Promise.resolve('Synchronized.')),
    openFile: vi.fn(() => Promise.resolve('file-1')),
    addPublishLocation: vi.fn(() => Promise.resolve('Published.')),
    createWorkspaceFolder: vi.fn(() => Promise.resolve(NEW_FOLDER)),
  };
  return { modals, services, store, handlers, added, saved };
}

afterEach(() => vi.restoreAllMocks());

describe('the Drive menu entries', () => {
  it('Add a Google Drive workspace with no Folder ID makes a new folder and opens its workspace in a new tab', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({
      href: 'https://inkstone.example/',
      assign,
    } as unknown as Location);
    const app = fakeApp();
    const adding = addDriveWorkspace(app.services, app.store, app.handlers);
    await settle();
    expect(app.modals.top?.type).toBe('googleDriveWorkspace');
    app.modals.resolve(app.modals.top!.id, { sub: 'me' });
    await adding;
    expect(app.handlers.createWorkspaceFolder).toHaveBeenCalledWith('me');
    expect(app.added).toMatchObject([
      { providerId: 'googleDriveWorkspace', folderId: NEW_FOLDER, sub: 'me' },
    ]);
    const url = new URL(String(open.mock.calls[0]![0]));
    expect(Object.fromEntries(url.searchParams)).toEqual({
      providerId: 'googleDriveWorkspace',
      folderId: NEW_FOLDER,
      sub: 'me',
    });
  });

  it('with a Folder ID uses that folder, makes none, and remembers it', async () => {
    vi.spyOn(window, 'open').mockReturnValue({} as Window);
    const app = fakeApp();
    const adding = addDriveWorkspace(app.services, app.store, app.handlers);
    await settle();
    app.modals.resolve(app.modals.top!.id, { sub: 'me', folderId: FOLDER });
    await adding;
    expect(app.handlers.createWorkspaceFolder).not.toHaveBeenCalled();
    expect(app.added[0]).toMatchObject({ folderId: FOLDER });
    expect(app.saved).toEqual([{ googleDriveWorkspaceFolderId: FOLDER }]);
  });

  it('Add a Google Drive location hands the request to the Drive sync; cancelled, nothing happens', async () => {
    const app = fakeApp();
    const cancelled = addDriveSync(app.services, app.store, app.handlers, 'file-1');
    await settle();
    app.modals.reject(app.modals.top!.id);
    expect(await cancelled).toBeUndefined();
    expect(app.handlers.addSyncLocation).not.toHaveBeenCalled();

    const adding = addDriveSync(app.services, app.store, app.handlers, 'file-1');
    await settle();
    const request = { purpose: 'sync', sub: 'me', fields: { driveParentId: FOLDER } } as const;
    app.modals.resolve(app.modals.top!.id, request);
    expect(await adding).toBe('Synchronized.');
    expect(app.handlers.addSyncLocation).toHaveBeenCalledWith('file-1', request);
  });
});
