import { embedMessages } from './embedMessages.js';
import { StreamError, field, readCompletionStream } from './chatStream.js';

/** One message of the transcript shown. */
export interface ChatMessage {
  role: 'user' | 'assistant';
  text: string;
}

/** What the chat shows: the transcript, whether an answer is on its way, and what went wrong. */
export interface ChatState {
  messages: readonly ChatMessage[];
  conversationId: string | null;
  busy: boolean;
  error: string | null;
}

export interface ChatSessionOptions {
  /** The provider's base URL, without a trailing slash. */
  api: string;
  /** `planId` or `planId/version`: the model asked for. */
  agent: string;
  /** The agent key (`flow_sk_…`). */
  key: string;
  fetch: typeof fetch;
  /** Where the conversation is kept across page loads (sessionStorage); null to keep nothing. */
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  onState(state: ChatState): void;
}

export interface ChatSession {
  state(): ChatState;
  /** Sends a message and streams the answer into the transcript. */
  send(text: string): Promise<void>;
  /** Stops an answer on its way. */
  destroy(): void;
}

/** A stored transcript is cut to its last messages, so sessionStorage never fills up. */
const KEPT_MESSAGES = 200;

/** The sessionStorage key of one agent's conversation on one provider. */
export const storageKey = (api: string, agent: string): string => `flow-chat:${api}:${agent}`;

function restored(storage: ChatSessionOptions['storage'], key: string): Pick<ChatState, 'messages' | 'conversationId'> {
  const empty = { messages: [], conversationId: null };
  let saved: unknown;
  try {
    saved = JSON.parse(storage?.getItem(key) ?? 'null');
  } catch {
    return empty;
  }
  const id = field(saved, 'conversationId');
  const list = field(saved, 'messages');
  if (typeof id !== 'string' || !Array.isArray(list)) return empty;
  const messages: ChatMessage[] = [];
  for (const item of list) {
    const role = field(item, 'role');
    const text = field(item, 'text');
    if ((role === 'user' || role === 'assistant') && typeof text === 'string') messages.push({ role, text });
  }
  return { messages, conversationId: id };
}

/** The error body's code and message, when it is OpenAI's shape. */
async function errorOf(response: Response): Promise<{ code: string; message: string }> {
  let error: unknown;
  try {
    error = field(await response.json(), 'error');
  } catch {
    error = undefined;
  }
  const code = field(error, 'code');
  const message = field(error, 'message');
  return { code: typeof code === 'string' ? code : '', message: typeof message === 'string' ? message : `HTTP ${response.status}` };
}

/** The words for a refused request, from its status and the error body's message. */
function refusal(status: number, message: string): string {
  if (status === 401 || status === 403) return embedMessages.keyRefused;
  if (status === 429) return embedMessages.rateLimited;
  if (status === 502 || status === 503 || status === 504) return embedMessages.unavailable;
  return embedMessages.failed(message);
}

/**
 * The chat's engine, headless: keeps the transcript and the conversation id (restored from and
 * saved to `storage`), posts each message to `{api}/v1/chat/completions` with `stream: true` and
 * the conversation id, and reports every change through `onState`.
 */
export function createChatSession(options: ChatSessionOptions): ChatSession {
  const key = storageKey(options.api, options.agent);
  let state: ChatState = { ...restored(options.storage, key), busy: false, error: null };
  let aborter: AbortController | null = null;

  const update = (change: Partial<ChatState>): void => {
    state = { ...state, ...change };
    options.onState(state);
  };
  const store = (text: string): void => {
    try {
      options.storage?.setItem(key, text);
    } catch {
      // A full or refused storage keeps the chat working, only not across page loads.
    }
  };
  const save = (): void => {
    if (state.conversationId === null) return;
    const messages = state.messages.filter((m) => m.text !== '').slice(-KEPT_MESSAGES);
    store(JSON.stringify({ conversationId: state.conversationId, messages }));
  };
  const answer = (text: string): void => {
    const messages = state.messages.slice(0, -1);
    update({ messages: [...messages, { role: 'assistant', text }] });
  };

  /** A request the browser refused to read: the key's origins, or no server at all (the script's own address answers). */
  async function unreadable(): Promise<string> {
    try {
      await options.fetch(`${options.api}/embed.js`, { method: 'HEAD', cache: 'no-store' });
      return embedMessages.keyRefused;
    } catch {
      return embedMessages.unreachable;
    }
  }

  async function send(text: string): Promise<void> {
    if (state.busy || text.trim() === '') return;
    const controller = new AbortController();
    aborter = controller;
    update({ messages: [...state.messages, { role: 'user', text }, { role: 'assistant', text: '' }], busy: true, error: null });
    let reply = '';
    let error: string | null = null;
    try {
      const headers: Record<string, string> = { Authorization: `Bearer ${options.key}`, 'Content-Type': 'application/json' };
      const body = {
        model: options.agent,
        stream: true,
        messages: [{ role: 'user', content: text }],
        ...(state.conversationId === null ? {} : { conversation_id: state.conversationId }),
      };
      let response: Response;
      try {
        response = await options.fetch(`${options.api}/v1/chat/completions`, {
          method: 'POST',
          headers,
          body: JSON.stringify(body),
          signal: controller.signal,
          credentials: 'omit',
        });
      } catch (failure) {
        if (controller.signal.aborted) return;
        error = await unreadable();
        throw failure;
      }
      if (!response.ok || response.body === null) {
        const { code, message } = await errorOf(response);
        // A conversation the provider no longer keeps (its retention) is forgotten here too: the next message starts a new one.
        if (response.status === 404 && body.conversation_id !== undefined && code.includes('conversation')) {
          update({ conversationId: null });
          store('');
          error = embedMessages.conversationEnded;
        } else error = refusal(response.status, message);
        return;
      }
      const header = response.headers.get('Flow-Conversation');
      if (header !== null && header !== '') update({ conversationId: header });
      const finished = await readCompletionStream(response.body, {
        delta(piece) {
          reply += piece;
          answer(reply);
        },
        conversation(id) {
          if (id !== state.conversationId) update({ conversationId: id });
        },
      });
      if (!finished) error = embedMessages.cutOff;
    } catch (failure) {
      if (controller.signal.aborted) return;
      error ??= failure instanceof StreamError ? embedMessages.failed(failure.message) : embedMessages.cutOff;
    } finally {
      if (aborter === controller) aborter = null;
      if (!controller.signal.aborted) {
        // An answer that never started leaves no empty bubble behind.
        if (reply === '') update({ messages: state.messages.slice(0, -1) });
        update({ busy: false, error });
        save();
      }
    }
  }

  return {
    state: () => state,
    send,
    destroy() {
      aborter?.abort();
      aborter = null;
    },
  };
}
