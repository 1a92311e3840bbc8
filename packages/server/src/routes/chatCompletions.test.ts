import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedModel, type ScriptedModelServer } from '@flow/runtime/testing';
import { KEY_CLOCK, chatApiSuite, createKey, publish, textFlow } from '../serving/chatApi.test-helper.js';
import { startTestServer, type TestServer } from '../testServer.test-helper.js';

chatApiSuite('folder store', (options) => startTestServer(options));

describe('POST /v1/chat/completions with bodies no client should send', () => {
  let model: ScriptedModelServer;
  let server: TestServer;
  let key: string;
  beforeAll(async () => {
    model = await startScriptedModel();
    server = await startTestServer({
      runtimeEnv: { FLOW_MODEL_BASE_URL: model.baseUrl, FLOW_MODEL: 'served-model' },
      seedDir: null,
      keyClock: KEY_CLOCK,
    });
    await publish(server, textFlow('shop', 'Be helpful.'));
    key = await createKey(server, { name: 'fuzz', rate: 10_000 });
  });
  afterAll(async () => {
    await server.close();
    await model.close();
  });
  const send = (body: string, type = 'application/json') =>
    server.call('POST', '/v1/chat/completions', { body, headers: { Authorization: `Bearer ${key}`, 'Content-Type': type } });
  const hi = [{ role: 'user', content: 'Hi' }];
  const deep = `${'['.repeat(100)}${']'.repeat(100)}`;

  it("refuses each with a 4xx in OpenAI's shape, never a 500", async () => {
    const cases: [string, number, string, string?][] = [
      ['{', 400, 'INVALID_JSON'],
      ['', 400, 'INVALID_JSON'],
      ['null', 400, 'invalid_value'],
      ['[]', 400, 'invalid_value'],
      ['"Hi"', 400, 'invalid_value'],
      [deep, 400, 'JSON_TOO_DEEP'],
      ['{"__proto__": {"model": "shop"}}', 400, 'FORBIDDEN_KEY'],
      [JSON.stringify({ messages: hi }), 400, 'invalid_value', 'model'],
      [JSON.stringify({ model: 42, messages: hi }), 400, 'invalid_value', 'model'],
      [JSON.stringify({ model: 'a/b/c', messages: hi }), 404, 'model_not_found', 'model'],
      [JSON.stringify({ model: '../etc', messages: hi }), 404, 'model_not_found', 'model'],
      [JSON.stringify({ model: 'shop', messages: 'Hi' }), 400, 'invalid_value'],
      [JSON.stringify({ model: 'shop', messages: [null] }), 400, 'invalid_value'],
      [JSON.stringify({ model: 'shop', messages: [{ role: 'user', content: { a: 1 } }] }), 400, 'invalid_value'],
      [JSON.stringify({ model: 'shop', messages: Array.from({ length: 500 }, () => hi[0]) }), 400, 'invalid_value'],
      [JSON.stringify({ model: 'shop', messages: [{ role: 'user', content: 'x'.repeat(9000) }] }), 400, 'invalid_value'],
      [JSON.stringify({ model: 'shop', messages: hi, stream: 'yes' }), 400, 'invalid_value', 'stream'],
      [JSON.stringify({ model: 'shop', messages: hi, temperature: 'hot' }), 400, 'invalid_value', 'temperature'],
      [JSON.stringify({ model: 'shop', messages: hi, temperature: 7 }), 400, 'invalid_value'],
      [JSON.stringify({ model: 'shop', messages: hi, max_tokens: -1 }), 400, 'invalid_value'],
      [JSON.stringify({ model: 'shop', messages: hi, user: 5 }), 400, 'invalid_value', 'user'],
      [JSON.stringify({ model: 'shop', messages: hi, conversation_id: 5 }), 400, 'invalid_value', 'conversation_id'],
      [JSON.stringify({ model: 'shop', messages: hi, conversation_id: 'conv_x' }), 404, 'conversation_not_found', 'conversation_id'],
      [JSON.stringify({ model: 'shop', messages: hi, stream_options: 3 }), 400, 'invalid_value', 'stream_options'],
      [JSON.stringify({ model: 'shop', messages: [{ role: 'user', content: 'x'.repeat(2 * 1024 * 1024) }] }), 413, 'PAYLOAD_TOO_LARGE'],
    ];
    for (const [body, status, code, param] of cases) {
      const res = await send(body);
      const what = body.slice(0, 80);
      expect(res.status, what).toBe(status);
      const { error } = (await res.json()) as { error: Record<string, unknown> };
      expect(error, what).toEqual({
        code,
        message: expect.any(String),
        type: 'invalid_request_error',
        ...(param === undefined ? {} : { param }),
      });
    }
    const text = await send(JSON.stringify({ model: 'shop', messages: hi }), 'text/plain');
    expect(text.status).toBe(415);
  });

  it('ignores the fields OpenAI clients send that it does not use', async () => {
    model.push({ content: 'Fine.' });
    const res = await send(
      JSON.stringify({
        model: 'shop',
        messages: hi,
        n: 1,
        tools: [{ type: 'function', function: { name: 'x' } }],
        response_format: { type: 'text' },
        seed: 3,
        metadata: { a: 'b' },
        temperature: null,
        max_tokens: 32,
        user: 'customer-7',
      }),
    );
    expect(res.status).toBe(200);
    // max_tokens passed on, the end user's id checked but never sent to the model.
    expect(model.requests.at(-1)?.body).toMatchObject({ max_tokens: 32 });
    expect(JSON.stringify(model.requests.at(-1)?.body)).not.toContain('customer-7');
    expect(await res.json()).toMatchObject({ choices: [{ message: { content: 'Fine.' } }] });
  });

  it('answers any JSON body without a 500 (a property test of random values)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), fc.boolean(), async (value, wrapped) => {
        const res = await send(JSON.stringify(wrapped ? { model: 'shop', messages: value, stream: false } : value));
        expect(res.status).not.toBe(500);
        expect(res.status).toBeLessThan(600);
        if (res.status !== 200) expect(((await res.json()) as { error: { type: string } }).error.type).toEqual(expect.any(String));
        else await res.text();
      }),
      { numRuns: 60 },
    );
    model.push({ content: 'Still fine.' });
    expect((await send(JSON.stringify({ model: 'shop', messages: hi }))).status).toBe(200);
  });
});
