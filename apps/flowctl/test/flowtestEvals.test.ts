import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { startScriptedModel, type ScriptedModelServer, type ScriptedReply } from '@flow/runtime/testing';
import { flowText, removeTempDirs, tempDir } from './helpers/flows.js';
import { shopFlow } from './helpers/shopFlow.js';
import { at, list } from './helpers/json.js';
import { parseJson, runCli, type CliResult } from './helpers/runCli.js';

/** A folder with the shop flow and `shop/evals.flowtest.json` holding `tests` (and any other files given). */
function folder(tests: unknown[], files: Record<string, string> = {}): string {
  const dir = tempDir('flowctl-evals-');
  mkdirSync(join(dir, 'shop'));
  // No test here reaches the order service: the address is never called.
  writeFileSync(join(dir, 'shop', 'production.flow.json'), flowText(shopFlow('http://127.0.0.1:9')));
  writeFileSync(join(dir, 'shop', 'evals.flowtest.json'), `${JSON.stringify({ flow: 'production.flow.json', tests }, null, 2)}\n`);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, 'shop', name), text);
  return dir;
}

async function scripted(replies: ScriptedReply[]): Promise<ScriptedModelServer> {
  const model = await startScriptedModel(replies);
  onTestFinished(() => model.close());
  return model;
}

/** `flowctl test shop …` talking to `model` (one case at a time, so the script's answers go in order). */
function withModel(dir: string, model: ScriptedModelServer, args: string[]): Promise<CliResult> {
  return runCli(['test', 'shop', '--concurrency', '1', ...args], {
    cwd: dir,
    env: { FLOW_MODEL_BASE_URL: model.baseUrl, FLOW_MODEL: 'scripted-1' },
  });
}

const verdict = (pass: boolean, reason: string): ScriptedReply => ({ content: JSON.stringify({ pass, reason }) });
const cassetteOf = (dir: string): unknown => JSON.parse(readFileSync(join(dir, 'shop', 'evals.cassette.json'), 'utf8'));
const result = (run: CliResult): unknown => parseJson(run);

afterAll(removeTempDirs);

describe('flowctl test: judged assertions', () => {
  it('asks the judge for a JSON verdict, reports it with its reason, records it and replays it offline', async () => {
    const rubric = 'Gives the tracking link and invents no date';
    const judged = (name: string) => ({ name, turns: [{ user: 'Where is my parcel?', expect: { judge: { rubric } } }] });
    const dir = folder([judged('gives the link'), judged('invents a date'), judged('judge says nonsense')]);
    const model = await scripted([
      { content: 'Track it at https://track.example/1042.' },
      verdict(true, 'It gives the link and no date.'),
      { content: 'It arrives on Monday.' },
      verdict(false, 'It invents a date and gives no link.'),
      { content: 'Track it at https://track.example/1042.' },
      { content: 'Looks fine to me' },
    ]);
    const recorded = await withModel(dir, model, ['--record', '--judge-model', 'judge-1']);
    expect(recorded.code, recorded.stderr).toBe(1);
    expect(recorded.stdout).toMatch(
      new RegExp(
        [
          '\\n✖ shop/evals\\.flowtest\\.json › invents a date',
          '    turn 1: judged "Gives the tracking link and invents no date": fail \\(judge: It invents a date and gives no link\\.\\)',
          '✖ shop/evals\\.flowtest\\.json › judge says nonsense',
          '    turn 1: the judge\'s verdict could not be read \\(expected \\{ "pass": boolean, "reason": string \\}\\): "Looks fine to me"',
          '',
          '✖ pass rate 33%: 1 case passed, 2 failed \\(recorded\\)\\n$',
        ].join('\\n'),
      ),
    );
    // The judge: the named model, a JSON object asked for, the rubric, the conversation and the reply.
    const judge = model.requests[1];
    expect(judge?.model).toBe('judge-1');
    expect(model.requests[0]?.model).toBe('scripted-1');
    expect(judge?.body.response_format).toEqual({ type: 'json_object' });
    expect(judge?.tools).toEqual([]);
    expect(JSON.stringify(judge?.messages)).toContain(`Rubric: ${rubric}`);
    expect(JSON.stringify(judge?.messages)).toContain('User: Where is my parcel?\\nAgent: Track it at https://track.example/1042.');
    expect(list(at(cassetteOf(dir), 'tests', 'invents a date'), 'judge')).toEqual([
      { content: JSON.stringify({ pass: false, reason: 'It invents a date and gives no link.' }), toolCalls: [] },
    ]);

    // Offline: no model configured, the same verdicts.
    const replayed = await runCli(['test', 'shop', '--json'], { cwd: dir });
    expect(replayed.code).toBe(1);
    expect(at(result(replayed), 'files', 0, 'cases', 0, 'runs', 0, 'assertions')).toEqual([
      {
        kind: 'judge',
        turn: 1,
        ok: true,
        message: `turn 1: judged "${rubric}": pass`,
        reason: 'It gives the link and no date.',
      },
    ]);
    expect(at(result(replayed), 'files', 0, 'cases', 1, 'runs', 0, 'assertions', 0, 'reason')).toBe('It invents a date and gives no link.');
    expect(at(result(replayed), 'files', 0, 'cases', 2, 'ok')).toBe(false);
    expect(model.requests).toHaveLength(6);
  });
});

