import { describe, expect, it } from 'vitest';
import { FUNCTION_DEFINITIONS, functionDefinition, withDefaults } from '../registry.js';
import type { JsonObject } from '../../model/types.js';
import type { McpServerRef, ToolHost, ToolRequest } from './toolHost.js';

/** A host with no network and no model: it notes what a tool asks of it and answers as told. */
function fakeHost(answer: { status?: number; text?: string; chat?: string; mcpError?: boolean } = {}) {
  const requests: ToolRequest[] = [];
  const chats: unknown[] = [];
  const mcpCalls: { server: McpServerRef; name: string; args: JsonObject }[] = [];
  const host: ToolHost = {
    variables: {},
    maxResponseBytes: 100,
    request: (request) => {
      requests.push(request);
      const status = answer.status ?? 200;
      return Promise.resolve({ status, ok: status < 300, host: request.url.host, text: answer.text ?? '', cut: false });
    },
    chat: (messages, options) => {
      chats.push({ messages, options });
      return Promise.resolve(answer.chat ?? '');
    },
    mcp: {
      listTools: () => Promise.resolve([{ name: 'stock', description: 'Stock of an item', inputSchema: STOCK_SCHEMA }]),
      callTool: (server, name, args) => {
        mcpCalls.push({ server, name, args });
        return Promise.resolve(
          answer.mcpError === true ? { isError: true, text: 'unknown sku' } : { isError: false, text: '7 left', structured: { count: 7 } },
        );
      },
    },
  };
  return { host, requests, chats, mcpCalls };
}

const STOCK_SCHEMA: JsonObject = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'object',
  properties: { sku: { type: 'string' }, warehouse: { type: 'string' }, count: { type: 'number' } },
  required: ['sku', 'warehouse'],
};

const toolOf = (type: string) => {
  const tool = functionDefinition(type)?.tool;
  if (tool === undefined) throw new Error(`${type} runs no tool`);
  return tool;
};

describe("a function type's tool, run by its definition on a host", () => {
  it('is declared by the types the runtime runs, and each describes its arguments as an object of strings', () => {
    const running = FUNCTION_DEFINITIONS.filter((d) => d.tool !== undefined).map((d) => d.type);
    expect(running.sort()).toEqual(['capture_variables', 'custom_gpt', 'http_calls', 'instruct', 'mcp_tool', 'send_workflow']);
    for (const definition of FUNCTION_DEFINITIONS) {
      const parameters = definition.tool?.parameters(withDefaults(definition.type, {}));
      if (parameters) expect(parameters).toMatchObject({ type: 'object', additionalProperties: false });
    }
  });

  it('http_calls: asks the host for the filled request, maps the answer into variables', async () => {
    const { host, requests } = fakeHost({ text: '{"order":{"status":"shipped"}}' });
    const metadata = {
      apicalls: [
        { method: 'GET', url: 'https://api.example.com/orders/{{id}}', output: { json: [{ name: 'status', value: '$.order.status' }] } },
      ],
      result_message: 'Status: {{status}}',
    };
    expect(toolOf('http_calls').parameters(metadata)).toMatchObject({ properties: { id: { type: 'string' } } });
    const result = await toolOf('http_calls').run(metadata, { id: 'A 1' }, host);
    expect(requests.map((r) => r.url.href)).toEqual(['https://api.example.com/orders/A%201']);
    expect(host.variables).toEqual({ status: 'shipped' });
    expect(result).toEqual({ ok: true, output: 'Status: shipped\nHTTP 200: {"order":{"status":"shipped"}}' });
  });

  it('custom_gpt: asks the host for one model call with its settings; JSON output into variables', async () => {
    const { host, chats } = fakeHost({ chat: '{"topic":"billing"}' });
    const metadata = withDefaults('custom_gpt', { prompt: 'Classify.', output: { type: 'json', json: [{ name: 'topic' }] } });
    const result = await toolOf('custom_gpt').run(metadata, { input: 'My invoice' }, host);
    expect(chats).toEqual([
      {
        messages: [
          { role: 'system', content: 'Classify.\n\nAnswer with one JSON object with the keys "topic" (topic).' },
          { role: 'user', content: 'My invoice' },
        ],
        options: { temperature: 0.7, maxTokens: 1000, json: true },
      },
    ]);
    expect(host.variables).toEqual({ topic: 'billing' });
    expect(result).toEqual({ ok: true, output: '{"topic":"billing"}' });
  });

  it('capture_variables, instruct and send_workflow need nothing but the variables', async () => {
    const { host, requests, chats } = fakeHost();
    expect(await toolOf('capture_variables').run({}, { email: 'ann@example.com' }, host)).toEqual({
      ok: true,
      output: 'Captured: email = ann@example.com',
    });
    expect(await toolOf('instruct').run({ prompt: 'Write to {{email}}.' }, {}, host)).toEqual({
      ok: true,
      output: 'Write to ann@example.com.',
    });
    expect(await toolOf('send_workflow').run({ message: 'Book here:', hosted_link: 'https://x/y' }, {}, host)).toEqual({
      ok: true,
      output: 'Book here: https://x/y',
    });
    expect([requests, chats]).toEqual([[], []]);
  });

  it('mcp_tool: offers the tool its input schema minus the fixed inputs, calls it with both, gives text and structured content', async () => {
    const { host, mcpCalls } = fakeHost();
    host.variables.site = 'north';
    const metadata = withDefaults('mcp_tool', {
      server_url: 'https://mcp.example.com/mcp',
      tool_name: 'stock',
      arguments: { warehouse: '{{site}}' },
      headers: [{ name: 'Authorization', value: { key: 'Bearer s3' } }],
    });
    const tool = toolOf('mcp_tool');
    expect(await tool.prepare?.(metadata, host)).toEqual({
      type: 'object',
      properties: { sku: { type: 'string' }, count: { type: 'number' } },
      required: ['sku'],
    });
    // A model may not override a fixed input; a number comes back as a number.
    const result = await tool.run(metadata, { sku: 'A-1', count: '2', warehouse: 'south' }, host);
    expect(mcpCalls).toEqual([
      {
        server: {
          url: 'https://mcp.example.com/mcp',
          headers: { Authorization: 'Bearer s3' },
          secretHeaders: ['Authorization'],
          timeoutMs: 30000,
        },
        name: 'stock',
        args: { sku: 'A-1', count: 2, warehouse: 'north' },
      },
    ]);
    expect(result).toEqual({ ok: true, output: '7 left\nStructured content: {"count":7}' });
  });

  it("mcp_tool: the tool's error goes back as an error; a tool the server lacks is named", async () => {
    const { host } = fakeHost({ mcpError: true });
    const metadata = withDefaults('mcp_tool', { server_url: 'https://mcp.example.com/mcp', tool_name: 'stock' });
    expect(await toolOf('mcp_tool').run(metadata, { sku: 'Z' }, host)).toEqual({
      ok: false,
      error: 'The MCP tool stock answered with an error: unknown sku',
    });
    await expect(toolOf('mcp_tool').prepare?.({ ...metadata, tool_name: 'price' }, host)).rejects.toThrow(
      'The MCP server at https://mcp.example.com/mcp has no tool named price (it offers: stock)',
    );
  });
});
