import type { Sql } from 'postgres';
import type { AgentKeyRecord, KeyRecords } from '../../keys/keyRecords.js';

interface KeyRow {
  name: string;
  hash: string;
  prefix: string;
  agents: string[];
  origins: string[];
  rate: number;
  created: string;
  last_used: string | null;
}

const recordOf = (row: KeyRow): AgentKeyRecord => ({
  name: row.name,
  hash: row.hash,
  prefix: row.prefix,
  agents: row.agents,
  origins: row.origins,
  rate: row.rate,
  created: row.created,
  lastUsed: row.last_used,
});

const isCode = (error: unknown, code: string): boolean => error instanceof Error && 'code' in error && error.code === code;
const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';

/**
 * Agent keys in the database, read at each request (a key revoked through one server is refused
 * by all at once) and counted there: one atomic upsert per key and minute, shared by every server.
 * `guarded` turns a lost connection into the store's 503 (pgStorage.ts).
 */
export function pgKeyRecords(sql: Sql, guarded: <T>(call: () => Promise<T>) => Promise<T>): KeyRecords {
  return {
    async list() {
      const rows = await guarded(() => sql<KeyRow[]>`select * from agent_keys order by name`);
      return rows.map(recordOf);
    },
    async add(record) {
      try {
        await guarded(
          () => sql`
            insert into agent_keys (name, hash, prefix, agents, origins, rate, created, last_used)
            values (${record.name}, ${record.hash}, ${record.prefix}, ${sql.array(record.agents)}, ${sql.array(record.origins)},
              ${record.rate}, ${record.created}, ${record.lastUsed})`,
        );
        return true;
      } catch (error) {
        if (isCode(error, UNIQUE_VIOLATION)) return false;
        throw error;
      }
    },
    async delete(name) {
      const rows = await guarded(() => sql`delete from agent_keys where name = ${name} returning name`);
      return rows.length > 0;
    },
    async byHash(hash) {
      const rows = await guarded(() => sql<KeyRow[]>`select * from agent_keys where hash = ${hash}`);
      return rows[0] === undefined ? null : recordOf(rows[0]);
    },
    async use(name, minute, now) {
      try {
        const rows = await guarded(
          () => sql<{ count: number }[]>`
            with hit as (
              insert into agent_key_uses (name, minute, count) values (${name}, ${minute}, 1)
              on conflict (name, minute) do update set count = agent_key_uses.count + 1
              returning count
            ), touched as (
              update agent_keys set last_used = ${now} where name = ${name}
            )
            select count from hit`,
        );
        const count = rows[0]?.count ?? null;
        // The first request of a minute clears the key's earlier minutes.
        if (count === 1) await guarded(() => sql`delete from agent_key_uses where name = ${name} and minute < ${minute}`);
        return count;
      } catch (error) {
        // Revoked between its lookup and this count: its row is gone.
        if (isCode(error, FOREIGN_KEY_VIOLATION)) return null;
        throw error;
      }
    },
    async anyAllowsOrigin(origin) {
      const rows = await guarded(() => sql`select 1 from agent_keys where ${origin} = any(origins) limit 1`);
      return rows.length > 0;
    },
  };
}
