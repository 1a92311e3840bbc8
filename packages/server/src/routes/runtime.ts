import type { ServerResponse } from 'node:http';
import { FlowError, GenerateError, generateDescriptionProblem, generateFlow, messages, type GenerateModel } from '@flow/core';
import {
  ModelError,
  ModelNotConfiguredError,
  createModelClient,
  emptyCassette,
  generateModelOf,
  judgeReply,
  modelSettings,
  recordingModel,
  type ChatMessage,
  type EvalTranscriptTurn,
  type ModelClient,
} from '@flow/runtime';
import { BODY_LIMITS, readJson, readText, requireJsonType } from '../http/body.js';
import { HttpError, badRequest } from '../http/HttpError.js';
import { sendJson } from '../http/respond.js';
import { param, type Route } from '../http/router.js';
import { isRecord, isStringMap } from '../guards.js';
import { createDraftFlows } from '../serving/draftFlows.js';
import { MAX_MESSAGE, openFlowAgent, type FlowAgent, type RuntimeOptions } from '../serving/flowAgent.js';

export type { RuntimeOptions };
/** A model name the editor may choose (its setting): the endpoint and the key stay the provider's. */
const MODEL_NAME = /^[A-Za-z0-9][A-Za-z0-9._:/-]{0,127}$/;

function isChatMessage(value: unknown): value is ChatMessage {
  if (!isRecord(value)) return false;
  if (value.role === 'user' || value.role === 'system') return typeof value.content === 'string';
  if (value.role === 'tool') return typeof value.tool_call_id === 'string' && typeof value.content === 'string';
  if (value.role !== 'assistant') return false;
  const calls = value.tool_calls;
  return (
    (typeof value.content === 'string' || value.content === null) &&
    (calls === undefined ||
      (Array.isArray(calls) &&
        calls.every(
          (c) =>
            isRecord(c) &&
            isRecord(c.function) &&
            typeof c.id === 'string' &&
            typeof c.function.name === 'string' &&
            typeof c.function.arguments === 'string',
        )))
  );
}

/** The model of a chosen name (else the provider's) as one chat completion asked for JSON; 503 when none is configured. */
function generateModel(chosen: string | undefined, env: RuntimeOptions['env']): GenerateModel {
  return generateModelOf(chatModel(chosen, env));
}

/** The provider's model for a chat completion (a chosen name at most); 503 when none is configured. */
export function chatModel(chosen: string | undefined, env: RuntimeOptions['env']): ModelClient {
  try {
    return createModelClient(modelSettings(chosen === undefined ? {} : { model: chosen }, env));
  } catch (error) {
    if (error instanceof ModelNotConfiguredError) throw new HttpError(503, 'MODEL_NOT_CONFIGURED', error.message);
    throw error;
  }
}

/** The model name a request may choose (the endpoint and the key stay the provider's); 400 otherwise. */
function chosenModel(value: unknown): string | undefined {
  if (value !== undefined && (typeof value !== 'string' || !MODEL_NAME.test(value)))
    throw badRequest('model must be a model name such as llama3.1 or gpt-4o-mini');
  return value;
}

/** The longest judge rubric, and the most turns a conversation sent to the judge may have. */
export const MAX_RUBRIC = 2_000;
export const MAX_JUDGED_TURNS = 100;

/** A conversation as the Playground shows it (each user message, the tool calls made, the reply); null when it is not one. */
function transcriptOf(value: unknown): EvalTranscriptTurn[] | null {
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_JUDGED_TURNS) return null;
  const turns: EvalTranscriptTurn[] = [];
  for (const turn of value) {
    if (!isRecord(turn) || typeof turn.user !== 'string' || typeof turn.reply !== 'string' || !Array.isArray(turn.toolCalls)) return null;
    if (turn.user.length > MAX_MESSAGE) return null;
    const toolCalls: EvalTranscriptTurn['toolCalls'] = [];
    for (const call of turn.toolCalls) {
      if (!isRecord(call) || typeof call.name !== 'string' || !isStringMap(call.arguments) || typeof call.output !== 'string') return null;
      if (call.error !== undefined && typeof call.error !== 'string') return null;
      toolCalls.push({
        name: call.name,
        arguments: call.arguments,
        output: call.output,
        ...(typeof call.error === 'string' ? { error: call.error } : {}),
      });
    }
    turns.push({ user: turn.user, reply: turn.reply, toolCalls });
  }
  return turns;
}

