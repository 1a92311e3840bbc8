import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { mcpToolFlow, startMcpTestServer, startScriptedModel, type McpTestServer, type ScriptedReply } from '@flow/runtime/testing';
import { flowText, removeTempDirs, tempDir } from './helpers/flows.js';
import { at, list } from './helpers/json.js';
import { runCli, type CliResult } from './helpers/runCli.js';

const TOKEN = 'stock-mcp-token-5d1a';

const TESTS = {
  flow: 'production.flow.json',
  tests: [
    {
      name: 'checks stock',
      turns: [
        { user: 'Is A-1 in stock?', expect: { toolCalls: [{ name: 'check_stock', arguments: { sku: 'A-1' } }], reply: { contains: '7' } } },
      ],
    },
  ],
};
const ANSWERS: ScriptedReply[] = [{ toolCalls: [{ name: 'check_stock', arguments: { sku: 'A-1' } }] }, { content: 'We have 7 of A-1.' }];

let mcp: McpTestServer;
let dir = '';

/** A folder with the stock flow (its MCP server's token from STOCK_TOKEN) and its test. */
beforeEach(async () => {
  mcp = await startMcpTestServer();
  onTestFinished(() => mcp.close());
  dir = tempDir('flowctl-mcp-');
  mkdirSync(join(dir, 'stock'));
  const doc = mcpToolFlow(mcp.url, { headers: [{ name: 'Authorization', value: { env: 'STOCK_TOKEN' } }] });
  writeFileSync(join(dir, 'stock', 'production.flow.json'), flowText(doc));
  writeFileSync(join(dir, 'stock', 'stock.flowtest.json'), `${JSON.stringify(TESTS, null, 2)}\n`);
});

afterAll(removeTempDirs);

/** flowctl with a scripted model that gives `answers`, the token in the environment. */
async function flowctl(args: string[], answers: ScriptedReply[] = ANSWERS): Promise<CliResult & { modelSaw: string }> {
  const model = await startScriptedModel(answers);
  try {
    const result = await runCli(args, {
      cwd: dir,
      env: { FLOW_MODEL_BASE_URL: model.baseUrl, FLOW_MODEL: 'scripted-1', STOCK_TOKEN: `Bearer ${TOKEN}` },
    });
    return { ...result, modelSaw: JSON.stringify(model.requests) };
  } finally {
    await model.close();
  }
}

describe('an MCP Tool in flowctl', () => {
  it("run: calls the server's tool with the model's argument and the fixed one, and replies with its output", async () => {
    const result = await flowctl(['run', 'stock/production.flow.json', '-m', 'Is A-1 in stock?', '--allow-private-network']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('We have 7 of A-1.\n');
    expect(result.stderr).toMatch(/^tool check_stock\(\{"sku":"A-1"\}\) ok \d+ ms$/m);
    expect(mcp.calls).toEqual([{ name: 'check_stock', arguments: { sku: 'A-1', warehouse: 'north' } }]);
    expect(mcp.headers.every((h) => h.authorization === `Bearer ${TOKEN}`)).toBe(true);
    // The model saw the tool's output, never the token.
    expect(result.modelSaw).toContain('7 of A-1 in north');
    expect(result.modelSaw).not.toContain(TOKEN);
    expect(result.stdout + result.stderr).not.toContain(TOKEN);
  });

  it('run: refuses the loopback server without --allow-private-network, before any request reaches it', async () => {
    const result = await flowctl(
      ['run', 'stock/production.flow.json', '-m', 'Is A-1 in stock?'],
      [ANSWERS[0] ?? {}, { content: 'Cannot.' }],
    );
    expect(result.code).toBe(5);
    expect(result.stderr).toMatch(
      /^tool check_stock\(\{"sku":"A-1"\}\) failed: Refused to call 127\.0\.0\.1: a private, loopback or link-local address \(allow it with --allow-private-network or FLOW_RUNTIME_ALLOW_PRIVATE=1\) \d+ ms$/m,
    );
    expect(mcp.headers).toEqual([]);
  });

  it('test: records the listing and the call, replays offline with the server stopped, and names a drifted schema', async () => {
    const recorded = await flowctl(['test', 'stock', '--record', '--allow-private-network', '--concurrency', '1']);
    expect(recorded.code, recorded.stdout + recorded.stderr).toBe(0);
    const cassette: unknown = JSON.parse(readFileSync(join(dir, 'stock', 'stock.cassette.json'), 'utf8'));
    const recording = at(cassette, 'tests', 'checks stock');
    expect(list(recording, 'mcp').map((l) => [at(l, 'server'), list(l, 'tools').map((t) => at(t, 'name'))])).toEqual([
      [mcp.url, ['check_stock']],
    ]);
    expect(list(recording, 'tools')).toEqual([
      {
        name: 'check_stock',
        arguments: { sku: 'A-1' },
        result: { ok: true, output: expect.stringContaining('7 of A-1 in north') },
        variables: {},
      },
    ]);
    expect(readFileSync(join(dir, 'stock', 'stock.cassette.json'), 'utf8')).not.toContain(TOKEN);

    // Offline: no server, no model, no token.
    const recordedUrl = mcp.url;
    await mcp.close();
    const replayed = await runCli(['test', 'stock'], { cwd: dir });
    expect(replayed.code, replayed.stdout + replayed.stderr).toBe(0);
    expect(replayed.stdout).toMatch(/1 cases? passed, 0 failed \(replayed from cassettes\)/);

    // The server is back with a third required input: a live run says so by name.
    mcp = await startMcpTestServer();
    onTestFinished(() => mcp.close());
    mcp.drift();
    writeFileSync(
      join(dir, 'stock', 'production.flow.json'),
      flowText(mcpToolFlow(mcp.url, { headers: [{ name: 'Authorization', value: { env: 'STOCK_TOKEN' } }] })),
    );
    const cassetteText = readFileSync(join(dir, 'stock', 'stock.cassette.json'), 'utf8');
    // The new server has a new port: the recording names it, as it would name a server that never moved.
    writeFileSync(join(dir, 'stock', 'stock.cassette.json'), cassetteText.replaceAll(recordedUrl, mcp.url));
    const live = await flowctl(['test', 'stock', '--live', '--allow-private-network', '--concurrency', '1']);
    expect(live.code).toBe(1);
    expect(live.stdout).toContain(
      `the MCP tool check_stock of ${mcp.url} changed its input schema since the recording: input quantity added (required)`,
    );
  });
});
