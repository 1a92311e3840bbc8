// The headless agent service: one turn of a published agent for any client (OpenAI-style API,
// MCP, the embedded chat), recorded in the conversation log as it goes.
import {
  FlowError,
  agentMessages,
  conversationMessages,
  createStreamRedactor,
  messages as flowMessages,
  redactTokens,
  type ConversationEntry,
} from '@flow/core';
import { ModelError, ModelNotConfiguredError, type ChatMessage, type ToolCallTrace } from '@flow/runtime';
import { isRecord } from '../guards.js';
import { newConversationId, type ConversationRecords, type ConversationState } from '../conversations/conversationRecords.js';
import type { PublishHistory } from '../store/storage.js';
import { serialized } from '../store/fileQueue.js';
import { MAX_MESSAGE, openFlowAgent, type RuntimeOptions } from './flowAgent.js';
import { cachedPublishedAgents } from './publishedAgent.js';

/** What the HTTP layer maps each failure to (404, 404, 409, 400, 502, 503). */
export type AgentErrorCode =
  'AGENT_NOT_FOUND' | 'CONVERSATION_NOT_FOUND' | 'CONVERSATION_BUSY' | 'BAD_INPUT' | 'MODEL_UNAVAILABLE' | 'MODEL_NOT_CONFIGURED';

