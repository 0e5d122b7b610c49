// The shared WorkspaceProvider contract against a CouchDB-protocol server (express-pouchdb in
// this process), with an admin defined and the database readable by one user.
import { afterAll, beforeAll } from 'vitest';
import { couchdbProvider } from '../../testing/couchdb-provider.js';
import { type CouchdbTestServer, startCouchdbServer } from '../../testing/couchdb-server.js';
import { workspaceProviderContract } from '../../testing/workspace-provider-contract.js';

let server: CouchdbTestServer;
let databases = 0;

beforeAll(async () => {
  server = await startCouchdbServer();
  await server.createUser('alice', 'alice-pw');
});
afterAll(async () => {
  await server.stop();
});

workspaceProviderContract('CouchdbWorkspaceProvider', async ({ pageSize }) => {
  databases += 1;
  const dbUrl = await server.createDatabase(`contract-${databases}`, ['alice']);
  const credentials = () => Promise.resolve({ name: 'alice', password: 'alice-pw' });
  return {
    provider: couchdbProvider(`${dbUrl}/`, { credentials, pageSize }),
    dispose: async () => {
      await server.asAdmin('DELETE', `/contract-${databases}`);
    },
  };
});
