import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flowMessages } from '@flow/core';
import { BROKEN_FIXTURES, type BrokenFixture } from './fixtures.js';
import { REPO } from './helpers/build.js';
import { flowText, sampleFlow, removeTempDirs, tempDir } from './helpers/flows.js';
import { at, list } from './helpers/json.js';
import { parseJson, runCli } from './helpers/runCli.js';

let dir = '';

const fileName = (fixture: BrokenFixture): string => `${fixture.name}.flow.json`;

beforeAll(() => {
  dir = tempDir('flowctl-validate-');
  mkdirSync(join(dir, 'broken'));
  for (const fixture of BROKEN_FIXTURES) writeFileSync(join(dir, 'broken', fileName(fixture)), fixture.text);
  writeFileSync(join(dir, 'broken', 'README.md'), 'not a flow file');
  writeFileSync(join(dir, 'good.flow.json'), flowText(sampleFlow()));
}, 200_000);

afterAll(removeTempDirs);

function findingMatches(finding: unknown, fixture: BrokenFixture): boolean {
  const message = at(finding, 'message');
  const textOk = typeof message === 'string' && (fixture.partial ? message.includes(fixture.message) : message === fixture.message);
  return (
    textOk && at(finding, 'code') === fixture.code && at(finding, 'path') === fixture.path && at(finding, 'severity') === fixture.severity
  );
}

