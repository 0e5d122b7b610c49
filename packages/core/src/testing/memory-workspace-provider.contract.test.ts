// The shared WorkspaceProvider contract against the in-memory remote of the tests and the sync
// simulation, so the simulation's remote behaves as the real ones do.
import { MemoryWorkspaceProvider } from './memory-workspace-provider.js';
import { workspaceProviderContract } from './workspace-provider-contract.js';

workspaceProviderContract('MemoryWorkspaceProvider', ({ pageSize }) =>
  Promise.resolve({
    provider: new MemoryWorkspaceProvider(pageSize).connect(),
    dispose: () => Promise.resolve(),
  }),
);
