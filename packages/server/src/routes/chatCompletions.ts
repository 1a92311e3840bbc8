// POST /v1/chat/completions: OpenAI's Chat Completions over the published agents. `model` names the
// agent (`planId/versionName`, or `planId` for production); the provider keeps the conversation,
// whose id each answer carries (the `conversation_id` field and the Flow-Conversation header).
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { agentMessages, conversationMessages, isRecord } from '@flow/core';
import { isConversationId } from '../conversations/conversationRecords.js';
import { readJson } from '../http/body.js';
import { HttpError } from '../http/HttpError.js';
import { sendJson } from '../http/respond.js';
import type { Route } from '../http/router.js';
import { isId } from '../ids.js';
import type { AgentKeyGrant } from '../keys/agentKeys.js';
import type { Services } from '../services.js';
import type { TurnAnswer, TurnRequest } from '../serving/agentService.js';
import { asOpenAiError, invalidValue, openAiError } from '../serving/openAiErrors.js';

/** The header a conversation's id comes back in, and may be sent in to go on with it. */
export const CONVERSATION_HEADER = 'Flow-Conversation';

/** The agent a `model` names: `planId/versionName`, or `planId` for its production version; null when it names none. */
export function agentOfModel(model: string): { planId: string; versionName: string } | null {
  const [planId = '', versionName = 'production', ...rest] = model.split('/');
  return rest.length === 0 && isId(planId) && isId(versionName) ? { planId, versionName } : null;
}

/** The model's 404: no published agent by that name. */
const modelNotFound = (model: string): ReturnType<typeof openAiError> =>
  openAiError(404, 'model_not_found', agentMessages.agentNotFound(model.slice(0, 100)), { param: 'model' });

/** What a Chat Completions request asks, checked; the messages and sampling are checked by the agent service. */
interface ChatRequest {
  model: string;
  agent: { planId: string; versionName: string };
  turn: Omit<TurnRequest, 'planId' | 'versionName'>;
  stream: boolean;
  includeUsage: boolean;
}

const optionalNumber = (value: unknown, message: string, param: string): number | undefined => {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number') throw invalidValue(message, param);
  return value;
};

/** The request's fields this API reads (others, which OpenAI clients send many of, are ignored). */
function chatRequest(body: unknown, header: string | undefined): ChatRequest {
  if (!isRecord(body)) throw invalidValue('The body must be a JSON object with model and messages');
  const { model, stream, stream_options: streamOptions, user } = body;
  if (typeof model !== 'string' || model === '')
    throw invalidValue('model must name a published agent: "planId/versionName" or "planId"', 'model');
  const agent = agentOfModel(model);
  if (agent === null) throw modelNotFound(model);
  if (stream !== undefined && stream !== null && typeof stream !== 'boolean') throw invalidValue('stream must be true or false', 'stream');
  if (streamOptions !== undefined && streamOptions !== null && !isRecord(streamOptions))
    throw invalidValue('stream_options must be an object', 'stream_options');
  if (user !== undefined && user !== null && typeof user !== 'string') throw invalidValue(agentMessages.badUser, 'user');
  const temperature = optionalNumber(body.temperature, agentMessages.badTemperature, 'temperature');
  const maxTokens =
    optionalNumber(body.max_completion_tokens, agentMessages.badMaxTokens, 'max_completion_tokens') ??
    optionalNumber(body.max_tokens, agentMessages.badMaxTokens, 'max_tokens');
  const fromBody = body.conversation_id ?? undefined;
  if (fromBody !== undefined && typeof fromBody !== 'string') throw invalidValue('conversation_id must be text', 'conversation_id');
  if (fromBody !== undefined && header !== undefined && fromBody !== header)
    throw invalidValue(`conversation_id and the ${CONVERSATION_HEADER} header name different conversations`, 'conversation_id');
  const conversationId = fromBody ?? header;
  const shown = conversationId?.slice(0, 100) ?? '';
  if (conversationId !== undefined && !isConversationId(conversationId))
    throw openAiError(404, 'conversation_not_found', conversationMessages.conversationNotFound(shown), {
      param: 'conversation_id',
    });
  return {
    model: `${agent.planId}/${agent.versionName}`,
    agent,
    stream: stream === true,
    includeUsage: isRecord(streamOptions) && streamOptions.include_usage === true,
    turn: {
      messages: body.messages,
      ...(conversationId === undefined ? {} : { conversationId }),
      ...(temperature === undefined ? {} : { temperature }),
      ...(maxTokens === undefined ? {} : { maxTokens }),
      ...(typeof user === 'string' ? { user } : {}),
    },
  };
}

