import { chatApiSuite } from '../../serving/chatApi.test-helper.js';
import { startTestServer } from '../../testServer.test-helper.js';
import { usePostgres } from './pgTest.test-helper.js';

const pg = usePostgres();

chatApiSuite('PostgreSQL store', async (options) => startTestServer({ ...options, database: await pg.database() }));
