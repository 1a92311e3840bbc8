import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { parseFlow, serializeFlow, type FlowDocument } from '@flow/core';
import { startScriptedModel, type ScriptedModelServer } from '@flow/runtime/testing';
import { removeTempDirs, tempDir } from './helpers/flows.js';
import { at, list } from './helpers/json.js';
import { parseJson, runCli, type CliResult } from './helpers/runCli.js';

const API_KEY = 'sk-generate-secret-key';
const WORKFLOW = {
  nodes: [
    { type: 'prompt', label: 'Greet the customer', description: 'Opens', prompt: 'Greet the customer warmly.', emoji: '👋' },
    { type: 'function', label: 'Look up the order', description: 'HTTP call', prompt: 'Find the order by its number.', emoji: '🔎' },
    { type: 'function', label: 'Hand over', prompt: 'Say a colleague will take over.' },
  ],
  lastUpdated: '2025-06-01T09:00:00.000Z',
};
const DESCRIPTION = 'A support agent that looks up orders and hands over to a person';

let model: ScriptedModelServer;
let dir = '';

beforeEach(async () => {
  await model?.close();
  model = await startScriptedModel();
  dir = tempDir('flowctl-generate-');
});

afterAll(async () => {
  await model?.close();
  removeTempDirs();
});

const env = (): Record<string, string> => ({ FLOW_MODEL_BASE_URL: model.baseUrl, FLOW_MODEL: 'scripted-1', FLOW_MODEL_API_KEY: API_KEY });

/** Runs flowctl in the test's folder; no output of any run may show the model's key. */
async function flowctl(args: readonly string[], extraEnv: Record<string, string | undefined> = env()): Promise<CliResult> {
  const result = await runCli(args, { cwd: dir, env: extraEnv });
  expect(result.stdout + result.stderr).not.toContain(API_KEY);
  return result;
}

function load(text: string): FlowDocument {
  const parsed = parseFlow(text);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.findings));
  return parsed.doc;
}

