import { constants, writeSync } from 'node:fs';
import { mkdir, open, readFile, readdir, unlink, writeFile, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { ConversationEntry } from '@flow/core';
import { isRecord } from '../guards.js';
import { serialized } from '../store/fileQueue.js';
import {
  conversationOf,
  cursorOf,
  isBefore,
  isConversationId,
  isStoredEntry,
  newestConversationFirst,
  pageLimit,
  parseStored,
  searchedText,
  isStoredState,
  storedState,
  summaryOf,
  type ConversationHead,
  type ConversationRecords,
  type ConversationState,
  type ResumedConversation,
  type StoredConversation,
} from './conversationRecords.js';

/** The conversation log's folder inside a data folder: a dot folder (no listing shows it), ignored by git, mode 700. */
export const CONVERSATIONS_FOLDER = '.flow-conversations';

/** What a server keeps in memory for its conversations' next turns: at most so many, and so many characters of their states' JSON (the least recently used go first; the others are read from their files). */
export const KEPT_CONVERSATIONS = { count: 1_000, stateChars: 32 * 1024 * 1024 };

/** Conversation logs a server keeps open at most (the most recently written; the others are closed and opened again when written). */
export const OPEN_LOGS = 128;

/**
 * How long after a write its log is synced to disk at most (a log closed before is synced as it closes).
 * A line is in the page cache as soon as it is written, so a crash of the server loses nothing; a crash
 * of the machine may lose the last second. One sync per log and round, however many turns it had.
 */
export const SYNC_MS = 1_000;

// A deleted conversation's file is never made again (an append opens without O_CREAT).
const APPEND = constants.O_WRONLY | constants.O_APPEND;
const CREATE = APPEND | constants.O_CREAT | constants.O_EXCL;

/** The state after a turn as a line of the log: the first `from` messages of the state before it, then `messages`. */
interface StateLine {
  from: number;
  messages: ConversationState['messages'];
  variables: ConversationState['variables'];
}

/** One line of a conversation's file. */
type Line = { head: ConversationHead } | { entry: ConversationEntry } | { state: StateLine };

function isStateLine(value: unknown): value is StateLine {
  return isRecord(value) && typeof value.from === 'number' && Number.isInteger(value.from) && value.from >= 0 && isStoredState(value);
}

/** `state` as a line after `before` (what the log holds already): only the messages it adds when it goes on from it. */
function stateLineOf(state: ConversationState, before: ConversationState | undefined): StateLine {
  const from = before?.messages.length ?? 0;
  // The agent service builds a turn's state on the one it resumed: the same message objects, then the turn's.
  const goesOn = before !== undefined && state.messages.length >= from && before.messages.every((m, i) => state.messages[i] === m);
  return goesOn ? { from, messages: state.messages.slice(from), variables: state.variables } : { from: 0, ...state };
}

const isMissing = (error: unknown): boolean => error instanceof Error && 'code' in error && error.code === 'ENOENT';

function isHead(value: unknown): value is ConversationHead {
  return (
    isRecord(value) &&
    isConversationId(value.id) &&
    typeof value.planId === 'string' &&
    typeof value.versionName === 'string' &&
    (value.keyName === null || typeof value.keyName === 'string') &&
    typeof value.createdAt === 'string'
  );
}

/** What a conversation's file holds: its head, entries, last update and the states its turns wrote. */
interface ParsedLog {
  head: ConversationHead;
  entries: ConversationEntry[];
  updatedAt: string;
  states: StateLine[];
}

/** A file's text as a conversation; null when its first line is not a head. Lines a crash cut are skipped. */
function parseLog(text: string): ParsedLog | null {
  let head: ConversationHead | null = null;
  const entries: ConversationEntry[] = [];
  const states: StateLine[] = [];
  let updatedAt = '';
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const value = parseStored(line);
    if (!isRecord(value)) continue;
    if (head === null) {
      if (!isHead(value.head)) return null;
      head = value.head;
      updatedAt = head.createdAt;
    } else if (isStoredEntry(value.entry)) {
      entries.push(value.entry);
      if (value.entry.at > updatedAt) updatedAt = value.entry.at;
    } else if (isStateLine(value.state)) {
      states.push(value.state);
    }
  }
  return head === null ? null : { head, entries, updatedAt, states };
}

