import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  addNode,
  createFunctionData,
  createPromptData,
  emptyFlow,
  type FlowDocument,
  type FunctionType,
  type JsonObject,
  type NewNode,
} from '@flow/core';
import { startScriptedModel, type ScriptedModelServer } from './testing/index.js';
import { createAgent } from './agent.js';
import { ModelError, createModelClient } from './modelClient.js';
import { modelSettings, ModelNotConfiguredError } from './settings.js';
import { isPrivateAddress, pinnedLookup } from './netGuard.js';
import { flowTools } from './tools.js';

const TOKEN = 'orders-api-token-9c1e';

/** A flow of one chain: an instruction, then the given functions in order (each the follow-up of the one before when `linked`). */
function flow(
  functions: { type: FunctionType; id: string; name: string; description?: string; metadata?: JsonObject }[],
  linked = false,
): FlowDocument {
  let doc: FlowDocument = { ...emptyFlow('shop', 'production'), agentContext: 'You are the shop assistant.', agentNotes: 'Be brief.' };
  let currentChain = '0';
  const steps: { id: string; node: NewNode; newChain?: boolean }[] = [
    { id: 'intro', node: { type: 'prompt', data: createPromptData('Help with orders.') }, newChain: true },
    ...functions.map((f) => ({
      id: f.id,
      node: {
        type: 'function' as const,
        data: createFunctionData(f.type, {
          uuid: f.id,
          planId: 'shop',
          name: f.name,
          description: f.description ?? '',
          metadata: f.metadata ?? {},
        }),
      },
    })),
  ];
  for (const step of steps)
    ({ doc, currentChain } = addNode(doc, step.node, { currentChain, newChain: step.newChain ?? false, id: step.id }));
  if (!linked) {
    // Each function answers to the model on its own (trigger_response), unless the test links them.
    doc = {
      ...doc,
      nodes: doc.nodes.map((n) =>
        n.type === 'function'
          ? { ...n, data: { ...n.data, post_action_type: 'trigger_response' as const, post_action_function_id: '' } }
          : n,
      ),
    };
  }
  return doc;
}

const CAPTURE = {
  type: 'capture_variables' as const,
  id: 'capture',
  name: 'Capture order',
  description: 'Keep the order number the customer gives',
  metadata: { variables: [{ name: 'order_id', description: 'The order number' }] },
};

function lookUp(url: string): { type: 'http_calls'; id: string; name: string; description: string; metadata: JsonObject } {
  return {
    type: 'http_calls',
    id: 'lookup',
    name: 'Look up order',
    description: 'Find an order by its number',
    metadata: {
      apicalls: [
        {
          method: 'GET',
          url: `${url}/orders/{{order_id}}`,
          params: [{ name: 'fields', value: 'status' }],
          authorization: 'bearer',
          bearer_token: { env: 'ORDERS_TOKEN' },
          headers: [],
          body: { raw: { data: '' } },
          output: { json: [{ name: 'status', value: '$.status' }] },
        },
      ],
      error: 'The order system is down',
      result_message: 'The order is {{status}}.',
      result_prompt: '',
    },
  };
}

