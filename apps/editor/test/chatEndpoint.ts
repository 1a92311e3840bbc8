// The provider side of the <flow-chat> browser test, in one place: a local provider on 127.0.0.1
// that serves /embed.js and its real agent keys (CORS for the origins a key lists, 403
// origin_not_allowed for others), with a stand-in for POST /v1/chat/completions that speaks the
// issue's contract: OpenAI `chat.completion.chunk` SSE events with `conversation_id`, the
// `Flow-Conversation` header, `data: [DONE]`, continuing by `conversation_id` (body or header).
// When the real /v1 route lands, only this file changes (see startChatEndpoint).
import { mkdtemp, rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type RunningServer, type ServerOptions } from '@flow/server';

export interface ChatEndpoint {
  /** The provider's base URL: it serves /embed.js and /v1/chat/completions. */
  url: string;
  /** The agent the page's element names (`model`). */
  agent: string;
  /** A key that lists the page's origin. */
  key: string;
  /** A key that lists another origin only. */
  refusedKey: string;
  /** The next answer, streamed in pieces a few ms apart; its last piece waits for `release()`. */
  nextAnswer(text: string): { release(): void; lastSent: () => boolean };
  /** What the endpoint was asked, in order: the conversation id sent (null for a new one), the message, and the one answered with. */
  received: { sent: string | null; message: string; conversationId: string }[];
  close(): Promise<void>;
}

const AGENT = 'support-desk';
const PIECE_DELAY_MS = 15;

const wait = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

async function bodyOf(req: IncomingMessage): Promise<unknown> {
  let text = '';
  req.setEncoding('utf8');
  for await (const part of req) text += String(part);
  return JSON.parse(text);
}

const textOf = (value: unknown, key: string): string | null => {
  const found: unknown = typeof value === 'object' && value !== null ? Reflect.get(value, key) : undefined;
  return typeof found === 'string' ? found : null;
};

/** The user's message: the text of the last message of the body. */
function lastMessage(body: unknown): string {
  const messages: unknown = typeof body === 'object' && body !== null ? Reflect.get(body, 'messages') : undefined;
  return Array.isArray(messages) ? (textOf(messages.at(-1), 'content') ?? '') : '';
}

/**
 * Starts the endpoint for a page served from `pageOrigin`.
 *
 * To run the browser test against the real provider once /v1 is on main: drop `testRoutes` below
 * (the real route answers first anyway), publish the support-desk example's production version
 * and point the provider's model at `startScriptedModel()` (@flow/runtime/testing) with
 * `FLOW_MODEL_BASE_URL` in `runtimeEnv`; `nextAnswer` then pushes `{ content: text, chunkDelayMs }`
 * to it (`release` a no-op, `lastSent` reading its requests), and `received` comes from
 * `server.agents`' conversation log (or the scripted model's requests: a continued conversation
 * sends the earlier turns).
 */
export async function startChatEndpoint(pageOrigin: string): Promise<ChatEndpoint> {
  const dir = await mkdtemp(join(tmpdir(), 'flow-chat-'));
  const answers: { text: string; gate: Promise<void>; sent: boolean }[] = [];
  const received: ChatEndpoint['received'] = [];
  let conversations = 0;
  let keys: Parameters<NonNullable<ServerOptions['testRoutes']>>[0]['agentKeys'] | undefined;
  const server: RunningServer = await startServer({
    port: 0,
    dir,
    seedDir: null,
    log: () => undefined,
    testRoutes: (services) => {
      keys = services.agentKeys;
      return [
        {
          method: 'POST',
          pattern: '/v1/chat/completions',
          async handler({ req, res }) {
            const body = await bodyOf(req);
            const model = textOf(body, 'model') ?? '';
            const [planId = '', versionName = 'production'] = model.split('/');
            // The key's checks, in the real order: 401, 403 origin, 403 agent, 429; CORS headers for a listed origin.
            const grant = await services.agentKeys.check(req, { planId, versionName });
            const header = req.headers['flow-conversation'];
            const sent = textOf(body, 'conversation_id') ?? (typeof header === 'string' ? header : null);
            const conversationId = sent ?? `conv_${String(++conversations)}`;
            received.push({ sent, message: lastMessage(body), conversationId });
            const answer = answers.shift() ?? { text: 'No answer was scripted.', gate: Promise.resolve(), sent: false };
            res.writeHead(200, {
              ...grant.headers,
              'Content-Type': 'text/event-stream',
              'Cache-Control': 'no-cache',
              'Flow-Conversation': conversationId,
            });
            const chunk = (delta: Record<string, string>, finish: string | null = null): void => {
              const event = {
                id: 'chatcmpl-test',
                object: 'chat.completion.chunk',
                created: Math.floor(Date.now() / 1000),
                model,
                conversation_id: conversationId,
                choices: [{ index: 0, delta, finish_reason: finish }],
              };
              res.write(`data: ${JSON.stringify(event)}\n\n`);
            };
            chunk({ role: 'assistant', content: '' });
            const pieces = answer.text.match(/\S+\s*|\s+/g) ?? [];
            for (const [index, piece] of pieces.entries()) {
              if (index === pieces.length - 1) await answer.gate;
              else await wait(PIECE_DELAY_MS);
              chunk({ content: piece });
            }
            answer.sent = true;
            chunk({}, 'stop');
            res.end('data: [DONE]\n\n');
          },
        },
      ];
    },
  });
  if (keys === undefined) throw new Error('the provider did not hand its services to testRoutes');
  const key = (await keys.create({ name: 'web-shop', agents: [AGENT], origins: [pageOrigin] })).key;
  const refusedKey = (await keys.create({ name: 'other-site', agents: [AGENT], origins: ['https://other.example.com'] })).key;
  return {
    url: server.url,
    agent: AGENT,
    key,
    refusedKey,
    received,
    nextAnswer(text) {
      let release = (): void => undefined;
      const answer = { text, gate: new Promise<void>((done) => (release = done)), sent: false };
      answers.push(answer);
      return { release: () => release(), lastSent: () => answer.sent };
    },
    async close() {
      await server.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
