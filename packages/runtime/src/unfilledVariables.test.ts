import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAgent } from './agent.js';
import { createModelClient } from './modelClient.js';
import { httpRequestOf, refusals } from '@flow/core';
import {
  httpToolFlow,
  startRecordingService,
  startScriptedModel,
  type RecordingService,
  type ScriptedModelServer,
} from './testing/index.js';

describe('a {{variable}} nobody filled (decisions.md)', () => {
  let model: ScriptedModelServer;
  let api: RecordingService;
  beforeEach(async () => {
    model = await startScriptedModel();
    api = await startRecordingService({ status: 'in transit' });
  });
  afterEach(async () => {
    await model.close();
    await api.close();
  });

  it('is never sent as the text {{name}}: the call is not made and the model is told what to ask for', async () => {
    const doc = httpToolFlow(
      { url: `${api.url}/orders/{{order_number}}`, params: [{ name: 'email', value: '{{email}}' }] },
      'Look up order',
    );
    const agent = createAgent({
      doc,
      model: createModelClient({ baseUrl: model.baseUrl, model: 'm' }),
      env: {},
      allowPrivateNetwork: true,
    });
    model.push({ toolCalls: [{ name: 'look_up_order', arguments: { order_number: 'NW-1' } }] }, { content: 'What is your email?' });
    const turn = await agent.turn('Where is NW-1?');
    expect(api.requests).toEqual([]);
    const message = refusals.unfilled(['email']);
    expect(message).toBe(
      'Not called: the request needs {{email}}, which neither the conversation nor the arguments gave. Ask the user for it, then call this tool again',
    );
    expect(turn.toolCalls[0]?.error).toBe(message);
    expect(JSON.stringify(model.requests.at(-1)?.messages)).toContain(message);

    // Once the conversation has it (a captured variable or the model's argument), the call is made.
    model.push(
      { toolCalls: [{ name: 'look_up_order', arguments: { order_number: 'NW-1', email: 'ann@example.com' } }] },
      { content: 'In transit.' },
    );
    await agent.turn('ann@example.com');
    expect(api.requests.map((r) => r.url)).toEqual(['/orders/NW-1?email=ann%40example.com']);
    await agent.close();
  });

  it('names every missing variable of the call, once each, and takes an empty value as given', () => {
    const call = { url: 'https://api.example.com/{{a}}/{{b}}?q={{a}}', headers: [{ name: 'X-Id', value: '{{c}}' }] };
    expect(() => httpRequestOf(call, { b: '' })).toThrow(refusals.unfilled(['a', 'c']));
    expect(httpRequestOf(call, { a: '1', b: '', c: 'x' }).url.href).toBe('https://api.example.com/1/?q=1');
  });
});
