// The OpenAI-compatible API driven by the official `openai` client, on a real provider, the
// scripted model and a local HTTP service for a tool: chatCompletions.test.ts runs it on the folder
// store, pg/pgChatCompletions.test.ts on PostgreSQL.
import OpenAI from 'openai';
import type { ChatCompletionCreateParamsNonStreaming, ChatCompletionCreateParamsStreaming } from 'openai/resources/chat/completions';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addNode, createPromptData, emptyFlow, type Conversation, type FlowDocument } from '@flow/core';
import {
  httpToolFlow,
  startRecordingService,
  startScriptedModel,
  type RecordingService,
  type ScriptedModelServer,
} from '@flow/runtime/testing';
import type { ChildProcess } from 'node:child_process';
import { killHard, waitForOutput } from '../childProvider.test-helper.js';
import type { ServerOptions } from '../server.js';
import type { TestServer } from '../testServer.test-helper.js';

/**
 * A conversation of plan 'shop' on the provider process `child` (listening on 127.0.0.1), which is killed
 * with SIGKILL once its streamed second answer has begun: returns the conversation's id.
 */
export async function conversationCutMidAnswer(child: ChildProcess, key: string, model: ScriptedModelServer): Promise<string> {
  const [, childUrl = ''] = await waitForOutput(child, 'stdout', /listening on (http:\/\/127\.0\.0\.1:\d+)/);
  const dying = new OpenAI({ baseURL: `${childUrl}/v1`, apiKey: key, maxRetries: 0 });
  model.push({ content: 'Hi Ann.' });
  const first = await dying.chat.completions.create({ model: 'shop', messages: [{ role: 'user', content: 'I am Ann' }] });
  const id = String(conversationIdOf(first));
  model.push({ content: 'Your order is on its way and should arrive before the weekend.', chunkDelayMs: 50 });
  const streamed: ChatCompletionCreateParamsStreaming & { conversation_id: string } = {
    model: 'shop',
    messages: [{ role: 'user', content: 'Where is my order?' }],
    stream: true,
    conversation_id: id,
  };
  const stream = await dying.chat.completions.create(streamed);
  try {
    for await (const chunk of stream) {
      if (chunk.choices[0]?.delta.content) {
        await killHard(child);
        break;
      }
    }
  } catch {
    // The connection went with the server.
  }
  return id;
}

/** `server` has the cut conversation's whole turns and its last question, and goes on from the last whole turn. */
export async function expectGoesOnFromLastWholeTurn(
  server: TestServer,
  key: string,
  id: string,
  model: ScriptedModelServer,
): Promise<void> {
  expect(model.answered).toBe(1);
  const stored = await conversationOf(server, id);
  expect(stored.entries.map((e) => (e.kind === 'tool' ? e.name : e.content))).toEqual(['I am Ann', 'Hi Ann.', 'Where is my order?']);
  model.push({ content: 'Sorry, Ann: it arrives Friday.' });
  const goOn: OpenAI.ChatCompletionCreateParamsNonStreaming & { conversation_id: string } = {
    model: 'shop',
    messages: [{ role: 'user', content: 'Hello?' }],
    conversation_id: id,
  };
  const again = await clientOf(server, key).chat.completions.create(goOn);
  expect(again.choices[0]?.message.content).toBe('Sorry, Ann: it arrives Friday.');
  expect(model.requests.at(-1)?.messages.slice(1)).toEqual([
    { role: 'user', content: 'I am Ann' },
    { role: 'assistant', content: 'Hi Ann.' },
    { role: 'user', content: 'Hello?' },
  ]);
}

/** Starts a provider with these options on the store under test (a fresh one for each test). */
export type StartProvider = (options: Omit<ServerOptions, 'dir' | 'port'>) => Promise<TestServer>;

/** Every test's minute of agent keys, whatever the wall clock says (a rate test never straddles two). */
export const KEY_CLOCK = (): number => Date.parse('2026-11-27T12:00:30.000Z');

/** A flow of one Instruct node saying `text`, for plan `planId`. */
export function textFlow(planId: string, text: string, versionName = 'production'): FlowDocument {
  const { doc } = addNode(
    { ...emptyFlow(planId, versionName), agentContext: 'Shop assistant.' },
    { type: 'prompt', data: createPromptData(text) },
    { currentChain: '0', newChain: true, id: 'intro' },
  );
  return doc;
}