const usageOf = (answer: TurnAnswer) => ({
  prompt_tokens: answer.usage.promptTokens,
  completion_tokens: answer.usage.completionTokens,
  total_tokens: answer.usage.totalTokens,
});

/** The header of the request as one value (the first when sent twice). */
function headerOf(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/** Reads and checks the request, then lets it in with its key: no key (401) or too many (429) come before a bad body (400). */
async function admitted(
  services: Services,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<{ grant: AgentKeyGrant; ask: ChatRequest }> {
  let ask: ChatRequest | undefined;
  let refusal: unknown;
  try {
    ask = chatRequest(await readJson(req), headerOf(req, CONVERSATION_HEADER));
  } catch (error) {
    refusal = error;
  }
  const grant = await services.agentKeys.check(req, ask === undefined ? null : ask.agent);
  for (const [name, value] of Object.entries(grant.headers)) res.setHeader(name, value);
  if (ask === undefined) throw refusal;
  return { grant, ask };
}

/** A streamed answer: each chunk as a server-sent event, the headers with the first. */
function chunkStream(res: ServerResponse, ask: ChatRequest) {
  const id = `chatcmpl-${randomBytes(12).toString('base64url')}`;
  const created = Math.floor(Date.now() / 1000);
  let conversationId = '';
  // A client gone mid-answer stops nothing: the turn goes on and is recorded; nothing more is written.
  const open = (): boolean => !res.destroyed && !res.writableEnded;
  const write = (value: unknown): void => {
    if (open()) res.write(`data: ${JSON.stringify(value)}\n\n`);
  };
  const chunk = (delta: Record<string, unknown>, finishReason: string | null, extra: Record<string, unknown> = {}) => ({
    id,
    object: 'chat.completion.chunk',
    created,
    model: ask.model,
    choices: [{ index: 0, delta, finish_reason: finishReason, logprobs: null }],
    conversation_id: conversationId,
    ...extra,
  });
  const start = (): void => {
    if (res.headersSent) return;
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Accel-Buffering': 'no',
      [CONVERSATION_HEADER]: conversationId,
    });
    write(chunk({ role: 'assistant', content: '' }, null));
  };
  return {
    started: (conversation: string): void => {
      conversationId = conversation;
    },
    delta(text: string): void {
      start();
      write(chunk({ content: text }, null));
    },
    end(answer: TurnAnswer, streamed: boolean): void {
      start();
      // An endpoint that did not stream: the whole reply as one piece.
      if (!streamed) write(chunk({ content: answer.reply }, null));
      write(chunk({}, answer.finishReason));
      if (ask.includeUsage) write({ ...chunk({}, null), choices: [], usage: usageOf(answer) });
      if (open()) res.end('data: [DONE]\n\n');
    },
    /** True when the failure went out as an event (the answer had begun); false: answer it as an error. */
    failed(error: unknown): boolean {
      if (!res.headersSent) return false;
      const shaped = asOpenAiError(error);
      const known = shaped instanceof HttpError;
      // The way OpenAI's streams fail: an event of the error alone, which its clients throw.
      write({
        error: known
          ? { code: shaped.code, message: shaped.message, ...shaped.extra }
          : { code: 'INTERNAL', message: 'Internal error', type: 'server_error' },
      });
      if (open()) res.end();
      return known;
    },
  };
}

/** The OpenAI-compatible chat route over the server's agent service. */
export function chatCompletionRoutes(services: Services): Route[] {
  return [
    {
      method: 'POST',
      pattern: '/v1/chat/completions',
      async handler({ req, res }) {
        try {
          const { grant, ask } = await admitted(services, req, res);
          const turn = { ...ask.turn, ...ask.agent, keyName: grant.name };
          if (!ask.stream) {
            const answer = await services.agents.turn(turn);
            sendJson(
              res,
              200,
              {
                id: `chatcmpl-${randomBytes(12).toString('base64url')}`,
                object: 'chat.completion',
                created: Math.floor(Date.now() / 1000),
                model: ask.model,
                choices: [
                  {
                    index: 0,
                    message: { role: 'assistant', content: answer.reply, refusal: null },
                    finish_reason: answer.finishReason,
                    logprobs: null,
                  },
                ],
                usage: usageOf(answer),
                conversation_id: answer.conversationId,
              },
              { [CONVERSATION_HEADER]: answer.conversationId },
            );
            return;
          }
          const stream = chunkStream(res, ask);
          let streamed = false;
          try {
            const answer = await services.agents.turn({
              ...turn,
              onStart: stream.started,
              onDelta: (text) => {
                streamed = true;
                stream.delta(text);
              },
            });
            stream.end(answer, streamed);
          } catch (error) {
            if (!stream.failed(error)) throw error;
          }
        } catch (error) {
          throw asOpenAiError(error);
        }
      },
    },
  ];
}
