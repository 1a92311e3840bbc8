import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mcpToolFlow, startMcpTestServer, startScriptedModel, type McpTestServer, type ScriptedModelServer } from '@flow/runtime/testing';
import { KEY_CLOCK, createKey, publish } from '../serving/chatApi.test-helper.js';
import { isRecord } from '../guards.js';
import { startTestServer, type TestServer } from '../testServer.test-helper.js';

const TOKEN = 'stock-token-from-the-store-7e2f';
const AUTH = [{ name: 'Authorization', value: { env: 'STOCK_TOKEN' } }];

describe("an MCP Tool on the provider: 'Load tools', the Playground and the served agent", () => {
  let server: TestServer;
  let mcp: McpTestServer;
  let model: ScriptedModelServer;
  const env: Record<string, string | undefined> = {};
  beforeEach(async () => {
    mcp = await startMcpTestServer({ token: TOKEN });
    model = await startScriptedModel();
    Object.assign(env, { FLOW_RUNTIME_ALLOW_PRIVATE: '1', FLOW_MODEL_BASE_URL: model.baseUrl, FLOW_MODEL: 'provider-model' });
    server = await startTestServer({ runtimeEnv: env, seedDir: null, keyClock: KEY_CLOCK });
    expect((await server.call('PUT', '/api/secrets/STOCK_TOKEN', { json: { value: `Bearer ${TOKEN}` } })).status).toBe(201);
  });
  afterEach(async () => {
    await server.close();
    await mcp.close();
    await model.close();
  });
  const load = (body: unknown) => server.call('POST', '/api/runtime/mcp/tools', { json: body });
  const errorOf = async (res: Response) => {
    const body: unknown = await res.json();
    const error: Record<string, unknown> = isRecord(body) && isRecord(body.error) ? body.error : {};
    return { status: res.status, code: String(error.code), message: String(error.message) };
  };

  it("lists the server's tools with the header secret from the provider's store", async () => {
    const res = await load({ server_url: mcp.url, headers: AUTH });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({
      tools: [
        {
          name: 'check_stock',
          description: 'How many of an item a warehouse holds',
          inputSchema: expect.objectContaining({
            properties: { sku: { type: 'string', description: 'The item' }, warehouse: { type: 'string', description: 'Where to look' } },
            required: ['sku', 'warehouse'],
          }),
        },
      ],
    });
    expect(text).not.toContain(TOKEN);
    expect(mcp.headers.every((h) => h.authorization === `Bearer ${TOKEN}`)).toBe(true);
  });

  it('says what is wrong in words: bad URL, secret not set, credentials refused, not MCP, unreachable, private address', async () => {
    expect(await errorOf(await load({ server_url: 'ftp://stock.example.com/mcp' }))).toEqual({
      status: 400,
      code: 'BAD_REQUEST',
      message: 'The MCP server URL must be http(s): ftp://stock.example.com/mcp',
    });
    expect(await errorOf(await load({ server_url: mcp.url, headers: [{ name: 'Authorization', value: { env: 'NOT_STORED' } }] }))).toEqual({
      status: 400,
      code: 'SECRET_NOT_SET',
      message: 'Secret NOT_STORED is not set on the provider',
    });
    expect(await errorOf(await load({ server_url: mcp.url }))).toEqual({
      status: 502,
      code: 'MCP_SERVER_ERROR',
      message: `The MCP server at ${mcp.url} refused the credentials (HTTP 401): check its headers`,
    });
    const notMcp = await errorOf(await load({ server_url: `${model.baseUrl}/chat/completions` }));
    expect(notMcp).toMatchObject({ status: 502, code: 'MCP_SERVER_ERROR' });
    expect(notMcp.message).toMatch(
      new RegExp(`^${model.baseUrl}/chat/completions did not answer as an MCP server \\(streamable HTTP\\): `),
    );
    const url = mcp.url;
    await mcp.close();
    const gone = await errorOf(await load({ server_url: url, headers: AUTH }));
    expect(gone).toMatchObject({ status: 502, code: 'MCP_SERVER_ERROR' });
    expect(gone.message).toMatch(new RegExp(`^Cannot reach the MCP server at ${url}: `));
    mcp = await startMcpTestServer({ token: TOKEN });
    delete env.FLOW_RUNTIME_ALLOW_PRIVATE;
    const refused = await errorOf(await load({ server_url: mcp.url, headers: AUTH }));
    expect(refused).toMatchObject({
      status: 502,
      code: 'MCP_SERVER_ERROR',
      message: expect.stringMatching(/^Refused to call 127\.0\.0\.1: a private/),
    });
    expect(mcp.headers).toEqual([]);
  });

  it('runs the tool in a Playground turn', async () => {
    model.push({ toolCalls: [{ name: 'check_stock', arguments: { sku: 'A-1' } }] }, { content: 'We have 7 of A-1.' });
    const res = await server.call('POST', '/api/runtime/stock/production/chat', {
      json: { doc: mcpToolFlow(mcp.url, { headers: AUTH }), message: 'Is A-1 in stock?', messages: [], variables: {} },
    });
    const text = await res.text();
    const done: unknown = JSON.parse(/event: done\ndata: (.*)\n\n$/.exec(text)?.[1] ?? 'null');
    expect(done).toMatchObject({
      trace: {
        reply: 'We have 7 of A-1.',
        toolCalls: [{ name: 'check_stock', functionType: 'mcp_tool', output: expect.stringContaining('7 of A-1 in north') }],
      },
      recording: { mcp: [{ server: mcp.url, tools: [{ name: 'check_stock' }] }] },
    });
    expect(mcp.calls).toEqual([{ name: 'check_stock', arguments: { sku: 'A-1', warehouse: 'north' } }]);
    expect(text).not.toContain(TOKEN);
  });

  it('runs the tool for the served agent (/v1/chat/completions)', async () => {
    await publish(server, mcpToolFlow(mcp.url, { headers: AUTH }));
    const key = await createKey(server, { name: 'stock' });
    model.push({ toolCalls: [{ name: 'check_stock', arguments: { sku: 'B-2' } }] }, { content: 'We have 7 of B-2.' });
    const res = await server.call('POST', '/v1/chat/completions', {
      json: { model: 'stock', messages: [{ role: 'user', content: 'B-2?' }] },
      headers: { Authorization: `Bearer ${key}` },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ choices: [{ message: { role: 'assistant', content: 'We have 7 of B-2.' } }] });
    expect(mcp.calls).toEqual([{ name: 'check_stock', arguments: { sku: 'B-2', warehouse: 'north' } }]);
  });
});