/** One server-sent event. */
function event(res: ServerResponse, name: string, data: unknown): void {
  res.write(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
}

/**
 * POST /api/runtime/{planId}/{versionName}/chat: one turn of the Playground. The editor sends the
 * flow as it is on screen (unpublished), the conversation so far and the user's message; the
 * provider runs the runtime with its own model settings and secrets (they never reach the
 * browser) and streams `token`, `tool` and finally `done` (the trace, the messages and variables
 * to send back next time, the turn's recording for 'Save as test') or `error` events.
 */
export function runtimeRoutes(options: RuntimeOptions): Route[] {
  // The editor sends the whole draft at every turn: the same one is checked and compiled once.
  const drafts = createDraftFlows();
  return [
    {
      // The model the Playground talks to, as the editor shows it: its name and host, never its key.
      method: 'GET',
      pattern: '/api/runtime/settings',
      handler({ res }) {
        try {
          const settings = modelSettings({}, options.env);
          sendJson(res, 200, { configured: true, model: settings.model, endpoint: new URL(settings.baseUrl).host });
        } catch (error) {
          if (!(error instanceof ModelNotConfiguredError)) throw error;
          sendJson(res, 200, { configured: false, message: error.message });
        }
      },
    },
    {
      // Assistant generation (spec section 4): a description in, the workflow schema out.
      method: 'POST',
      pattern: '/api/runtime/generate',
      async handler({ req, res }) {
        const body = await readJson(req);
        if (!isRecord(body)) throw badRequest('Body must be an object with description and, optionally, model');
        const { description } = body;
        if (typeof description !== 'string') throw badRequest('description must be text');
        const problem = generateDescriptionProblem(description);
        if (problem !== null) throw badRequest(`${problem.charAt(0).toUpperCase()}${problem.slice(1)}`);
        const model = generateModel(chosenModel(body.model), options.env);
        try {
          const flow = await generateFlow(description, model);
          sendJson(res, 200, { nodes: flow.nodes, lastUpdated: flow.lastUpdated });
        } catch (error) {
          if (!(error instanceof GenerateError)) throw error;
          const status = error.code === 'INVALID_JSON_SCHEMA' ? 422 : 502;
          throw new HttpError(status, error.code, error.message, { extra: { detail: error.detail } });
        }
      },
    },
    {
      // The judge's verdict on a Playground conversation ('Save as test' with a rubric): the verdict
      // and the judge's answer as a cassette keeps it, so the saved test replays it offline.
      method: 'POST',
      pattern: '/api/runtime/judge',
      async handler({ req, res }) {
        const body = await readJson(req, BODY_LIMITS.flow);
        if (!isRecord(body)) throw badRequest('Body must be an object with rubric, transcript and, optionally, model');
        const rubric = typeof body.rubric === 'string' ? body.rubric.trim() : '';
        if (rubric === '' || rubric.length > MAX_RUBRIC) throw badRequest(`rubric must be text of 1 to ${MAX_RUBRIC} characters`);
        const transcript = transcriptOf(body.transcript);
        if (transcript === null)
          throw badRequest(
            `transcript must be 1 to ${MAX_JUDGED_TURNS} turns, each { user, reply, toolCalls: [{ name, arguments, output }] }`,
          );
        const model = chatModel(chosenModel(body.model), options.env);
        const recording = emptyCassette();
        try {
          const assertion = await judgeReply(recordingModel(model, recording), rubric, transcript, transcript.length);
          sendJson(res, 200, { assertion, recording: recording.model });
        } catch (error) {
          if (error instanceof ModelError) throw new HttpError(502, 'MODEL_ERROR', error.message);
          throw error;
        }
      },
    },
    {
      method: 'POST',
      pattern: '/api/runtime/:planId/:versionName/chat',
      async handler({ req, res, params }) {
        param(params, 'planId');
        requireJsonType(req);
        const { body, draft: checkDraft } = drafts.read(await readText(req, BODY_LIMITS.flow));
        if (!isRecord(body)) throw badRequest('Body must be an object with doc, message, messages and variables');
        const draft = checkDraft();
        if (!draft.ok) throw badRequest(`doc is not a flow: ${draft.findings[0]?.message ?? 'invalid'}`, 'INVALID_FLOW');
        const message = body.message;
        if (typeof message !== 'string' || message.trim() === '' || message.length > MAX_MESSAGE)
          throw badRequest(`message must be text of 1 to ${MAX_MESSAGE} characters`);
        const history = body.messages ?? [];
        if (!Array.isArray(history) || !history.every(isChatMessage))
          throw badRequest('messages must be the conversation this endpoint sent back');
        const variables = body.variables ?? {};
        if (!isStringMap(variables)) throw badRequest('variables must map names to text');
        const chosen = chosenModel(body.model);
        let agent: FlowAgent['agent'];
        // What the turn needed from outside, sent back so 'Save as test' can replay it offline.
        const recording = emptyCassette();
        try {
          ({ agent } = await openFlowAgent(options, draft.prepare(), {
            ...(chosen === undefined ? {} : { model: chosen }),
            history: { messages: history, variables },
            record: recording,
          }));
        } catch (error) {
          if (error instanceof ModelNotConfiguredError) throw new HttpError(503, 'MODEL_NOT_CONFIGURED', error.message);
          if (error instanceof FlowError && error.code === 'NO_CHAINS') throw new HttpError(400, 'NO_CHAINS', messages.noChainsInFlow);
          throw error;
        }
        res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', 'X-Accel-Buffering': 'no' });
        // The editor reads the answer's headers while the model thinks, not after its first token.
        res.flushHeaders();
        try {
          const trace = await agent.turn(message, {
            onToken: (text) => event(res, 'token', { text }),
            onToolCall: (call) => event(res, 'tool', call),
          });
          event(res, 'done', { trace, messages: agent.messages.slice(1), variables: agent.variables, recording });
        } catch (error) {
          event(res, 'error', {
            code: error instanceof ModelError ? 'MODEL_ERROR' : 'INTERNAL',
            message: error instanceof ModelError ? error.message : 'The turn failed',
          });
        } finally {
          res.end();
          await agent.close();
        }
      },
    },
  ];
}
