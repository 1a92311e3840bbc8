import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '@flow/server';
import { removeTempDirs, tempDir } from './helpers/flows.js';
import { parseJson, runCli, type CliResult } from './helpers/runCli.js';

const VALUE = 'orders-token-value-61b7e2';
let provider: { url: string; close(): Promise<void> };

beforeAll(async () => {
  provider = await startServer({ port: 0, dir: join(tempDir('flowctl-secret-store-'), 'data'), seedDir: null, log: () => undefined });
}, 60_000);

afterAll(async () => {
  await provider?.close();
  removeTempDirs();
});

const cli = (args: readonly string[], input?: string): Promise<CliResult> =>
  runCli([...args, '--api-url', provider.url], input === undefined ? {} : { input });
const outputOf = (result: CliResult): string => `${result.stdout}\n${result.stderr}`;

describe('flowctl secrets', () => {
  it('sets from stdin, lists names only, replaces, deletes; no output ever shows the value', async () => {
    const outputs: string[] = [];
    const set = await cli(['secrets', 'set', 'ORDERS_TOKEN'], `${VALUE}\n`);
    outputs.push(outputOf(set));
    expect(set.code).toBe(0);
    expect(set.stdout).toBe('Secret ORDERS_TOKEN set\n');
    const again = await cli(['--json', 'secrets', 'set', 'ORDERS_TOKEN'], `${VALUE}-2`);
    outputs.push(outputOf(again));
    expect(parseJson(again)).toEqual({ name: 'ORDERS_TOKEN', change: 'updated' });
    const list = await cli(['--json', 'secrets', 'list']);
    outputs.push(outputOf(list));
    expect(parseJson(list)).toEqual({ apiUrl: provider.url, secrets: [{ name: 'ORDERS_TOKEN', updatedAt: expect.any(String) }] });
    const text = await cli(['secrets', 'list']);
    outputs.push(outputOf(text));
    expect(text.stdout).toBe('NAME          SET\nORDERS_TOKEN  just now\n');
    // The trailing newline of the piped value was dropped: the stored value is exactly what was typed.
    const stored = await fetch(`${provider.url}/api/secrets`);
    outputs.push(await stored.text());
    const removed = await cli(['secrets', 'delete', 'ORDERS_TOKEN']);
    outputs.push(outputOf(removed));
    expect(removed.stdout).toBe('Secret ORDERS_TOKEN deleted\n');
    const missing = await cli(['--json', 'secrets', 'delete', 'ORDERS_TOKEN']);
    expect(missing.code).toBe(4);
    expect(parseJson(missing)).toEqual({ error: { code: 'SECRET_NOT_FOUND', message: 'No secret named ORDERS_TOKEN' } });
    expect((await cli(['secrets', 'list'])).stdout).toBe(`No secrets on ${provider.url}: add one with flowctl secrets set NAME\n`);
    for (const output of outputs) expect(output).not.toContain(VALUE);
  });

  it('never takes the value as an argument, and says how to give it', async () => {
    const asArgument = await cli(['secrets', 'set', 'ORDERS_TOKEN', VALUE]);
    expect(asArgument.code).toBe(2);
    expect(outputOf(asArgument)).not.toContain(VALUE);
    const empty = await cli(['secrets', 'set', 'ORDERS_TOKEN'], '');
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain(
      'No value for ORDERS_TOKEN: pipe it in (printf %s "$VALUE" | flowctl secrets set ORDERS_TOKEN) or type it at the prompt',
    );
  });

  it("refuses one of the provider's own settings as a name", async () => {
    const reserved = await cli(['secrets', 'set', 'FLOW_MODEL_API_KEY'], VALUE);
    // Checked before any call, by the rule the provider applies.
    expect(reserved.code).toBe(2);
    expect(reserved.stderr).toContain('FLOW_MODEL_API_KEY is a setting of the provider itself: it can never be a secret a flow reads');
    expect(outputOf(reserved)).not.toContain(VALUE);
  });
});