/** Publishes `doc` as Play does (creating the flow when it is new). */
export async function publish(server: TestServer, doc: FlowDocument): Promise<void> {
  const path = `/api/flows/${doc.planId}/${doc.versionName}`;
  const etag = (await server.call('GET', path)).headers.get('etag');
  const res = await server.call('POST', `${path}/publish`, { json: doc, headers: etag ? { 'If-Match': etag } : { 'If-None-Match': '*' } });
  if (res.status !== 200) throw new Error(`publish ${path}: ${res.status} ${await res.text()}`);
}

/** A new agent key's text. */
export async function createKey(server: TestServer, settings: { name: string; agents?: string[]; rate?: number }): Promise<string> {
  const res = await server.call('POST', '/api/keys', { json: settings });
  const body = (await res.json()) as { key: string };
  return body.key;
}

/** The official client on a provider's /v1 with a key; no retries, so each refusal is seen as it is. */
export const clientOf = (server: TestServer, key: string): OpenAI =>
  new OpenAI({ baseURL: `${server.url}/v1`, apiKey: key, maxRetries: 0 });

/** A stored conversation, as the provider's API gives it. */
export async function conversationOf(server: TestServer, id: string): Promise<Conversation> {
  const res = await server.call('GET', `/api/conversations/${id}`);
  if (res.status !== 200) throw new Error(`conversation ${id}: ${res.status}`);
  return (await res.json()) as Conversation;
}

/** The `conversation_id` a response body carries besides OpenAI's fields. */
export const conversationIdOf = (body: object): unknown => ('conversation_id' in body ? body.conversation_id : undefined);

/** The error a call is refused with (an APIError of the client). */
export async function refusal(call: Promise<unknown>): Promise<InstanceType<typeof OpenAI.APIError>> {
  try {
    await call;
  } catch (error) {
    if (error instanceof OpenAI.APIError) return error;
    throw error;
  }
  throw new Error('the call was answered');
}

/** What a Chat Completions request with a `conversation_id` (a field OpenAI's types do not have) sends. */
type Continued = ChatCompletionCreateParamsNonStreaming & { conversation_id: string };