/** The state the log's state lines add up to, on `base` (what a log written before states were lines keeps in its state file). */
function stateOfLines(base: ConversationState, lines: readonly StateLine[]): ConversationState {
  let state = base;
  for (const line of lines) {
    // A line that goes on from more messages than there are (the one before it cut by a crash) is skipped like a cut line.
    if (line.from > state.messages.length) continue;
    state = { messages: [...state.messages.slice(0, line.from), ...line.messages], variables: line.variables };
  }
  return state;
}

/**
 * The conversation log as one file per conversation under the data folder's `.flow-conversations`
 * (mode 600): JSON lines appended as the turn goes (a step's lines in one write), each at once (a
 * small write to the page cache, which outlives the process); every log written is synced to disk
 * within `syncMs` (SYNC_MS), in one round for all of them, never on a turn's way to its answer. Each
 * line starts on a new line of its own, so a line a crash cut short never joins the next. The
 * runtime's state after a turn is a line too, written with the turn's answer in one write:
 * only the messages the turn added (`from` says how many of the state before it stay). Logs
 * written before kept the state in a file of its own (`<id>.state.json`), read as the state their
 * state lines go on from. One server owns a folder (its lock), so the head and last state of the
 * conversations it serves are kept in its memory too, and the logs it wrote last stay open (closed
 * with the server): a turn reads no file and opens none.
 */
