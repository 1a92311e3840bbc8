// The PostgreSQL store: the same Storage as the folder of files, for teams running several servers
// on one database. A flow is one row whose `version` is its ETag; every change is a conditional
// UPDATE … WHERE version = <the version the change was computed from>, so of two servers changing
// one flow at once exactly one wins and the other computes its change again from what won (where
// an If-Match then refuses with 412). A publish is one transaction: the flow and its record.
import { emptyFlow, serializeFlow, type Workflow, errorMessage } from '@flow/core';
import postgres, { type Sql, type TransactionSql } from 'postgres';
import { HttpError } from '../../http/HttpError.js';
import { isId, requireId } from '../../ids.js';
import { isStoredWorkflow } from '../../workflowInput.js';
import { createByteLru } from '../byteLru.js';
import { serialized } from '../fileQueue.js';
import {
  DEFAULT_CACHE_BYTES,
  cachedSize,
  changeResult,
  existingValid,
  sameText,
  storedOf,
  validFlow,
  type FlowChange,
  type PlanSummary,
  type StoredFlow,
  type ValidFlow,
  type WrittenFlow,
} from '../flowStore.js';
import { byPlanAndVersion, newestFirst, publishedAtOfId, publishEntry, type PublishEntry } from '../publishStore.js';
import type { StoreFaults } from '../journal.js';
import type { Storage } from '../storage.js';
import { isSession, newestWorkflowFirst, storedText, type Session } from '../workflowStore.js';
import { migrate } from './migrations.js';
import { pgKeyRecords } from './pgKeys.js';
import { pgConversationRecords } from './pgConversations.js';
import { isUniqueViolation } from './pgCodes.js';
import { longText, type TextValue } from './longText.js';
import { pgTestRecords } from './pgTests.js';

/** The ETag of a flow row's version. */
export const etagOfVersion = (version: string): string => `"v${version}"`;

/** The row version an ETag of `etagOfVersion` names. */
const versionOfEtag = (etag: string): string => etag.slice(2, -1);

/** A database address with any password hidden, for messages and logs. */
export function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'the database address (not a valid URL)';
  }
}

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
]);

/** True for a lost or refused connection (including a server shutting down), as opposed to a refused query. */
export function isConnectionError(error: unknown): boolean {
  if (!(error instanceof Error) || !('code' in error) || typeof error.code !== 'string') return false;
  // Class 08: connection exceptions; 57P01-57P03: the server is shutting down or starting.
  return CONNECTION_CODES.has(error.code) || error.code.startsWith('08') || /^57P0[123]$/.test(error.code);
}

/** Seconds a client should wait before trying again while the database is unreachable. */
export const RETRY_AFTER_SECONDS = 2;

/** The 503 of a request made while the database is unreachable; the server recovers by itself. */
export function databaseUnavailable(): HttpError {
  return new HttpError(503, 'DATABASE_UNAVAILABLE', `The database is unreachable: try again in ${RETRY_AFTER_SECONDS} seconds`, {
    headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) },
  });
}

/** Refusal to start: the database cannot be reached or migrated. */
export class DatabaseStartError extends Error {
  override name = 'DatabaseStartError';
}

/** Another server changed the row between our read and our write: compute the change again. */
class Conflict extends Error {}

export interface PgStorageOptions {
  /** The budget of the cache of parsed flows, in characters of flow text. Default 64 MiB. */
  cacheBytes?: number;
  /** Connections in the pool. Default 10. */
  max?: number;
  /** Seconds to wait for a connection. Default 5. */
  connectTimeout?: number;
  /** Test seam: called inside a change's transaction after each of its steps (the path is `plan/version`). */
  faults?: StoreFaults;
}

export interface PgStorage extends Storage {
  /** The client, for tools (import, export) that work on the same tables. */
  sql: Sql;
  close(): Promise<void>;
}

interface FlowRow {
  version: string;
  text: string | null;
}

/**
 * Opens the store at `url`: connects, applies the migrations the database lacks, and resolves
 * once it can serve; DatabaseStartError (with the address, never its password) when it cannot.
 */
export async function openPgStorage(url: string, options: PgStorageOptions = {}): Promise<PgStorage> {
  let sql: Sql;
  let locks: Sql;
  try {
    sql = postgres(url, {
      max: options.max ?? 10,
      connect_timeout: options.connectTimeout ?? 5,
      onnotice: () => undefined,
    });
    // One session of its own for the turn locks of served conversations (connected at the first turn), never
    // recycled (postgres.js ends a connection after 30 to 60 minutes by default, which would drop the locks it holds).
    locks = postgres(url, { max: 1, max_lifetime: null, connect_timeout: options.connectTimeout ?? 5, onnotice: () => undefined });
  } catch (error) {
    throw new DatabaseStartError(`Cannot use ${redactedUrl(url)}: ${errorMessage(error)}`);
  }
  try {
    await migrate(sql);
  } catch (error) {
    await Promise.all([sql.end({ timeout: 0 }), locks.end({ timeout: 0 })]);
    const reason = errorMessage(error);
    throw new DatabaseStartError(`Cannot connect to the database at ${redactedUrl(url)}: ${reason}`);
  }
  return createPgStorage(sql, locks, options);
}

