// The shared WorkspaceProvider contract against Drive v3 as cloud-sim serves it: a workspace
// in a new folder of the drive, and the main workspace in the application data folder.
import { afterAll, beforeAll } from 'vitest';
import { type DriveTestCloud, startDriveTestCloud } from '../../testing/drive-provider.js';
import { describeProviderContract } from '../../testing/workspace-provider-contract.js';
import { APP_DATA_FOLDER } from './constants.js';

let cloud: DriveTestCloud;
let accounts = 0;
beforeAll(async () => {
  cloud = await startDriveTestCloud();
});
afterAll(async () => {
  await cloud.close();
});

describeProviderContract('DriveWorkspaceProvider (a Drive folder)', async ({ pageSize }) => ({
  provider: await cloud.provider({ pageSize }),
  dispose: () => Promise.resolve(),
}));

describeProviderContract('DriveWorkspaceProvider (the app data folder)', async ({ pageSize }) => {
  // Each test its own account: the app data folder is one per account and client.
  accounts += 1;
  cloud.useAccount(cloud.google.accounts.addUser({ email: `app-${accounts}@example.com` }));
  return {
    provider: await cloud.provider({ pageSize, folderId: APP_DATA_FOLDER }),
    dispose: () => Promise.resolve(),
  };
});