export function chatApiSuite(name: string, start: StartProvider): void {
  describe(`POST /v1/chat/completions and GET /v1/models with the openai client: ${name}`, () => {
    let model: ScriptedModelServer;
    let api: RecordingService;
    let server: TestServer;
    let env: Record<string, string | undefined>;

    beforeEach(async () => {
      model = await startScriptedModel();
      api = await startRecordingService({ status: 'shipped' });
      env = { FLOW_MODEL_BASE_URL: model.baseUrl, FLOW_MODEL: 'served-model', FLOW_RUNTIME_ALLOW_PRIVATE: '1' };
      server = await start({ runtimeEnv: env, seedDir: null, keyClock: KEY_CLOCK });
    });
    afterEach(async () => {
      await server.close();
      await model.close();
      await api.close();
    });

    it("answers in OpenAI's shape with the conversation's id (field and header); the key's name is in the log", async () => {
      await publish(server, textFlow('shop', 'Be helpful.'));
      const client = clientOf(server, await createKey(server, { name: 'web-shop' }));
      model.push({ content: 'Hello there!', usage: { prompt_tokens: 40, completion_tokens: 3 } });
      const { data, response } = await client.chat.completions
        .create({ model: 'shop', messages: [{ role: 'user', content: 'Hi' }], temperature: 0.2, max_completion_tokens: 64 })
        .withResponse();
      const conversationId = response.headers.get('flow-conversation') ?? '';
      expect(conversationId).toMatch(/^conv_[A-Za-z0-9_-]{22}$/);
      expect(data).toEqual({
        id: expect.stringMatching(/^chatcmpl-/),
        object: 'chat.completion',
        created: expect.any(Number),
        model: 'shop/production',
        choices: [
          { index: 0, message: { role: 'assistant', content: 'Hello there!', refusal: null }, finish_reason: 'stop', logprobs: null },
        ],
        usage: { prompt_tokens: 40, completion_tokens: 3, total_tokens: 43 },
        conversation_id: conversationId,
      });
      expect(Math.abs(data.created - Date.now() / 1000)).toBeLessThan(60);
      expect(model.requests[0]?.body).toMatchObject({ model: 'served-model', temperature: 0.2, max_tokens: 64 });
      const stored = await conversationOf(server, conversationId);
      expect(stored).toMatchObject({ planId: 'shop', versionName: 'production', keyName: 'web-shop' });
      expect(stored.entries.map((e) => (e.kind === 'tool' ? e.name : e.content))).toEqual(['Hi', 'Hello there!']);
    });

    it('streams chunks as the model streams them: role first, content, finish_reason, usage, then [DONE]', async () => {
      await publish(server, textFlow('shop', 'Be helpful.'));
      const client = clientOf(server, await createKey(server, { name: 'web-shop' }));
      const text = 'Your order left the warehouse this morning and arrives on Monday.';
      model.push({ content: text, chunkDelayMs: 15, usage: { prompt_tokens: 12, completion_tokens: 14 } });
      const { data: stream, response } = await client.chat.completions
        .create({
          model: 'shop/production',
          messages: [{ role: 'user', content: 'Where is my order?' }],
          stream: true,
          stream_options: { include_usage: true },
        })
        .withResponse();
      const conversationId = response.headers.get('flow-conversation') ?? '';
      expect(conversationId).toMatch(/^conv_/);
      expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      const chunks: OpenAI.ChatCompletionChunk[] = [];
      let answeredAtFirstText: number | undefined;
      for await (const chunk of stream) {
        if (answeredAtFirstText === undefined && chunk.choices[0]?.delta.content) answeredAtFirstText = model.answered;
        chunks.push(chunk);
      }
      // The first piece of text reached the client while the model was still sending the rest.
      expect(answeredAtFirstText).toBe(0);
      expect(chunks[0]?.choices[0]?.delta).toEqual({ role: 'assistant', content: '' });
      expect(chunks.map((c) => c.choices[0]?.delta.content ?? '').join('')).toBe(text);
      expect(chunks.filter((c) => (c.choices[0]?.delta.content ?? '') !== '').length).toBeGreaterThan(5);
      expect(chunks.every((c) => c.object === 'chat.completion.chunk' && c.model === 'shop/production' && c.id === chunks[0]?.id)).toBe(
        true,
      );
      expect(chunks.every((c) => conversationIdOf(c) === conversationId)).toBe(true);
      expect(chunks.at(-2)?.choices).toEqual([{ index: 0, delta: {}, finish_reason: 'stop', logprobs: null }]);
      expect(chunks.at(-1)).toMatchObject({ choices: [], usage: { prompt_tokens: 12, completion_tokens: 14, total_tokens: 26 } });
      expect((await conversationOf(server, conversationId)).entries.at(-1)).toMatchObject({ kind: 'assistant', content: text });
    });

    it('goes on with a conversation sent back by id (body field or header): the model gets the stored history', async () => {
      await publish(server, textFlow('shop', 'Be helpful.'));
      const client = clientOf(server, await createKey(server, { name: 'web-shop' }));
      model.push({ content: 'Hi Ann.' }, { content: 'Your name is Ann.' }, { content: 'Still Ann.' });
      const first = await client.chat.completions.create({ model: 'shop', messages: [{ role: 'user', content: 'I am Ann' }] });
      const id = String(conversationIdOf(first));
      const continued: Continued = { model: 'shop', messages: [{ role: 'user', content: 'What is my name?' }], conversation_id: id };
      const second = await client.chat.completions.create(continued);
      expect(conversationIdOf(second)).toBe(id);
      expect(model.requests[1]?.messages.slice(1)).toEqual([
        { role: 'user', content: 'I am Ann' },
        { role: 'assistant', content: 'Hi Ann.' },
        { role: 'user', content: 'What is my name?' },
      ]);
      const third = await client.chat.completions.create(
        { model: 'shop', messages: [{ role: 'user', content: 'And now?' }] },
        { headers: { 'Flow-Conversation': id } },
      );
      expect(conversationIdOf(third)).toBe(id);
      expect(model.requests[2]?.messages).toHaveLength(6);
      // Without an id, a new conversation starts.
      model.push({ content: 'Who are you?' });
      const fresh = await client.chat.completions.create({ model: 'shop', messages: [{ role: 'user', content: 'Name?' }] });
      expect(conversationIdOf(fresh)).not.toBe(id);
      expect(model.requests[3]?.messages).toHaveLength(2);
      // Another key cannot go on with it: to that key, it does not exist.
      const other = clientOf(server, await createKey(server, { name: 'other-shop' }));
      const error = await refusal(other.chat.completions.create({ ...continued, messages: [{ role: 'user', content: 'Name?' }] }));
      expect([error.status, error.code, error.type, error.message]).toEqual([
        404,
        'conversation_not_found',
        'invalid_request_error',
        `404 No conversation ${id}`,
      ]);
    });

    it('runs a tool against a local HTTP service on the server and answers with the reply', async () => {
      await publish(server, httpToolFlow({ url: `${api.url}/orders/{{order_id}}` }, 'Look up order'));
      const client = clientOf(server, await createKey(server, { name: 'web-shop', agents: ['shop'] }));
      model.push({ toolCalls: [{ name: 'look_up_order', arguments: { order_id: 'A1' } }] }, { content: 'It has shipped.' });
      const answer = await client.chat.completions.create({ model: 'shop', messages: [{ role: 'user', content: 'Where is A1?' }] });
      expect(answer.choices[0]?.message.content).toBe('It has shipped.');
      expect(api.requests.map((r) => r.url)).toEqual(['/orders/A1']);
      const stored = await conversationOf(server, String(conversationIdOf(answer)));
      expect(stored.entries.find((e) => e.kind === 'tool')).toMatchObject({ name: 'look_up_order', arguments: { order_id: 'A1' } });
    });

    it("refuses in OpenAI's shape: unknown model 404, no or wrong key 401, another agent's key 403, over the rate 429, model down 502, not configured 503", async () => {
      await publish(server, textFlow('shop', 'Be helpful.'));
      const key = await createKey(server, { name: 'web-shop', rate: 5 });
      const client = clientOf(server, key);
      const hi = { messages: [{ role: 'user' as const, content: 'Hi' }] };
      const unknown = await refusal(client.chat.completions.create({ model: 'nowhere', ...hi }));
      expect([unknown.status, unknown.code, unknown.type, unknown.param, unknown.message]).toEqual([
        404,
        'model_not_found',
        'invalid_request_error',
        'model',
        '404 No published agent nowhere/production: publish it first (Play in the editor, or flowctl publish)',
      ]);
      const bad = await refusal(client.chat.completions.create({ model: 'shop', messages: [] }));
      expect([bad.status, bad.code, bad.type, bad.message]).toEqual([
        400,
        'invalid_value',
        'invalid_request_error',
        "400 The last message must be the user's, with text",
      ]);
      const noKey = await refusal(clientOf(server, 'not-a-key').chat.completions.create({ model: 'shop', ...hi }));
      expect([noKey.status, noKey.code, noKey.message]).toEqual([
        401,
        'invalid_api_key',
        '401 Invalid agent key: it is unknown or was revoked',
      ]);
      const bound = clientOf(server, await createKey(server, { name: 'desk-only', agents: ['desk'] }));
      const elsewhere = await refusal(bound.chat.completions.create({ model: 'shop', ...hi }));
      expect([elsewhere.status, elsewhere.code, elsewhere.type, elsewhere.message]).toEqual([
        403,
        'model_not_allowed',
        'permission_error',
        '403 Key desk-only may not use agent shop/production',
      ]);
      model.push({ status: 500, error: 'Model crashed' });
      const down = await refusal(client.chat.completions.create({ model: 'shop', ...hi }));
      expect([down.status, down.code, down.type, down.message]).toEqual([
        502,
        'model_unavailable',
        'server_error',
        "502 The agent's model did not answer: The model endpoint answered 500: Model crashed",
      ]);
      delete env.FLOW_MODEL;
      const unset = await refusal(client.chat.completions.create({ model: 'shop', ...hi }));
      expect([unset.status, unset.code, unset.type]).toEqual([503, 'model_not_configured', 'server_error']);
      // Four requests counted so far (the 401 was not): the fifth passes, the sixth is over the rate.
      await refusal(client.chat.completions.create({ model: 'shop', ...hi }));
      const limited = await refusal(client.chat.completions.create({ model: 'shop', ...hi }));
      expect([limited.status, limited.code, limited.type]).toEqual([429, 'rate_limit_exceeded', 'rate_limit_error']);
      expect(limited.headers?.get('retry-after')).toBe('30');
    });

    it("lists the published agents a key may use in OpenAI's shape, and one by its id", async () => {
      await publish(server, textFlow('shop', 'Be helpful.'));
      await publish(server, textFlow('desk', 'Be kind.'));
      await publish(server, textFlow('desk', 'Be kind, beta.', 'beta'));
      // A draft never published is no agent.
      await server.call('PUT', '/api/flows/draft/production', { json: textFlow('draft', 'Draft.'), headers: { 'If-None-Match': '*' } });
      const all = clientOf(server, await createKey(server, { name: 'all' }));
      const listed = [];
      for await (const m of all.models.list()) listed.push(m);
      expect(listed.map((m) => m.id)).toEqual(['desk/beta', 'desk/production', 'shop/production']);
      expect(listed[0]).toEqual({ id: 'desk/beta', object: 'model', created: expect.any(Number), owned_by: 'flow' });
      const desk = clientOf(server, await createKey(server, { name: 'desk', agents: ['desk/production'] }));
      const deskListed = [];
      for await (const m of desk.models.list()) deskListed.push(m.id);
      expect(deskListed).toEqual(['desk/production']);
      const one = await server.call('GET', '/v1/models/shop/production', {
        headers: { Authorization: `Bearer ${await createKey(server, { name: 'one' })}` },
      });
      expect(await one.json()).toMatchObject({ id: 'shop/production', object: 'model', owned_by: 'flow' });
    });

    it('answers a stream whose model failed before any text with a 502, and one that failed after with an error event the client raises', async () => {
      await publish(server, httpToolFlow({ url: `${api.url}/orders/{{order_id}}` }, 'Look up order'));
      const client = clientOf(server, await createKey(server, { name: 'web-shop' }));
      const ask = { model: 'shop', messages: [{ role: 'user' as const, content: 'Where is A1?' }], stream: true as const };
      model.push({ status: 500, error: 'Model crashed' });
      const before = await refusal(client.chat.completions.create(ask));
      expect([before.status, before.code]).toEqual([502, 'model_unavailable']);
      // Text streamed, then a tool call, then the model fails on the tool's result.
      model.push(
        { content: 'Let me look.', toolCalls: [{ name: 'look_up_order', arguments: { order_id: 'A1' } }] },
        { status: 500, error: 'Model crashed' },
      );
      const stream = await client.chat.completions.create(ask);
      const texts: string[] = [];
      const failed = await refusal(
        (async () => {
          for await (const chunk of stream) texts.push(chunk.choices[0]?.delta.content ?? '');
        })(),
      );
      expect(texts.join('')).toBe('Let me look.');
      expect(failed.message).toBe("The agent's model did not answer: The model endpoint answered 500: Model crashed");
      expect(failed.error).toMatchObject({ code: 'model_unavailable', type: 'server_error' });
    });

    it('finishes and records a turn whose client went away mid-stream', async () => {
      await publish(server, textFlow('shop', 'Be helpful.'));
      const client = clientOf(server, await createKey(server, { name: 'web-shop' }));
      const text = 'A long answer that the client will not wait for, sent piece by piece.';
      model.push({ content: text, chunkDelayMs: 15 });
      const { data: stream, response } = await client.chat.completions
        .create({ model: 'shop', messages: [{ role: 'user', content: 'Tell me' }], stream: true })
        .withResponse();
      const id = response.headers.get('flow-conversation') ?? '';
      for await (const chunk of stream) {
        if (chunk.choices[0]?.delta.content) {
          stream.controller.abort();
          break;
        }
      }
      await vi.waitFor(
        async () => {
          expect((await conversationOf(server, id)).entries.at(-1)).toMatchObject({ kind: 'assistant', content: text });
        },
        { timeout: 10_000, interval: 20 },
      );
      // The server goes on serving.
      model.push({ content: 'Still here.' });
      const after = await client.chat.completions.create({ model: 'shop', messages: [{ role: 'user', content: 'Hi' }] });
      expect(after.choices[0]?.message.content).toBe('Still here.');
    });
  });
}
