// The conversation log in PostgreSQL (migration 5): a row per conversation and one per entry,
// committed as the turn goes (a step's entries in one transaction), so every server sees a conversation as it grows.
import type { ConversationEntry } from '@flow/core';
import type { Sql, TransactionSql } from 'postgres';
import {
  conversationOf,
  cursorOf,
  isConversationId,
  isStoredEntry,
  pageLimit,
  parseCursor,
  parseStored,
  previewOf,
  searchedText,
  storedState,
  type ConversationHead,
  type ConversationRecords,
  type ConversationState,
} from '../../conversations/conversationRecords.js';

interface ConversationRow {
  id: string;
  plan_id: string;
  version_name: string;
  key_name: string | null;
  created_at: string;
  updated_at: string;
  preview: string;
  messages: number;
}

/** A row with the state the next turn goes on from. */
type StateRow = ConversationRow & { state: string | null };

const stateOf = (row: StateRow): ConversationState => storedState(row.state === null ? undefined : parseStored(row.state));

const headOf = (row: ConversationRow): ConversationHead => ({
  id: row.id,
  planId: row.plan_id,
  versionName: row.version_name,
  keyName: row.key_name,
  createdAt: row.created_at,
});

/** `text` as a LIKE pattern that matches it anywhere, its own `%`, `_` and `\` taken literally. */
const containing = (text: string): string => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/** The advisory lock space of conversation turns: a lock is (this, hashtext(conversation id)); two-int keys never meet the migrations' bigint one. */
const TURN_LOCK_SPACE = 741_326;
/** How often a turn waiting for another server's turn of its conversation asks again. */
const TURN_POLL_MS = 25;

/**
 * The conversation records of a PostgreSQL store; `guarded` turns a lost connection into the 503
 * clients retry. `locks` is a session of its own (one connection) that holds this server's turn
 * locks: session advisory locks, so a server that dies releases them with its connection.
 */
export function pgConversationRecords(sql: Sql, guarded: <T>(call: () => Promise<T>) => Promise<T>, locks: Sql): ConversationRecords {
  /** The conversation's row with its state; null for none (or an id that is not one). */
  async function rowOf(id: string): Promise<StateRow | null> {
    if (!isConversationId(id)) return null;
    const [row] = await guarded(
      () => sql<StateRow[]>`
        select id, plan_id, version_name, key_name, created_at, updated_at, preview, messages, state
        from conversations where id = ${id}`,
    );
    return row ?? null;
  }
  /** Appends an entry within a transaction; false for no such conversation. */
  async function appendIn(tx: TransactionSql, id: string, entry: ConversationEntry): Promise<boolean> {
    const content = searchedText(entry);
    const counted = entry.kind === 'tool' ? 0 : 1;
    const preview = entry.kind === 'user' ? previewOf(entry.content) : '';
    // The row's lock orders the entries of one conversation, whichever server appends them.
    const rows = await tx`
      update conversations set updated_at = greatest(updated_at, ${entry.at}), messages = messages + ${counted},
        preview = case when preview = '' then ${preview} else preview end
      where id = ${id} returning id`;
    if (rows.length === 0) return false;
    await tx`
      insert into conversation_entries (conversation_id, seq, body, content)
      select ${id}, coalesce(max(seq), 0) + 1, ${JSON.stringify(entry)}, ${content}
      from conversation_entries where conversation_id = ${id}`;
    return true;
  }
  return {
    async create(head, entries = []) {
      // One transaction: one commit for the conversation and its first entries.
      await guarded(() =>
        sql.begin(async (tx) => {
          await tx`
            insert into conversations (id, plan_id, version_name, key_name, created_at, updated_at)
            values (${head.id}, ${head.planId}, ${head.versionName}, ${head.keyName}, ${head.createdAt}, ${head.createdAt})`;
          for (const entry of entries) await appendIn(tx, head.id, entry);
        }),
      );
    },
    async append(id, entry) {
      if (!isConversationId(id)) return false;
      return guarded(() => sql.begin((tx) => appendIn(tx, id, entry)));
    },
    async saveState(id, state) {
      await guarded(() => sql`update conversations set state = ${JSON.stringify(state)} where id = ${id}`);
    },
    async finishTurn(id, answer, state) {
      if (!isConversationId(id)) return;
      // One transaction: one commit for the answer and the state.
      await guarded(() =>
        sql.begin(async (tx) => {
          if (await appendIn(tx, id, answer)) await tx`update conversations set state = ${JSON.stringify(state)} where id = ${id}`;
        }),
      );
    },
    async get(id) {
      const row = await rowOf(id);
      if (row === null) return null;
      const bodies = await guarded(
        () => sql<{ body: string }[]>`select body from conversation_entries where conversation_id = ${id} order by seq`,
      );
      const entries = bodies.map((b) => parseStored(b.body)).filter(isStoredEntry);
      const state = stateOf(row);
      return { conversation: conversationOf(headOf(row), entries, state.variables, row.updated_at), state };
    },
    async resume(id) {
      const row = await rowOf(id);
      return row === null ? null : { head: headOf(row), state: stateOf(row) };
    },
    async list(query) {
      const limit = pageLimit(query.limit);
      const cursor = query.before === undefined ? null : parseCursor(query.before);
      const rows = await guarded(
        () => sql<ConversationRow[]>`
          select id, plan_id, version_name, key_name, created_at, updated_at, preview, messages
          from conversations c
          where plan_id = ${query.planId}
            ${query.versionName === undefined ? sql`` : sql`and version_name = ${query.versionName}`}
            ${cursor === null ? sql`` : sql`and (updated_at, id) < (${cursor.at}, ${cursor.id})`}
            ${
              query.search === undefined || query.search === ''
                ? sql``
                : sql`and exists (
                    select 1 from conversation_entries e
                    where e.conversation_id = c.id and e.content ilike ${containing(query.search)})`
            }
          order by updated_at desc, id desc
          limit ${limit + 1}`,
      );
      const conversations = rows.slice(0, limit).map((row) => ({
        ...headOf(row),
        updatedAt: row.updated_at,
        preview: row.preview,
        messages: row.messages,
      }));
      const last = conversations.at(-1);
      return { conversations, next: rows.length > limit && last !== undefined ? cursorOf(last) : null };
    },
    async deleteUpdatedBefore(time) {
      const rows = await guarded(() => sql`delete from conversations where updated_at < ${time} returning id`);
      return rows.length;
    },
    // Its connections are the store's, closed with it.
    close: () => Promise.resolve(),
    async holdTurn(id, waitMs) {
      const until = Date.now() + waitMs;
      // Tried, never waited for in the database: the one lock session serves every turn of this server.
      for (;;) {
        const [row] = await guarded(
          () => locks<{ held: boolean }[]>`select pg_try_advisory_lock(${TURN_LOCK_SPACE}, hashtext(${id})) as held`,
        );
        if (row?.held === true)
          return async () => {
            await guarded(() => locks`select pg_advisory_unlock(${TURN_LOCK_SPACE}, hashtext(${id}))`);
          };
        if (Date.now() >= until) return null;
        await new Promise((resolve) => setTimeout(resolve, TURN_POLL_MS));
      }
    },
  };
}
