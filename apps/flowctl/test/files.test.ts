import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { flowMessages, type FlowDocument } from '@flow/core';
import { flowText, sampleFlow, removeTempDirs, tempDir } from './helpers/flows.js';
import { at, list } from './helpers/json.js';
import { parseJson, runCli } from './helpers/runCli.js';
import { conditionHolds, runWorkflowSteps, workflowRunSteps } from './helpers/workflow.js';

afterAll(removeTempDirs);

/** The sample flow written with its keys and nodes in another order, as a hand edit might. */
function reorderedText(doc: FlowDocument): string {
  const reversedKeys = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(reversedKeys);
    if (typeof value !== 'object' || value === null) return value;
    return Object.fromEntries(
      Object.entries(value)
        .reverse()
        .map(([k, v]) => [k, reversedKeys(v)]),
    );
  };
  return JSON.stringify(reversedKeys({ ...doc, nodes: [...doc.nodes].reverse(), edges: [...doc.edges].reverse() }), null, 4);
}

/** The flow with every node moved on the canvas and another viewport. */
function moved(doc: FlowDocument): FlowDocument {
  return {
    ...doc,
    viewport: { x: 120, y: -40, zoom: 0.8 },
    nodes: doc.nodes.map((n) => ({ ...n, position: { x: n.position.x + 333, y: n.position.y * 2 + 7 } })),
  };
}

describe('flowctl fmt', () => {
  it('with --check lists a reordered file and exits 1, changing nothing', async () => {
    const dir = tempDir();
    const text = reorderedText(sampleFlow());
    writeFileSync(join(dir, 'a.flow.json'), text);
    writeFileSync(join(dir, 'b.flow.json'), flowText(sampleFlow()));
    const result = await runCli(['fmt', '--check', '.'], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('a.flow.json\n');
    expect(result.stderr).toContain('1 file would be reformatted');
    expect(readFileSync(join(dir, 'a.flow.json'), 'utf8')).toBe(text);
  });

  it('rewrites a reordered file in canonical form, after which --check passes', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'a.flow.json'), reorderedText(sampleFlow()));
    const result = await runCli(['fmt', 'a.flow.json'], { cwd: dir });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('formatted a.flow.json\n');
    expect(readFileSync(join(dir, 'a.flow.json'), 'utf8')).toBe(flowText(sampleFlow()));
    const again = await runCli(['fmt', '--check', 'a.flow.json', '--json'], { cwd: dir });
    expect(again.code).toBe(0);
    expect(at(parseJson(again), 'changed')).toBe(0);
  });

  it('moves plain secrets into environment references, unless --keep-secrets', async () => {
    const dir = tempDir();
    const doc = sampleFlow();
    const answer = doc.nodes.find((n) => n.id === 'answer');
    if (answer?.type !== 'function') throw new Error('fixture');
    answer.data.metadata.api_key = { key: 'sk-live-123' };
    writeFileSync(join(dir, 'keep.flow.json'), flowText(doc));
    writeFileSync(join(dir, 'redact.flow.json'), flowText(doc));
    const kept = await runCli(['fmt', 'keep.flow.json', '--keep-secrets'], { cwd: dir });
    expect(kept.code).toBe(0);
    expect(readFileSync(join(dir, 'keep.flow.json'), 'utf8')).toContain('sk-live-123');
    const result = await runCli(['fmt', 'redact.flow.json', '--json'], { cwd: dir });
    expect(result.code).toBe(0);
    const secrets = list(parseJson(result), 'files', 0, 'secrets');
    expect(secrets).toEqual([{ path: expect.stringMatching(/\.data\.metadata\.api_key$/), env: 'FLOW_ANSWER_API_KEY' }]);
    const written = readFileSync(join(dir, 'redact.flow.json'), 'utf8');
    expect(written).not.toContain('sk-live-123');
    expect(written).toContain('"env": "FLOW_ANSWER_API_KEY"');
  });

  it('reports a bad file in one line naming it, formats the others and exits 1', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'bad.flow.json'), '[1, 2');
    writeFileSync(join(dir, 'ok.flow.json'), reorderedText(sampleFlow()));
    const result = await runCli(['fmt', 'bad.flow.json', 'ok.flow.json'], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stderr.split('\n').filter((l) => l.startsWith('bad.flow.json:'))).toHaveLength(1);
    expect(readFileSync(join(dir, 'ok.flow.json'), 'utf8')).toBe(flowText(sampleFlow()));
  });
});