/** A turn that could not be answered, and why, in words a client can be shown. */
export class AgentError extends Error {
  override name = 'AgentError';
  constructor(
    readonly code: AgentErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** The most messages a request may send as the history of a new conversation. */
export const MAX_HISTORY_MESSAGES = 100;

/** How long a turn waits for another server's turn of its conversation before it is refused (CONVERSATION_BUSY): a slow turn's length. */
export const TURN_WAIT_MS = 120_000;

/** One turn asked of a published agent. `messages` are a Chat Completions client's, checked here. */
export interface TurnRequest {
  planId: string;
  versionName: string;
  /** Goes on with this stored conversation; a new one starts without. */
  conversationId?: string;
  messages: unknown;
  /** The agent key that asked (null or absent: none named). */
  keyName?: string | null;
  temperature?: number;
  maxTokens?: number;
  /** The client's end user, as Chat Completions names it: checked, not stored nor sent on (the model needs no identity of the caller). */
  user?: string;
  /** Called once the turn is taken (its conversation stored, before the model is asked), with the conversation's id. */
  onStart?: (conversationId: string) => void;
  /** The reply's text as the model streams it. */
  onDelta?: (text: string) => void;
}

export interface TurnAnswer {
  conversationId: string;
  reply: string;
  finishReason: 'stop';
  usage: { promptTokens: number; completionTokens: number; totalTokens: number };
}

export interface AgentService {
  turn(request: TurnRequest): Promise<TurnAnswer>;
}

export interface AgentServiceOptions extends RuntimeOptions {
  publishes: PublishHistory;
  conversations: ConversationRecords;
  /** The time of an entry, as an ISO string. */
  now(): string;
  /** Test seam: how long a turn waits for another server's turn of its conversation. Default TURN_WAIT_MS. */
  turnWaitMs?: number;
}

const bad = (message: string): AgentError => new AgentError('BAD_INPUT', message);

/** A message's text: a string, or the text parts of a content array (as OpenAI clients may send); null otherwise. */
function textOf(content: unknown): string | null {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return null;
  const parts = content.map((part: unknown) =>
    isRecord(part) && part.type === 'text' && typeof part.text === 'string' ? part.text : null,
  );
  return parts.every((part) => part !== null) ? parts.join('') : null;
}

/** The new user message and the history a new conversation starts from, from a client's `messages`. */
function clientTurn(raw: unknown): { input: string; history: ChatMessage[] } {
  if (!Array.isArray(raw) || raw.length === 0) throw bad(agentMessages.noUserMessage);
  if (raw.length > MAX_HISTORY_MESSAGES + 1) throw bad(agentMessages.tooManyMessages(MAX_HISTORY_MESSAGES));
  const last: unknown = raw.at(-1);
  const input = isRecord(last) && last.role === 'user' ? textOf(last.content) : null;
  if (input === null || input.trim() === '') throw bad(agentMessages.noUserMessage);
  const history: ChatMessage[] = [];
  for (const message of raw.slice(0, -1)) {
    if (!isRecord(message) || typeof message.role !== 'string') throw bad(agentMessages.noUserMessage);
    // A client's system (or developer) message is ignored, not refused: the flow's compiled prompt is
    // the agent's system prompt, which no caller may replace, and common clients always send one.
    // Tool messages and tool calls are the client's own tools', which this agent never offered.
    if (message.role !== 'user' && message.role !== 'assistant') continue;
    const content = textOf(message.content);
    if (content === null || content === '') continue;
    if (content.length > MAX_MESSAGE) throw bad(agentMessages.messageTooLong(MAX_MESSAGE));
    history.push({ role: message.role, content });
  }
  if (input.length > MAX_MESSAGE) throw bad(agentMessages.messageTooLong(MAX_MESSAGE));
  return { input, history };
}

function checkSampling(request: TurnRequest): void {
  const { temperature, maxTokens } = request;
  if (temperature !== undefined && !(typeof temperature === 'number' && temperature >= 0 && temperature <= 2))
    throw bad(agentMessages.badTemperature);
  if (maxTokens !== undefined && !(Number.isInteger(maxTokens) && maxTokens >= 1)) throw bad(agentMessages.badMaxTokens);
}

/** A message with every secret value masked (core's redactTokens), as it is stored. */
function maskedMessage(message: ChatMessage, mask: (text: string) => string): ChatMessage {
  if (message.role === 'assistant') {
    const calls = message.tool_calls?.map((call) => ({
      ...call,
      function: { ...call.function, arguments: mask(call.function.arguments) },
    }));
    return { ...message, content: message.content === null ? null : mask(message.content), ...(calls ? { tool_calls: calls } : {}) };
  }
  return { ...message, content: mask(message.content) };
}

/** Writes run one after the other as they are added; `done` waits for all and throws the first failure (a failed write's rejection is never left unhandled meanwhile, and the writes after it are not made). */
function writeQueue(): { add(write: () => Promise<unknown>): void; done(): Promise<void> } {
  let tail: Promise<void> = Promise.resolve();
  let failure: { cause: unknown } | undefined;
  return {
    add(write) {
      tail = tail.then(async () => {
        if (failure !== undefined) return;
        try {
          await write();
        } catch (cause) {
          failure = { cause };
        }
      });
    },
    async done() {
      await tail;
      if (failure !== undefined) throw failure.cause;
    },
  };
}

/**
 * The agent service over the provider's publishes, conversation log, model settings and secret
 * store. Each turn runs the plan version's last published flow exactly as the Playground runs a
 * flow (openFlowAgent), and records as it goes: the user's message as the model is called,
 * each tool call when it ends, the answer and the state when the turn ends. Secret values are
 * masked in everything recorded.
 */
export function createAgentService(options: AgentServiceOptions): AgentService {
  const { conversations } = options;
  const now = (): string => options.now();
  const publishedAgent = cachedPublishedAgents(options.publishes);
  async function turnNow(request: TurnRequest): Promise<TurnAnswer> {
    const { input, history } = clientTurn(request.messages);
    checkSampling(request);
    if (request.user !== undefined && typeof request.user !== 'string') throw bad(agentMessages.badUser);
    const target = `${request.planId}/${request.versionName}`;
    const published = await publishedAgent(request.planId, request.versionName);
    if (published === null) throw new AgentError('AGENT_NOT_FOUND', agentMessages.agentNotFound(target));

    let state: ConversationState = { messages: history, variables: {} };
    const continued = request.conversationId;
    if (continued !== undefined) {
      const stored = await conversations.resume(continued);
      if (stored === null) throw new AgentError('CONVERSATION_NOT_FOUND', conversationMessages.conversationNotFound(continued));
      const { planId, versionName, keyName } = stored.head;
      // Another key's conversation is not found, as one that does not exist: an id alone opens nothing.
      if (keyName !== (request.keyName ?? null))
        throw new AgentError('CONVERSATION_NOT_FOUND', conversationMessages.conversationNotFound(continued));
      if (planId !== request.planId || versionName !== request.versionName)
        throw new AgentError('CONVERSATION_NOT_FOUND', agentMessages.conversationOfAnotherAgent(continued, target));
      // The request's earlier messages are the client's copy: the stored conversation is the one that goes on.
      state = stored.state;
    }

    let opened: Awaited<ReturnType<typeof openFlowAgent>>;
    try {
      opened = await openFlowAgent(options, published.flow, {
        history: state,
        ...(continued === undefined ? {} : { conversationId: continued }),
      });
    } catch (error) {
      if (error instanceof ModelNotConfiguredError) throw new AgentError('MODEL_NOT_CONFIGURED', error.message);
      if (error instanceof FlowError && error.code === 'NO_CHAINS')
        throw new AgentError('AGENT_NOT_FOUND', `${agentMessages.agentNotFound(target)}: ${flowMessages.noChainsInFlow}`);
      throw error;
    }
    const { agent, secretValues } = opened;
    const mask = (text: string): string => redactTokens(text, secretValues);

    const conversationId = continued ?? newConversationId();
    const asked: ConversationEntry = { kind: 'user', at: now(), content: mask(input) };
    // Each entry is written in turn (the question, then each tool call when it ends); the turn waits for them before its answer.
    const written = writeQueue();
    if (continued === undefined) {
      const createdAt = asked.at;
      // A client that brings its own history: the transcript shows what the agent was told. One write with the message asked.
      const told = history.map((message): ConversationEntry =>
        message.role === 'user'
          ? { kind: 'user', at: createdAt, content: mask(message.content) }
          : { kind: 'assistant', at: createdAt, content: mask(message.content ?? ''), usage: { inputTokens: 0, outputTokens: 0 } },
      );
      await conversations.create(
        { id: conversationId, planId: request.planId, versionName: request.versionName, keyName: request.keyName ?? null, createdAt },
        [...told, asked],
      );
    } else {
      // The model is asked while the question is written (in the log's order, before anything of this turn after it):
      // a turn does not wait for a synced write before its model call.
      written.add(() => conversations.append(conversationId, asked));
    }
    request.onStart?.(conversationId);

    const record = (call: ToolCallTrace): void => {
      const entry: ConversationEntry = {
        kind: 'tool',
        at: now(),
        name: call.name,
        arguments: Object.fromEntries(Object.entries(call.arguments).map(([name, value]) => [name, mask(value)])),
        output: mask(call.output),
        ms: call.ms,
        ...(call.error === undefined ? {} : { error: mask(call.error) }),
      };
      written.add(() => conversations.append(conversationId, entry));
    };
    // Streamed pieces are masked too: a tail that could still become a secret value waits for the next piece.
    const { onDelta } = request;
    // Made only for a streamed answer: a turn answered whole is masked once, at its end.
    const redactor = onDelta ? createStreamRedactor(secretValues) : undefined;
    const onToken =
      onDelta && redactor
        ? (text: string): void => {
            const safe = redactor.push(text);
            if (safe !== '') onDelta(safe);
          }
        : undefined;
    try {
      const trace = await agent.turn(input, {
        onToolCall: record,
        ...(onToken ? { onToken } : {}),
        ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
        ...(request.maxTokens === undefined ? {} : { maxTokens: request.maxTokens }),
      });
      const rest = redactor?.end() ?? '';
      if (onDelta && rest !== '') onDelta(rest);
      await written.done();
      const at = now();
      const usage = { inputTokens: trace.tokens.prompt, outputTokens: trace.tokens.completion };
      // The stored state goes on from the one resumed (masked when it was stored): the same messages, then this turn's, masked.
      const before = continued === undefined ? history.map((message) => maskedMessage(message, mask)) : state.messages;
      const messages = [...before, ...trace.messages.map((message) => maskedMessage(message, mask))];
      const variables = Object.fromEntries(Object.entries(agent.variables).map(([name, value]) => [name, mask(value)]));
      await conversations.finishTurn(conversationId, { kind: 'assistant', at, content: mask(trace.reply), usage }, { messages, variables });
      return {
        conversationId,
        // Masked for the caller too, as the streamed pieces are.
        reply: mask(trace.reply),
        finishReason: 'stop',
        usage: {
          promptTokens: usage.inputTokens,
          completionTokens: usage.outputTokens,
          totalTokens: usage.inputTokens + usage.outputTokens,
        },
      };
    } catch (error) {
      await written.done().catch(() => undefined);
      if (error instanceof ModelError) throw new AgentError('MODEL_UNAVAILABLE', agentMessages.modelUnavailable(error.message));
      throw error;
    } finally {
      await agent.close();
    }
  }
  /** A turn of a stored conversation, once no other server runs one (the store's turn lock, held until it ends). */
  async function heldTurn(request: TurnRequest, id: string): Promise<TurnAnswer> {
    const release = await conversations.holdTurn(id, options.turnWaitMs ?? TURN_WAIT_MS);
    if (release === null) throw new AgentError('CONVERSATION_BUSY', agentMessages.conversationBusy(id));
    try {
      return await turnNow(request);
    } finally {
      // A lock whose session was lost is released already.
      await release().catch(() => undefined);
    }
  }
  return {
    // Turns of one conversation run one after the other in this process, each going on from the state the one before saved;
    // across servers, the store's turn lock orders them the same way.
    turn: (request) => {
      const id = request.conversationId;
      return id === undefined ? turnNow(request) : serialized(`conversation:${id}`, () => heldTurn(request, id));
    },
  };
}
