import { describe, expect, it } from 'vitest';
import { FUNCTION_DEFINITIONS, functionDefinition, withDefaults } from '../registry.js';
import type { ToolHost, ToolRequest } from './toolHost.js';

/** A host with no network and no model: it notes what a tool asks of it and answers as told. */
function fakeHost(answer: { status?: number; text?: string; chat?: string } = {}) {
  const requests: ToolRequest[] = [];
  const chats: unknown[] = [];
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
  };
  return { host, requests, chats };
}

const toolOf = (type: string) => {
  const tool = functionDefinition(type)?.tool;
  if (tool === undefined) throw new Error(`${type} runs no tool`);
  return tool;
};

describe("a function type's tool, run by its definition on a host", () => {
  it('is declared by the types the runtime runs, and each describes its arguments as an object of strings', () => {
    const running = FUNCTION_DEFINITIONS.filter((d) => d.tool !== undefined).map((d) => d.type);
    expect(running.sort()).toEqual(['capture_variables', 'custom_gpt', 'http_calls', 'instruct', 'send_workflow']);
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
});
