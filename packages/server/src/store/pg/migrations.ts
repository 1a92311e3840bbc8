// The PostgreSQL store's schema, as numbered migrations applied in order at start. They run in one
// transaction under an advisory lock, so servers starting together on one database migrate once:
// the first applies them, the others wait for the lock and find nothing left to do.
import type { Sql } from 'postgres';

export interface Migration {
  version: number;
  name: string;
  /** Fixed DDL, never built from input. */
  statements: readonly string[];
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'flows, publishes, workflows and sessions',
    statements: [
      // The flow's canonical text; `version` is its ETag and goes up by one on every change.
      `create table flows (
        plan_id text not null,
        version_name text not null,
        text text not null,
        version bigint not null,
        updated_at timestamptz not null default now(),
        primary key (plan_id, version_name)
      )`,
      // One row per publish; `flow_text` is the flow as published (what a rollback brings back).
      `create table publishes (
        plan_id text not null,
        version_name text not null,
        id text not null,
        published_at text not null,
        system_message text not null,
        system_message_prefix text not null,
        system_message_suffix text not null,
        rollback_of text,
        flow_text text,
        primary key (plan_id, version_name, id)
      )`,
      `create table workflows (
        plan_id text not null,
        id text not null,
        body text not null,
        primary key (plan_id, id)
      )`,
      `create table sessions (
        plan_id text not null,
        id text not null,
        body text not null,
        primary key (plan_id, id)
      )`,
    ],
  },
  {
    version: 2,
    name: 'sign-ins shared by the servers',
    // The SHA-256 of each sign-in's id (the id itself is only in the browser's cookie) and when it expires (ms).
    statements: ['create table sign_ins (hash text primary key, expires_at bigint not null)'],
  },
  {
    version: 3,
    name: 'the secret store',
    // Values sealed with AES-256-GCM (secrets/secretCipher.ts); the key is never in the database.
    statements: ['create table secrets (name text primary key, sealed text not null, updated_at text not null)'],
  },
  {
    version: 4,
    name: 'agent keys and their request counts',
    statements: [
      // The SHA-256 of each key (the key itself is shown once, never stored).
      `create table agent_keys (
        name text primary key,
        hash text not null unique,
        prefix text not null,
        agents text[] not null,
        origins text[] not null,
        rate integer not null,
        created text not null,
        last_used text
      )`,
      // Requests per key and minute (ms since the epoch / 60,000): one count for every server.
      `create table agent_key_uses (
        name text not null references agent_keys (name) on delete cascade,
        minute bigint not null,
        count integer not null,
        primary key (name, minute)
      )`,
    ],
  },
  {
    version: 5,
    name: 'the conversation log',
    statements: [
      // Times are ISO strings in UTC, which sort as they compare; `state` is the runtime's after the last whole turn.
      `create table conversations (
        id text primary key,
        plan_id text not null,
        version_name text not null,
        key_name text,
        created_at text not null,
        updated_at text not null,
        preview text not null default '',
        messages integer not null default 0,
        state text
      )`,
      'create index conversations_by_plan on conversations (plan_id, updated_at desc, id desc)',
      'create index conversations_by_age on conversations (updated_at)',
      // One row per entry, appended as the turn goes; `content` is the message text a search looks in.
      `create table conversation_entries (
        conversation_id text not null references conversations (id) on delete cascade,
        seq integer not null,
        body text not null,
        content text,
        primary key (conversation_id, seq)
      )`,
    ],
  },
  {
    version: 6,
    name: 'the tests of each flow',
    statements: [
      // A version's *.flowtest.json and cassette (null: none); `version` is their ETag. They go with their flow's row.
      `create table flow_tests (
        plan_id text not null,
        version_name text not null,
        flowtest text not null,
        cassette text,
        version bigint not null,
        primary key (plan_id, version_name),
        foreign key (plan_id, version_name) references flows (plan_id, version_name) on delete cascade
      )`,
    ],
  },
];

/** The advisory lock key of Flow's migrations (any fixed number, the same for every server). */
const MIGRATION_LOCK = 7_413_260_001;

/** Applies the migrations the database lacks; returns the versions it applied (none when up to date). */
export async function migrate(sql: Sql, migrations: readonly Migration[] = MIGRATIONS): Promise<number[]> {
  return sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(${MIGRATION_LOCK})`;
    await tx`create table if not exists flow_migrations (
      version integer primary key,
      name text not null,
      applied_at timestamptz not null default now()
    )`;
    const rows = await tx<{ version: number }[]>`select version from flow_migrations`;
    const done = new Set(rows.map((row) => row.version));
    const newest = Math.max(0, ...done);
    const known = Math.max(0, ...migrations.map((m) => m.version));
    if (newest > known) {
      throw new Error(`The database's schema (version ${newest}) is newer than this server knows (${known}): upgrade Flow`);
    }
    const applied: number[] = [];
    for (const migration of migrations) {
      if (done.has(migration.version)) continue;
      for (const statement of migration.statements) await tx.unsafe(statement);
      await tx`insert into flow_migrations (version, name) values (${migration.version}, ${migration.name})`;
      applied.push(migration.version);
    }
    return applied;
  });
}
