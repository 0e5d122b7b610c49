// The Drive handlers are registered in parts (the workspaces apart from the file locations):
// each menu entry shows once its own handler is there, and the file entries once all are.
import { afterEach, describe, expect, it } from 'vitest';
import { driveHandler, driveHandlers, registerDriveHandlers } from './drive-handlers';

afterEach(() => registerDriveHandlers(undefined));

describe('registerDriveHandlers', () => {
  it('merges handlers registered apart, and forgets them all on undefined', async () => {
    const createWorkspaceFolder = async (sub: string) => `folder-of-${sub}`;
    registerDriveHandlers({ createWorkspaceFolder });
    expect(driveHandler('createWorkspaceFolder')).toBe(createWorkspaceFolder);
    expect(driveHandler('openFile')).toBeUndefined();
    expect(driveHandlers()).toBeUndefined();

    registerDriveHandlers({
      addSyncLocation: async () => 'synced',
      openFile: async () => 'file',
      addPublishLocation: async () => 'published',
    });
    expect(await driveHandlers()?.createWorkspaceFolder('alice')).toBe('folder-of-alice');
    expect(await driveHandlers()?.openFile({ purpose: 'open', sub: 'alice', fileId: 'x' })).toBe(
      'file',
    );

    registerDriveHandlers(undefined);
    expect(driveHandlers()).toBeUndefined();
    expect(driveHandler('createWorkspaceFolder')).toBeUndefined();
  });
});
