import { openPgStorage } from '../store/pg/pgStorage.js';
import { usePostgres } from '../store/pg/pgTest.test-helper.js';
import { keysContract } from './keysContract.test-helper.js';

const pg = usePostgres();

// Two stores on one database, as two servers have: every count and revocation is the database's.
keysContract('PostgreSQL store', async () => {
  const url = await pg.database();
  const one = await openPgStorage(url);
  const two = await openPgStorage(url);
  return {
    records: one.keys,
    other: two.keys,
    async atRest() {
      const tables = await one.sql<{ row: string }[]>`
        select row_to_json(k)::text as row from agent_keys k union all select row_to_json(u)::text from agent_key_uses u`;
      return tables.map((t) => t.row).join('\n');
    },
    async close() {
      await one.close();
      await two.close();
    },
  };
});
