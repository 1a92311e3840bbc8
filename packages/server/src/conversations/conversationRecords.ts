// What every store keeps of a served conversation: its head (who, which agent, when), its entries
// appended as the turn goes, each on record before the turn goes on (so a server that dies
// mid-answer loses no stored entry) and the runtime's state after its last whole turn (messages and variables), from which
// the next turn goes on. The folder store implements it in folderConversations.ts, PostgreSQL in
// pg/pgConversations.ts; conversationContract.test-helper.ts holds both to the same guarantees.
import { randomBytes } from 'node:crypto';
import {
  DEFAULT_CONVERSATION_PAGE,
  MAX_CONVERSATION_PAGE,
  type Conversation,
  type ConversationEntry,
  type ConversationPage,
  type ConversationQuery,
  type ConversationSummary,
} from '@flow/core';
import type { ChatMessage } from '@flow/runtime';
import { isRecord, isStringMap } from '../guards.js';

/** Who a conversation is with and when it started. */
export interface ConversationHead {
  id: string;
  planId: string;
  versionName: string;
  keyName: string | null;
  createdAt: string;
}

/** The runtime's conversation after its last whole turn: what the next turn goes on from. */
export interface ConversationState {
  messages: ChatMessage[];
  variables: Record<string, string>;
}

/** A conversation as stored: what people see of it, and the state the runtime goes on from. */
export interface StoredConversation {
  conversation: Conversation;
  state: ConversationState;
}

/** A stored conversation as its next turn needs it. */
export interface ResumedConversation {
  head: ConversationHead;
  state: ConversationState;
}

export interface ConversationRecords {
  /** Starts a conversation with its first entries (a client's history, the first message), all on record when it returns. */
  create(head: ConversationHead, entries?: readonly ConversationEntry[]): Promise<void>;
  /** Adds one entry at the end; its time becomes the conversation's `updatedAt`. False when there is no such conversation. */
  append(id: string, entry: ConversationEntry): Promise<boolean>;
  /** Replaces the state the next turn goes on from (at the end of a whole turn, after its answer's entry, whose time is the update's). */
  saveState(id: string, state: ConversationState): Promise<void>;
  /**
   * The end of a whole turn as one change: `answer` appended and `state` saved, as `append` then
   * `saveState` do, both on record when it returns (before the turn's answer is sent). Nothing for no such conversation.
   */
  finishTurn(id: string, answer: ConversationEntry, state: ConversationState): Promise<void>;
  get(id: string): Promise<StoredConversation | null>;
  /** What a turn goes on from: the head and the state, without the transcript (a turn reads no entry); a store may keep it, so it is not to be changed. Null for no such conversation. */
  resume(id: string): Promise<ResumedConversation | null>;
  /** The plan's conversations (one version's, when named), newest first, those whose messages contain `search`. */
  list(query: ConversationQuery): Promise<ConversationPage>;
  /** Deletes the conversations last updated before `time`; how many. */
  deleteUpdatedBefore(time: string): Promise<number>;
  /**
   * Waits until no other server runs a turn of the conversation (at most `waitMs`) and holds it for
   * this one: the release to call when the turn ends, or null when the wait ran out. Turns of one
   * process are ordered before this (the agent service's queue).
   */
  holdTurn(id: string, waitMs: number): Promise<(() => Promise<void>) | null>;
  /** Lets go of what the store holds open for turns (the folder store's open logs), after the writes under way; a later write opens again. */
  close(): Promise<void>;
}

/** A new conversation id: `conv_` and 16 random bytes, URL-safe. */
export const newConversationId = (): string => `conv_${randomBytes(16).toString('base64url')}`;

const CONVERSATION_ID = /^conv_[A-Za-z0-9_-]{22}$/;

/** Whether a value is a conversation id (checked before it reaches a path or a query). */
export const isConversationId = (value: unknown): value is string => typeof value === 'string' && CONVERSATION_ID.test(value);

/** The characters of a conversation's first message a listing shows. */
export const PREVIEW_CHARS = 140;

