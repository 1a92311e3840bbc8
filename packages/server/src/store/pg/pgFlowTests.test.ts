import postgres from 'postgres';
import { describe, expect, it } from 'vitest';
import { flowTestsSuite, testsBody } from '../../routes/flowTests.test-helper.js';
import { sampleFlow, startTestServer } from '../../testServer.test-helper.js';
import { usePostgres } from './pgTest.test-helper.js';

const pg = usePostgres();

flowTestsSuite('PostgreSQL store', async (options) => startTestServer({ ...options, database: await pg.database() }));

describe('tests in the PostgreSQL store', () => {
  it('are a row of flow_tests whose version is the ETag, and go when their flow row goes', async () => {
    const url = await pg.database();
    const server = await startTestServer({ database: url, seedDir: null });
    pg.cleanup(() => server.close());
    const sql = postgres(url, { max: 1, onnotice: () => undefined });
    pg.cleanup(async () => {
      await sql.end();
    });
    await server.call('PUT', '/api/flows/shop/production', {
      json: sampleFlow('shop', 'production', 1),
      headers: { 'If-None-Match': '*' },
    });
    const created = await server.call('PUT', '/api/flows/shop/production/tests', { json: testsBody(), headers: { 'If-None-Match': '*' } });
    expect(created.headers.get('etag')).toBe('"t1"');
    const rows = await sql<{ version: string; cassette: string | null }[]>`select version::text as version, cassette from flow_tests`;
    expect(rows).toEqual([{ version: '1', cassette: `${JSON.stringify(testsBody().cassette, null, 2)}\n` }]);
    await sql`delete from flows where plan_id = 'shop' and version_name = 'production'`;
    expect(await sql`select 1 from flow_tests`).toHaveLength(0);
    expect((await server.call('GET', '/api/flows/shop/production/tests')).status).toBe(404);
  });
});
