import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTGRES_MISSING, postgresBin, startTestCluster, type TestCluster } from '../../testing/pgCluster.js';

describe('the tests’ throwaway PostgreSQL cluster', () => {
  let cluster: TestCluster;
  beforeAll(async () => {
    cluster = await startTestCluster();
  }, 60_000);
  afterAll(async () => {
    await cluster.stop();
  });

  it('answers on 127.0.0.1 at a free port and keeps what is written', async () => {
    expect(cluster.url).toMatch(/^postgres:\/\/flow@127\.0\.0\.1:\d+\/postgres$/);
    const sql = postgres(cluster.url, { max: 1, onnotice: () => {} });
    try {
      await sql`create table notes (id serial primary key, text text not null)`;
      await sql`insert into notes (text) values (${'kept'})`;
      const rows = await sql<{ text: string }[]>`select text from notes`;
      expect(rows.map((row) => row.text)).toEqual(['kept']);
    } finally {
      await sql.end();
    }
  });

  it('fails with how to install PostgreSQL when its programs are missing, never skips', async () => {
    expect(postgresBin({ PG_BIN: '/nonexistent' })).toBeNull();
    await expect(startTestCluster({ PG_BIN: '/nonexistent' })).rejects.toThrow(POSTGRES_MISSING);
  });

  it('is gone once stopped: the port refuses connections', async () => {
    const other = await startTestCluster();
    await other.stop();
    const sql = postgres(other.url, { max: 1, connect_timeout: 2, onnotice: () => {} });
    await expect(sql`select 1`).rejects.toThrow();
    await sql.end({ timeout: 0 });
  }, 60_000);
});