describe('flowctl diff', () => {
  it('reports no change for the same flow moved on the canvas, reordered', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'a.flow.json'), flowText(sampleFlow()));
    writeFileSync(join(dir, 'b.flow.json'), reorderedText(moved(sampleFlow())));
    const text = await runCli(['diff', 'a.flow.json', 'b.flow.json', '--exit-code'], { cwd: dir });
    expect(text).toMatchObject({ code: 0, stdout: 'No differences (positions, viewport and key order are ignored)\n' });
    const json = await runCli(['diff', 'a.flow.json', 'b.flow.json', '--json'], { cwd: dir });
    expect(at(parseJson(json), 'same')).toBe(true);
  });

  it('names nodes added, removed and changed (with fields), edges, chains and prompts', async () => {
    const dir = tempDir();
    const before = sampleFlow();
    const after = structuredClone(before);
    after.agentNotes = 'Be very brief.';
    const answer = after.nodes.find((n) => n.id === 'answer');
    if (answer?.type !== 'function') throw new Error('fixture');
    answer.data.name = 'Reply';
    answer.data.metadata.temperature = 0.2;
    // Remove `wrap`: answer links straight to capture.
    after.nodes = after.nodes.filter((n) => n.id !== 'wrap');
    after.edges = [
      ...after.edges.filter((e) => e.source !== 'wrap' && e.target !== 'wrap'),
      { id: 'edge-answer-to-capture', source: 'answer', target: 'capture', kind: 'chain' },
    ];
    answer.data.post_action_function_id = 'capture';
    writeFileSync(join(dir, 'a.flow.json'), flowText(before));
    writeFileSync(join(dir, 'b.flow.json'), flowText(after));
    const result = await runCli(['diff', 'a.flow.json', 'b.flow.json', '--json', '--exit-code'], { cwd: dir });
    expect(result.code).toBe(1);
    const diff = parseJson(result);
    expect(at(diff, 'same')).toBe(false);
    expect(list(diff, 'nodes', 'removed')).toEqual([{ id: 'wrap', name: 'Wrap up', type: 'function', chain: '1' }]);
    expect(list(diff, 'nodes', 'changed', 0, 'fields').map((f) => at(f, 'field'))).toEqual([
      'data.metadata.temperature',
      'data.name',
      'data.post_action_function_id',
    ]);
    expect(list(diff, 'edges', 'added')).toEqual([{ source: 'answer', target: 'capture', kind: 'chain' }]);
    expect(list(diff, 'edges', 'removed')).toHaveLength(2);
    expect(list(diff, 'chains')).toEqual([{ chain: '1', before: ['Instruct', 'Answer', 'Wrap up'], after: ['Instruct', 'Reply'] }]);
    expect(list(diff, 'prompts').map((p) => at(p, 'field'))).toEqual(['agentNotes']);
    const text = await runCli(['diff', 'a.flow.json', 'b.flow.json'], { cwd: dir });
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('- node function "Wrap up" (wrap, chain 1)');
    expect(text.stdout).toContain('data.metadata.temperature: 0.7 → 0.2');
    expect(text.stdout).toContain('+ edge answer → capture (chain)');
    expect(text.stdout).toContain('    - Be brief.\n');
    expect(text.stdout).toContain('    + Be very brief.\n');
  });

  it('fails with exit 1 naming a bad file', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'a.flow.json'), flowText(sampleFlow()));
    const result = await runCli(['diff', 'a.flow.json', 'nope.flow.json'], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe('nope.flow.json  $  Cannot read file: file not found  unreadable-file');
  });
});