/** Runs a database call, turning a lost connection into the 503 that tells the client to retry. */
async function guarded<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isConnectionError(error)) throw databaseUnavailable();
    throw error;
  }
}

function createPgStorage(sql: Sql, locks: Sql, options: PgStorageOptions): PgStorage {
  const cache = createByteLru<{ version: string; stored: StoredFlow }>(options.cacheBytes ?? DEFAULT_CACHE_BYTES);
  const keyOf = (planId: string, versionName: string): string =>
    `pg:${requireId(planId, 'planId')}/${requireId(versionName, 'versionName')}`;

  const missing = (planId: string, versionName: string): StoredFlow => {
    const text = serializeFlow(emptyFlow(planId, versionName));
    return { exists: false, text, etag: etagOfVersion('0'), doc: emptyFlow(planId, versionName), findings: [] };
  };

  /** The stored flow; the text is fetched only when the cached version is not the row's. */
  async function read(planId: string, versionName: string): Promise<StoredFlow> {
    const key = keyOf(planId, versionName);
    const cached = cache.get(key);
    const known = cached?.version ?? '-1';
    const rows = await guarded(
      () => sql<FlowRow[]>`
        select version::text as version, case when version = ${known}::bigint then null else text end as text
        from flows where plan_id = ${planId} and version_name = ${versionName}`,
    );
    const row = rows[0];
    if (row === undefined) {
      cache.delete(key);
      return missing(planId, versionName);
    }
    if (row.text === null && cached) return cached.stored;
    const stored = storedOf(row.text ?? '', etagOfVersion(row.version), true, planId, versionName);
    cache.set(key, { version: row.version, stored }, stored.text.length);
    return stored;
  }

  /**
   * Stores `change(current)` with a conditional write, computing the change again from the newer
   * row when another server won the race; `after` runs in the same transaction (the publish record).
   * Changes made through this server are queued per flow first, so only other servers race.
   */
  function write<T>(
    planId: string,
    versionName: string,
    change: FlowChange,
    after: ((tx: TransactionSql, written: WrittenFlow, stored: TextValue) => Promise<T>) | null,
  ): Promise<{ saved: ValidFlow; value: T | null }> {
    const key = keyOf(planId, versionName);
    return serialized(key, async () => {
      for (;;) {
        const current = await read(planId, versionName);
        const next = changeResult(await change(current), planId, versionName);
        // The text is compared first: a stored document not yet parsed is parsed only when unchanged.
        const unchanged = sameText(next, current) && validFlow(current) !== null;
        if (unchanged && after === null) return { saved: next.saved(current.etag), value: null };
        try {
          const { version, value } = await guarded(() =>
            sql.begin(async (tx) => {
              let version = versionOfEtag(current.etag);
              const stored = await longText(tx, next.bytes ?? next.text);
              if (!unchanged) {
                const rows = current.exists
                  ? await tx<{ version: string }[]>`
                      update flows set text = ${stored.value}, version = version + 1, updated_at = now()
                      where plan_id = ${planId} and version_name = ${versionName} and version = ${version}::bigint
                      returning version::text as version`
                  : await tx<{ version: string }[]>`
                      insert into flows (plan_id, version_name, text, version) values (${planId}, ${versionName}, ${stored.value}, 1)
                      on conflict do nothing returning version::text as version`;
                const row = rows[0];
                if (row === undefined) throw new Conflict();
                version = row.version;
                await options.faults?.after('row-written', `${planId}/${versionName}`);
              } else {
                // A publish of an unchanged flow still records: the row must still be this version.
                const rows = await tx`
                  select 1 from flows where plan_id = ${planId} and version_name = ${versionName} and version = ${version}::bigint for share`;
                if (rows.length === 0) throw new Conflict();
              }
              const value = after === null ? null : await after(tx, next, stored);
              if (after !== null) await options.faults?.after('record-written', `${planId}/${versionName}`);
              return { version, value };
            }),
          );
          const stored = next.saved(etagOfVersion(version));
          cache.set(key, { version, stored }, cachedSize(next));
          return { saved: stored, value };
        } catch (error) {
          if (error instanceof Conflict || isUniqueViolation(error)) continue;
          throw error;
        }
      }
    });
  }

  async function recordPublish(
    tx: TransactionSql,
    planId: string,
    versionName: string,
    { prompt }: WrittenFlow,
    text: TextValue,
    rollbackOf: string | undefined,
  ): Promise<PublishEntry> {
    const [latest] = await tx<{ at: string | null }[]>`
      select max(published_at) as at from publishes where plan_id = ${planId} and version_name = ${versionName}`;
    // Later than every earlier publish of the version, even when this server's clock is behind.
    const last = latest?.at ? Date.parse(latest.at) : Number.NEGATIVE_INFINITY;
    const publishedAt = new Date(Math.max(Date.now(), last + 1)).toISOString();
    const entry = publishEntry(publishedAt, prompt, rollbackOf);
    await insertPublish(tx, planId, versionName, entry, text);
    return entry;
  }

  return {
    sql,
    flows: {
      read,
      async readValid(planId, versionName) {
        return existingValid(await read(planId, versionName), planId, versionName);
      },
      async update(planId, versionName, change) {
        return (await write(planId, versionName, change, null)).saved;
      },
      async publish(planId, versionName, change, publishOptions = {}) {
        const { saved, value } = await write(planId, versionName, change, (tx, written, stored) =>
          recordPublish(tx, planId, versionName, written, stored, publishOptions.rollbackOf),
        );
        if (value === null) throw new Error('a publish records an entry');
        return { saved, entry: value };
      },
      async listPlans() {
        const rows = await guarded(
          () => sql<{ plan_id: string; version_name: string; updated_at: Date }[]>`
            select plan_id, version_name, updated_at from flows`,
        );
        const byPlan = new Map<string, { versions: string[]; latest: number }>();
        for (const row of rows) {
          if (!isId(row.plan_id) || !isId(row.version_name)) continue;
          const plan = byPlan.get(row.plan_id) ?? { versions: [], latest: 0 };
          plan.versions.push(row.version_name);
          plan.latest = Math.max(plan.latest, row.updated_at.getTime());
          byPlan.set(row.plan_id, plan);
        }
        const plans: PlanSummary[] = [];
        for (const [planId, plan] of byPlan) {
          const versions = plan.versions.sort();
          const shown = versions.includes('production') ? 'production' : versions[0];
          const doc = shown === undefined ? null : (await read(planId, shown)).doc;
          plans.push({ planId, versions, updatedAt: new Date(plan.latest).toISOString(), nodeCount: doc?.nodes.length ?? null });
        }
        return plans.sort((a, b) => (a.planId < b.planId ? -1 : a.planId > b.planId ? 1 : 0));
      },
    },
    tests: pgTestRecords(sql, guarded, keyOf),
    publishes: {
      async list(planId, versionName) {
        const rows = await guarded(
          () => sql<PublishRow[]>`
            select published_at, system_message, system_message_prefix, system_message_suffix, rollback_of
            from publishes where plan_id = ${requireId(planId, 'planId')} and version_name = ${requireId(versionName, 'versionName')}`,
        );
        return rows.map(entryOfRow).sort(newestFirst);
      },
      async flowOf(planId, versionName, id) {
        if (publishedAtOfId(id) === null) return null;
        const rows = await guarded(
          () => sql<{ flow_text: string | null }[]>`
            select flow_text from publishes
            where plan_id = ${requireId(planId, 'planId')} and version_name = ${requireId(versionName, 'versionName')} and id = ${id}`,
        );
        return rows[0]?.flow_text ?? null;
      },
      async newestId(planId, versionName) {
        const rows = await guarded(
          () => sql<{ id: string }[]>`
            select id from publishes
            where plan_id = ${requireId(planId, 'planId')} and version_name = ${requireId(versionName, 'versionName')}
            order by published_at desc limit 1`,
        );
        return rows[0]?.id ?? null;
      },
      async latest() {
        const rows = await guarded(
          () => sql<(PublishRow & { plan_id: string; version_name: string })[]>`
            select distinct on (plan_id, version_name) plan_id, version_name, published_at, system_message,
              system_message_prefix, system_message_suffix, rollback_of
            from publishes order by plan_id, version_name, published_at desc`,
        );
        return rows.map((row) => ({ planId: row.plan_id, versionName: row.version_name, entry: entryOfRow(row) })).sort(byPlanAndVersion);
      },
    },
    workflows: {
      async list(planId) {
        const rows = await guarded(
          () => sql<{ body: string }[]>`select body from workflows where plan_id = ${requireId(planId, 'planId')}`,
        );
        return rows
          .map((row) => parseJson(row.body))
          .filter(isStoredWorkflow)
          .sort(newestWorkflowFirst);
      },
      async get(planId, id) {
        const rows = await guarded(
          () => sql<{ body: string }[]>`
            select body from workflows where plan_id = ${requireId(planId, 'planId')} and id = ${requireId(id, 'workflowId')}`,
        );
        const value = rows[0] === undefined ? undefined : parseJson(rows[0].body);
        return isStoredWorkflow(value) ? value : null;
      },
      async save(workflow: Workflow) {
        const planId = requireId(workflow.plan_id, 'planId');
        const id = requireId(workflow.id, 'workflowId');
        const body = storedText(workflow);
        await guarded(
          () => sql`
            insert into workflows (plan_id, id, body) values (${planId}, ${id}, ${body})
            on conflict (plan_id, id) do update set body = excluded.body`,
        );
        return workflow;
      },
      async createSession(workflow, now) {
        const session: Session = { id: crypto.randomUUID(), planId: workflow.plan_id, workflowId: workflow.id, createdAt: now, workflow };
        await guarded(
          () => sql`
            insert into sessions (plan_id, id, body)
            values (${requireId(session.planId, 'planId')}, ${session.id}, ${storedText(session)})`,
        );
        return session;
      },
      async getSession(planId, id) {
        const rows = await guarded(
          () => sql<{ body: string }[]>`
            select body from sessions where plan_id = ${requireId(planId, 'planId')} and id = ${id}`,
        );
        const value = rows[0] === undefined ? undefined : parseJson(rows[0].body);
        return isSession(value) && value.planId === planId ? value : null;
      },
    },
    signIns: {
      async get(hash) {
        const rows = await guarded(
          () => sql<{ expires_at: string }[]>`select expires_at::text as expires_at from sign_ins where hash = ${hash}`,
        );
        return rows[0] === undefined ? undefined : Number(rows[0].expires_at);
      },
      async set(hash, expiresAt) {
        await guarded(
          () => sql`
            insert into sign_ins (hash, expires_at) values (${hash}, ${expiresAt})
            on conflict (hash) do update set expires_at = excluded.expires_at`,
        );
      },
      async delete(hash) {
        // Expired sign-ins go too, so the table holds only live ones.
        await guarded(() => sql`delete from sign_ins where hash = ${hash} or expires_at < ${Date.now()}`);
      },
    },
    secrets: {
      async list() {
        const rows = await guarded(
          () => sql<{ name: string; sealed: string; updated_at: string }[]>`select name, sealed, updated_at from secrets order by name`,
        );
        return rows.map((row) => ({ name: row.name, sealed: row.sealed, updatedAt: row.updated_at }));
      },
      async put(record) {
        // xmax is 0 for a row this statement inserted, not for one it updated.
        const rows = await guarded(
          () => sql<{ inserted: boolean }[]>`
            insert into secrets (name, sealed, updated_at) values (${record.name}, ${record.sealed}, ${record.updatedAt})
            on conflict (name) do update set sealed = excluded.sealed, updated_at = excluded.updated_at
            returning (xmax = 0) as inserted`,
        );
        return rows[0]?.inserted === true;
      },
      async delete(name) {
        const rows = await guarded(() => sql`delete from secrets where name = ${name} returning name`);
        return rows.length > 0;
      },
    },
    keys: pgKeyRecords(sql, guarded),
    conversations: pgConversationRecords(sql, guarded, locks),
    close: async () => {
      await Promise.all([sql.end({ timeout: 5 }), locks.end({ timeout: 5 })]);
    },
  };
}

