import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { startRecordingService, startScriptedModel, type RecordingService, type ScriptedModelServer } from '@flow/runtime/testing';
import { flowText, removeTempDirs, tempDir } from './helpers/flows.js';
import { shopFlow } from './helpers/shopFlow.js';
import { at, list } from './helpers/json.js';
import { parseJson, runCli, type CliResult } from './helpers/runCli.js';

const TESTS = {
  flow: 'production.flow.json',
  tests: [
    {
      name: 'looks up an order',
      turns: [
        {
          user: 'Where is order 1042?',
          expect: {
            toolCalls: [{ name: 'look_up_order', arguments: { order_id: '1042' } }],
            variables: { status: 'shipped' },
            reply: { contains: 'shipped' },
          },
        },
      ],
    },
    { name: 'greets', turns: [{ user: 'Hi', expect: { noToolCalls: true, reply: { matches: '^Hello' } } }] },
  ],
};

/** What the model says when the tests are recorded: the order lookup, its answer, a greeting. */
const RECORDING = [
  { toolCalls: [{ name: 'look_up_order', arguments: { order_id: '1042' } }] },
  { content: 'Order 1042 has shipped.' },
  { content: 'Hello! How can I help?' },
];

/** A test's own folder with the shop flow and its tests (no cassette yet), and the order service it calls. */
async function shopFolder(): Promise<{ dir: string; api: RecordingService }> {
  const dir = tempDir('flowctl-flowtest-');
  const api = await startRecordingService({ status: 'shipped' });
  onTestFinished(() => api.close());
  mkdirSync(join(dir, 'shop'));
  writeFileSync(join(dir, 'shop', 'production.flow.json'), flowText(shopFlow(api.url)));
  writeFileSync(join(dir, 'shop', 'orders.flowtest.json'), `${JSON.stringify(TESTS, null, 2)}\n`);
  return { dir, api };
}

/** Records shop/orders.cassette.json in `dir` against a scripted model that answers RECORDING. */
async function record(dir: string): Promise<CliResult> {
  const model: ScriptedModelServer = await startScriptedModel(RECORDING);
  try {
    return await runCli(['test', 'shop', '--record', '--allow-private-network', '--concurrency', '1'], {
      cwd: dir,
      env: { FLOW_MODEL_BASE_URL: model.baseUrl, FLOW_MODEL: 'scripted-1' },
    });
  } finally {
    await model.close();
  }
}

afterAll(removeTempDirs);

