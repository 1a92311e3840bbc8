import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseFlow, type FlowDocument } from '@flow/core';
import { startScriptedModel, type ScriptedModelServer } from '@flow/runtime/testing';
import { EXAMPLES, startTestServer, type TestServer } from '../testServer.test-helper.js';

function supportDesk(): FlowDocument {
  const parsed = parseFlow(readFileSync(`${EXAMPLES}/support-desk/production.flow.json`, 'utf8'));
  if (!parsed.ok) throw new Error('examples/support-desk does not parse');
  return parsed.doc;
}

describe('the Playground endpoint', () => {
  let server: TestServer;
  let model: ScriptedModelServer;
  const env: Record<string, string | undefined> = {};
  beforeEach(async () => {
    model = await startScriptedModel();
    for (const key of Object.keys(env)) Reflect.deleteProperty(env, key);
    server = await startTestServer({ runtimeEnv: env });
  });
  afterEach(async () => {
    await server.close();
    await model.close();
  });

  const chat = (body: Record<string, unknown>) =>
    server.call('POST', '/api/runtime/support-desk/production/chat', {
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
    expect(await (await server.call('GET', '/api/runtime/settings')).json()).toMatchObject({ configured: false });
    Object.assign(env, { FLOW_MODEL_BASE_URL: model.baseUrl, FLOW_MODEL: 'provider-model', FLOW_MODEL_API_KEY: 'sk-provider-secret' });
    const settings = await (await server.call('GET', '/api/runtime/settings')).text();
    expect(JSON.parse(settings)).toEqual({ configured: true, model: 'provider-model', endpoint: new URL(model.baseUrl).host });
    expect(settings).not.toContain('sk-provider-secret');
  });

  it('streams token, then done with the trace and the conversation to send back; the editor may choose the model name only', async () => {
    Object.assign(env, { FLOW_MODEL_BASE_URL: model.baseUrl, FLOW_MODEL: 'provider-model' });
    model.push({ content: 'Hi! How can I help?' });
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
    });
    expect(model.requests[0]?.model).toBe('llama3.1:8b');
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

  it('ends with an error event when the model fails mid-turn', async () => {
    Object.assign(env, { FLOW_MODEL_BASE_URL: model.baseUrl, FLOW_MODEL: 'm' });
    model.push({ status: 500, error: 'Model crashed' });
    const text = await (await chat({ message: 'Hi' })).text();
    expect(text).toBe('event: error\ndata: {"code":"MODEL_ERROR","message":"The model endpoint answered 500: Model crashed"}\n\n');
  });
});
