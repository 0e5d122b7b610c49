import { describeRepository } from '../testing/repository-contract.js';
import { MemoryDatabase } from './memory-repository.js';

describeRepository('in-memory', async () => {
  const db = new MemoryDatabase('inkstone-db');
  return {
    first: db.connect(),
    second: db.connect(),
    upgradeSchema: async () => db.upgrade(),
    dispose: async () => {},
  };
});
