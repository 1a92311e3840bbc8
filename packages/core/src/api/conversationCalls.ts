import { parseJsonValue } from '../model/paths.js';
import { conversationMessages } from '../messages.js';
import { isRecord } from './guards.js';
import { expectShape } from './transport.js';
import type { Call, Transport } from './transport.js';

/** Tokens a model call used: what it was sent (input) and what it answered (output). */
export interface ConversationUsage {
  inputTokens: number;
  outputTokens: number;
}

/** One entry of a served conversation, in the order it happened; times are ISO strings. */
export type ConversationEntry =
  | { kind: 'user'; at: string; content: string }
  | { kind: 'assistant'; at: string; content: string; usage: ConversationUsage }
  | {
      kind: 'tool';
      at: string;
      name: string;
      /** Redacted: a secret's value never reaches the store. */
      arguments: Record<string, string>;
      output: string;
      ms: number;
      error?: string;
    };

/** What a listing shows of a conversation. */
export interface ConversationSummary {
  id: string;
  planId: string;
  versionName: string;
  /** The agent key it was served to; null when none named it. */
  keyName: string | null;
  createdAt: string;
  updatedAt: string;
  /** Its first user message (cut), to tell conversations apart. */
  preview: string;
  /** User and assistant messages so far. */
  messages: number;
}

/** One conversation whole: its entries, the variables it captured and the tokens it used. */
export interface Conversation extends ConversationSummary {
  entries: ConversationEntry[];
  variables: Record<string, string>;
  usage: ConversationUsage;
}

/** A page of a listing, newest first; `next` is the `before` of the following page (null at the end). */
export interface ConversationPage {
  conversations: ConversationSummary[];
  next: string | null;
}

/** Which conversations to list: a plan, optionally one version, a text searched in the messages, a page. */
export interface ConversationQuery {
  planId: string;
  versionName?: string;
  search?: string;
  /** At most this many (the provider caps it). */
  limit?: number;
  /** Only those last updated before this time (the `next` of the page before). */
  before?: string;
}

/** The most conversations one listing returns. */
export const MAX_CONVERSATION_PAGE = 200;
/** What a listing returns when no limit is asked. */
export const DEFAULT_CONVERSATION_PAGE = 50;

/** The provider's conversation log (an extension of spec section 7). */
export interface ConversationCalls {
  /** GET /api/conversations?plan=&version=&search=&limit=&before=: newest first. */
  listConversations(query: ConversationQuery): Promise<ConversationPage>;
  /** GET /api/conversations/{id}: the whole conversation; null when there is none. */
  getConversation(id: string): Promise<Conversation | null>;
}

const isText = (value: unknown): value is string => typeof value === 'string';
const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isUsage = (value: unknown): value is ConversationUsage =>
  isRecord(value) && isCount(value.inputTokens) && isCount(value.outputTokens);
const isTextMap = (value: unknown): value is Record<string, string> => isRecord(value) && Object.values(value).every(isText);

function isEntry(value: unknown): value is ConversationEntry {
  if (!isRecord(value) || !isText(value.at)) return false;
  if (value.kind === 'user') return isText(value.content);
  if (value.kind === 'assistant') return isText(value.content) && isUsage(value.usage);
  return (
    value.kind === 'tool' &&
    isText(value.name) &&
    isTextMap(value.arguments) &&
    isText(value.output) &&
    isCount(value.ms) &&
    (value.error === undefined || isText(value.error))
  );
}

/** A conversation summary as the provider sends it. */
export function isConversationSummary(value: unknown): value is ConversationSummary {
  return (
    isRecord(value) &&
    isText(value.id) &&
    isText(value.planId) &&
    isText(value.versionName) &&
    (value.keyName === null || isText(value.keyName)) &&
    isText(value.createdAt) &&
    isText(value.updatedAt) &&
    isText(value.preview) &&
    isCount(value.messages)
  );
}

const isPage = (value: unknown): value is ConversationPage =>
  isRecord(value) &&
  Array.isArray(value.conversations) &&
  value.conversations.every(isConversationSummary) &&
  (value.next === null || isText(value.next));

const isConversation = (value: unknown): value is Conversation =>
  isConversationSummary(value) &&
  isRecord(value) &&
  Array.isArray(value.entries) &&
  value.entries.every(isEntry) &&
  isTextMap(value.variables) &&
  isUsage(value.usage);

/** `/api/conversations` with the query's parameters (encoded by URLSearchParams). */
export function conversationsPath(query: ConversationQuery): string {
  const params = new URLSearchParams({ plan: query.planId });
  if (query.versionName !== undefined) params.set('version', query.versionName);
  if (query.search !== undefined && query.search !== '') params.set('search', query.search);
  if (query.limit !== undefined) params.set('limit', String(query.limit));
  if (query.before !== undefined) params.set('before', query.before);
  return `/api/conversations?${params.toString()}`;
}

/** The conversation calls over one transport (the bearer token, as every plan call). */
export function createConversationCalls(transport: Transport): ConversationCalls {
  return {
    async listConversations(query) {
      const call: Call = {
        method: 'GET',
        path: conversationsPath(query),
        audience: 'plan',
        failure: conversationMessages.failedToListConversations,
      };
      return transport.send(call, (json) => expectShape(json, isPage));
    },
    async getConversation(id) {
      const call: Call = {
        method: 'GET',
        path: `/api/conversations/${encodeURIComponent(id)}`,
        audience: 'plan',
        failure: conversationMessages.failedToLoadConversation,
      };
      const reply = await transport.exchange(call);
      if (reply.status === 404) return null;
      if (!reply.ok) throw transport.httpError(call, reply);
      const json = parseJsonValue(reply.text);
      return expectShape(json, isConversation);
    },
  };
}