describe('flowctl compile (offline)', () => {
  it('prints prefix, message and suffix of the system prompt', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'a.flow.json'), flowText(sampleFlow()));
    const result = await runCli(['compile', 'a.flow.json'], { cwd: dir });
    expect(result.code).toBe(0);
    expect(result.stdout.startsWith('You are a test agent.\n\n')).toBe(true);
    expect(result.stdout).toContain('Say hello.');
    expect(result.stdout.endsWith('\n\nBe brief.\n')).toBe(true);
    const json = parseJson(await runCli(['compile', 'a.flow.json', '--json'], { cwd: dir }));
    expect(at(json, 'system_message_prefix')).toBe('You are a test agent.');
    expect(at(json, 'system_message_suffix')).toBe('Be brief.');
    expect(at(json, 'remote')).toBe(false);
    expect(result.stdout).toContain(String(at(json, 'system_message')));
  });

  it('writes the prompt to a file with -o', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'a.flow.json'), flowText(sampleFlow()));
    const printed = await runCli(['compile', 'a.flow.json'], { cwd: dir });
    const result = await runCli(['compile', 'a.flow.json', '-o', 'out/prompt.txt'], { cwd: dir });
    expect(result).toMatchObject({ code: 0, stdout: '' });
    expect(readFileSync(join(dir, 'out', 'prompt.txt'), 'utf8')).toBe(printed.stdout);
  });

  it('refuses an invalid flow with the findings validate prints, exit 1, and compiles it with --force', async () => {
    const dir = tempDir();
    const text = flowText({ ...sampleFlow(), startNodeId: 'nowhere' });
    writeFileSync(join(dir, 'bad.flow.json'), text);
    const lines = text.split('\n');
    const row = lines.findIndex((l) => l.includes('"startNodeId"')) + 1;
    const column = (lines[row - 1] ?? '').indexOf('"nowhere"') + 1;
    const message = 'bad.flow.json is not a valid flow (1 error): fix it, or compile anyway with --force';
    const refused = await runCli(['compile', 'bad.flow.json'], { cwd: dir });
    expect(refused).toMatchObject({
      code: 1,
      stdout: '',
      stderr: `bad.flow.json:${row}:${column}  $.startNodeId  ${flowMessages.startNodeMissing('nowhere')}  start-node-missing\nerror: ${message}\n`,
    });
    const json = await runCli(['compile', 'bad.flow.json', '--json'], { cwd: dir });
    expect(json.code).toBe(1);
    expect(parseJson(json)).toEqual({
      error: {
        code: 'INVALID_FLOW',
        message,
        findings: [
          {
            file: 'bad.flow.json',
            code: 'start-node-missing',
            path: '$.startNodeId',
            severity: 'error',
            message: flowMessages.startNodeMissing('nowhere'),
            line: row,
            column,
          },
        ],
      },
    });
    const forced = await runCli(['compile', 'bad.flow.json', '--force'], { cwd: dir });
    expect(forced.code).toBe(0);
    expect(forced.stdout.startsWith('You are a test agent.\n\n')).toBe(true);
    expect(forced.stdout.endsWith('\n\nBe brief.\n')).toBe(true);
  });

  it("fails with the spec's message on a flow without chains", async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'empty.flow.json'), flowText({ ...sampleFlow(), nodes: [], edges: [], startNodeId: '' }));
    const result = await runCli(['compile', 'empty.flow.json', '--json'], { cwd: dir });
    expect(result.code).toBe(1);
    expect(parseJson(result)).toEqual({ error: { code: 'NO_CHAINS', message: 'Error: No chains in flow' } });
  });
});

