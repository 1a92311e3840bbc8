import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startScriptedModel, type ScriptedModelServer } from '@flow/runtime/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sampleFlow, startTestServer, type TestServer } from '../testServer.test-helper.js';

const CONVERSATION_ID = /^conv_[A-Za-z0-9_-]{22}$/;

const inputSchema = {
  type: 'object',
  properties: {
    message: { type: 'string', description: 'What to say to the agent' },
    conversation_id: {
      type: 'string',
      maxLength: 200,
      description: 'The conversation_id of an earlier answer, to go on with that conversation; leave it out to start a new one',
    },
  },
  required: ['message'],
};
const outputSchema = {
  type: 'object',
  properties: {
    reply: { type: 'string', description: "The agent's answer" },
    conversation_id: { type: 'string', description: 'The conversation this answer belongs to: send it back to go on' },
  },
  required: ['reply', 'conversation_id'],
};

describe('/mcp with the official MCP client', () => {
  let model: ScriptedModelServer;
  let server: TestServer;
  const clients: Client[] = [];

  beforeEach(async () => {
    model = await startScriptedModel();
    server = await startTestServer({
      seedDir: null,
      runtimeEnv: { FLOW_MODEL_BASE_URL: model.baseUrl, FLOW_MODEL: 'served-model' },
      // Every request in one minute of the keys' rate, whatever the wall clock says.
      keyClock: () => Date.parse('2026-11-27T12:00:30.000Z'),
    });
  });
  afterEach(async () => {
    for (const client of clients.splice(0)) await client.close();
    await server.close();
    await model.close();
  });

  const publish = async (planId: string, versionName: string, agentContext: string): Promise<void> => {
    const doc = { ...sampleFlow(planId, versionName, 1), agentContext };
    const res = await server.call('POST', `/api/flows/${planId}/${versionName}/publish`, { json: doc });
    expect(res.status).toBe(200);
  };
  const createKey = async (name: string, more: Record<string, unknown> = {}): Promise<string> => {
    const res = await server.call('POST', '/api/keys', { json: { name, ...more } });
    expect(res.status).toBe(201);
    return ((await res.json()) as { key: string }).key;
  };
  const connect = async (key: string | null): Promise<Client> => {
    const client = new Client({ name: 'flow-test', version: '1.0.0' });
    const headers: Record<string, string> = key === null ? {} : { Authorization: `Bearer ${key}` };
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers } }));
    clients.push(client);
    return client;
  };
  /** One JSON-RPC message posted as an MCP client would, without the SDK: to read the HTTP answer itself. */
  const post = (key: string | null, message: unknown, headers: Record<string, string> = {}): Promise<Response> =>
    server.call('POST', '/mcp', {
      json: message,
      headers: {
        Accept: 'application/json, text/event-stream',
        'MCP-Protocol-Version': '2025-06-18',
        ...(key === null ? {} : { Authorization: `Bearer ${key}` }),
        ...headers,
      },
    });
  const callOf = (name: string) => ({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: { message: 'Hi' } } });

  it('lists one tool per published agent the key may use: named, described by the agent context, with its schemas', async () => {
    await publish('support-desk', 'production', '  Answers questions about orders and returns.\n');
    await publish('support-desk', 'Beta-2', 'The beta desk.');
    await publish('Lead_Qualifier', 'production', '   ');
    const saved = await server.call('PUT', '/api/flows/draft-only/production', { json: sampleFlow('draft-only', 'production', 1) });
    expect(saved.status).toBe(200);

    const every = await connect(await createKey('every-agent'));
    expect(every.getServerVersion()).toEqual({ name: 'flow', version: '0.1.0' });
    const { tools } = await every.listTools();
    expect(tools).toEqual([
      {
        name: 'ask_lead_qualifier',
        title: 'Lead_Qualifier',
        description: 'Ask the Flow agent Lead_Qualifier and get its answer.',
        inputSchema: expect.objectContaining(inputSchema),
        outputSchema: expect.objectContaining(outputSchema),
        execution: { taskSupport: 'forbidden' },
      },
      expect.objectContaining({ name: 'ask_support_desk_beta_2', title: 'support-desk/Beta-2', description: 'The beta desk.' }),
      expect.objectContaining({
        name: 'ask_support_desk',
        title: 'support-desk',
        description: 'Answers questions about orders and returns.',
      }),
    ]);

    const desk = await connect(await createKey('desk', { agents: ['support-desk'] }));
    expect((await desk.listTools()).tools.map((tool) => tool.name)).toEqual(['ask_support_desk']);
    const beta = await connect(await createKey('beta', { agents: ['support-desk/Beta-2'] }));
    expect((await beta.listTools()).tools.map((tool) => tool.name)).toEqual(['ask_support_desk_beta_2']);
    const none = await connect(await createKey('unpublished', { agents: ['draft-only'] }));
    expect((await none.listTools()).tools).toEqual([]);
  });

  it('answers a call with the reply as text and { reply, conversation_id }; the id goes on with the conversation, logged with the key', async () => {
    await publish('support-desk', 'production', 'Support.');
    await publish('support-desk', 'beta', 'Beta.');
    model.push({ content: 'Hi Ann.' }, { content: 'Your name is Ann.' }, { content: 'Beta here.' });
    const client = await connect(await createKey('claude-desktop'));
    const first = await client.callTool({ name: 'ask_support_desk', arguments: { message: 'I am Ann' } });
    expect(first).toEqual({
      content: [{ type: 'text', text: 'Hi Ann.' }],
      structuredContent: { reply: 'Hi Ann.', conversation_id: expect.stringMatching(CONVERSATION_ID) },
    });
    const { conversation_id: id } = first.structuredContent as { conversation_id: string };
    const second = await client.callTool({ name: 'ask_support_desk', arguments: { message: 'What is my name?', conversation_id: id } });
    expect(second.structuredContent).toEqual({ reply: 'Your name is Ann.', conversation_id: id });
    expect(model.requests[1]?.messages.slice(1)).toEqual([
      { role: 'user', content: 'I am Ann' },
      { role: 'assistant', content: 'Hi Ann.' },
      { role: 'user', content: 'What is my name?' },
    ]);
    const logged = await server.call('GET', `/api/conversations/${id}`);
    expect(await logged.json()).toMatchObject({
      planId: 'support-desk',
      versionName: 'production',
      keyName: 'claude-desktop',
      entries: [
        { kind: 'user', content: 'I am Ann' },
        { kind: 'assistant', content: 'Hi Ann.' },
        { kind: 'user', content: 'What is my name?' },
        { kind: 'assistant', content: 'Your name is Ann.' },
      ],
    });
    // A version other than production is its own agent, with conversations of its own.
    const beta = await client.callTool({ name: 'ask_support_desk_beta', arguments: { message: 'Hello' } });
    expect(beta.content).toEqual([{ type: 'text', text: 'Beta here.' }]);
    expect((beta.structuredContent as { conversation_id: string }).conversation_id).not.toBe(id);
  });

  it('refuses a request without a valid key before any MCP handling: 401 in OpenAI shape', async () => {
    await publish('support-desk', 'production', 'Support.');
    await expect(connect(null)).rejects.toMatchObject({ code: 401, message: expect.stringContaining('"code":"invalid_api_key"') });
    await expect(connect('flow_sk_made-up')).rejects.toMatchObject({
      code: 401,
      message: expect.stringContaining('Invalid agent key: it is unknown or was revoked'),
    });
    const res = await post(null, callOf('ask_support_desk'));
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer');
    expect(await res.json()).toEqual({
      error: {
        code: 'invalid_api_key',
        type: 'invalid_request_error',
        message: 'An agent key is required: send Authorization: Bearer flow_sk_…',
      },
    });
    expect(model.requests).toHaveLength(0);
    // The other methods too; with a key, they say this server only takes POST.
    expect((await server.call('GET', '/mcp')).status).toBe(401);
    const key = await createKey('k');
    const get = await server.call('GET', '/mcp', { headers: { Authorization: `Bearer ${key}` } });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    expect(await get.json()).toEqual({
      jsonrpc: '2.0',
      error: { code: -32000, message: 'This MCP server is stateless: send each JSON-RPC message with POST' },
      id: null,
    });
  });

  it('refuses a call of an agent the key is not bound to with 403, which the tool listing never showed', async () => {
    await publish('support-desk', 'production', 'Support.');
    await publish('billing', 'production', 'Billing.');
    const key = await createKey('billing-only', { agents: ['billing'] });
    const client = await connect(key);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['ask_billing']);
    await expect(client.callTool({ name: 'ask_support_desk', arguments: { message: 'Hi' } })).rejects.toMatchObject({
      code: 403,
      message: expect.stringContaining('Key billing-only may not use agent support-desk/production'),
    });
    const res = await post(key, callOf('ask_support_desk'));
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      error: { code: 'model_not_allowed', type: 'permission_error', message: 'Key billing-only may not use agent support-desk/production' },
    });
    expect(model.requests).toHaveLength(0);
  });

  it("counts each request against the key's rate: past it, 429 with Retry-After before any MCP handling", async () => {
    await publish('support-desk', 'production', 'Support.');
    const key = await createKey('slow', { rate: 1 });
    model.push({ content: 'Hi.' });
    expect((await post(key, callOf('ask_support_desk'))).status).toBe(200);
    const limited = await post(key, callOf('ask_support_desk'));
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('30');
    expect(await limited.json()).toMatchObject({ error: { code: 'rate_limit_exceeded', type: 'rate_limit_error' } });
    expect(model.requests).toHaveLength(1);
  });

  it('answers what a turn cannot do as a tool result with isError and the reason, never as a crash', async () => {
    await publish('support-desk', 'production', 'Support.');
    const client = await connect(await createKey('k'));
    const ask = (args: Record<string, unknown>, name = 'ask_support_desk') => client.callTool({ name, arguments: args });
    expect(await ask({ message: 'Hi', conversation_id: 'conv_AAAAAAAAAAAAAAAAAAAAAA' })).toEqual({
      content: [{ type: 'text', text: 'No conversation conv_AAAAAAAAAAAAAAAAAAAAAA' }],
      isError: true,
    });
    expect(await ask({ message: '' })).toEqual({
      content: [{ type: 'text', text: "The last message must be the user's, with text" }],
      isError: true,
    });
    model.push({ status: 500, error: 'Model crashed' });
    expect(await ask({ message: 'Hi' })).toEqual({
      content: [{ type: 'text', text: "The agent's model did not answer: The model endpoint answered 500: Model crashed" }],
      isError: true,
    });
    expect(await ask({ message: 'Hi' }, 'ask_nobody')).toMatchObject({
      content: [{ type: 'text', text: expect.stringContaining('Tool ask_nobody not found') }],
      isError: true,
    });
    expect(await ask({}, 'ask_support_desk')).toMatchObject({ isError: true });
    // The server still answers.
    model.push({ content: 'Still here.' });
    expect((await ask({ message: 'Hi' })).content).toEqual([{ type: 'text', text: 'Still here.' }]);
  });

  it('answers a browser of an origin the key lists with CORS headers, and refuses other origins', async () => {
    await publish('support-desk', 'production', 'Support.');
    const key = await createKey('web', { origins: ['https://shop.example.com'] });
    const list = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
    const ok = await post(key, list, { Origin: 'https://shop.example.com' });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('access-control-allow-origin')).toBe('https://shop.example.com');
    expect(await ok.json()).toMatchObject({ result: { tools: [{ name: 'ask_support_desk' }] } });
    const refused = await post(key, list, { Origin: 'https://evil.example' });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
  });
});