describe('flowctl test: datasets and pass rates', () => {
  const orders = ['1041', '1042', '1043', '1044', '1045'];
  const dataset = `${orders.map((order, i) => JSON.stringify(i === 4 ? { name: 'the last', vars: { order } } : { vars: { order } })).join('\n')}\n`;
  const lookup = {
    name: 'orders',
    cases: 'orders.jsonl',
    turns: [{ user: 'Where is order {{order}}?', expect: { reply: { contains: '{{order}}' } } }],
  };

  it('runs each case of a .jsonl dataset as its own case, with a pass rate the exit code can be held to', async () => {
    const dir = folder([lookup], { 'orders.jsonl': dataset });
    // The third answer names the wrong order.
    const model = await scripted(orders.map((order, i) => ({ content: `Order ${i === 2 ? '9999' : order} has shipped.` })));
    const recorded = await withModel(dir, model, ['--record']);
    expect(recorded.code).toBe(1);
    expect(model.requests.map((r) => JSON.stringify(r.messages.at(-1)))).toEqual(
      orders.map((order) => JSON.stringify({ role: 'user', content: `Where is order ${order}?` })),
    );
    expect(Object.keys(Object(at(cassetteOf(dir), 'tests')))).toEqual([
      'orders › case 1',
      'orders › case 2',
      'orders › case 3',
      'orders › case 4',
      'orders › the last',
    ]);

    const replayed = await runCli(['test', 'shop', '--json'], { cwd: dir });
    expect(replayed.code).toBe(1);
    expect(result(replayed)).toMatchObject({ format: 'flow-test-result/1', mode: 'replay', passRate: 0.8, passed: 4, failed: 1 });
    expect(at(result(replayed), 'files', 0, 'cases', 2)).toMatchObject({
      name: 'orders › case 3',
      test: 'orders',
      case: 'case 3',
      ok: false,
      passRate: 0,
    });
    expect(at(result(replayed), 'files', 0, 'cases', 2, 'runs', 0, 'assertions', 0, 'message')).toBe(
      'turn 1: the reply does not contain "1043": "Order 9999 has shipped."',
    );

    const strict = await runCli(['test', 'shop', '--min-pass-rate', '0.9'], { cwd: dir });
    expect(strict.code).toBe(1);
    expect(strict.stdout).toContain('✖ pass rate 80% (minimum 90%): 4 cases passed, 1 failed (replayed from cassettes)\n');
    const lenient = await runCli(['test', 'shop', '--min-pass-rate', '0.7'], { cwd: dir });
    expect(lenient.code).toBe(0);
    expect(lenient.stdout).toContain('✖ shop/evals.flowtest.json › orders › case 3\n');
    expect(lenient.stdout).toContain('✖ pass rate 80% (minimum 70%): 4 cases passed, 1 failed (replayed from cassettes)\n');
    expect(model.requests).toHaveLength(5);
  });

  it('marks regressions and improvements against a baseline, in markdown too, and appends the summary for GitHub', async () => {
    const dir = folder([lookup], { 'orders.jsonl': dataset });
    const model = await scripted(orders.map((order, i) => ({ content: `Order ${i === 2 ? '9999' : order} has shipped.` })));
    expect((await withModel(dir, model, ['--record'])).code).toBe(1);
    const base = await runCli(['test', 'shop', '--format', 'json'], { cwd: dir });
    writeFileSync(join(dir, 'base.json'), base.stdout);
    // Now case 3 answers right and case 4 wrong.
    const file = join(dir, 'shop', 'evals.cassette.json');
    writeFileSync(file, readFileSync(file, 'utf8').replace('Order 9999 has', 'Order 1043 has').replace('Order 1044 has', 'Order 4404 has'));
    const summary = join(dir, 'summary.md');
    writeFileSync(summary, '## Earlier step\n');
    const now = await runCli(['test', 'shop', '--baseline', 'base.json', '--format', 'markdown'], {
      cwd: dir,
      env: { GITHUB_STEP_SUMMARY: summary },
    });
    expect(now.code).toBe(1);
    expect(now.stdout).toContain('**Pass rate 80%** (4 of 5 runs passed) · baseline 80% · 1 regression · 1 improvement');
    expect(now.stdout).toContain(
      '#### Regressions\n\n- **shop/evals.flowtest.json › orders › case 4**: 100% → 0%\n  - turn 1: the reply does not contain "1044": "Order 4404 has shipped."',
    );
    expect(now.stdout).toContain('#### Improvements\n\n- **shop/evals.flowtest.json › orders › case 3**: 0% → 100%');
    // The job's summary page gets the same markdown, after what earlier steps wrote.
    expect(readFileSync(summary, 'utf8')).toBe(`## Earlier step\n\n${now.stdout}`);
    const text = await runCli(['test', 'shop', '--baseline', 'base.json'], { cwd: dir });
    expect(text.stdout).toContain('▼ regression shop/evals.flowtest.json › orders › case 4: 100% → 0%\n');
    expect(text.stdout).toContain('✖ pass rate 80% (baseline 80%): 4 cases passed, 1 failed (replayed from cassettes)\n');
    const bad = await runCli(['test', 'shop', '--baseline', 'shop/orders.jsonl'], { cwd: dir });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^error: --baseline shop\/orders\.jsonl is not JSON \(write it with flowctl test --format json\)/);
  });

  it('takes inline cases, and names the file and line of a bad dataset line', async () => {
    const inline = {
      name: 'inline',
      cases: [{ name: 'own turns', turns: [{ user: 'Hi', expect: { reply: { contains: 'Hello' } } }] }, { vars: { order: '7' } }],
      turns: [{ user: 'Order {{order}}?', expect: { reply: { contains: '{{order}}' } } }],
    };
    const dir = folder([inline, { ...lookup, cases: 'bad.jsonl' }], { 'bad.jsonl': '{"vars":{"order":"1"}}\n\n{"vars":{"order":2}}\n' });
    const model = await scripted([{ content: 'Hello!' }, { content: 'Order 7 is on its way.' }, { content: 'Order 7 is on its way.' }]);
    const live = await withModel(dir, model, ['--live']);
    expect(live.stdout).toBe(
      '✖ shop/evals.flowtest.json: bad.jsonl line 3: vars: must map names to text\n\n✖ 0 cases passed, 1 failed (live)\n',
    );
    writeFileSync(join(dir, 'shop', 'bad.jsonl'), '{"vars":{"order":"7"}}\n');
    expect(model.requests).toHaveLength(0);
    const fixed = await withModel(dir, model, ['--live']);
    expect(fixed.code, fixed.stdout).toBe(0);
    // One row per test in the summary: a dataset's cases together.
    expect(fixed.stdout).toMatch(/^shop\/evals\.flowtest\.json › inline +100% +2\/2$/m);
    expect(fixed.stdout).toMatch(/^shop\/evals\.flowtest\.json › orders +100% +1\/1$/m);
    expect(fixed.stdout).toContain('✔ pass rate 100%: 3 cases passed, 0 failed (live)\n');
  });

  it('runs each case --repeat times live (a replay once), and refuses bad numbers', async () => {
    const dir = folder([{ ...lookup, cases: [{ vars: { order: '1' } }, { vars: { order: '2' } }] }]);
    const model = await scripted([]);
    for (let i = 0; i < 6; i++) model.push({ content: i === 5 ? 'No idea.' : `Order ${i < 3 ? 1 : 2} has shipped.` });
    const live = await withModel(dir, model, ['--record', '--repeat', '3', '--json']);
    expect(model.requests).toHaveLength(6);
    expect(at(result(live), 'files', 0, 'cases', 0)).toMatchObject({ name: 'orders › case 1', passRate: 1, ok: true });
    expect(list(at(result(live), 'files', 0, 'cases', 0), 'runs')).toHaveLength(3);
    expect(at(result(live), 'files', 0, 'cases', 1)).toMatchObject({ name: 'orders › case 2', passRate: 2 / 3, ok: false });
    // Cases: one passed every run, one failed one of its runs.
    expect(result(live)).toMatchObject({ passed: 1, failed: 1, passRate: 5 / 6 });
    expect(live.code).toBe(1);
    // The first run of each case is the one kept.
    const replayed = await runCli(['test', 'shop', '--repeat', '3', '--json'], { cwd: dir });
    expect(replayed.code).toBe(0);
    expect(list(at(result(replayed), 'files', 0, 'cases', 1), 'runs')).toHaveLength(1);

    const refused: [string[], string][] = [
      [['--repeat', '0'], 'Invalid --repeat "0": a whole number of at least 1'],
      [['--concurrency', 'many'], 'Invalid --concurrency "many": a whole number of at least 1'],
      [['--min-pass-rate', '1.5'], 'Invalid --min-pass-rate "1.5": a number from 0 to 1, such as 0.9'],
    ];
    for (const [args, message] of refused) {
      const bad = await runCli(['test', 'shop', ...args], { cwd: dir });
      expect(bad.code).toBe(2);
      expect(bad.stderr).toBe(`error: ${message}\n`);
    }
  });
});