/** The text a listing shows of a first user message. */
export const previewOf = (content: string): string =>
  content.length > PREVIEW_CHARS ? `${content.slice(0, PREVIEW_CHARS - 1)}…` : content;

/** The text of an entry a search looks in: user and assistant messages only. */
export const searchedText = (entry: ConversationEntry): string | null => (entry.kind === 'tool' ? null : entry.content);

/** A listing's limit: the default when none, at most MAX_CONVERSATION_PAGE. */
export const pageLimit = (limit: number | undefined): number =>
  Math.min(MAX_CONVERSATION_PAGE, Math.max(1, Math.floor(limit ?? DEFAULT_CONVERSATION_PAGE)));

/**
 * The cursor of the page after `last`: its time and id, so conversations updated in the same
 * millisecond are neither repeated nor skipped. A bare time is a cursor too (`before` it).
 */
export const cursorOf = (last: Pick<ConversationSummary, 'updatedAt' | 'id'>): string => `${last.updatedAt}~${last.id}`;

/** The time and id a `before` cursor names. */
export function parseCursor(before: string): { at: string; id: string } {
  const [at = '', id = ''] = before.split('~');
  return { at, id };
}

/** Newest first: by last update, then by id (both descending), the order every store lists in. */
export const newestConversationFirst = (a: ConversationSummary, b: ConversationSummary): number =>
  a.updatedAt !== b.updatedAt ? (a.updatedAt < b.updatedAt ? 1 : -1) : a.id < b.id ? 1 : a.id > b.id ? -1 : 0;

/** Whether `summary` comes after the cursor `before` in newest-first order. */
export function isBefore(summary: ConversationSummary, before: string): boolean {
  const { at, id } = parseCursor(before);
  return summary.updatedAt < at || (summary.updatedAt === at && summary.id < id);
}

/** A conversation of its head and entries, with the state's variables and the usage its entries add up to. */
export function conversationOf(
  head: ConversationHead,
  entries: ConversationEntry[],
  variables: Record<string, string>,
  updatedAt: string,
): Conversation {
  const firstUser = entries.find((entry) => entry.kind === 'user');
  const usage = { inputTokens: 0, outputTokens: 0 };
  for (const entry of entries) {
    if (entry.kind !== 'assistant') continue;
    usage.inputTokens += entry.usage.inputTokens;
    usage.outputTokens += entry.usage.outputTokens;
  }
  return {
    ...head,
    updatedAt,
    preview: firstUser === undefined ? '' : previewOf(firstUser.content),
    messages: entries.filter((entry) => entry.kind !== 'tool').length,
    entries,
    variables,
    usage,
  };
}

/** What a listing shows of a whole conversation. */
export function summaryOf(conversation: Conversation): ConversationSummary {
  const { entries: _entries, variables: _variables, usage: _usage, ...summary } = conversation;
  return summary;
}

/** An entry as a store gave it back (a store writes only entries; a line or row of anything else is skipped). */
export const isStoredEntry = (value: unknown): value is ConversationEntry =>
  isRecord(value) && typeof value.at === 'string' && (value.kind === 'user' || value.kind === 'assistant' || value.kind === 'tool');

// The runtime wrote these messages itself; only their being objects is checked.
const isMessages = (value: unknown): value is ChatMessage[] => Array.isArray(value) && value.every(isRecord);

/** Whether a value is a state as a store writes it: messages and variables. */
export const isStoredState = (value: unknown): value is ConversationState =>
  isRecord(value) && isMessages(value.messages) && isStringMap(value.variables);

/** A state as a store gave it back; the empty state for anything else. */
export function storedState(value: unknown): ConversationState {
  if (!isStoredState(value)) return { messages: [], variables: {} };
  return { messages: value.messages, variables: value.variables };
}

/** The value of stored JSON text; undefined when it is not JSON (a line a crash cut short). */
export function parseStored(text: string): unknown {
  try {
    const value: unknown = JSON.parse(text);
    return value;
  } catch {
    return undefined;
  }
}
