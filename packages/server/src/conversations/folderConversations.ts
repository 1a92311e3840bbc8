import { mkdir, open, readFile, readdir, unlink, writeFile } from 'node:fs/promises';
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
  storedState,
  summaryOf,
  type ConversationHead,
  type ConversationRecords,
  type ConversationState,
  type StoredConversation,
} from './conversationRecords.js';

/** The conversation log's folder inside a data folder: a dot folder (no listing shows it), ignored by git, mode 700. */
export const CONVERSATIONS_FOLDER = '.flow-conversations';

/** One line of a conversation's file. */
type Line = { head: ConversationHead } | { entry: ConversationEntry } | { state: ConversationState; at: string };

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

/** The conversation a file's text holds; null when its first line is not a head. Lines a crash cut are skipped. */
function parseConversation(text: string): StoredConversation | null {
  let head: ConversationHead | null = null;
  const entries: ConversationEntry[] = [];
  let state: ConversationState = { messages: [], variables: {} };
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
    } else if (value.state !== undefined) {
      state = storedState(value.state);
      if (typeof value.at === 'string' && value.at > updatedAt) updatedAt = value.at;
    }
  }
  return head === null ? null : { conversation: conversationOf(head, entries, state.variables, updatedAt), state };
}

/**
 * The conversation log as one file per conversation under the data folder's `.flow-conversations`
 * (mode 600): JSON lines appended and synced one at a time. Each line starts on a new line of its
 * own, so a line a crash cut short never joins the next.
 */
export function folderConversationRecords(root: string): ConversationRecords {
  const folder = join(root, CONVERSATIONS_FOLDER);
  const fileOf = (id: string): string => join(folder, `${id}.jsonl`);

  async function ensureFolder(): Promise<void> {
    await mkdir(folder, { recursive: true, mode: 0o700 });
    // Conversations may hold personal data: git never picks the folder up.
    await writeFile(join(folder, '.gitignore'), '*\n', { flag: 'wx', mode: 0o600 }).catch((error: unknown) => {
      if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
    });
  }

  async function appendLine(id: string, line: Line, create: boolean): Promise<boolean> {
    const path = fileOf(id);
    return serialized(path, async () => {
      if (create) await ensureFolder();
      let handle;
      try {
        handle = await open(path, create ? 'wx' : 'r+', 0o600);
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
      try {
        const { size } = await handle.stat();
        await handle.write(`\n${JSON.stringify(line)}`, size);
        await handle.datasync();
      } finally {
        await handle.close();
      }
      return true;
    });
  }

  async function read(id: string): Promise<StoredConversation | null> {
    if (!isConversationId(id)) return null;
    try {
      return parseConversation(await readFile(fileOf(id), 'utf8'));
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
      const stored = await read(name.slice(0, -'.jsonl'.length));
      if (stored !== null) all.push(stored);
    }
    return all;
  }

  return {
    async create(head) {
      await appendLine(head.id, { head }, true);
    },
    append: (id, entry) => (isConversationId(id) ? appendLine(id, { entry }, false) : Promise.resolve(false)),
    async saveState(id, state, at) {
      if (isConversationId(id)) await appendLine(id, { state, at }, false);
    },
    get: read,
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
          const now = await read(conversation.id);
          if (now === null || now.conversation.updatedAt >= time) return false;
          await unlink(path);
          return true;
        });
        if (gone) deleted++;
      }
      return deleted;
    },
  };
}
