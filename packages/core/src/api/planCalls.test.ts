import { afterEach, describe, expect, it } from 'vitest';
import { flowMessages, messages } from '../messages.js';
import type { FlowClient } from './client.js';
import { createClient } from './client.js';
import { fakeProviders, headerOf, rejectionOf, replyJson, sampleFunction, spyFetch } from './fakeProvider.test-helper.js';
import type { FetchCall, RecordedRequest } from './fakeProvider.test-helper.js';

const providers = fakeProviders();
afterEach(() => providers.closeAll());

const prompt = { system_message: 'You are Flow.', system_message_prefix: 'ctx', system_message_suffix: 'notes' };
const fn = sampleFunction();

/** Answers by the last path segment, as a provider of spec section 7 would. */
const answers: Record<string, unknown> = {
  generate_system_prompt: prompt,
  deconstruct_flow: { workflow_steps: [{ Query_Instruction: 'Greet', Chain: 1 }] },
  functions: { result: [fn] },
  'setup-function': { result: { uuid: 'f1' } },
  'system-prompt': { result: prompt },
  'system-prompt-custom': { ok: true },
  'update-functions': { result: 'updated' },
};

interface Started {
  client: FlowClient;
  requests: RecordedRequest[];
  calls: FetchCall[];
}

async function start(token?: string): Promise<Started> {
  const provider = await providers.start((request, response) => {
    const action = request.url.split('/').pop() ?? '';
    replyJson(response, action in answers ? 200 : 404, answers[action] ?? { error: { message: 'no route' } });
  });
  const spy = spyFetch();
  const client = createClient({ baseUrl: `${provider.baseUrl}/`, fetch: spy.fetch, ...(token ? { token } : {}) });
  return { client, requests: provider.requests, calls: spy.calls };
}

/** Every plan-scoped call, with what it sends and resolves to. */
const cases = [
  {
    name: 'generateSystemPrompt',
    run: (c: FlowClient, plan = 'plan 1', version = 'v/2') =>
      c.generateSystemPrompt(plan, version, { flowSchema: {}, nodes: [], nodesInSequence: [] }),
    method: 'POST',
    path: '/api/gpt/plan%201/v%2F2/generate_system_prompt',
    body: { flowSchema: {}, nodes: [], nodesInSequence: [] },
    result: prompt,
    failure: messages.failedToGenerateSystemPrompt,
  },
  {
    name: 'deconstructFlow',
    run: (c: FlowClient, plan = 'plan 1', version = 'v/2') => c.deconstructFlow(plan, version, { flowSchema: {}, systemPrompt: 'P' }),
    method: 'POST',
    path: '/api/gpt/plan%201/v%2F2/deconstruct_flow',
    body: { flowSchema: {}, systemPrompt: 'P' },
    result: [{ Query_Instruction: 'Greet', Chain: '1' }],
    failure: messages.failedToDeconstructFlow,
  },
  {
    name: 'getFunctions',
    run: (c: FlowClient, plan = 'plan 1', version = 'v/2') => c.getFunctions(plan, version),
    method: 'GET',
    path: '/api/mate/plan%201/v%2F2/functions',
    body: undefined,
    result: [fn],
    failure: messages.failedToFetchFunctions,
  },
  {
    name: 'setupFunction',
    run: (c: FlowClient, plan = 'plan 1', version = 'v/2') => c.setupFunction(plan, version, fn),
    method: 'POST',
    path: '/api/mate/plan%201/v%2F2/setup-function',
    body: { plan_id: 'plan 1', version_name: 'v/2', function: fn },
    result: { uuid: 'f1' },
    failure: flowMessages.failedToSaveFunction,
  },
  {
    name: 'getSystemPrompt',
    run: (c: FlowClient, plan = 'plan 1', version = 'v/2') => c.getSystemPrompt(plan, version),
    method: 'GET',
    path: '/api/mate/plan%201/v%2F2/system-prompt',
    body: undefined,
    result: prompt,
    failure: messages.failedToFetchSystemPrompt,
  },
  {
    name: 'updateCustomSystemPrompt',
    run: (c: FlowClient, plan = 'plan 1', version = 'v/2') =>
      c.updateCustomSystemPrompt(plan, version, {
        system_message_custom: 'P',
        system_message_prefix: 'ctx',
        system_message_suffix: 'notes',
      }),
    method: 'POST',
    path: '/api/mate/plan%201/v%2F2/system-prompt-custom',
    body: { system_message_custom: 'P', system_message_prefix: 'ctx', system_message_suffix: 'notes' },
    result: undefined,
    failure: messages.failedToUpdateCustomSystemPrompt,
  },
  {
    name: 'updateFunctions',
    run: (c: FlowClient, plan = 'plan 1', version = 'v/2') => c.updateFunctions(plan, version, [fn]),
    method: 'POST',
    path: '/api/mate/plan%201/v%2F2/update-functions',
    body: { functions: [fn] },
    result: 'updated',
    failure: flowMessages.failedToUpdateFunctions,
  },
] as const;

