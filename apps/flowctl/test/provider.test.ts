import { chmodSync, copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO } from './helpers/build.js';
import { useTestProviders } from './helpers/callsProxy.js';
import { flowText, publishArgs, sampleFlow, singleChainFlow } from './helpers/flows.js';
import { at, list } from './helpers/json.js';
import { parseJson, runCli } from './helpers/runCli.js';

const providers = useTestProviders('flowctl-provider-');

const cli = (args: readonly string[], env: Record<string, string> = {}) =>
  runCli([...args, '--api-url', providers.url], { cwd: providers.work, env });

/** Saves a workflow of `plan` on the provider, as the hosted page does. */
async function saveWorkflow(plan: string, name: string, description: string): Promise<void> {
  const saved = await fetch(`${providers.url}/api/workflows/save`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name, description, plan_id: plan, json: { steps: [] } }),
  });
  expect(saved.ok).toBe(true);
}

describe('flowctl against the local provider', () => {
  it('round trip: publish, fetch, then publish --dry-run reports no change', async () => {
    copyFileSync(join(REPO, 'examples', 'support-desk', 'production.flow.json'), join(providers.work, 'support.flow.json'));
    const first = await cli([...publishArgs(providers.work, 'support.flow.json'), '--dry-run', '--json']);
    expect(first.code).toBe(0);
    expect(at(parseJson(first), 'changes', 'same')).toBe(false);

    // A publish needs every variable the flow names, even though the local provider keeps the references.
    const published = await cli([...publishArgs(providers.work, 'support.flow.json'), '--json'], {
      NORTHWIND_API_TOKEN: 'test-northwind-token',
    });
    expect(published.code).toBe(0);
    expect(parseJson(published)).toMatchObject({ published: true, message: 'Changes are now published to Dashboard', source: 'document' });
    expect(at(parseJson(published), 'dashboardUrl')).toBe(`${providers.url}/dashboard/support-desk/production`);

    const fetched = await cli(['fetch', '--plan', 'support-desk', '-o', 'fetched.flow.json']);
    expect(fetched.code).toBe(0);
    expect(fetched.stdout).toBe('');
    const again = await cli(['fetch', '--plan', 'support-desk', '--version', 'production', '-o', 'fetched-again.flow.json']);
    expect(again.code).toBe(0);
    expect(readFileSync(join(providers.work, 'fetched-again.flow.json'))).toEqual(readFileSync(join(providers.work, 'fetched.flow.json')));

    const dryRun = await cli([...publishArgs(providers.work, 'fetched.flow.json'), '--dry-run', '--json']);
    expect(dryRun.code).toBe(0);
    expect(parseJson(dryRun)).toMatchObject({ dryRun: true, published: false, changes: { same: true } });
    const original = await cli([...publishArgs(providers.work, 'support.flow.json'), '--dry-run']);
    expect(original.stdout).toContain('No changes: support-desk/production on the provider already matches support.flow.json');
  });

  it('fetch prints the canonical document on stdout, and as the JSON value with --json', async () => {
    writeFileSync(join(providers.work, 'stdout.flow.json'), flowText(sampleFlow('stdout-plan')));
    expect((await cli([...publishArgs(providers.work, 'stdout.flow.json'), '--quiet'])).code).toBe(0);
    const text = await cli(['fetch', '--plan', 'stdout-plan']);
    expect(text.code).toBe(0);
    const json = await cli(['fetch', '--plan', 'stdout-plan', '--json']);
    expect(JSON.parse(text.stdout)).toEqual(parseJson(json));
    expect(at(parseJson(json), 'planId')).toBe('stdout-plan');
  });

  it('publish --dry-run lists what would change and changes nothing', async () => {
    writeFileSync(join(providers.work, 'change.flow.json'), flowText(sampleFlow('change-plan')));
    expect((await cli([...publishArgs(providers.work, 'change.flow.json')])).code).toBe(0);
    const changed = sampleFlow('change-plan');
    changed.agentNotes = 'Be very brief.';
    writeFileSync(join(providers.work, 'change.flow.json'), flowText(changed));
    const before = await cli(['fetch', '--plan', 'change-plan']);
    const dryRun = await cli([...publishArgs(providers.work, 'change.flow.json'), '--dry-run']);
    expect(dryRun.code).toBe(0);
    expect(dryRun.stdout).toContain('Would change change-plan/production');
    expect(dryRun.stdout).toContain('~ agentNotes');
    expect(dryRun.stderr).toContain('Dry run: nothing was changed on the provider');
    expect((await cli(['fetch', '--plan', 'change-plan'])).stdout).toBe(before.stdout);
  });

  it('publish refuses an invalid flow before any call, exit 1', async () => {
    writeFileSync(
      join(providers.work, 'invalid.flow.json'),
      flowText({ ...sampleFlow('invalid-plan'), nodes: [], edges: [], startNodeId: '' }),
    );
    const result = await cli([...publishArgs(providers.work, 'invalid.flow.json'), '--json']);
    expect(result.code).toBe(1);
    expect(at(parseJson(result), 'error', 'code')).toBe('INVALID_FLOW');
    expect(list(parseJson(result), 'error', 'findings')[0]).toMatchObject({
      file: 'invalid.flow.json',
      path: '$.nodes',
      message: 'Error: No chains in flow',
    });
  });

  it('publish keeps { env } secrets as references on the local provider; fetch moves plain ones out', async () => {
    const doc = sampleFlow('secret-plan');
    const answer = doc.nodes.find((n) => n.id === 'answer');
    if (answer?.type !== 'function') throw new Error('fixture');
    answer.data.metadata.api_key = { env: 'TEST_ANSWER_KEY' };
    writeFileSync(join(providers.work, 'secret.flow.json'), flowText(doc));
    const result = await cli([...publishArgs(providers.work, 'secret.flow.json'), '--json'], { TEST_ANSWER_KEY: 'sk-from-env' });
    expect(result.code).toBe(0);
    const stored = readFileSync(join(providers.work, 'data', 'secret-plan', 'production.flow.json'), 'utf8');
    expect(stored).not.toContain('sk-from-env');
    expect(stored).toContain('"env": "TEST_ANSWER_KEY"');
    const dryRun = await cli([...publishArgs(providers.work, 'secret.flow.json'), '--dry-run', '--json']);
    expect(at(parseJson(dryRun), 'changes', 'same')).toBe(true);

    // A key written in plain text (by another client) comes back as a reference unless kept.
    const plain = await fetch(`${providers.url}/api/mate/secret-plan/production/setup-function`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ function: { uuid: 'answer', metadata: { ...answer.data.metadata, api_key: { key: 'sk-plain' } } } }),
    });
    expect(plain.ok).toBe(true);
    const kept = await cli(['fetch', '--plan', 'secret-plan', '--keep-secrets']);
    expect(kept.stdout).toContain('"key": "sk-plain"');
    const redacted = await cli(['fetch', '--plan', 'secret-plan', '--json']);
    const node = list(parseJson(redacted), 'nodes').find((n) => at(n, 'id') === 'answer');
    expect(at(node, 'data', 'metadata', 'api_key')).toEqual({ env: 'FLOW_ANSWER_API_KEY' });
    expect(redacted.stdout).not.toContain('sk-plain');
    expect(redacted.stderr).toContain('FLOW_ANSWER_API_KEY');
  });

  it('compile --remote asks the provider and agrees with the offline compiler', async () => {
    writeFileSync(join(providers.work, 'compile.flow.json'), flowText(sampleFlow('compile-plan')));
    const offline = await cli(['compile', 'compile.flow.json', '--json']);
    const remote = await cli(['compile', 'compile.flow.json', '--remote', '--json']);
    expect(remote.code).toBe(0);
    expect(at(parseJson(remote), 'remote')).toBe(true);
    expect(at(parseJson(remote), 'system_message')).toBe(at(parseJson(offline), 'system_message'));
  });

  it('workflows list shows id, name, updated date and description', async () => {
    await saveWorkflow('wf-plan', 'Onboarding tour', 'Shows the app');
    const text = await cli(['workflows', 'list', '--plan', 'wf-plan']);
    expect(text.code).toBe(0);
    const lines = text.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^ID\s+NAME\s+UPDATED\s+DESCRIPTION$/);
    expect(lines[1]).toMatch(/^\S+\s+Onboarding tour\s+\d{4}-\d{2}-\d{2}\s+Shows the app$/);
    const json = parseJson(await cli(['workflows', 'list', '--plan', 'wf-plan', '--json']));
    expect(list(json, 'workflows')[0]).toMatchObject({ name: 'Onboarding tour', description: 'Shows the app' });
    const empty = await cli(['workflows', 'list', '--plan', 'no-workflows']);
    expect(empty.stdout).toBe('No workflows found for this plan\n');
  });

  it('session creates a hosted session and prints its link; --open hands it to $BROWSER', async () => {
    await saveWorkflow('session-plan', 'Checkout', 'Takes the payment');
    const json = parseJson(await cli(['workflows', 'list', '--plan', 'session-plan', '--json']));
    const id = String(at(json, 'workflows', 0, 'id'));
    const result = await cli(['session', id, '--plan', 'session-plan']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`^${providers.url}/hosted/session/session-plan/\\S+\\n$`));
    const page = await fetch(result.stdout.trim());
    expect(page.ok).toBe(true);

    const opened = join(providers.work, 'opened.txt');
    const browser = join(providers.work, 'browser.sh');
    writeFileSync(browser, `#!/bin/sh\necho "$1" > "${opened}"\n`);
    chmodSync(browser, 0o755);
    const withOpen = await cli(['session', id, '--plan', 'session-plan', '--open', '--json'], { BROWSER: browser });
    expect(withOpen.code).toBe(0);
    expect(at(parseJson(withOpen), 'opened')).toBe(true);
    await expect.poll(() => readFileSync(opened, 'utf8').trim(), { timeout: 5000 }).toBe(at(parseJson(withOpen), 'hostedLink'));
  });

  it('fetch of a plan version the provider does not have fails with exit 4 and writes nothing', async () => {
    const result = await cli(['fetch', '--plan', 'support-desk', '--version', 'prodution', '-o', 'typo.flow.json', '--json']);
    expect(result.code).toBe(4);
    expect(parseJson(result)).toMatchObject({
      error: { code: 'PLAN_NOT_FOUND', message: `Plan not found: support-desk/prodution on ${providers.url}` },
    });
    expect(() => readFileSync(join(providers.work, 'typo.flow.json'), 'utf8')).toThrow();
  });

  it('session of an unknown workflow is a provider error, exit 3', async () => {
    const result = await cli(['session', 'nope', '--plan', 'wf-plan', '--json']);
    expect(result.code).toBe(3);
    expect(at(parseJson(result), 'error', 'message')).toMatch(/^Failed to create session: /);
  });

  it('through a provider without the document endpoint: the fields it owns (plan_id, timestamps) are no change after a publish', async () => {
    const doc = singleChainFlow('owned-calls');
    doc.nodes = doc.nodes.map((node) =>
      node.type === 'function' ? { ...node, data: { ...node.data, plan_id: '', created_at: '', updated_at: '' } } : node,
    );
    writeFileSync(join(providers.work, 'owned-calls.flow.json'), flowText(doc));
    const viaCalls = (args: readonly string[]) => runCli([...args, '--api-url', providers.proxyUrl], { cwd: providers.work });
    expect((await cli([...publishArgs(providers.work, 'owned-calls.flow.json')])).code).toBe(0);
    expect((await viaCalls([...publishArgs(providers.work, 'owned-calls.flow.json')])).code).toBe(0);
    const dryRun = await viaCalls([...publishArgs(providers.work, 'owned-calls.flow.json'), '--dry-run', '--detailed-exitcode']);
    expect(dryRun.stdout).toBe('No changes: owned-calls/production on the provider already matches owned-calls.flow.json\n');
    expect(dryRun.code).toBe(0);
  });

  it('through a provider without a secret store: the values of this environment are sent, and one not set is exit 2', async () => {
    const doc = sampleFlow('no-store-plan');
    const answer = doc.nodes.find((n) => n.id === 'answer');
    if (answer?.type !== 'function') throw new Error('fixture');
    answer.data.metadata.api_key = { env: 'TEST_ANSWER_KEY' };
    writeFileSync(join(providers.work, 'no-store.flow.json'), flowText(doc));
    const viaCalls = (args: readonly string[], env: Record<string, string> = {}) =>
      runCli([...args, '--api-url', providers.proxyUrl], { cwd: providers.work, env });
    const missing = await viaCalls([...publishArgs(providers.work, 'no-store.flow.json'), '--json']);
    expect(missing.code).toBe(2);
    expect(parseJson(missing)).toEqual({
      error: { code: 'MISSING_ENV', message: 'Set TEST_ANSWER_KEY in the environment: the flow keeps its secrets there' },
    });
    const sent = await viaCalls([...publishArgs(providers.work, 'no-store.flow.json'), '--json'], {
      TEST_ANSWER_KEY: 'sk-sent-to-the-spec-provider',
    });
    expect(sent.code).toBe(0);
    expect(sent.stdout).not.toContain('sk-sent-to-the-spec-provider');
  });

  it('through a provider without the document endpoint: fetch rebuilds from the calls, round trip holds', async () => {
    writeFileSync(join(providers.work, 'calls.flow.json'), flowText(singleChainFlow('calls-plan')));
    expect((await cli([...publishArgs(providers.work, 'calls.flow.json')])).code).toBe(0);
    const viaCalls = (args: readonly string[]) => runCli([...args, '--api-url', providers.proxyUrl], { cwd: providers.work });
    const fetched = await viaCalls(['fetch', '--plan', 'calls-plan', '-o', 'calls-fetched.flow.json', '--json']);
    expect(fetched.code).toBe(0);
    expect(parseJson(fetched)).toMatchObject({ source: 'calls', nodes: 2 });
    const again = await viaCalls(['fetch', '--plan', 'calls-plan', '-o', 'calls-again.flow.json']);
    expect(again.code).toBe(0);
    expect(readFileSync(join(providers.work, 'calls-again.flow.json'))).toEqual(
      readFileSync(join(providers.work, 'calls-fetched.flow.json')),
    );
    const dryRun = await viaCalls([...publishArgs(providers.work, 'calls-fetched.flow.json'), '--dry-run', '--json']);
    expect(dryRun.code).toBe(0);
    expect(at(parseJson(dryRun), 'changes'), dryRun.stdout).toMatchObject({ same: true });
    expect(parseJson(dryRun)).toMatchObject({ source: 'calls', changes: { same: true } });
  });
});
