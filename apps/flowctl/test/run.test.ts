import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FlowDocument, Workflow } from '@flow/core';
import { startRecordingService, startScriptedModel, type RecordingService, type ScriptedModelServer } from '@flow/runtime/testing';
import { BIN, ensureCliBuilt } from './helpers/build.js';
import { flowText, removeTempDirs, tempDir } from './helpers/flows.js';
import { shopFlow } from './helpers/shopFlow.js';
import { at, list } from './helpers/json.js';
import { baseEnv, parseJson, runCli } from './helpers/runCli.js';

const TOKEN = 'orders-token-for-flowctl-run';
let dir = '';
let model: ScriptedModelServer;
let api: RecordingService;
let apiUrl = '';

/** The shop flow, its Look up order call authorized by the ORDERS_TOKEN variable. */
const ordersFlow = (url: string): FlowDocument =>
  shopFlow(url, { authorization: 'bearer', bearer_token: { env: 'ORDERS_TOKEN' } }, 'The order system is down');

beforeAll(async () => {
  dir = tempDir('flowctl-run-');
  api = await startRecordingService({ status: 'shipped' });
  apiUrl = api.url;
  writeFileSync(join(dir, 'orders.flow.json'), flowText(ordersFlow(apiUrl)));
}, 200_000);

beforeEach(async () => {
  await model?.close();
  model = await startScriptedModel();
  api.requests.length = 0;
});

afterAll(async () => {
  await model?.close();
  await api?.close();
  removeTempDirs();
});

const env = () => ({ FLOW_MODEL_BASE_URL: model.baseUrl, FLOW_MODEL: 'scripted-1', ORDERS_TOKEN: TOKEN });

