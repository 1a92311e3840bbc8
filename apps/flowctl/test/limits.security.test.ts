import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FLOW_BYTES, flowMessages } from '@flow/core';
import { flowText, removeTempDirs, sampleFlow, tempDir } from './helpers/flows.js';
import { parseJson, runCli } from './helpers/runCli.js';

// Files past core's limits (issue 34, findings 11 and 13): each gets its finding, exit 1, in every
// command that reads flows, and never stops the other files of a batch.

/** The sample flow with `inner` (raw JSON text) as the metadata field `extra` of its function `answer`. */
function flowWith(inner: string): string {
  const text = flowText(sampleFlow());
  const at = text.indexOf('"metadata": {', text.indexOf('"id": "answer"'));
  return `${text.slice(0, at)}"metadata": {\n          "extra": ${inner},${text.slice(at + '"metadata": {'.length)}`;
}

const nested = (levels: number): string => `${'{"a":'.repeat(levels - 1)}{}${'}'.repeat(levels - 1)}`;
const DEEP_PATH = `$.nodes[1].data.metadata.extra${'.a'.repeat(59)}`;

let dir: string;
beforeAll(() => {
  dir = tempDir();
  writeFileSync(join(dir, 'deep.flow.json'), flowWith(nested(5000)));
  writeFileSync(join(dir, 'proto.flow.json'), flowWith('{ "prototype": 1 }'));
  writeFileSync(join(dir, 'good.flow.json'), JSON.stringify(sampleFlow()));
  writeFileSync(join(dir, 'large.flow.json'), ' '.repeat(MAX_FLOW_BYTES + 1));
});
afterAll(removeTempDirs);

describe('files past the limits', () => {
  it('validate reports too-deep, reserved-key and too-large, exit 1, and checks the good file', async () => {
    const result = await runCli(['validate', 'deep.flow.json', 'proto.flow.json', 'large.flow.json', 'good.flow.json'], { cwd: dir });
    expect(result.code).toBe(1);
    const lines = result.stdout.trim().split('\n');
    expect(lines).toContain(`deep.flow.json:44:${20 + 5 * 59}  ${DEEP_PATH}  ${flowMessages.tooDeep(64)}  too-deep`);
    expect(lines).toContain(
      `proto.flow.json:44:35  $.nodes[1].data.metadata.extra.prototype  ${flowMessages.reservedKey('prototype')}  reserved-key`,
    );
    expect(lines).toContain(`large.flow.json:1:1  $  ${flowMessages.tooLarge(MAX_FLOW_BYTES + 1, MAX_FLOW_BYTES)}  too-large`);
    expect(lines.at(-1)).toBe('✖ 3 errors in 3 of 4 files');
  });

  it('fmt reports them as bad files, exit 1, and still formats the good file of the batch', async () => {
    const result = await runCli(['fmt', 'deep.flow.json', 'good.flow.json', 'proto.flow.json', '--json'], { cwd: dir });
    expect(result.code).toBe(1);
    const report = parseJson(result);
    expect(report).toMatchObject({ changed: 1, bad: 2 });
    expect(readFileSync(join(dir, 'good.flow.json'), 'utf8')).toBe(flowText(sampleFlow()));
    expect(JSON.stringify(report)).toContain(`"code":"too-deep","severity":"error","path":"${DEEP_PATH}"`);
  });

  it('fmt - reads a deep flow from stdin and reports it, exit 1', async () => {
    const result = await runCli(['fmt', '-'], { cwd: dir, input: flowWith(nested(5000)) });
    expect(result.code).toBe(1);
    expect(result.stdout + result.stderr).toContain(`${DEEP_PATH}  ${flowMessages.tooDeep(64)}  too-deep`);
    expect(result.stdout + result.stderr).not.toContain('Maximum call stack');
  });

  it('diff, compile and publish refuse a deep or reserved-key file with its finding, exit 1, before any provider', async () => {
    for (const args of [
      ['diff', 'deep.flow.json', 'good.flow.json'],
      ['diff', 'good.flow.json', 'proto.flow.json'],
      ['compile', 'deep.flow.json'],
      ['publish', 'deep.flow.json', '--plan', 'p', '--version', 'v', '--api-url', 'http://127.0.0.1:9'],
      ['publish', 'proto.flow.json', '--plan', 'p', '--version', 'v', '--api-url', 'http://127.0.0.1:9'],
    ]) {
      const result = await runCli([...args, '--json'], { cwd: dir });
      expect(result.code, args.join(' ')).toBe(1);
      const code = args.includes('proto.flow.json') ? 'reserved-key' : 'too-deep';
      expect(JSON.stringify(parseJson(result)), args.join(' ')).toContain(`"code":"${code}"`);
    }
  });
});
