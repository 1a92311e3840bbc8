import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serializeFlow } from '@flow/core';
import { startServer } from '@flow/server';
import { startRecordingService, startScriptedModel, type RecordingService, type ScriptedModelServer } from '@flow/runtime/testing';
import { removeTempDirs, tempDir } from './helpers/flows.js';
import { parseJson, runCli, type CliResult } from './helpers/runCli.js';
import { shopFlow } from './helpers/shopFlow.js';

let provider: Awaited<ReturnType<typeof startServer>>;
let model: ScriptedModelServer;
let orders: RecordingService;
let conversationId = '';

beforeAll(async () => {
  model = await startScriptedModel();
  orders = await startRecordingService({ status: 'shipped' });
  provider = await startServer({
    port: 0,
    dir: join(tempDir('flowctl-conversations-'), 'data'),
    seedDir: null,
    log: () => undefined,
    runtimeEnv: { FLOW_MODEL_BASE_URL: model.baseUrl, FLOW_MODEL: 'm', FLOW_RUNTIME_ALLOW_PRIVATE: '1' },
  });
  // Published as Play publishes, then one served turn whose tool calls the local order service.
  const res = await fetch(`${provider.url}/api/flows/shop/production/publish`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'If-None-Match': '*' },
    body: serializeFlow(shopFlow(orders.url)),
  });
  expect(res.status).toBe(200);
  model.push({ toolCalls: [{ name: 'look_up_order', arguments: { order_id: 'A1' } }] }, { content: 'Your order has shipped.' });
  ({ conversationId } = await provider.agents.turn({
    planId: 'shop',
    versionName: 'production',
    messages: [{ role: 'user', content: 'Where is my order A1?' }],
    keyName: 'web-shop',
  }));
}, 60_000);

afterAll(async () => {
  await provider?.close();
  await model?.close();
  await orders?.close();
  removeTempDirs();
});

const cli = (args: readonly string[]): Promise<CliResult> => runCli([...args, '--api-url', provider.url]);

describe('flowctl conversations', () => {
  it("lists a plan's served conversations newest first, as a table or JSON, with search", async () => {
    const text = await cli(['conversations', 'list', 'shop']);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(
      new RegExp(
        `^UPDATED +ID +VERSION +KEY +MESSAGES +FIRST MESSAGE\\njust now +${conversationId} +production +web-shop +2 +Where is my order A1\\?\\n$`,
      ),
    );
    const json = parseJson(await cli(['--json', 'conversations', 'list', 'shop/production', '--search', 'ORDER A1']));
    expect(json).toEqual({
      apiUrl: provider.url,
      planId: 'shop',
      versionName: 'production',
      search: 'ORDER A1',
      conversations: [expect.objectContaining({ id: conversationId, keyName: 'web-shop', preview: 'Where is my order A1?', messages: 2 })],
      next: null,
    });
    expect((await cli(['conversations', 'list', 'shop', '--search', 'refund'])).stdout).toBe('No conversations of shop mention "refund"\n');
    expect((await cli(['conversations', 'list', 'other/production'])).stdout).toBe('No conversations of other/production yet\n');
    expect((await cli(['conversations', 'list', '../etc'])).code).toBe(2);
  });

  it('shows one conversation with its tool call: arguments, output and duration', async () => {
    const text = await cli(['conversations', 'show', conversationId]);
    expect(text.code).toBe(0);
    const lines = text.stdout.split('\n');
    expect(lines[0]).toBe(`${conversationId} · shop/production`);
    expect(lines[1]).toMatch(/^Started just now, last message just now · key web-shop · 2 messages · 20 in, 10 out tokens$/);
    expect(lines.slice(2, 5)).toEqual([
      'User',
      '    Where is my order A1?',
      expect.stringMatching(/^ {2}tool look_up_order\(order_id="A1"\) \d+ ms$/),
    ]);
    expect(text.stdout).toContain('The order is shipped.');
    expect(text.stdout).toContain('Assistant (20 in, 10 out tokens)\n    Your order has shipped.\n');
    const json = parseJson(await cli(['--json', 'conversations', 'show', conversationId]));
    expect(json).toMatchObject({
      conversation: {
        id: conversationId,
        entries: [
          { kind: 'user', content: 'Where is my order A1?' },
          {
            kind: 'tool',
            name: 'look_up_order',
            arguments: { order_id: 'A1' },
            output: expect.stringContaining('shipped'),
            ms: expect.any(Number),
          },
          { kind: 'assistant', content: 'Your order has shipped.' },
        ],
      },
    });
    const missing = await cli(['--json', 'conversations', 'show', 'conv_AAAAAAAAAAAAAAAAAAAAAA']);
    expect(missing.code).toBe(4);
    expect(parseJson(missing)).toEqual({
      error: { code: 'CONVERSATION_NOT_FOUND', message: 'No conversation conv_AAAAAAAAAAAAAAAAAAAAAA' },
    });
  });

  it('serve refuses a --keep-days that is not a whole number of days', async () => {
    const serve = await runCli(['serve', '--port', '0', '--dir', join(tempDir('flowctl-keep-days-'), 'data'), '--keep-days', '0']);
    expect(serve.code).toBe(2);
    expect(serve.stderr).toBe('error: Invalid --keep-days "0": a whole number of days, at least 1\n');
  });
});