export function folderConversationRecords(
  root: string,
  { keptAtMost = KEPT_CONVERSATIONS, syncMs = SYNC_MS }: { keptAtMost?: typeof KEPT_CONVERSATIONS; syncMs?: number } = {},
): ConversationRecords {
  const folder = join(root, CONVERSATIONS_FOLDER);
  const fileOf = (id: string): string => join(folder, `${id}.jsonl`);
  const stateFileOf = (id: string): string => join(folder, `${id}.state.json`);
  const kept = new Map<string, { resumed: ResumedConversation; chars: number }>();
  let keptChars = 0;
  function forget(id: string): void {
    keptChars -= kept.get(id)?.chars ?? 0;
    kept.delete(id);
  }
  function keep(id: string, resumed: ResumedConversation, chars: number): void {
    forget(id);
    kept.set(id, { resumed, chars });
    keptChars += chars;
    // A Map keeps insertion order: the first is the least recently used.
    for (const old of kept.keys()) {
      if (kept.size <= keptAtMost.count && keptChars <= keptAtMost.stateChars) break;
      forget(old);
    }
  }

  /** The state file of a log written before states were lines; the empty state for none. */
  async function readStateFile(id: string): Promise<ConversationState> {
    try {
      return storedState(parseStored(await readFile(stateFileOf(id), 'utf8')));
    } catch (error) {
      if (isMissing(error)) return { messages: [], variables: {} };
      throw error;
    }
  }
  /** The state a log's lines hold; its state file is read only when the lines do not start from nothing. */
  async function stateOf(id: string, lines: readonly StateLine[]): Promise<ConversationState> {
    const base = lines[0]?.from === 0 ? { messages: [], variables: {} } : await readStateFile(id);
    return stateOfLines(base, lines);
  }

  // Made once per server; made again should someone remove it meanwhile (an append then finds no folder).
  let folderMade: Promise<void> | undefined;
  async function makeFolder(): Promise<void> {
    await mkdir(folder, { recursive: true, mode: 0o700 });
    // Conversations may hold personal data: git never picks the folder up.
    await writeFile(join(folder, '.gitignore'), '*\n', { flag: 'wx', mode: 0o600 }).catch((error: unknown) => {
      if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
    });
  }
  const ensureFolder = (): Promise<void> => {
    folderMade ??= makeFolder().catch((error: unknown) => {
      folderMade = undefined;
      throw error;
    });
    return folderMade;
  };

  // The logs kept open; a Map keeps insertion order, the first is the least recently written.
  const openLogs = new Map<string, FileHandle>();
  // The logs written since their last sync, and the round that will sync them.
  const unsynced = new Set<string>();
  let syncRound: NodeJS.Timeout | undefined;
  /**
   * Syncs the log if it was written since its last sync. Not in the log's queue: a turn never waits for
   * it (a line written meanwhile makes the log unsynced again, and a handle closes once its sync is done).
   */
  async function syncLog(path: string, handle = openLogs.get(path)): Promise<void> {
    // A log no longer open was synced as it closed.
    if (!unsynced.delete(path) || handle === undefined) return;
    try {
      await handle.datasync();
    } catch (error) {
      // Tried again in the next round.
      written(path);
      throw error;
    }
  }
  /** Every log written since the last round, synced one after the other. */
  async function syncAll(): Promise<void> {
    syncRound = undefined;
    // One at a time: a round never fills the thread pool that the turns' own file work goes through.
    for (const path of [...unsynced]) await syncLog(path).catch(() => undefined);
  }
  /** Says the log was written: it is synced in the next round. */
  function written(path: string): void {
    unsynced.add(path);
    if (syncRound !== undefined) return;
    syncRound = setTimeout(() => void syncAll(), syncMs);
    // A round never keeps the process alive: `close` syncs what is left.
    syncRound.unref();
  }
  /** Closes the log kept open for `path`, if any, synced first when it was written since. Call within its queue. */
  async function closeLog(path: string): Promise<void> {
    const handle = openLogs.get(path);
    openLogs.delete(path);
    try {
      await syncLog(path, handle);
    } finally {
      await handle?.close();
    }
  }

  /** The conversation's file opened to append (created with `create`), kept open; null when there is none. Call within its queue. */
  async function openLog(path: string, create: boolean): Promise<FileHandle | null> {
    const known = openLogs.get(path);
    if (known !== undefined) {
      openLogs.delete(path);
      openLogs.set(path, known);
      return known;
    }
    if (create) await ensureFolder();
    let handle: FileHandle;
    try {
      handle = await open(path, create ? CREATE : APPEND, 0o600);
    } catch (error) {
      if (!isMissing(error)) throw error;
      if (!create) return null;
      folderMade = undefined;
      await ensureFolder();
      handle = await open(path, CREATE, 0o600);
    }
    openLogs.set(path, handle);
    for (const old of openLogs.keys()) {
      if (openLogs.size <= OPEN_LOGS) break;
      // Closed in its own queue, after the writes queued on it before.
      const oldHandle = openLogs.get(old);
      openLogs.delete(old);
      void serialized(old, () => oldHandle?.close() ?? Promise.resolve()).catch(() => undefined);
    }
    return handle;
  }

  /** Appends `lines` to the conversation's log in one write, the log left open (synced in the next round). False when there is no log. */
  async function writeLines(id: string, lines: readonly Line[], options: { create?: boolean } = {}): Promise<boolean> {
    const path = fileOf(id);
    const handle = await openLog(path, options.create === true);
    if (handle === null) return false;
    try {
      // Written here, not on the thread pool: a few hundred bytes to the page cache cost less than handing them over.
      const bytes = Buffer.from(lines.map((line) => `\n${JSON.stringify(line)}`).join(''));
      for (let at = 0; at < bytes.length;) at += writeSync(handle.fd, bytes, at);
      written(path);
    } catch (error) {
      await closeLog(path).catch(() => undefined);
      throw error;
    }
    return true;
  }

  /** Writes `state` as a line after the turn's `entries` and keeps it in memory for the next turn. Call within the conversation's queue. */
  async function writeTurnEnd(id: string, entries: readonly ConversationEntry[], state: ConversationState): Promise<void> {
    const known = kept.get(id);
    const line = stateLineOf(state, known?.resumed.state);
    const lines: Line[] = [...entries.map((entry) => ({ entry })), { state: line }];
    if (!(await writeLines(id, lines))) return;
    const chars = JSON.stringify(line.messages).length + (line.from === 0 ? 0 : (known?.chars ?? 0));
    if (known !== undefined) keep(id, { head: known.resumed.head, state }, chars);
  }

  /** The conversation `id`; its state only when asked (`get`), listings need none. */
  async function read(id: string, withState: boolean): Promise<StoredConversation | null> {
    if (!isConversationId(id)) return null;
    let text: string;
    try {
      text = await readFile(fileOf(id), 'utf8');
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    const log = parseLog(text);
    if (log === null) return null;
    const state = withState ? await stateOf(id, log.states) : { messages: [], variables: {} };
    return { conversation: conversationOf(log.head, log.entries, state.variables, log.updatedAt), state };
  }

  async function readAll(): Promise<StoredConversation[]> {
    let names: string[];
    try {
      names = await readdir(folder);
    } catch (error) {
      if (isMissing(error)) return [];
      throw error;
    }
    const all: StoredConversation[] = [];
    for (const name of names) {
      if (!name.endsWith('.jsonl')) continue;
      const stored = await read(name.slice(0, -'.jsonl'.length), false);
      if (stored !== null) all.push(stored);
    }
    return all;
  }

  return {
    async create(head, entries = []) {
      const lines: Line[] = [{ head }, ...entries.map((entry) => ({ entry }))];
      if (await serialized(fileOf(head.id), () => writeLines(head.id, lines, { create: true })))
        keep(head.id, { head, state: { messages: [], variables: {} } }, 0);
    },
    append: (id, entry) => (isConversationId(id) ? serialized(fileOf(id), () => writeLines(id, [{ entry }])) : Promise.resolve(false)),
    async saveState(id, state) {
      // A conversation deleted meanwhile (retention) gets no state.
      if (isConversationId(id)) await serialized(fileOf(id), () => writeTurnEnd(id, [], state));
    },
    async finishTurn(id, answer, state) {
      // The answer and the state in one write, then the turn's one sync. A conversation deleted meanwhile gets neither.
      if (isConversationId(id)) await serialized(fileOf(id), () => writeTurnEnd(id, [answer], state));
    },
    get: (id) => read(id, true),
    async resume(id) {
      if (!isConversationId(id)) return null;
      const known = kept.get(id);
      if (known !== undefined) {
        keep(id, known.resumed, known.chars);
        return known.resumed;
      }
      // Read after the writes queued before it, so a conversation retention deletes meanwhile is not kept.
      return serialized(fileOf(id), async () => {
        const stored = await read(id, true);
        if (stored === null) return null;
        const { planId, versionName, keyName, createdAt } = stored.conversation;
        const found = { head: { id, planId, versionName, keyName, createdAt }, state: stored.state };
        keep(id, found, JSON.stringify(stored.state.messages).length);
        return found;
      });
    },
    async list(query) {
      const needle = query.search?.toLowerCase() ?? '';
      const limit = pageLimit(query.limit);
      const matching = (await readAll())
        .map((stored) => stored.conversation)
        .filter(
          (c) =>
            c.planId === query.planId &&
            (query.versionName === undefined || c.versionName === query.versionName) &&
            (needle === '' || c.entries.some((entry) => searchedText(entry)?.toLowerCase().includes(needle) === true)),
        )
        .map(summaryOf)
        .filter((summary) => query.before === undefined || isBefore(summary, query.before))
        .sort(newestConversationFirst);
      const conversations = matching.slice(0, limit);
      const last = conversations.at(-1);
      return { conversations, next: matching.length > limit && last !== undefined ? cursorOf(last) : null };
    },
    async deleteUpdatedBefore(time) {
      let deleted = 0;
      for (const { conversation } of await readAll()) {
        if (conversation.updatedAt >= time) continue;
        const path = fileOf(conversation.id);
        // Looked at again after the appends queued before: a turn that just ended keeps it.
        const gone = await serialized(path, async () => {
          const now = await read(conversation.id, false);
          if (now === null || now.conversation.updatedAt >= time) return false;
          // Not synced before it goes.
          unsynced.delete(path);
          await closeLog(path);
          await unlink(path);
          forget(conversation.id);
          // A log written before states were lines has its state file.
          await unlink(stateFileOf(conversation.id)).catch((error: unknown) => {
            if (!isMissing(error)) throw error;
          });
          return true;
        });
        if (gone) deleted++;
      }
      return deleted;
    },
    // One server per data folder (its lock): the agent service's queue already orders every turn.
    holdTurn: () => Promise.resolve(() => Promise.resolve()),
    async close() {
      clearTimeout(syncRound);
      syncRound = undefined;
      await Promise.all([...openLogs.keys()].map((path) => serialized(path, () => closeLog(path))));
    },
  };
}