describe('flowctl test', () => {
  it('records a cassette against the model and the service, then replays it offline, deterministically', async () => {
    const { dir, api } = await shopFolder();
    const none = await runCli(['test', 'shop'], { cwd: dir });
    expect(none.code).toBe(1);
    expect(none.stdout).toBe(
      '✖ shop/orders.flowtest.json: no cassette (shop/orders.cassette.json): record one with flowctl test --record, a model configured\n\n✖ 0 cases passed, 1 failed (replayed from cassettes)\n',
    );

    const recorded = await record(dir);
    expect(recorded.code, recorded.stdout + recorded.stderr).toBe(0);
    // The summary: one row per test, then the last line.
    expect(recorded.stdout).toMatch(/^shop\/orders\.flowtest\.json › looks up an order +100% +1\/1$/m);
    expect(recorded.stdout).toMatch(/^shop\/orders\.flowtest\.json › greets +100% +1\/1$/m);
    expect(recorded.stdout).toMatch(/\n✔ pass rate 100%: 2 cases passed, 0 failed \(recorded\)\n$/);
    expect(recorded.stderr).toContain('recorded shop/orders.cassette.json');
    expect(api.requests).toHaveLength(1);
    const cassette: unknown = JSON.parse(readFileSync(join(dir, 'shop', 'orders.cassette.json'), 'utf8'));
    expect(at(cassette, 'format')).toBe('flow-cassette/1');
    expect(list(at(cassette, 'tests', 'looks up an order'), 'tools')).toEqual([
      {
        name: 'look_up_order',
        arguments: { order_id: '1042' },
        result: { ok: true, output: expect.stringContaining('The order is shipped.') },
        variables: { status: 'shipped' },
      },
    ]);

    // No model, no service: the replay needs neither, and passes again and again.
    for (let i = 0; i < 2; i++) {
      const replayed = await runCli(['test', 'shop'], { cwd: dir });
      expect(replayed.code, replayed.stdout).toBe(0);
      expect(replayed.stdout).toContain('✔ pass rate 100%: 2 cases passed, 0 failed (replayed from cassettes)');
    }
    expect(api.requests).toHaveLength(1);

    // --live talks to them and writes nothing.
    const before = statSync(join(dir, 'shop', 'orders.cassette.json')).mtimeMs;
    const model = await startScriptedModel(RECORDING);
    const live = await runCli(['test', 'shop', '--live', '--allow-private-network', '--json', '--concurrency', '1'], {
      cwd: dir,
      env: { FLOW_MODEL_BASE_URL: model.baseUrl, FLOW_MODEL: 'scripted-1' },
    });
    await model.close();
    expect(live.code).toBe(0);
    expect(parseJson(live)).toMatchObject({ format: 'flow-test-result/1', mode: 'live', passed: 2, failed: 0, recorded: [] });
    expect(api.requests).toHaveLength(2);
    expect(statSync(join(dir, 'shop', 'orders.cassette.json')).mtimeMs).toBe(before);
  });

  it('says what a turn did that it should not have, exit 1, and writes JUnit', async () => {
    const { dir } = await shopFolder();
    const recorded = await record(dir);
    expect(recorded.code, recorded.stdout + recorded.stderr).toBe(0);
    const lookup = {
      user: 'Where is order 1042?',
      expect: {
        toolCalls: [{ name: 'look_up_order', arguments: { order_id: '1042' } }],
        variables: { status: 'delivered' },
        reply: { contains: 'delivered' },
      },
    };
    const failing = { flow: TESTS.flow, tests: [{ name: 'looks up an order', turns: [lookup] }, TESTS.tests[1]] };
    writeFileSync(join(dir, 'shop', 'strict.flowtest.json'), JSON.stringify(failing));
    writeFileSync(join(dir, 'shop', 'strict.cassette.json'), readFileSync(join(dir, 'shop', 'orders.cassette.json')));
    const result = await runCli(['test', 'shop/strict.flowtest.json'], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(
      /\n✖ shop\/strict\.flowtest\.json › looks up an order\n {4}turn 1: variable status is "shipped", expected "delivered"\n {4}turn 1: the reply does not contain "delivered": "Order 1042 has shipped\."\n\n✖ pass rate 50%: 1 case passed, 1 failed \(replayed from cassettes\)\n$/,
    );
    const junit = await runCli(['test', 'shop/strict.flowtest.json', '--format', 'junit'], { cwd: dir });
    expect(junit.stdout).toContain('<testsuites name="flowctl test" tests="2" failures="1" errors="0">');
    expect(junit.stdout).toMatch(
      /<testcase name="looks up an order" classname="shop\/strict\.flowtest\.json" time="[\d.]+">\n {6}<failure message="turn 1: variable status is &quot;shipped&quot;, expected &quot;delivered&quot;">/,
    );
    expect(junit.stdout).toMatch(/<testcase name="greets" classname="shop\/strict\.flowtest\.json" time="[\d.]+"\/>/);
  });

  it('names what is wrong with a test file, and needs a model to record', async () => {
    const { dir } = await shopFolder();
    writeFileSync(
      join(dir, 'broken.flowtest.json'),
      JSON.stringify({ flow: 'shop/production.flow.json', tests: [{ name: 'x', turns: [{ expect: {} }] }] }),
    );
    const broken = await runCli(['test', 'broken.flowtest.json'], { cwd: dir });
    expect(broken.code).toBe(1);
    expect(broken.stdout).toContain('✖ broken.flowtest.json: tests[0].turns[0]: a turn needs the "user" message');
    // A misspelt key is an error naming it and its line, not an expectation silently dropped.
    const misspelt = { ...TESTS, tests: [{ name: 'x', turns: [{ user: 'Hi', expect: { judgee: { rubric: 'Greets' } } }] }] };
    writeFileSync(join(dir, 'misspelt.flowtest.json'), `${JSON.stringify(misspelt, null, 2)}\n`);
    const unknown = await runCli(['test', 'misspelt.flowtest.json'], { cwd: dir });
    expect(unknown.code).toBe(1);
    expect(unknown.stdout).toBe(
      '✖ misspelt.flowtest.json: tests[0].turns[0].expect: unknown key "judgee" (line 10)\n\n✖ 0 cases passed, 1 failed (replayed from cassettes)\n',
    );
    const noModel = await runCli(['test', 'shop', '--record'], { cwd: dir });
    expect(noModel.code).toBe(2);
    expect(noModel.stderr).toMatch(/^error: No model is configured: set FLOW_MODEL_BASE_URL and FLOW_MODEL/);
    expect(existsSync(join(dir, 'broken.cassette.json'))).toBe(false);
  });
});
