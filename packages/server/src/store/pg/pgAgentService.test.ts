import { agentServiceSuite } from '../../serving/agentService.test-helper.js';
import { openPgStorage } from './pgStorage.js';
import { usePostgres } from './pgTest.test-helper.js';

const pg = usePostgres();

agentServiceSuite('PostgreSQL store', async () => {
  const storage = await openPgStorage(await pg.database());
  return {
    storage,
    // Every row of the conversation log, as text.
    async everything() {
      const conversations = await storage.sql`select * from conversations`;
      const entries = await storage.sql`select * from conversation_entries`;
      return JSON.stringify([conversations, entries]);
    },
    close: () => storage.close(),
  };
});
