import { conversationContract } from '../../conversations/conversationContract.test-helper.js';
import { openPgStorage } from './pgStorage.js';
import { usePostgres } from './pgTest.test-helper.js';

const pg = usePostgres();

// Each test gets a database of its own in the file's cluster, migrated at open and dropped after.
conversationContract('PostgreSQL store', async () => {
  const storage = await openPgStorage(await pg.database());
  return { records: storage.conversations, close: () => storage.close() };
});
