import { afterAll, beforeAll } from 'vitest';
import { storageContract } from '../storageContract.test-helper.js';
import { createTestDatabase, startTestCluster, type TestCluster } from '../../testing/pgCluster.js';
import { openPgStorage } from './pgStorage.js';

let cluster: TestCluster;
beforeAll(async () => {
  cluster = await startTestCluster();
}, 60_000);
afterAll(async () => {
  await cluster.stop();
});

// Each test gets a database of its own in the one cluster, created empty and dropped after.
storageContract('PostgreSQL store', async () => {
  const database = await createTestDatabase(cluster);
  const storage = await openPgStorage(database.url);
  return {
    storage,
    async close() {
      await storage.close();
      await database.drop();
    },
  };
});