/** Writes a publish's row: its entry and the flow it published (null for records that kept none). */
export async function insertPublish(
  tx: TransactionSql,
  planId: string,
  versionName: string,
  entry: PublishEntry,
  flowText: TextValue | string | null,
): Promise<void> {
  const flow = typeof flowText === 'string' || flowText === null ? flowText : flowText.value;
  await tx`
    insert into publishes (plan_id, version_name, id, published_at, system_message, system_message_prefix,
      system_message_suffix, rollback_of, flow_text)
    values (${planId}, ${versionName}, ${entry.id}, ${entry.publishedAt}, ${entry.system_message},
      ${entry.system_message_prefix}, ${entry.system_message_suffix}, ${entry.rollbackOf ?? null}, ${flow})`;
}

/** A row of the publishes table (what a listing reads of it). */
export interface PublishRow {
  published_at: string;
  system_message: string;
  system_message_prefix: string;
  system_message_suffix: string;
  rollback_of: string | null;
}

/** The publish entry a row holds. */
export function entryOfRow(row: PublishRow): PublishEntry {
  const prompt = {
    system_message: row.system_message,
    system_message_prefix: row.system_message_prefix,
    system_message_suffix: row.system_message_suffix,
  };
  return publishEntry(row.published_at, prompt, row.rollback_of ?? undefined);
}

/** The value of some JSON text; undefined when it is not JSON. */
export function parseJson(text: string): unknown {
  try {
    const value: unknown = JSON.parse(text);
    return value;
  } catch {
    return undefined;
  }
}