describe('flowctl generate', () => {
  it('writes a valid flow of one chain with -o (function steps as Instruct functions), which flowctl validate passes', async () => {
    model.push({ content: `Here is the workflow:\n\`\`\`json\n${JSON.stringify(WORKFLOW)}\n\`\`\`` });
    const file = join('flows', 'generated', 'production.flow.json');
    const result = await flowctl(['generate', '--description', DESCRIPTION, '-o', file]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout.split('\n')).toEqual([
      `Wrote ${file}: 3 nodes in one chain of generated/production`,
      '  👋 Greet the customer (prompt)',
      '  🔎 Look up the order (Instruct function)',
      '  ⚡ Hand over (Instruct function)',
      '',
    ]);
    const text = readFileSync(join(dir, file), 'utf8');
    const doc = load(text);
    expect(text).toBe(serializeFlow(doc));
    expect([doc.planId, doc.versionName]).toEqual(['generated', 'production']);
    expect(doc.nodes.map((n) => [n.type, n.chain, n.data.name])).toEqual([
      ['prompt', '1', 'Greet the customer'],
      ['function', '1', 'Look up the order'],
      ['function', '1', 'Hand over'],
    ]);
    const lookUp = doc.nodes[1];
    expect(lookUp?.type === 'function' ? lookUp.data : null).toMatchObject({
      type: 'instruct',
      description: 'HTTP call',
      metadata: { prompt: 'Find the order by its number.' },
      trigger_text: '🔎',
    });
    const validated = await flowctl(['validate', file]);
    expect(validated.code, validated.stdout + validated.stderr).toBe(0);

    const [request] = model.requests;
    expect(request?.model).toBe('scripted-1');
    expect(request?.authorization).toBe(`Bearer ${API_KEY}`);
    expect(request?.body.response_format).toEqual({ type: 'json_object' });
    expect(request?.messages.at(-1)).toEqual({ role: 'user', content: DESCRIPTION });
  });

  it('prints the canonical file on stdout without -o, the nodes on stderr, and takes --plan, --version, --model-url and --model', async () => {
    model.push({ content: JSON.stringify(WORKFLOW) });
    const result = await flowctl(
      [
        'generate',
        '--description',
        DESCRIPTION,
        '--plan',
        'support',
        '--version',
        'draft',
        '--model-url',
        model.baseUrl,
        '--model',
        'flag-model',
      ],
      { FLOW_MODEL_API_KEY: API_KEY },
    );
    expect(result.code, result.stderr).toBe(0);
    const doc = load(result.stdout);
    expect(result.stdout).toBe(serializeFlow(doc));
    expect([doc.planId, doc.versionName, doc.nodes.length]).toEqual(['support', 'draft', 3]);
    expect(result.stderr).toContain('Generated 3 nodes in one chain of support/draft:\n  👋 Greet the customer (prompt)\n');
    expect(model.requests[0]?.model).toBe('flag-model');
  });

  it('takes the plan of flowctl.config.json, and says when -o replaces a file', async () => {
    writeFileSync(join(dir, 'flowctl.config.json'), JSON.stringify({ plan: 'configured-plan' }));
    mkdirSync(join(dir, 'configured-plan'));
    const file = join('configured-plan', 'production.flow.json');
    writeFileSync(join(dir, file), 'old');
    model.push({ content: JSON.stringify(WORKFLOW) });
    const result = await flowctl(['generate', '--description', DESCRIPTION, '-o', file]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(
      `Wrote ${file} (replacing the file that was there): 3 nodes in one chain of configured-plan/production`,
    );
    expect(load(readFileSync(join(dir, file), 'utf8')).planId).toBe('configured-plan');
  });

  it('--json reports ok, the file and each node with its name, type and emoji; the flow itself as doc without -o', async () => {
    model.push({ content: JSON.stringify(WORKFLOW) }, { content: JSON.stringify(WORKFLOW) });
    const written = await flowctl(['generate', '--description', DESCRIPTION, '-o', 'out.flow.json', '--json']);
    expect(written.code, written.stderr).toBe(0);
    const report = parseJson(written);
    expect(report).toMatchObject({ ok: true, file: 'out.flow.json', overwritten: false, planId: 'generated', versionName: 'production' });
    expect(list(report, 'nodes').map((n) => [at(n, 'name'), at(n, 'type'), at(n, 'functionType'), at(n, 'emoji')])).toEqual([
      ['Greet the customer', 'prompt', null, '👋'],
      ['Look up the order', 'function', 'instruct', '🔎'],
      ['Hand over', 'function', 'instruct', '⚡'],
    ]);
    expect(at(report, 'doc')).toBeUndefined();
    // out.flow.json in a folder of another name is not where publish looks for generated/production.
    expect(written.stderr).toMatch(
      /warning out\.flow\.json holds generated\/production but its path says flowctl-generate-\w+\/out: give --plan/,
    );
    const printed = parseJson(await flowctl(['generate', '--description', DESCRIPTION, '--json']));
    expect(at(printed, 'file')).toBeNull();
    expect(at(printed, 'doc', 'nodes')).toHaveLength(3);
    expect(at(printed, 'nodes', 0, 'id')).toBe(at(printed, 'doc', 'startNodeId'));
  });

  it('exits 2 for no description, a bad plan id or no model configured (naming the variables), before asking any model', async () => {
    const missing = await flowctl(['generate']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/--description <text>' not specified/);
    const empty = await flowctl(['generate', '--description', '  ', '--json']);
    expect(empty.code).toBe(2);
    expect(parseJson(empty)).toEqual({
      error: { code: 'USAGE', message: 'Give what the flow should do with --description TEXT: the description is empty' },
    });
    const badPlan = await flowctl(['generate', '--description', DESCRIPTION, '--plan', 'my plan']);
    expect(badPlan.code).toBe(2);
    expect(badPlan.stderr).toContain(`Invalid --plan "my plan": use 1 to 64 letters`);
    const unconfigured = await flowctl(['generate', '--description', DESCRIPTION, '--json'], { FLOW_MODEL_API_KEY: API_KEY });
    expect(unconfigured.code).toBe(2);
    expect(at(parseJson(unconfigured), 'error', 'code')).toBe('MODEL_NOT_CONFIGURED');
    expect(at(parseJson(unconfigured), 'error', 'message')).toMatch(/^No model is configured: set FLOW_MODEL_BASE_URL and FLOW_MODEL/);
    expect(model.requests).toHaveLength(0);
  });

  it("exits 3 with 'Failed to generate workflow: {reason}' when the model call fails, and writes nothing; an echoed key is masked", async () => {
    model.push({ status: 401, error: `Incorrect API key provided: ${API_KEY}` });
    const result = await flowctl(['generate', '--description', DESCRIPTION, '-o', 'out.flow.json']);
    expect(result.code).toBe(3);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe('error: Failed to generate workflow: The model endpoint answered 401: Incorrect API key provided: ***\n');
    expect(existsSync(join(dir, 'out.flow.json'))).toBe(false);
    expect(model.requests).toHaveLength(1);
  });

  it("exits 1 with 'Invalid JSON schema returned' and what was wrong when the model's answer is no flow twice", async () => {
    model.push({ content: 'What kind of agent would you like?' }, { content: JSON.stringify({ nodes: [{ type: 'step', label: 'x' }] }) });
    const result = await flowctl(['generate', '--description', DESCRIPTION, '-o', 'out.flow.json', '--json']);
    expect(result.code).toBe(1);
    expect(parseJson(result)).toEqual({
      error: { code: 'INVALID_JSON_SCHEMA', message: "Invalid JSON schema returned: nodes[0].type must be 'prompt' or 'function'" },
    });
    expect(existsSync(join(dir, 'out.flow.json'))).toBe(false);
    expect(model.requests).toHaveLength(2);
    expect(JSON.stringify(model.requests[1]?.messages.at(-1))).toContain('no JSON object in the reply');
  });
});