describe('createClient gpt and mate calls', () => {
  it.each(cases)('$name sends $method to its encoded path with the bearer and its JSON body', async (c) => {
    const { client, requests, calls } = await start('tok');
    await expect(c.run(client)).resolves.toEqual(c.result);
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request).toMatchObject({ method: c.method, url: c.path });
    expect(request?.headers.authorization).toBe('Bearer tok');
    expect(request?.headers.accept).toBe('application/json');
    if (c.body === undefined) {
      expect(request?.body).toBe('');
    } else {
      expect(request?.headers['content-type']).toBe('application/json');
      expect(JSON.parse(request?.body ?? '')).toEqual(c.body);
    }
    expect(request?.headers['cache-control']).toBeUndefined();
    expect(headerOf(calls[0], 'pragma')).toBeNull();
    expect(calls[0]?.init.credentials).toBeUndefined();
  });

  it.each(cases)('$name sends no Authorization header without a token', async (c) => {
    const { client, requests } = await start();
    await c.run(client);
    expect(requests[0]?.headers.authorization).toBeUndefined();
  });

  it.each(cases)("$name rejects a 500 with the spec's message", async (c) => {
    const provider = await providers.start((_request, response) =>
      replyJson(response, 500, { error: { code: 'internal', message: 'it broke' } }),
    );
    const client = createClient({ baseUrl: provider.baseUrl, retries: 0 });
    await expect(c.run(client)).rejects.toMatchObject({
      message: c.failure,
      kind: 'http',
      status: 500,
      providerMessage: 'it broke',
    });
  });

  it.each(cases)('$name refuses an empty plan id or version name without a request', async (c) => {
    const { client, requests } = await start('tok');
    await expect(c.run(client, '', 'v')).rejects.toMatchObject({ kind: 'invalid', message: messages.planIdRequired });
    await expect(c.run(client, 'p', '')).rejects.toMatchObject({
      kind: 'invalid',
      message: flowMessages.versionNameRequired,
    });
    expect(requests).toHaveLength(0);
  });

  it('rejects functions whose result is missing or not a list as invalid data structure', async () => {
    let body: unknown = {};
    const provider = await providers.start((_request, response) => replyJson(response, 200, body));
    const client = createClient({ baseUrl: provider.baseUrl });
    for (const bad of [{}, { result: 'x' }, { result: [{ name: 'no uuid' }] }, []]) {
      body = bad;
      const error = await rejectionOf(client.getFunctions('p', 'v'));
      expect(error).toMatchObject({ kind: 'invalid', message: messages.invalidDataStructure });
    }
  });

  it('rejects a system prompt answer without result as invalid data structure', async () => {
    const provider = await providers.start((_request, response) => replyJson(response, 200, prompt));
    const client = createClient({ baseUrl: provider.baseUrl });
    await expect(client.getSystemPrompt('p', 'v')).rejects.toMatchObject({
      kind: 'invalid',
      message: messages.invalidDataStructure,
    });
  });

  it('reads a generated prompt wrapped in result, with missing parts as empty text', async () => {
    const provider = await providers.start((_request, response) =>
      replyJson(response, 200, { result: { system_message: 'S', system_message_prefix: null } }),
    );
    const client = createClient({ baseUrl: provider.baseUrl });
    await expect(client.generateSystemPrompt('p', 'v', { flowSchema: {}, nodes: [], nodesInSequence: [] })).resolves.toEqual({
      system_message: 'S',
      system_message_prefix: '',
      system_message_suffix: '',
    });
  });

  it('resolves a write whose answer has no result to null', async () => {
    const provider = await providers.start((_request, response) => replyJson(response, 200, { ok: true }));
    const client = createClient({ baseUrl: provider.baseUrl });
    await expect(client.updateFunctions('p', 'v', [])).resolves.toBeNull();
  });
});
