import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseFlow, type FlowDocument } from '@flow/core';
import { startScriptedModel, type ScriptedModelServer } from '@flow/runtime/testing';
import { EXAMPLES, startTestServer, type TestServer } from '../testServer.test-helper.js';

const PASSWORD = 'pw-model-8e21';

function supportDesk(): FlowDocument {
  const parsed = parseFlow(readFileSync(`${EXAMPLES}/support-desk/production.flow.json`, 'utf8'));
  if (!parsed.ok) throw new Error('examples/support-desk does not parse');
  return parsed.doc;
}

describe('the Playground with a model URL that holds a user name and password', () => {
  let server: TestServer;
  let model: ScriptedModelServer;
  beforeEach(async () => {
    model = await startScriptedModel([{ status: 500, error: 'The model failed' }]);
    const env = { FLOW_MODEL_BASE_URL: model.baseUrl.replace('http://', `http://flow:${PASSWORD}@`), FLOW_MODEL: 'provider-model' };
    server = await startTestServer({ runtimeEnv: env });
  });
  afterEach(async () => {
    await server.close();
    await model.close();
  });

  it('shows the URL without them in the settings, the error event and the 502 of generate', async () => {
    const settings = await (await server.call('GET', '/api/runtime/settings')).text();
    expect(JSON.parse(settings)).toEqual({ configured: true, model: 'provider-model', endpoint: new URL(model.baseUrl).host });

    const chat = await server.call('POST', '/api/runtime/support-desk/production/chat', {
      json: { doc: supportDesk(), messages: [], variables: {}, message: 'Hi' },
    });
    const events = await chat.text();
    const refused = `The model endpoint ${model.baseUrl} did not answer: Refused to call ${model.baseUrl}/chat/completions with a user name or password in its URL: send credentials in a header`;
    expect(events).toBe(`event: error\ndata: ${JSON.stringify({ code: 'MODEL_ERROR', message: refused })}\n\n`);

    const generate = await server.call('POST', '/api/runtime/generate', {
      json: { description: 'A support agent that looks up orders and opens tickets' },
    });
    const body = await generate.text();
    expect(generate.status).toBe(502);
    expect(JSON.parse(body)).toMatchObject({ error: { code: 'GENERATE_FAILED', message: `Failed to generate workflow: ${refused}` } });

    for (const output of [settings, events, body]) expect(output).not.toContain(PASSWORD);
    expect(model.requests).toEqual([]);
  });
});
