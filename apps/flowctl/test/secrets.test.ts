import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlowDocument, JsonValue } from '@flow/core';
import { startServer } from '@flow/server';
import { flowText, publishArgs, removeTempDirs, sampleFlow, tempDir } from './helpers/flows.js';
import { at } from './helpers/json.js';
import { parseJson, runCli, type CliResult } from './helpers/runCli.js';

const KEY = 'sk-known-7f3a9c2e5b41';
const PLAN = 'secret-commands';

let provider: { url: string; close(): Promise<void> };
let work = '';

/** The sample flow with the Custom GPT's api_key set to `apiKey`. */
function flowWithKey(apiKey: JsonValue, planId = PLAN): FlowDocument {
  const doc = sampleFlow(planId);
  const answer = doc.nodes.find((n) => n.id === 'answer');
  if (answer?.type !== 'function') throw new Error('fixture');
  answer.data.metadata.api_key = apiKey;
  return doc;
}

/** The Custom GPT's metadata with that api_key. */
function answerMetadata(apiKey: JsonValue): JsonValue {
  const answer = flowWithKey(apiKey).nodes.find((n) => n.id === 'answer');
  if (answer?.type !== 'function') throw new Error('fixture');
  return answer.data.metadata;
}

beforeAll(async () => {
  work = tempDir('flowctl-secrets-');
  provider = await startServer({ port: 0, host: '127.0.0.1', dir: join(work, 'data'), seedDir: null, log: () => undefined });
  writeFileSync(join(work, 'plain.flow.json'), flowText(flowWithKey({ key: KEY })));
  writeFileSync(join(work, 'env.flow.json'), flowText(flowWithKey({ env: 'SECRET_TEST_KEY' })));
}, 200_000);

afterAll(async () => {
  await provider?.close();
  removeTempDirs();
});

const cli = (args: readonly string[], env: Record<string, string> = {}): Promise<CliResult> =>
  runCli([...args, '--api-url', provider.url], { cwd: work, env: { SECRET_TEST_KEY: KEY, ...env } });

describe('no command prints a secret', () => {
  it('in any output of any command that reads a flow, text or --json, the key written plainly or as a reference', async () => {
    // The provider holds the key in plain text too (written by another client), so fetch has it to hide.
    const seeded = await cli([...publishArgs(work, 'env.flow.json')]);
    expect(seeded.code).toBe(0);
    const stored = await fetch(`${provider.url}/api/mate/${PLAN}/production/setup-function`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ function: { uuid: 'answer', metadata: answerMetadata({ key: KEY }) } }),
    });
    expect(stored.ok).toBe(true);

    const runs: string[][] = [];
    for (const file of ['plain.flow.json', 'env.flow.json']) {
      const other = file === 'plain.flow.json' ? 'env.flow.json' : 'plain.flow.json';
      runs.push(
        ['validate', file],
        ['fmt', '--check', file],
        ['diff', file, other],
        ['compile', file],
        [...publishArgs(work, file), '--dry-run'],
        [...publishArgs(work, file)],
        ['fetch', '--plan', PLAN],
      );
    }
    let ran = 0;
    for (const args of runs) {
      for (const json of [false, true]) {
        const result = await cli(json ? [...args, '--json'] : args);
        const label = `flowctl ${args.join(' ')}${json ? ' --json' : ''}`;
        expect(result.stdout, label).not.toContain(KEY);
        expect(result.stderr, label).not.toContain(KEY);
        expect(result.stdout + result.stderr, label).not.toBe('');
        ran++;
      }
    }
    expect(ran).toBe(28);
    // fmt --check changed nothing: the plain key is still in its file, so the runs above had it to read.
    expect(readFileSync(join(work, 'plain.flow.json'), 'utf8')).toContain(KEY);
  }, 120_000);

  it('diff shows that a key changed, never the key', async () => {
    writeFileSync(join(work, 'other-key.flow.json'), flowText(flowWithKey({ key: 'sk-other-key-value' })));
    const result = await cli(['diff', 'plain.flow.json', 'other-key.flow.json']);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      [
        'plain.flow.json → other-key.flow.json',
        '  ~ node function "Answer" (answer, chain 1)',
        '      data.metadata.api_key.key: "(secret 1)" → "(secret 2)"',
        '',
      ].join('\n'),
    );
    expect(result.stdout).not.toContain('sk-other-key-value');
  });
});

