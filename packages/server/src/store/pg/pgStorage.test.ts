import { storageContract } from '../storageContract.test-helper.js';
import { openPgStorage } from './pgStorage.js';
import { usePostgres } from './pgTest.test-helper.js';

const pg = usePostgres();

// Each test gets a database of its own in the file's cluster, created empty and dropped after.
storageContract('PostgreSQL store', async () => {
  const storage = await openPgStorage(await pg.database());
  return { storage, close: () => storage.close() };
});