describe('flowctl validate', () => {
  it('passes a valid flow with exit 0', async () => {
    const result = await runCli(['validate', 'good.flow.json'], { cwd: dir });
    expect(result).toMatchObject({ code: 0, stdout: '✔ 1 file valid\n' });
  });

  it('reports every broken fixture of a folder with the right code, path and message, exit 1', async () => {
    const result = await runCli(['validate', 'broken', '--json'], { cwd: dir });
    expect(result.code).toBe(1);
    const report = parseJson(result);
    const files = list(report, 'files');
    expect(files).toHaveLength(BROKEN_FIXTURES.length);
    for (const fixture of BROKEN_FIXTURES) {
      const file = files.find((f) => at(f, 'file') === join('broken', fileName(fixture)));
      expect(file, fixture.name).toBeDefined();
      const findings = list(file, 'findings');
      expect(
        findings.some((f) => findingMatches(f, fixture)),
        `${fixture.name}: ${JSON.stringify(findings)}`,
      ).toBe(true);
      expect(at(file, 'ok')).toBe(fixture.severity === 'warning');
    }
  });

  it('prints `file:line:col  path  message` lines in text format', async () => {
    const fixture = BROKEN_FIXTURES.find((f) => f.name === 'self-edge');
    if (!fixture) throw new Error('fixture');
    const file = join('broken', fileName(fixture));
    const result = await runCli(['validate', file], { cwd: dir });
    expect(result.code).toBe(1);
    // The self edge is the last edge: its object starts on the line of its "id".
    const lines = fixture.text.split('\n');
    const line = lines.findIndex((l) => l.includes('"edge-capture-to-capture"'));
    const column = (lines[line - 1] ?? '').indexOf('{') + 1;
    expect(result.stdout).toContain(`${file}:${line}:${column}  ${fixture.path}  ${fixture.message}  self-edge\n`);
    expect(result.stdout).toMatch(/✖ \d+ errors? in 1 of 1 file\n$/);
  });

  it('prints each finding of a function rule once, in text and --json', async () => {
    const file = 'broken/slider-range.flow.json';
    const fixture = BROKEN_FIXTURES.find((f) => f.name === 'slider-range');
    if (!fixture) throw new Error('fixture');
    const result = await runCli(['validate', file], { cwd: dir });
    expect(result.code).toBe(1);
    const lines = result.stdout.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      new RegExp(
        `^${file.replace(/\./g, '\\.')}:\\d+:\\d+  ${fixture.path.replace(/[.$[\]]/g, '\\$&')}  ${fixture.message}  ${fixture.code}$`,
      ),
    );
    expect(lines[1]).toBe('✖ 1 error in 1 of 1 file');
    const json = await runCli(['validate', file, '--json'], { cwd: dir });
    expect(list(list(parseJson(json), 'files')[0], 'findings').map((f) => at(f, 'message'))).toEqual([fixture.message]);
  });

  // The rules of issue 12: the exact line a user sees, at the place the finding names.
  it.each([
    { name: 'start-node-missing', line: '"startNodeId": "nowhere"', token: '"nowhere"', summary: '✖ 1 error in 1 of 1 file', code: 1 },
    { name: 'dangling-edge', line: '"target": "ghost"', token: '"ghost"', summary: '✖ 1 error in 1 of 1 file', code: 1 },
    { name: 'unknown-function-type', line: '"type": "teleport"', token: '"teleport"', summary: '✔ 1 file valid (1 warning)', code: 0 },
    { name: 'duplicate-key', line: '"versionName": "staging"', token: '"versionName"', summary: '✖ 1 error in 1 of 1 file', code: 1 },
    { name: 'bom', line: '{', token: '\uFEFF', summary: '✔ 1 file valid (1 warning)', code: 0 },
  ])('reports $name once, at its line and column, exit $code', async ({ name, line, token, summary, code }) => {
    const fixture = BROKEN_FIXTURES.find((f) => f.name === name);
    if (!fixture) throw new Error(name);
    const file = join('broken', fileName(fixture));
    const lines = fixture.text.split('\n');
    const row = lines.findIndex((l) => l.includes(line));
    const column = (lines[row] ?? '').indexOf(token) + 1;
    const result = await runCli(['validate', file], { cwd: dir });
    const message = fixture.severity === 'warning' ? `warning: ${fixture.message}` : fixture.message;
    expect(result).toMatchObject({
      code,
      stdout: `${file}:${row + 1}:${column}  ${fixture.path}  ${message}  ${fixture.code}\n${summary}\n`,
    });
    const json = await runCli(['validate', file, '--json'], { cwd: dir });
    expect(list(list(parseJson(json), 'files')[0], 'findings')).toEqual([
      { file, code: fixture.code, path: fixture.path, severity: fixture.severity, message: fixture.message, line: row + 1, column },
    ]);
  });

  it('reports a cycle with its code, at the node, exit 1', async () => {
    const fixture = BROKEN_FIXTURES.find((f) => f.name === 'cycle');
    if (!fixture) throw new Error('cycle');
    const file = join('broken', fileName(fixture));
    const lines = fixture.text.split('\n');
    const row = lines.findIndex((l) => l.includes('"id": "capture"')) - 1;
    const column = (lines[row] ?? '').indexOf('{') + 1;
    const result = await runCli(['validate', file], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stdout.split('\n')).toContain(`${file}:${row + 1}:${column}  ${fixture.path}  ${fixture.message}  cycle`);
    const findings = list(list(parseJson(await runCli(['validate', file, '--json'], { cwd: dir })), 'files')[0], 'findings');
    expect(findings).toContainEqual({
      file,
      code: 'cycle',
      path: fixture.path,
      severity: 'error',
      message: fixture.message,
      line: row + 1,
      column,
    });
  });

  it('refuses a file that is not UTF-8, at the first bad byte', async () => {
    const bytes = Buffer.concat([Buffer.from('{\n  "planId": "caf', 'utf8'), Buffer.from([0xe9]), Buffer.from('"\n}\n', 'utf8')]);
    writeFileSync(join(dir, 'latin1.flow.json'), bytes);
    const result = await runCli(['validate', 'latin1.flow.json'], { cwd: dir });
    expect(result).toMatchObject({
      code: 1,
      stdout: `latin1.flow.json:2:17  $  ${flowMessages.notUtf8}  not-utf8\n✖ 1 error in 1 of 1 file\n`,
    });
    const json = await runCli(['validate', 'latin1.flow.json', '--json'], { cwd: dir });
    expect(list(list(parseJson(json), 'files')[0], 'findings')).toEqual([
      { file: 'latin1.flow.json', code: 'not-utf8', path: '$', severity: 'error', message: flowMessages.notUtf8, line: 2, column: 17 },
    ]);
  });

  it('prints GitHub annotations with --format github', async () => {
    const result = await runCli(['validate', 'broken/self-edge.flow.json', 'broken/plain-secret.flow.json', '--format', 'github'], {
      cwd: dir,
    });
    expect(result.code).toBe(1);
    const lines = result.stdout.trim().split('\n');
    expect(lines.every((l) => /^::(error|warning) file=[^,]+,line=\d+,col=\d+,title=[a-z0-9-]+::.+$/.test(l))).toBe(true);
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^::error file=broken\/self-edge\.flow\.json,line=\d+,col=\d+,title=self-edge::Error: Cannot connect a node to itself$/,
      ),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^::warning file=broken\/plain-secret\.flow\.json,line=\d+,col=\d+,title=plain-secret::Secret written in plain text/,
      ),
    );
  });

  it('prints the same report as JSON with --format json', async () => {
    const json = await runCli(['validate', 'broken', '--format', 'json'], { cwd: dir });
    const global = await runCli(['validate', 'broken', '--json'], { cwd: dir });
    expect(json.code).toBe(1);
    expect(at(parseJson(json), 'errors')).toBe(at(parseJson(global), 'errors'));
    // The report names the format it is printed in, whichever option asked for JSON.
    expect(at(parseJson(json), 'format')).toBe('json');
    expect(at(parseJson(global), 'format')).toBe('json');
    expect(at(parseJson(await runCli(['validate', 'broken', '--json', '--format', 'sarif'], { cwd: dir })), 'format')).toBe('json');
  });

  it('reports an unreadable file in one line naming it and still checks the others', async () => {
    const result = await runCli(['validate', 'missing.flow.json', 'good.flow.json', 'broken/not-json.flow.json'], { cwd: dir });
    expect(result.code).toBe(1);
    const lines = result.stdout.trim().split('\n');
    expect(lines).toContain('missing.flow.json  $  Cannot read file: file not found  unreadable-file');
    expect(lines.filter((l) => l.startsWith('broken/not-json.flow.json:3:'))).toHaveLength(1);
    expect(lines.at(-1)).toBe('✖ 2 errors in 2 of 3 files');
  });

  it('names the file of another format in one line', async () => {
    const result = await runCli(['validate', 'broken/wrong-format.flow.json'], { cwd: dir });
    const lines = result.stdout.trim().split('\n');
    expect(lines[0]).toMatch(
      /^broken\/wrong-format\.flow\.json:\d+:\d+ {2}\$\.format {2}Unsupported format "flow\/2": expected "flow\/1" {2}wrong-format$/,
    );
    expect(lines).toHaveLength(2);
  });

  it('expands globs to *.flow.json files', async () => {
    const result = await runCli(['validate', 'broken/s*.flow.json', '--json'], { cwd: dir });
    const files = list(parseJson(result), 'files').map((f) => at(f, 'file'));
    expect(files).toEqual([
      'broken/schema-chain-pattern.flow.json',
      'broken/schema-missing-field.flow.json',
      'broken/second-incoming-edge.flow.json',
      'broken/second-outgoing-edge.flow.json',
      'broken/select-option.flow.json',
      'broken/self-edge.flow.json',
      'broken/slider-range.flow.json',
      'broken/start-node-missing.flow.json',
    ]);
    const deep = await runCli(['validate', '**/good.flow.json', '--json'], { cwd: dir });
    expect(list(parseJson(deep), 'files').map((f) => at(f, 'file'))).toEqual(['good.flow.json']);
  });

  it('is a usage error when nothing matches', async () => {
    const result = await runCli(['validate', 'nothing/*.flow.json', '--json'], { cwd: dir });
    expect(result.code).toBe(2);
    expect(at(parseJson(result), 'error', 'code')).toBe('NO_FILES');
  });

  it('passes the repository examples', async () => {
    const result = await runCli(['validate', join(REPO, 'examples')]);
    expect(result.stdout).toMatch(/✔ \d+ files valid/);
    expect(result.code).toBe(0);
  });

  it('says nothing but findings with --quiet', async () => {
    const result = await runCli(['validate', 'good.flow.json', '--quiet'], { cwd: dir });
    expect(result).toMatchObject({ code: 0, stdout: '', stderr: '' });
    expect(readFileSync(join(dir, 'good.flow.json'), 'utf8')).toBe(flowText(sampleFlow()));
  });
});