describe('publish and secrets', () => {
  it('refuses a plain secret before any call, naming the field and the fmt fix', async () => {
    const result = await cli([...publishArgs(work, 'plain.flow.json'), '--dry-run']);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    const fix =
      'Secret written in plain text: run `flowctl fmt` to move it to an { "env": "NAME" } reference, then set NAME in the environment';
    expect(result.stderr).toBe(`plain.flow.json  $.nodes[1].data.metadata.api_key  ${fix}  plain-secret\nerror: plain.flow.json: ${fix}\n`);
    const json = await cli([...publishArgs(work, 'plain.flow.json'), '--json']);
    expect(json.code).toBe(1);
    expect(at(parseJson(json), 'error', 'code')).toBe('PLAIN_SECRET');
  });

  it('sends references to a provider with a secret store, naming each secret its store lacks and the fix', async () => {
    const bare = await runCli([...publishArgs(work, 'env.flow.json'), '--api-url', provider.url, '--json'], { cwd: work });
    expect(bare.code).toBe(0);
    expect(at(parseJson(bare), 'unsetSecrets')).toEqual(['SECRET_TEST_KEY']);
    expect(bare.stderr).toContain('Secret SECRET_TEST_KEY is not set on the provider: set it with flowctl secrets set SECRET_TEST_KEY');
    expect(bare.stdout).not.toContain(KEY);
    const set = await runCli(['secrets', 'set', 'SECRET_TEST_KEY', '--api-url', provider.url], { cwd: work, input: KEY });
    expect(set.code).toBe(0);
    const again = await runCli([...publishArgs(work, 'env.flow.json'), '--api-url', provider.url, '--json'], { cwd: work });
    expect(at(parseJson(again), 'unsetSecrets')).toEqual([]);
    expect(again.stderr).not.toContain('is not set on the provider');
  });
});

describe('publish --dry-run --detailed-exitcode', () => {
  it('exits 2 with changes, 0 right after a publish, 1 on an error', async () => {
    writeFileSync(join(work, 'exit.flow.json'), flowText(flowWithKey({ env: 'SECRET_TEST_KEY' }, 'exit-plan')));
    const before = await cli([...publishArgs(work, 'exit.flow.json'), '--dry-run', '--detailed-exitcode']);
    expect(before.code).toBe(2);
    expect(before.stdout).toContain('Would change exit-plan/production');
    expect((await cli([...publishArgs(work, 'exit.flow.json')])).code).toBe(0);
    const after = await cli([...publishArgs(work, 'exit.flow.json'), '--dry-run', '--detailed-exitcode']);
    expect(after.code).toBe(0);
    expect(after.stdout).toBe('No changes: exit-plan/production on the provider already matches exit.flow.json\n');
    const failed = await cli([...publishArgs(work, 'plain.flow.json'), '--dry-run', '--detailed-exitcode']);
    expect(failed.code).toBe(1);
    const missing = await cli(['publish', 'nope.flow.json', '--dry-run', '--detailed-exitcode']);
    expect(missing.code).toBe(1);
  });

  it('ignores the fields the provider owns (plan_id, timestamps): right after a publish there is no change', async () => {
    const doc = flowWithKey({ env: 'SECRET_TEST_KEY' }, 'owned-plan');
    doc.nodes = doc.nodes.map((node) =>
      node.type === 'function' ? { ...node, data: { ...node.data, plan_id: '', created_at: '', updated_at: '' } } : node,
    );
    writeFileSync(join(work, 'owned.flow.json'), flowText(doc));
    expect((await cli([...publishArgs(work, 'owned.flow.json')])).code).toBe(0);
    const after = await cli([...publishArgs(work, 'owned.flow.json'), '--dry-run', '--detailed-exitcode']);
    expect(after.stdout).toBe('No changes: owned-plan/production on the provider already matches owned.flow.json\n');
    expect(after.code).toBe(0);
  });

  it('goes with --dry-run only', async () => {
    const result = await cli([...publishArgs(work, 'env.flow.json'), '--detailed-exitcode']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('error: --detailed-exitcode goes with --dry-run\n');
  });
});