describe('flowctl init', () => {
  it('creates the flows folder with a valid example flow and the CI workflow', async () => {
    const dir = tempDir();
    const result = await runCli(['init', 'project', '--json'], { cwd: dir });
    expect(result.code).toBe(0);
    const created = list(parseJson(result), 'created');
    expect(created).toEqual([
      join('project', 'package.json'),
      join('project', '.gitignore'),
      join('project', 'flows', 'example', 'production.flow.json'),
      join('project', '.github', 'workflows', 'flows.yml'),
    ]);
    const workflow = readFileSync(join(dir, 'project', '.github', 'workflows', 'flows.yml'), 'utf8');
    expect(workflow).toContain('pull_request');
    expect(workflow).toContain('flowctl validate');
    expect(workflow).toContain('flowctl fmt --check');
    expect(workflow).toContain('flowctl publish "$file" --dry-run');
    // (test/pack.test.ts runs these steps as written, from the packed tarball.)
    const validate = await runCli(['validate', 'flows'], { cwd: join(dir, 'project') });
    expect(validate.code).toBe(0);
    const fmt = await runCli(['fmt', '--check', 'flows'], { cwd: join(dir, 'project') });
    expect(fmt.code).toBe(0);
    const compile = await runCli(['compile', 'flows/example/production.flow.json'], { cwd: join(dir, 'project') });
    expect(compile.code).toBe(0);
  });

  it('writes a workflow that reviews pull requests: the base available, one comment, fork pull requests in the log', async () => {
    const dir = tempDir();
    expect((await runCli(['init'], { cwd: dir })).code).toBe(0);
    const workflow: unknown = parse(readFileSync(join(dir, '.github', 'workflows', 'flows.yml'), 'utf8'));
    expect(at(workflow, 'permissions')).toEqual({ contents: 'read', 'pull-requests': 'write' });
    const steps = list(workflow, 'jobs', 'check', 'steps');
    expect(steps[0]).toEqual({ uses: 'actions/checkout@v4', with: { 'fetch-depth': 0 } });
    expect(steps.find((step) => at(step, 'name') === 'Review')).toEqual({
      name: 'Review',
      if: "${{ (success() || steps.tests.outcome == 'failure') && github.event_name == 'pull_request' }}",
      env: {
        GITHUB_TOKEN: '${{ secrets.GITHUB_TOKEN }}',
        BASE_REF: '${{ github.base_ref }}',
        COMMENT: "${{ github.event.pull_request.head.repo.full_name == github.repository && '--comment' || '' }}",
      },
      run: `# The tests' result follows the review, when the tests ran.
REPORT=''
if [ -s flow-test-result.json ]; then REPORT='--test-report flow-test-result.json'; fi
npx --no-install flowctl diff --base "origin/$BASE_REF" 'flows' --format markdown $COMMENT $REPORT
`,
    });
  });

  describe('the workflow it writes, its steps run with npm and npx stubbed', () => {
    /** Runs the init workflow in a project whose `npx` says what it was asked and fails `flowctl test` (the tests fail). */
    async function runStubbed(eventName: string, withTests: boolean) {
      const dir = tempDir();
      expect((await runCli(['init'], { cwd: dir })).code).toBe(0);
      if (withTests) writeFileSync(join(dir, 'flows', 'example', 'orders.flowtest.json'), '{}');
      const bin = join(dir, 'stub-bin');
      mkdirSync(bin);
      writeFileSync(join(bin, 'npm'), '#!/bin/sh\nexit 0\n', { mode: 0o755 });
      writeFileSync(
        join(bin, 'npx'),
        '#!/bin/sh\nif [ "$3" = test ]; then echo \'{"format":"flow-test-result/1"}\'; exit 1; fi\necho "npx $*"\n',
        { mode: 0o755 },
      );
      const env = { PATH: `${bin}:${process.env.PATH ?? ''}`, FLOW_API_URL: '' };
      const ran = await runWorkflowSteps(dir, env, eventName, { GITHUB_TOKEN: 'x', BASE_REF: 'main', COMMENT: '--comment' });
      return { dir, ran: ran.map((r) => [r.step.name, r.result === null ? 'skipped' : `${r.result.code}: ${r.result.stdout}`]) };
    }

    it('on a pull request with tests that fail: the test step fails, the review still runs with their result', async () => {
      const { dir, ran } = await runStubbed('pull_request', true);
      expect(ran).toEqual([
        ['Install', '0: '],
        ['Validate', '0: npx --no-install flowctl validate flows --format github\n'],
        ['Canonical form', '0: npx --no-install flowctl fmt --check flows\n'],
        ['What a publish would change', 'skipped'],
        ['Conversation tests', '1: '],
        [
          'Review',
          '0: npx --no-install flowctl diff --base origin/main flows --format markdown --comment --test-report flow-test-result.json\n',
        ],
      ]);
      expect(readFileSync(join(dir, 'flow-test-result.json'), 'utf8')).toBe('{"format":"flow-test-result/1"}\n');
    });

    it('without test files: the test step says so and passes, the review runs without a result; on a push, no review', async () => {
      const { ran } = await runStubbed('pull_request', false);
      expect(ran.slice(4)).toEqual([
        ['Conversation tests', '0: No *.flowtest.json files: no conversation tests to run\n'],
        ['Review', '0: npx --no-install flowctl diff --base origin/main flows --format markdown --comment\n'],
      ]);
      const push = await runStubbed('push', true);
      expect(push.ran.slice(4)).toEqual([
        ['Conversation tests', '1: '],
        ['Review', 'skipped'],
      ]);
    });

    it('skips the tests and the review when an earlier step failed', async () => {
      const dir = tempDir();
      expect((await runCli(['init'], { cwd: dir })).code).toBe(0);
      const context = { eventName: 'pull_request', failed: true, outcomes: { tests: 'skipped' } };
      expect(workflowRunSteps(dir).map((step) => [step.name, conditionHolds(step.condition, context)])).toEqual([
        ['Install', false],
        ['Validate', false],
        ['Canonical form', false],
        ['What a publish would change', false],
        ['Conversation tests', false],
        ['Review', false],
      ]);
    });
  });

  it('refuses to overwrite existing files and writes nothing', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, '.github', 'workflows'), { recursive: true });
    writeFileSync(join(dir, '.github', 'workflows', 'flows.yml'), 'mine');
    const result = await runCli(['init', '--json'], { cwd: dir });
    expect(result.code).toBe(1);
    expect(at(parseJson(result), 'error', 'code')).toBe('EXISTS');
    expect(readFileSync(join(dir, '.github', 'workflows', 'flows.yml'), 'utf8')).toBe('mine');
    expect(existsSync(join(dir, 'flows'))).toBe(false);
  });
});
