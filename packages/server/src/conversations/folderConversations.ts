import { constants } from 'node:fs';
import { mkdir, open, readFile, readdir, stat, unlink, writeFile, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { ConversationEntry } from '@flow/core';
import { isRecord } from '../guards.js';
import { writeAtomic } from '../store/atomicWrite.js';
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

// Each write is on disk when it returns (one call where a write and a sync were two); a deleted conversation's file is never made again.
const APPEND = constants.O_WRONLY | constants.O_APPEND | constants.O_DSYNC;
const CREATE = APPEND | constants.O_CREAT | constants.O_EXCL;

/** One line of a conversation's file. */
type Line = { head: ConversationHead } | { entry: ConversationEntry };

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

/** The conversation a file's text holds, with `state`; null when its first line is not a head. Lines a crash cut are skipped. */
function parseConversation(text: string, state: ConversationState): StoredConversation | null {
  let head: ConversationHead | null = null;
  const entries: ConversationEntry[] = [];
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
    }
  }
  return head === null ? null : { conversation: conversationOf(head, entries, state.variables, updatedAt), state };
}

/**
 * The conversation log as one file per conversation under the data folder's `.flow-conversations`
 * (mode 600): JSON lines appended and synced as the turn goes (a step's lines in one write). Each line starts on a new line of its
 * own, so a line a crash cut short never joins the next. The runtime's state is a file of its own
 * (`<id>.state.json`), replaced atomically at the end of each turn: the log grows by a turn's
 * entries, not by the whole history each time, and a listing never reads it. One server owns a
 * folder (its lock), so the head and last state of the conversations it serves are kept in its
 * memory too: a turn reads no file to go on.
 */
export function folderConversationRecords(root: string, keptAtMost = KEPT_CONVERSATIONS): ConversationRecords {
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

  /** The state file's text; empty for none yet. */
  async function readStateText(id: string): Promise<string> {
    try {
      return await readFile(stateFileOf(id), 'utf8');
    } catch (error) {
      if (isMissing(error)) return '';
      throw error;
    }
  }
  const stateOf = (text: string): ConversationState => storedState(parseStored(text));

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

  /** The conversation's file opened to append (created with `create`); null when there is none. Call within its queue. */
  async function openLog(path: string, create: boolean): Promise<FileHandle | null> {
    if (create) await ensureFolder();
    try {
      return await open(path, create ? CREATE : APPEND, 0o600);
    } catch (error) {
      if (!isMissing(error)) throw error;
      if (!create) return null;
      folderMade = undefined;
      await ensureFolder();
      return open(path, CREATE, 0o600);
    }
  }

  async function appendLines(id: string, lines: readonly Line[], create: boolean): Promise<boolean> {
    const path = fileOf(id);
    return serialized(path, async () => {
      const handle = await openLog(path, create);
      if (handle === null) return false;
      try {
        // One write, one sync, however many lines.
        await handle.write(lines.map((line) => `\n${JSON.stringify(line)}`).join(''));
      } finally {
        await handle.close();
      }
      return true;
    });
  }

  /** Writes the state file and keeps the state in memory for the next turn. Call within the conversation's queue, its log known to be there. */
  async function writeState(id: string, state: ConversationState): Promise<void> {
    const text = JSON.stringify(state);
    await writeAtomic(stateFileOf(id), `${text}\n`, 0o600, { folderExists: true });
    const resumed = kept.get(id)?.resumed;
    if (resumed !== undefined) keep(id, { head: resumed.head, state }, text.length);
  }

  /** The conversation `id`; its state only when asked (`get`), listings need none. */
  async function read(id: string, withState: boolean): Promise<StoredConversation | null> {
    if (!isConversationId(id)) return null;
    try {
      const text = await readFile(fileOf(id), 'utf8');
      return parseConversation(text, withState ? stateOf(await readStateText(id)) : { messages: [], variables: {} });
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
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
      if (await appendLines(head.id, lines, true)) keep(head.id, { head, state: { messages: [], variables: {} } }, 0);
    },
    append: (id, entry) => (isConversationId(id) ? appendLines(id, [{ entry }], false) : Promise.resolve(false)),
    async saveState(id, state) {
      if (!isConversationId(id)) return;
      await serialized(fileOf(id), async () => {
        // A conversation deleted meanwhile (retention) gets no state file of its own.
        if (
          await stat(fileOf(id)).then(
            () => true,
            () => false,
          )
        )
          await writeState(id, state);
      });
    },
    async finishTurn(id, answer, state) {
      if (!isConversationId(id)) return;
      await serialized(fileOf(id), async () => {
        // A conversation deleted meanwhile (retention) gets neither.
        const handle = await openLog(fileOf(id), false);
        if (handle === null) return;
        try {
          // Two files, each synced: written side by side, the turn waits for one sync, not two in a row.
          await Promise.all([handle.write(`\n${JSON.stringify({ entry: answer })}`), writeState(id, state)]);
        } finally {
          await handle.close();
        }
      });
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
        const stored = await read(id, false);
        if (stored === null) return null;
        const text = await readStateText(id);
        const { planId, versionName, keyName, createdAt } = stored.conversation;
        const found = { head: { id, planId, versionName, keyName, createdAt }, state: stateOf(text) };
        keep(id, found, text.length);
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
          await unlink(path);
          forget(conversation.id);
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
  };
}