describe('flowctl run <file> --message', () => {
  it('runs one turn: the tool call against the local service, the reply on stdout, the tool on stderr', async () => {
    model.push({ toolCalls: [{ name: 'look_up_order', arguments: { order_id: '1042' } }] }, { content: 'Order 1042 has shipped.' });
    const result = await runCli(['run', 'orders.flow.json', '--message', 'Where is order 1042?', '--allow-private-network'], {
      cwd: dir,
      env: env(),
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('Order 1042 has shipped.\n');
    expect(result.stderr).toMatch(/^tool look_up_order\(\{"order_id":"1042"\}\) ok \d+ ms$/m);
    expect(api.requests[0]?.url).toBe('/orders/1042');
    expect(api.requests[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(result.stdout + result.stderr).not.toContain(TOKEN);
    expect(JSON.stringify(model.requests)).not.toContain(TOKEN);
  });

  it('--json prints the trace: reply, and each tool call with name, function type, arguments, output and time', async () => {
    model.push({ toolCalls: [{ name: 'look_up_order', arguments: { order_id: '7' } }] }, { content: 'Shipped.' });
    const result = await runCli(['run', 'orders.flow.json', '-m', 'Order 7?', '--json'], {
      cwd: dir,
      env: { ...env(), FLOW_RUNTIME_ALLOW_PRIVATE: '1' },
    });
    expect(result.code, result.stderr).toBe(0);
    const trace = parseJson(result);
    expect(at(trace, 'reply')).toBe('Shipped.');
    const calls = list(trace, 'toolCalls');
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      name: 'look_up_order',
      functionType: 'http_calls',
      arguments: { order_id: '7' },
      output: expect.stringContaining('The order is shipped.'),
      ms: expect.any(Number),
    });
  });

  it('sends the turn’s spans to the OTLP collector OTEL_EXPORTER_OTLP_ENDPOINT names, and none of the secret', async () => {
    const collector = await startRecordingService({});
    try {
      model.push({ toolCalls: [{ name: 'look_up_order', arguments: { order_id: '9' } }] }, { content: 'Shipped.' });
      const result = await runCli(['run', 'orders.flow.json', '-m', 'Order 9?', '--allow-private-network'], {
        cwd: dir,
        env: { ...env(), OTEL_EXPORTER_OTLP_ENDPOINT: collector.url },
      });
      expect(result.code, result.stderr).toBe(0);
      const sent = collector.requests.map((r) => r.body).join('\n');
      expect(collector.requests.every((r) => r.url === '/v1/traces')).toBe(true);
      for (const name of ['invoke_agent shop', 'chat scripted-1', 'execute_tool look_up_order']) expect(sent).toContain(`"name":"${name}"`);
      expect(sent).not.toContain(TOKEN);
    } finally {
      await collector.close();
    }
  });

  it('a tool that fails (here, the private address it may not call) exits 5 and still prints the reply', async () => {
    model.push({ toolCalls: [{ name: 'look_up_order', arguments: { order_id: '7' } }] }, { content: 'I cannot reach the order system.' });
    const result = await runCli(['run', 'orders.flow.json', '-m', 'Order 7?'], { cwd: dir, env: env() });
    expect(result.code).toBe(5);
    expect(result.stdout).toBe('I cannot reach the order system.\n');
    expect(result.stderr).toMatch(
      /^tool look_up_order\(\{"order_id":"7"\}\) failed: Refused to call 127\.0\.0\.1: a private, loopback or link-local address \(allow it with --allow-private-network or FLOW_RUNTIME_ALLOW_PRIVATE=1\) \d+ ms$/m,
    );
    expect(api.requests).toHaveLength(0);
  });

  it('says how to configure a model (exit 2), and what a failing endpoint said (exit 3)', async () => {
    const none = await runCli(['run', 'orders.flow.json', '-m', 'Hi'], { cwd: dir });
    expect(none.code).toBe(2);
    expect(none.stderr).toBe(
      'error: No model is configured: set FLOW_MODEL_BASE_URL and FLOW_MODEL (any OpenAI-compatible endpoint; for Ollama, FLOW_MODEL_BASE_URL=http://127.0.0.1:11434/v1 and FLOW_MODEL=llama3.1)\n',
    );
    model.push({ status: 503, error: 'Model is loading' });
    const failing = await runCli(['run', 'orders.flow.json', '-m', 'Hi', '--json'], { cwd: dir, env: env() });
    expect(failing.code).toBe(3);
    expect(parseJson(failing)).toEqual({ error: { code: 'MODEL_ERROR', message: 'The model endpoint answered 503: Model is loading' } });
    // Flags beat the environment.
    model.push({ content: 'Hello from the flag model.' });
    const flagged = await runCli(['run', 'orders.flow.json', '-m', 'Hi', '--model', 'from-flag', '--model-url', model.baseUrl], {
      cwd: dir,
      env: { FLOW_MODEL_BASE_URL: 'http://127.0.0.1:9/v1', FLOW_MODEL: 'env-model' },
    });
    expect(flagged.stdout).toBe('Hello from the flag model.\n');
    expect(model.requests.at(-1)?.model).toBe('from-flag');
  });

  it('needs --message when it is not in a terminal, and warns of a secret variable that is not set', async () => {
    const noMessage = await runCli(['run', 'orders.flow.json'], { cwd: dir, env: env() });
    expect(noMessage.code).toBe(2);
    expect(noMessage.stderr).toBe('error: Give the user message with --message TEXT (a chat needs a terminal)\n');
    model.push({ content: 'Hi.' });
    const unset = await runCli(['run', 'orders.flow.json', '-m', 'Hi'], {
      cwd: dir,
      env: { FLOW_MODEL_BASE_URL: model.baseUrl, FLOW_MODEL: 'm' },
    });
    expect(unset.code).toBe(0);
    expect(unset.stderr).toContain('warning ORDERS_TOKEN is not set: the tools that use it will fail');
  });
});

describe('flowctl run <file> --workflow', () => {
  function withWorkflow(webhook: string | null): string {
    const doc = ordersFlow(apiUrl);
    const workflow: Workflow = {
      id: 'wf-demo',
      name: 'Book a demo',
      description: '',
      updated_at: '',
      plan_id: 'shop',
      json: {
        steps: [
          { name: 'Contact details', skill: 'form', config: { fields: ['full_name', 'work_email'] } },
          { name: 'Confirm', skill: 'message', config: { text: 'Thanks {{full_name}}, we will write to {{work_email}}.' } },
          { name: 'Send invite', skill: 'email', config: { template: 'demo-invite' } },
        ],
      },
    };
    const file = webhook === null ? 'workflow.flow.json' : 'workflow-hooked.flow.json';
    writeFileSync(join(dir, file), flowText({ ...doc, workflows: [workflow] }));
    return file;
  }

  it("runs the steps in order with the form's answers; a skill without a webhook stops it, said as not configured (exit 5)", async () => {
    const file = withWorkflow(null);
    const result = await runCli(['run', file, '--workflow', 'Book a demo', '--input', 'full_name=Ann Lee', 'work_email=ann@example.com'], {
      cwd: dir,
    });
    expect(result.code).toBe(5);
    expect(result.stdout).toBe(
      [
        '✔ Contact details (form): Filled: full_name, work_email',
        '✔ Confirm (message): Thanks Ann Lee, we will write to ann@example.com.',
        '– Send invite (email): The skill email is not configured: give it a webhook (skills: { "email": "https://…" })',
        '',
      ].join('\n'),
    );
    expect(result.stderr).toContain('Book a demo: stopped at "Send invite" (not configured)');
    const missing = await runCli(['run', file, '--workflow', 'wf-demo', '--json'], { cwd: dir });
    expect(missing.code).toBe(5);
    expect(at(parseJson(missing), 'workflow', 'steps')).toMatchObject([
      { name: 'Contact details', status: 'failed', output: 'Contact details: give full_name with --input full_name=VALUE' },
    ]);
  });

  it('calls the webhook configured for a skill (FLOW_SKILLS) with the variables, and takes its answer', async () => {
    const file = withWorkflow(apiUrl);
    const result = await runCli(
      ['run', file, '-w', 'Book a demo', '--input', 'full_name=Ann', 'work_email=a@example.com', '--allow-private-network', '--json'],
      {
        cwd: dir,
        env: { FLOW_SKILLS: JSON.stringify({ email: `${apiUrl}/hooks/email` }) },
      },
    );
    expect(result.code, result.stdout).toBe(0);
    expect(api.requests.at(-1)?.url).toBe('/hooks/email');
    expect(at(parseJson(result), 'workflow')).toMatchObject({
      completed: true,
      variables: { full_name: 'Ann', work_email: 'a@example.com', status: 'shipped' },
    });
    const unknown = await runCli(['run', file, '-w', 'Nope'], { cwd: dir });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe(`error: ${file} has no workflow "Nope": it has "Book a demo"\n`);
  });
});

describe('flowctl run <file> in a terminal', () => {
  // The chat needs a real terminal: `script` gives one to the built binary.
  beforeAll(ensureCliBuilt, 200_000);

  it('chats: a prompt, the reply streamed after agent>, /exit ends it', async () => {
    model.push({ content: 'Hello there, how can I help?' });
    // `script` gives the command a terminal, as a person's shell does.
    const child = spawn('script', ['-q', '-e', '-c', `'${process.execPath}' '${BIN}' run orders.flow.json`, '/dev/null'], {
      cwd: dir,
      env: { ...baseEnv(), FLOW_MODEL_BASE_URL: model.baseUrl, FLOW_MODEL: 'scripted-1', ORDERS_TOKEN: TOKEN, NO_COLOR: '1' },
    });
    let output = '';
    let said = false;
    let left = false;
    const code = await new Promise<number | null>((resolve, reject) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error(`no end of the chat:\n${output}`));
      }, 20_000);
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        output += chunk;
        if (!said && output.includes('you> ')) {
          said = true;
          child.stdin.write('Hi there\r');
        }
        if (!left && output.includes('how can I help?')) {
          left = true;
          child.stdin.write('/exit\r');
        }
      });
      child.once('close', (exit) => {
        clearTimeout(timer);
        resolve(exit);
      });
    });
    expect(code).toBe(0);
    expect(output).toContain('Talking to orders.flow.json (1 tool). /reset starts over, /exit or Ctrl+D ends.');
    expect(output).toMatch(/agent> Hello there, how can I help\?/);
    expect(model.requests).toHaveLength(1);
    expect(JSON.stringify(model.requests[0]?.messages)).toContain('Hi there');
  });
});
