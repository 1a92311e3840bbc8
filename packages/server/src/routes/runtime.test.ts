import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseFlow, type FlowDocument } from '@flow/core';
import { startRecordingService } from '@flow/runtime/testing';
import { EXAMPLES, startTestServer } from '../testServer.test-helper.js';
import { useModelTestServer } from '../modelTestServer.test-helper.js';

function supportDesk(): FlowDocument {
  const parsed = parseFlow(readFileSync(`${EXAMPLES}/support-desk/production.flow.json`, 'utf8'));
  if (!parsed.ok) throw new Error('examples/support-desk does not parse');
  return parsed.doc;
}

describe('the Playground endpoint', () => {
  const t = useModelTestServer();
  const { env } = t;

  const chat = (body: Record<string, unknown>) =>
    t.server.call('POST', '/api/runtime/support-desk/production/chat', {
      json: { doc: supportDesk(), messages: [], variables: {}, ...body },
    });

  it('says what to set when no model is configured (503), and which model it uses when one is', async () => {
    const none = await chat({ message: 'Hi' });
    expect(none.status).toBe(503);
    expect(await none.json()).toMatchObject({
      error: {
        code: 'MODEL_NOT_CONFIGURED',
        message: expect.stringMatching(/^No model is configured: set FLOW_MODEL_BASE_URL and FLOW_MODEL/),
      },
    });
    expect(await (await t.server.call('GET', '/api/runtime/settings')).json()).toMatchObject({ configured: false });
    Object.assign(env, { FLOW_MODEL_BASE_URL: t.model.baseUrl, FLOW_MODEL: 'provider-model', FLOW_MODEL_API_KEY: 'sk-provider-secret' });
    const settings = await (await t.server.call('GET', '/api/runtime/settings')).text();
    expect(JSON.parse(settings)).toEqual({ configured: true, model: 'provider-model', endpoint: new URL(t.model.baseUrl).host });
    expect(settings).not.toContain('sk-provider-secret');
  });

  it("answers 200 with the event stream as soon as the turn starts, before the model's first token", async () => {
    Object.assign(env, { FLOW_MODEL_BASE_URL: t.model.baseUrl, FLOW_MODEL: 'provider-model' });
    t.model.push({ noAnswer: true });
    const res = await chat({ message: 'Hello' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(t.model.answered).toBe(0);
    await res.body?.cancel();
  });

  it('streams token, then done with the trace and the conversation to send back; the editor may choose the model name only', async () => {
    Object.assign(env, { FLOW_MODEL_BASE_URL: t.model.baseUrl, FLOW_MODEL: 'provider-model' });
    t.model.push({ content: 'Hi! How can I help?' });
    const res = await chat({ message: 'Hello', model: 'llama3.1:8b' });
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const text = await res.text();
    expect(text).toMatch(/^event: token\ndata: \{"text":"Hi! "\}\n\n/);
    const done = /event: done\ndata: (.*)\n\n$/.exec(text)?.[1] ?? '';
    expect(JSON.parse(done)).toMatchObject({
      trace: { reply: 'Hi! How can I help?' },
      messages: [
        { role: 'user', content: 'Hello' },
        { role: 'assistant', content: 'Hi! How can I help?' },
      ],
      variables: {},
      // What 'Save as test' keeps to replay the turn offline.
      recording: { model: [{ content: 'Hi! How can I help?', toolCalls: [] }], tools: [] },
    });
    expect(t.model.requests[0]?.model).toBe('llama3.1:8b');
    for (const bad of [
      { model: 'two words' },
      { model: 'a\nb' },
      { model: 42 },
      { message: '' },
      { messages: [{ role: 'hacker' }] },
      { doc: { format: 'flow/1' } },
    ]) {
      expect((await chat({ message: 'Hi', ...bad })).status, JSON.stringify(bad)).toBe(400);
    }
  });

  it('sends each turn’s spans to the collector the provider’s OTEL_EXPORTER_OTLP_ENDPOINT names, flushed when it stops', async () => {
    const collector = await startRecordingService({});
    try {
      const traced = await startTestServer({
        runtimeEnv: { FLOW_MODEL_BASE_URL: t.model.baseUrl, FLOW_MODEL: 'provider-model', OTEL_EXPORTER_OTLP_ENDPOINT: collector.url },
      });
      t.model.push({ content: 'Hi!' });
      const res = await traced.call('POST', '/api/runtime/support-desk/production/chat', {
        json: { doc: supportDesk(), messages: [], variables: {}, message: 'Hello' },
      });
      expect(await res.text()).toContain('event: done');
      await traced.close();
      const sent = collector.requests.map((r) => r.body).join('\n');
      expect(sent).toContain('"name":"invoke_agent support-desk"');
      expect(sent).toContain('"name":"chat provider-model"');
    } finally {
      await collector.close();
    }
  });

  it('runs the draft as sent at each turn: an edit between turns is in the next one, and the draft before comes back as it was', async () => {
    Object.assign(env, { FLOW_MODEL_BASE_URL: t.model.baseUrl, FLOW_MODEL: 'm' });
    const doc = supportDesk();
    const edited = {
      ...doc,
      nodes: doc.nodes.map((n) => (n.type === 'prompt' ? { ...n, data: { ...n.data, prompt: 'Answer in French, always.' } } : n)),
    };
    for (const draft of [doc, doc, edited, doc]) {
      t.model.push({ content: 'Bonjour' });
      expect(await (await chat({ doc: draft, message: 'Hi' })).text()).toContain('event: done');
    }
    const systems = t.model.requests.map((r) => JSON.stringify(r.messages[0]));
    expect(systems.map((s) => s.includes('Answer in French, always.'))).toEqual([false, false, true, false]);
    expect(systems[3]).toBe(systems[0]);
    expect(systems[1]).toBe(systems[0]);
  });

  it('ends with an error event when the model fails mid-turn', async () => {
    Object.assign(env, { FLOW_MODEL_BASE_URL: t.model.baseUrl, FLOW_MODEL: 'm' });
    t.model.push({ status: 500, error: 'Model crashed' });
    const text = await (await chat({ message: 'Hi' })).text();
    expect(text).toBe('event: error\ndata: {"code":"MODEL_ERROR","message":"The model endpoint answered 500: Model crashed"}\n\n');
  });
});

describe('the judge endpoint (Save as test with a rubric)', () => {
  const t = useModelTestServer();
  const { env } = t;
  const transcript = [
    {
      user: 'Where is order 42?',
      reply: 'It shipped: https://track.example/42',
      toolCalls: [{ name: 'look_up_order', arguments: { order: '42' }, output: 'shipped' }],
    },
  ];
  const judge = (body: Record<string, unknown>) => t.server.call('POST', '/api/runtime/judge', { json: body });

  it('asks the provider’s model for a JSON verdict on the conversation, and answers it with the judge’s answer as a cassette keeps it', async () => {
    expect((await judge({ rubric: 'Gives the tracking link', transcript })).status).toBe(503);
    Object.assign(env, { FLOW_MODEL_BASE_URL: t.model.baseUrl, FLOW_MODEL: 'provider-model' });
    const verdict = JSON.stringify({ pass: true, reason: 'The link is there.' });
    t.model.push({ content: verdict });
    const res = await judge({ rubric: ' Gives the tracking link ', transcript });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      assertion: {
        kind: 'judge',
        turn: 1,
        ok: true,
        message: 'turn 1: judged "Gives the tracking link": pass',
        reason: 'The link is there.',
      },
      recording: [{ content: verdict, toolCalls: [] }],
    });
    const asked = JSON.stringify(t.model.requests[0]?.messages);
    expect(asked).toContain('Rubric: Gives the tracking link');
    expect(asked).toContain('Agent called look_up_order({\\"order\\":\\"42\\"}) -> shipped');
    expect(t.model.requests[0]?.body.response_format).toEqual({ type: 'json_object' });
  });

  it('refuses a body that is not a rubric and a conversation, before asking the model', async () => {
    Object.assign(env, { FLOW_MODEL_BASE_URL: t.model.baseUrl, FLOW_MODEL: 'provider-model' });
    for (const bad of [
      { transcript },
      { rubric: '   ', transcript },
      { rubric: 'x'.repeat(2_001), transcript },
      { rubric: 'r', transcript: [] },
      { rubric: 'r', transcript: [{ user: 'Hi', reply: 'Hello' }] },
      { rubric: 'r', transcript: [{ user: 'Hi', reply: 'Hello', toolCalls: [{ name: 'x', arguments: { a: 1 }, output: '' }] }] },
      { rubric: 'r', transcript, model: 'two words' },
    ]) {
      expect((await judge(bad)).status, JSON.stringify(bad).slice(0, 80)).toBe(400);
    }
    expect(t.model.requests).toHaveLength(0);
  });
});