describe('the agent', () => {
  let model: ScriptedModelServer;
  let api: Server;
  let apiUrl = '';
  const seen: IncomingMessage[] = [];
  /** False: the service takes requests and never answers them (a slow service, however slow). */
  let answers = true;

  beforeEach(async () => {
    model = await startScriptedModel();
    seen.length = 0;
    answers = true;
    api = createServer((req, res) => {
      seen.push(req);
      if (answers) res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ id: 'A1', status: 'shipped' }));
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    const address = api.address();
    apiUrl = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`;
  });

  afterEach(async () => {
    await model.close();
    api.closeAllConnections();
    await new Promise((resolve) => api.close(resolve));
  });

  const client = () => createModelClient(modelSettings({ baseUrl: model.baseUrl, model: 'scripted-1' }, {}));

  it("sends a turn's temperature and max tokens with each of its model calls, and none when the turn gives none", async () => {
    const agent = createAgent({ doc: flow([CAPTURE]), model: client(), env: {} });
    model.push({ toolCalls: [{ name: 'capture_order', arguments: { order_id: 'A1' } }] }, { content: 'Noted.' }, { content: 'Hi.' });
    await agent.turn('Order A1', { temperature: 0.3, maxTokens: 120 });
    await agent.turn('Hello');
    expect(model.requests.map((r) => [r.body.temperature, r.body.max_tokens])).toEqual([
      [0.3, 120],
      [0.3, 120],
      [undefined, undefined],
    ]);
  });

  it('captures a variable, then calls the HTTP tool with it: token from the environment, response mapped into variables', async () => {
    const agent = createAgent({
      doc: flow([CAPTURE, lookUp(apiUrl)]),
      model: client(),
      env: { ORDERS_TOKEN: TOKEN },
      allowPrivateNetwork: true,
    });
    model.push({ toolCalls: [{ name: 'capture_order', arguments: { order_id: 'A1' } }] }, { content: 'Thanks, looking it up.' });
    const first = await agent.turn('My order is A1');
    expect(first.toolCalls).toMatchObject([
      { name: 'capture_order', functionType: 'capture_variables', arguments: { order_id: 'A1' }, output: 'Captured: order_id = A1' },
    ]);
    expect(first.reply).toBe('Thanks, looking it up.');
    expect(agent.variables).toEqual({ order_id: 'A1' });

    model.push({ toolCalls: [{ name: 'look_up_order', arguments: {} }] }, { content: 'Your order has shipped.' });
    const tokens: string[] = [];
    const second = await agent.turn('Where is it?', { onToken: (t) => tokens.push(t) });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.url).toBe('/orders/A1?fields=status');
    expect(seen[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(second.toolCalls[0]).toMatchObject({ name: 'look_up_order', functionType: 'http_calls', arguments: {} });
    expect(second.toolCalls[0]?.output).toContain('The order is shipped.');
    expect(agent.variables).toEqual({ order_id: 'A1', status: 'shipped' });
    expect(second.reply).toBe('Your order has shipped.');
    expect(tokens.join('')).toBe('Your order has shipped.');
    expect(tokens.length).toBeGreaterThan(1);
    expect(second.modelCalls).toBe(2);
    expect(second.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    expect(second.tokens).toEqual({ prompt: 20, completion: 10 });

    // The model saw the compiled prompt and the tools, never the token.
    const request = model.requests.at(-1);
    expect(JSON.stringify(request?.messages)).not.toContain(TOKEN);
    expect(JSON.stringify(request?.tools)).not.toContain(TOKEN);
    const system = request?.messages[0];
    expect(system).toMatchObject({ role: 'system' });
    expect(JSON.stringify(system)).toContain('You are the shop assistant.');
    expect(JSON.stringify(system)).toContain('Be brief.');
    await agent.close();
  });

  it('sends a POST with its JSON body and headers filled from the arguments, values escaped for JSON', async () => {
    const bodies: string[] = [];
    api.removeAllListeners('request');
    api.on('request', (req: IncomingMessage, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        seen.push(req);
        bodies.push(body);
        res.writeHead(201, { 'Content-Type': 'application/json' }).end('{"ticket":"T-9"}');
      });
    });
    const ticket = {
      type: 'http_calls' as const,
      id: 'ticket',
      name: 'Open ticket',
      metadata: {
        apicalls: [
          {
            method: 'POST',
            url: `${apiUrl}/tickets`,
            params: [],
            authorization: 'none',
            headers: [{ name: 'X-Customer', value: '{{email}}' }],
            body: { raw: { data: '{"subject": "{{subject}}", "priority": "high"}' } },
            output: { json: [{ name: 'ticket_id', value: 'ticket' }] },
          },
        ],
        error: '',
        result_message: 'Ticket {{ticket_id}} opened.',
        result_prompt: 'Tell the customer the ticket number.',
      },
    };
    const agent = createAgent({ doc: flow([ticket]), model: client(), env: {}, allowPrivateNetwork: true });
    model.push(
      { toolCalls: [{ name: 'open_ticket', arguments: { email: 'ann@example.com', subject: 'Broken "zip"' } }] },
      { content: 'Opened T-9.' },
    );
    const turn = await agent.turn('My zip broke');
    expect(seen[0]?.method).toBe('POST');
    expect(seen[0]?.headers['x-customer']).toBe('ann@example.com');
    expect(seen[0]?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(bodies[0] ?? '')).toEqual({ subject: 'Broken "zip"', priority: 'high' });
    expect(agent.variables).toEqual({ ticket_id: 'T-9' });
    expect(turn.toolCalls[0]?.output).toMatch(/^Ticket T-9 opened\.\nThen: Tell the customer the ticket number\.\nHTTP 201: /);
    await agent.close();
  });

  it('refuses private, loopback and link-local addresses unless allowed (SSRF), and sends nothing', async () => {
    for (const url of [apiUrl, 'http://localhost:9', 'http://169.254.169.254', 'http://[::1]:9', 'http://10.0.0.1']) {
      const agent = createAgent({ doc: flow([lookUp(url)]), model: client(), env: { ORDERS_TOKEN: TOKEN } });
      model.push({ toolCalls: [{ name: 'look_up_order', arguments: { order_id: 'A1' } }] }, { content: 'Sorry.' });
      const turn = await agent.turn('Where is A1?');
      expect(turn.toolCalls[0]?.error, url).toMatch(
        /^Refused to call .+: a private, loopback or link-local address \(allow it with --allow-private-network or FLOW_RUNTIME_ALLOW_PRIVATE=1\)$/,
      );
      // The model was told, and answered.
      expect(JSON.stringify(model.requests.at(-1)?.messages)).toContain('Refused to call');
      await agent.close();
    }
    expect(seen).toHaveLength(0);
  });

  it("gives up on a slow service after the timeout, with the step's error text", async () => {
    answers = false;
    const agent = createAgent({
      doc: flow([lookUp(apiUrl)]),
      model: client(),
      env: { ORDERS_TOKEN: TOKEN },
      allowPrivateNetwork: true,
      limits: { timeoutMs: 200 },
    });
    model.push({ toolCalls: [{ name: 'look_up_order', arguments: { order_id: 'A1' } }] }, { content: 'It is slow today.' });
    const turn = await agent.turn('Where is A1?');
    expect(turn.toolCalls[0]?.error).toBe('The order system is down: no answer within 200 ms');
    expect(turn.reply).toBe('It is slow today.');
    await agent.close();
  });

  it('custom_gpt makes its own model call and puts its JSON output into variables', async () => {
    const classify = {
      type: 'custom_gpt' as const,
      id: 'classify',
      name: 'Classify request',
      metadata: {
        prompt: 'Classify the request.',
        temperature: 0.2,
        max_tokens: 200,
        output: {
          type: 'json',
          raw: '',
          json: [
            { name: 'topic', description: 'what it is about' },
            { name: 'urgent', description: 'yes or no' },
          ],
        },
      },
    };
    const agent = createAgent({ doc: flow([classify]), model: client(), env: {} });
    model.push(
      { toolCalls: [{ name: 'classify_request', arguments: { input: 'My parcel never came!' } }] },
      { content: '{"topic":"delivery","urgent":true}' },
      { content: 'I see, a delivery problem.' },
    );
    const turn = await agent.turn('My parcel never came!');
    expect(agent.variables).toEqual({ topic: 'delivery', urgent: 'true' });
    const own = model.requests[1];
    expect(own?.body).toMatchObject({ temperature: 0.2, max_tokens: 200, response_format: { type: 'json_object' } });
    expect(JSON.stringify(own?.messages)).toContain('Classify the request.');
    expect(turn.toolCalls[0]).toMatchObject({
      name: 'classify_request',
      functionType: 'custom_gpt',
      output: '{"topic":"delivery","urgent":true}',
    });
    await agent.close();
  });

  it("follows a step's post action: its follow-up function runs next, in the same tool call", async () => {
    const doc = flow([CAPTURE, lookUp(apiUrl)], true);
    const agent = createAgent({ doc, model: client(), env: { ORDERS_TOKEN: TOKEN }, allowPrivateNetwork: true });
    model.push({ toolCalls: [{ name: 'capture_order', arguments: { order_id: 'A1' } }] }, { content: 'Shipped.' });
    const turn = await agent.turn('A1 please');
    expect(turn.toolCalls.map((c) => [c.name, c.followUp])).toEqual([
      ['capture_order', false],
      ['look_up_order', true],
    ]);
    expect(seen[0]?.url).toBe('/orders/A1?fields=status');
    await agent.close();
  });

  it('says what it cannot run, stops at the tool-call limit, and answers a tool that does not exist', async () => {
    const doc = flow([
      { type: 'see_website', id: 'site', name: 'Read the FAQ' },
      { type: 'instruct', id: 'tone', name: 'Mind the tone', metadata: { prompt: 'Stay calm.' } },
    ]);
    const agent = createAgent({ doc, model: client(), env: {}, limits: { maxToolCalls: 2 } });
    model.push(
      {
        toolCalls: [
          { name: 'read_the_faq', arguments: {} },
          { name: 'nope', arguments: {} },
        ],
      },
      {
        toolCalls: [
          { name: 'mind_the_tone', arguments: {} },
          { name: 'mind_the_tone', arguments: {} },
        ],
      },
    );
    const turn = await agent.turn('Hi');
    expect(turn.toolCalls[0]).toMatchObject({
      name: 'read_the_faq',
      functionType: 'see_website',
      error: 'see_website is not available in this runtime',
    });
    expect(JSON.stringify(model.requests[1]?.messages)).toContain('There is no tool named nope');
    expect(turn.toolCalls.map((c) => c.name)).toEqual(['read_the_faq', 'mind_the_tone']);
    expect(turn.toolCalls[1]?.output).toBe('Stay calm.');
    expect(turn.stopped).toBe('Stopped after 2 tool calls in one turn');
    await agent.close();
  });
});

describe('tools and the model client', () => {
  it("names each function's tool after the node, described by its description, with its type's parameters", () => {
    const doc = flow([CAPTURE, lookUp('https://api.example.com'), { type: 'instruct', id: 'i2', name: 'Look up order' }]);
    const tools = flowTools(doc).map((t) => t.spec.function);
    expect(tools.map((t) => t.name)).toEqual(['capture_order', 'look_up_order', 'look_up_order_2']);
    expect(tools[0]).toMatchObject({
      description: 'Keep the order number the customer gives',
      parameters: { type: 'object', properties: { order_id: { type: 'string', description: 'The order number' } } },
    });
    expect(tools[1]?.parameters).toMatchObject({ properties: { order_id: { type: 'string' } } });
    expect(tools[2]?.description).toBe('Look up order');
  });

  it('reads an endpoint that does not stream, and says what an error answer said', async () => {
    const model = await startScriptedModel([
      { content: 'Whole answer.', noStream: true },
      { status: 401, error: 'Invalid API key' },
      { noAnswer: true },
    ]);
    try {
      const client = createModelClient({ baseUrl: model.baseUrl, model: 'm', apiKey: 'sk-test' });
      const whole = await client.chat([{ role: 'user', content: 'Hi' }], []);
      expect(whole).toMatchObject({ content: 'Whole answer.', toolCalls: [], firstTokenMs: null });
      expect(model.requests[0]?.authorization).toBe('Bearer sk-test');
      const refused = await client.chat([{ role: 'user', content: 'Hi' }], []).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(ModelError);
      expect(refused).toMatchObject({ status: 401, message: 'The model endpoint answered 401: Invalid API key' });
      const slow = await createModelClient({ baseUrl: model.baseUrl, model: 'm' }, { timeoutMs: 100 })
        .chat([{ role: 'user', content: 'Hi' }], [])
        .catch((e: unknown) => e);
      expect(slow).toMatchObject({ message: `The model endpoint ${model.baseUrl} did not answer: no answer within 100 ms` });
    } finally {
      await model.close();
    }
  });

  it('checks names where the connection is made: a name that resolves to this machine is refused too', async () => {
    const result = await new Promise<{ code: unknown; message: string }>((resolve) =>
      pinnedLookup(isPrivateAddress)('localhost', {}, (error) => resolve({ code: error?.code, message: error?.message ?? '' })),
    );
    expect(result.code).toBe('EBLOCKED');
    expect(result.message).toMatch(/^Refused to call localhost: a private, loopback or link-local address/);
    expect(isPrivateAddress('::ffff:10.1.2.3')).toBe(true);
    expect(isPrivateAddress('93.184.216.34')).toBe(false);
  });

  it('says which settings are missing when no model is configured', () => {
    expect(() => modelSettings({}, {})).toThrow(ModelNotConfiguredError);
    expect(() => modelSettings({}, { FLOW_MODEL_BASE_URL: 'http://127.0.0.1:11434/v1' })).toThrow(
      /^No model is configured: set FLOW_MODEL \(any OpenAI-compatible endpoint/,
    );
    expect(modelSettings({}, { FLOW_MODEL_BASE_URL: 'http://x/v1/', FLOW_MODEL: 'llama3.1' })).toEqual({
      baseUrl: 'http://x/v1',
      model: 'llama3.1',
    });
  });
});
