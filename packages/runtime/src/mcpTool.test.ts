import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAgent } from './agent.js';
import { emptyCassette, recordingTools, replayModel, replayTools, recordingModel } from './cassette.js';
import { callMcpTool, listMcpTools } from './mcpClient.js';
import { createModelClient } from './modelClient.js';
import { mcpToolFlow, startMcpTestServer, startScriptedModel, type McpTestServer, type ScriptedModelServer } from './testing/index.js';

const LOCAL = { allowPrivateNetwork: true, maxResponseBytes: 1_048_576 };
const serverRef = (url: string) => ({ url, headers: {}, secretHeaders: [], timeoutMs: 5000 });

describe('an MCP Tool run by the agent', () => {
  let mcp: McpTestServer;
  let model: ScriptedModelServer;
  beforeEach(async () => {
    mcp = await startMcpTestServer();
    model = await startScriptedModel();
  });
  afterEach(async () => {
    await mcp.close();
    await model.close();
  });
  const client = () => createModelClient({ baseUrl: model.baseUrl, model: 'scripted-1' });

  it("lists the server's tools with the official client through the guard", async () => {
    const tools = await listMcpTools(serverRef(mcp.url), LOCAL);
    expect(tools.map((t) => [t.name, t.description, Object.keys(t.inputSchema.properties ?? {}), t.inputSchema.required])).toEqual([
      ['check_stock', 'How many of an item a warehouse holds', ['sku', 'warehouse'], ['sku', 'warehouse']],
    ]);
    expect(await callMcpTool(serverRef(mcp.url), 'check_stock', { sku: 'A-1', warehouse: 'south' }, LOCAL)).toEqual({
      isError: false,
      text: '7 of A-1 in south',
      structured: { sku: 'A-1', warehouse: 'south', count: 7 },
    });
  });

  it('offers the tool minus its fixed input, calls it with the model argument and the fixed one, and replies with its output', async () => {
    model.push({ toolCalls: [{ name: 'check_stock', arguments: { sku: 'A-1' } }] }, { content: 'We have 7 of A-1.' });
    const agent = createAgent({ doc: mcpToolFlow(mcp.url), model: client(), env: {}, allowPrivateNetwork: true });
    const trace = await agent.turn('Is A-1 in stock?');
    expect(model.requests[0]?.tools).toEqual([
      {
        type: 'function',
        function: {
          name: 'check_stock',
          description: 'Check stock',
          parameters: {
            type: 'object',
            properties: { sku: { type: 'string', description: 'The item' } },
            required: ['sku'],
          },
        },
      },
    ]);
    expect(mcp.calls).toEqual([{ name: 'check_stock', arguments: { sku: 'A-1', warehouse: 'north' } }]);
    expect(trace.toolCalls.map((c) => [c.name, c.output, c.error])).toEqual([
      ['check_stock', '7 of A-1 in north\nStructured content: {"sku":"A-1","warehouse":"north","count":7}', undefined],
    ]);
    expect(model.requests[1]?.messages.at(-1)).toMatchObject({ role: 'tool', content: expect.stringContaining('7 of A-1 in north') });
    expect(trace.reply).toBe('We have 7 of A-1.');
  });

  it("caps what the model reads of the tool's answer with the runtime's output cap", async () => {
    model.push({ toolCalls: [{ name: 'check_stock', arguments: { sku: 'A-1' } }] }, { content: 'Ok.' });
    const agent = createAgent({
      doc: mcpToolFlow(mcp.url),
      model: client(),
      env: {},
      allowPrivateNetwork: true,
      limits: { maxOutputChars: 12 },
    });
    const trace = await agent.turn('A-1?');
    expect(trace.toolCalls[0]?.output).toBe('7 of A-1 in ');
    expect(model.requests[1]?.messages.at(-1)).toMatchObject({ role: 'tool', content: '7 of A-1 in ' });
  });

  it("gives the tool's error back to the model as an error", async () => {
    model.push({ toolCalls: [{ name: 'check_stock', arguments: { sku: 'none' } }] }, { content: 'Sorry.' });
    const trace = await createAgent({ doc: mcpToolFlow(mcp.url), model: client(), env: {}, allowPrivateNetwork: true }).turn('none?');
    expect(trace.toolCalls[0]?.error).toBe('The MCP tool check_stock answered with an error: No item none');
    expect(model.requests[1]?.messages.at(-1)).toMatchObject({
      role: 'tool',
      content: 'Error: The MCP tool check_stock answered with an error: No item none',
    });
  });

  it('refuses a loopback server without the allowance, before any request reaches it', async () => {
    model.push({ toolCalls: [{ name: 'check_stock', arguments: { sku: 'A-1' } }] }, { content: 'Cannot.' });
    const trace = await createAgent({ doc: mcpToolFlow(mcp.url), model: client(), env: {} }).turn('A-1?');
    expect(trace.toolCalls[0]?.error).toMatch(/^Refused .*127\.0\.0\.1/);
    expect(mcp.headers).toEqual([]);
  });

  it('says in words when the server is not reachable or not MCP', async () => {
    const url = mcp.url;
    await mcp.close();
    await expect(listMcpTools(serverRef(url), LOCAL)).rejects.toThrow(`Cannot reach the MCP server at ${url}: `);
    await expect(listMcpTools(serverRef(model.baseUrl), LOCAL)).rejects.toThrow(
      `${model.baseUrl} did not answer as an MCP server (streamable HTTP): `,
    );
    mcp = await startMcpTestServer();
  });

  it('records the listing and the call in the cassette, and replays them with the server stopped', async () => {
    const cassette = emptyCassette();
    model.push({ toolCalls: [{ name: 'check_stock', arguments: { sku: 'A-1' } }] }, { content: 'We have 7.' });
    const recording = createAgent({
      doc: mcpToolFlow(mcp.url),
      model: recordingModel(client(), cassette),
      env: {},
      allowPrivateNetwork: true,
      tape: recordingTools(cassette),
    });
    await recording.turn('A-1?');
    expect(cassette.mcp?.map((l) => [l.server, l.tools.map((t) => t.name)])).toEqual([[mcp.url, ['check_stock']]]);
    expect(cassette.tools.map((t) => [t.name, t.arguments, t.result.ok])).toEqual([['check_stock', { sku: 'A-1' }, true]]);
    const calls = mcp.calls.length;
    await mcp.close();
    const replay = createAgent({ doc: mcpToolFlow(mcp.url), model: replayModel(cassette), env: {}, tape: replayTools(cassette) });
    const trace = await replay.turn('A-1?');
    expect(trace.toolCalls[0]?.output).toContain('7 of A-1 in north');
    expect(trace.reply).toBe('We have 7.');
    expect(mcp.calls).toHaveLength(calls);
    mcp = await startMcpTestServer();
  });
});