describe('the assistant generation endpoint', () => {
  const t = useModelTestServer((m) => ({
    FLOW_MODEL_BASE_URL: m.baseUrl,
    FLOW_MODEL: 'provider-model',
    FLOW_MODEL_API_KEY: 'sk-provider-secret',
  }));
  const { env } = t;
  const WORKFLOW = {
    nodes: [
      { type: 'prompt', label: 'Greet', description: 'Opens the talk', prompt: 'Greet the customer.', emoji: '👋' },
      { type: 'function', label: 'Look up order', description: 'HTTP call', prompt: 'Find the order.' },
    ],
    lastUpdated: '2025-01-01T00:00:00.000Z',
  };

  const generate = (body: unknown) => t.server.call('POST', '/api/runtime/generate', { json: body });

  it("answers the workflow schema from the model's JSON, asked for as JSON with the provider's key and the chosen model", async () => {
    t.model.push({ content: `Here it is:\n\`\`\`json\n${JSON.stringify(WORKFLOW)}\n\`\`\`` });
    const res = await generate({ description: 'A support agent that looks up orders', model: 'llama3.1:8b' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      nodes: [WORKFLOW.nodes[0], { ...WORKFLOW.nodes[1], emoji: '⚡' }],
      lastUpdated: WORKFLOW.lastUpdated,
    });
    const [request] = t.model.requests;
    expect(t.model.requests).toHaveLength(1);
    expect(request?.model).toBe('llama3.1:8b');
    expect(request?.body.response_format).toEqual({ type: 'json_object' });
    expect(request?.authorization).toBe('Bearer sk-provider-secret');
    expect(request?.messages.at(-1)).toEqual({ role: 'user', content: 'A support agent that looks up orders' });
  });

  it('refuses a body without a usable description or with a bad model name (400), before asking the model', async () => {
    for (const bad of [
      [],
      {},
      { description: 42 },
      { description: '   ' },
      { description: 'x'.repeat(4001) },
      { description: 'An agent', model: 'two words' },
    ]) {
      const res = await generate(bad);
      expect(res.status, JSON.stringify(bad).slice(0, 60)).toBe(400);
      expect(await res.json()).toMatchObject({ error: { code: 'BAD_REQUEST' } });
    }
    expect(await (await generate({ description: ' ' })).json()).toEqual({
      error: { code: 'BAD_REQUEST', message: 'The description is empty' },
    });
    expect(t.model.requests).toHaveLength(0);
  });

  it('says what to set when no model is configured (503)', async () => {
    for (const key of Object.keys(env)) Reflect.deleteProperty(env, key);
    const res = await generate({ description: 'An agent' });
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({
      error: {
        code: 'MODEL_NOT_CONFIGURED',
        message: expect.stringMatching(/^No model is configured: set FLOW_MODEL_BASE_URL and FLOW_MODEL/),
      },
    });
  });

  it("gives 502 GENERATE_FAILED with the model's failure, without a retry", async () => {
    t.model.push({ status: 500, error: 'Model crashed' });
    const res = await generate({ description: 'An agent' });
    expect(res.status).toBe(502);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({
      error: {
        code: 'GENERATE_FAILED',
        message: 'Failed to generate workflow: The model endpoint answered 500: Model crashed',
        detail: 'The model endpoint answered 500: Model crashed',
      },
    });
    expect(text).not.toContain('sk-provider-secret');
    expect(t.model.requests).toHaveLength(1);
  });

  it('asks again once when the reply has no JSON, and gives 422 INVALID_JSON_SCHEMA with the detail when the second has none either', async () => {
    t.model.push({ content: 'I would love to help! What kind of agent?' }, { content: 'Sorry, still no JSON.' });
    const res = await generate({ description: 'An agent' });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      error: { code: 'INVALID_JSON_SCHEMA', message: 'Invalid JSON schema returned', detail: 'no JSON object in the reply' },
    });
    expect(t.model.requests).toHaveLength(2);
    const retry = t.model.requests[1]?.messages ?? [];
    expect(retry.at(-2)).toEqual({ role: 'assistant', content: 'I would love to help! What kind of agent?' });
    expect(JSON.stringify(retry.at(-1))).toContain('no JSON object in the reply');
  });

  it('takes the second reply when the retry gives the schema', async () => {
    t.model.push({ content: JSON.stringify({ nodes: [{ type: 'step', label: 'x' }] }) }, { content: JSON.stringify(WORKFLOW) });
    const res = await generate({ description: 'An agent' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ nodes: [{ label: 'Greet' }, { label: 'Look up order' }] });
    expect(t.model.requests).toHaveLength(2);
  });
});