describe('flowctl test: simulated users', () => {
  it('lets a second model play the user until its goal is reached, then checks the whole conversation', async () => {
    const simulated = {
      name: 'a customer asks for an order',
      simulate: { persona: 'A customer in a hurry', goal: 'Learn whether order 1042 has shipped', maxTurns: 4 },
      expect: { reply: { contains: 'shipped' }, noToolCalls: true, judge: { rubric: 'Answers the customer politely' } },
    };
    const dir = folder([simulated]);
    const user = (message: string, goalReached: boolean): ScriptedReply => ({ content: JSON.stringify({ message, goalReached }) });
    const model = await scripted([
      user('Hi, has order 1042 shipped?', false),
      { content: 'Which order do you mean?' },
      user('Order 1042, please.', false),
      { content: 'Order 1042 has shipped.' },
      user('', true),
      verdict(true, 'Polite and clear.'),
    ]);
    const recorded = await withModel(dir, model, ['--record', '--json']);
    expect(recorded.code, recorded.stdout).toBe(0);
    const simulatedUser = model.requests[0];
    expect(simulatedUser?.body.response_format).toEqual({ type: 'json_object' });
    expect(JSON.stringify(simulatedUser?.messages)).toContain('Persona: A customer in a hurry');
    const run = at(result(recorded), 'files', 0, 'cases', 0, 'runs', 0);
    expect(at(run, 'transcript')).toEqual([
      { user: 'Hi, has order 1042 shipped?', reply: 'Which order do you mean?', toolCalls: [] },
      { user: 'Order 1042, please.', reply: 'Order 1042 has shipped.', toolCalls: [] },
    ]);
    expect(at(run, 'assertions')).toEqual([
      { kind: 'noToolCalls', turn: null, ok: true, message: 'no tool call' },
      { kind: 'reply', turn: null, ok: true, message: 'the reply contains "shipped"' },
      { kind: 'judge', turn: null, ok: true, message: 'judged "Answers the customer politely": pass', reason: 'Polite and clear.' },
    ]);
    expect(list(at(cassetteOf(dir), 'tests', 'a customer asks for an order'), 'user')).toHaveLength(3);

    const replayed = await runCli(['test', 'shop'], { cwd: dir });
    expect(replayed.code, replayed.stdout).toBe(0);
    expect(replayed.stdout).toMatch(
      /^shop\/evals\.flowtest\.json › a customer asks for an order +100% +1\/1$[\s\S]*\n✔ pass rate 100%: 1 case passed, 0 failed \(replayed from cassettes\)\n$/m,
    );
    expect(model.requests).toHaveLength(6);
  });
});
