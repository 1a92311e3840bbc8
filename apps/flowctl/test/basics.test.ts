import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureCliBuilt } from './helpers/build.js';
import { flowText, sampleFlow, removeTempDirs, tempDir } from './helpers/flows.js';
import { at } from './helpers/json.js';
import { parseJson, runBinary, runCli } from './helpers/runCli.js';

const ESC = '\u001b[';

/** A local port nothing listens on: taken from the system, then freed. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 1;
      server.close(() => resolve(port));
    });
  });
}

let nowhere = '';

beforeAll(async () => {
  nowhere = `http://127.0.0.1:${await closedPort()}`;
}, 200_000);

afterAll(removeTempDirs);

describe('flowctl --version', () => {
  beforeAll(ensureCliBuilt, 200_000);

  it('prints its version and exits 0', async () => {
    // The binary's entry (cli.ts) answers a lone --version before main loads.
    const result = await runBinary(['--version']);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
  });
});

describe('flowctl basics', () => {
  it('prints the version as JSON with --json', async () => {
    const result = await runCli(['--json', '--version']);
    expect(result.code).toBe(0);
    expect(at(parseJson(result), 'version')).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('lists every command in --help', async () => {
    const result = await runCli(['--help']);
    expect(result.code).toBe(0);
    for (const name of [
      'init',
      'generate',
      'validate',
      'fmt',
      'diff',
      'compile',
      'fetch',
      'publish',
      'workflows',
      'run',
      'test',
      'session',
      'serve',
      'completion',
    ]) {
      expect(result.stdout).toContain(name);
    }
  });

  it('suggests the closest command for an unknown one, on one line, exit 2', async () => {
    const result = await runCli(['valdate', 'x.flow.json']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain('Unknown command "valdate": did you mean "flowctl validate"?');
  });

  it('suggests the closest subcommand of a group', async () => {
    const result = await runCli(['workflows', 'lst', '--plan', 'p']);
    expect(result.code).toBe(2);
    expect(result.stderr.trim()).toBe('error: Unknown command "lst": did you mean "flowctl workflows list"?');
  });

  it('suggests the closest option for an unknown one, on one line, exit 2', async () => {
    const result = await runCli(['validate', '--frmat', 'github', 'x.flow.json']);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain('Unknown option "--frmat": did you mean "--format"?');
  });

  it('reports usage errors as one JSON value with --json', async () => {
    const result = await runCli(['--json', 'compiel', 'a.flow.json']);
    expect(result.code).toBe(2);
    expect(parseJson(result)).toEqual({ error: { code: 'USAGE', message: 'Unknown command "compiel": did you mean "flowctl compile"?' } });
  });

  it('reports a missing argument, a missing option and a bad choice as usage errors', async () => {
    const missingArg = await runCli(['compile']);
    expect(missingArg.code).toBe(2);
    expect(missingArg.stderr).toMatch(/missing required argument 'file'/i);
    const missingOption = await runCli(['fetch', '--json']);
    expect(missingOption.code).toBe(2);
    expect(at(parseJson(missingOption), 'error', 'message')).toMatch(/--plan <id>' not specified/);
    const badChoice = await runCli(['validate', '--format', 'xml', 'a.flow.json']);
    expect(badChoice.code).toBe(2);
    expect(badChoice.stderr).toMatch(/Allowed choices are text, json, github/);
  });

  it('takes global options after the command as well as before it', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'a.flow.json'), flowText(sampleFlow()));
    const after = await runCli(['validate', 'a.flow.json', '--json'], { cwd: dir });
    const before = await runCli(['--json', 'validate', 'a.flow.json'], { cwd: dir });
    expect(after.code).toBe(0);
    expect(parseJson(after)).toEqual(parseJson(before));
  });

  it('writes no colour codes when stdout is not a terminal, nor with NO_COLOR even when forced', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'bad.flow.json'), '{ nope');
    const plain = await runCli(['validate', 'bad.flow.json'], { cwd: dir });
    expect(plain.code).toBe(1);
    expect(plain.stdout + plain.stderr).not.toContain(ESC);
    const forced = await runCli(['validate', 'bad.flow.json'], { cwd: dir, env: { FORCE_COLOR: '1' } });
    expect(forced.stdout).toContain(ESC);
    const noColor = await runCli(['validate', 'bad.flow.json'], { cwd: dir, env: { FORCE_COLOR: '1', NO_COLOR: '1' } });
    expect(noColor.stdout + noColor.stderr).not.toContain(ESC);
    expect(noColor.stdout).toBe(plain.stdout);
  });

  it('never prints the token, even in errors about the provider', async () => {
    const token = 'sekret-token-4242';
    const flag = await runCli(['--json', '--token', token, '--api-url', `${nowhere}/${token}`, 'workflows', 'list', '--plan', 'p']);
    expect(flag.code).toBe(3);
    expect(flag.stdout + flag.stderr).not.toContain(token);
    const env = await runCli(['fetch', '--plan', token, '--api-url', nowhere], { env: { FLOW_TOKEN: token } });
    expect(env.code).toBe(3);
    expect(env.stdout + env.stderr).not.toContain(token);
  });

  it('redacts the exact token only: a one-letter FLOW_TOKEN leaves the rest of the text alone', async () => {
    const args = ['fetch', '--plan', 'a', '--api-url', nowhere];
    const without = await runCli(args);
    const withToken = await runCli(args, { env: { FLOW_TOKEN: 'a' } });
    expect(withToken.code).toBe(3);
    expect(withToken.stderr).toMatch(/^error: Failed to load flow: .*, provider http:\/\/127\.0\.0\.1:\d+\n$/);
    expect(withToken.stderr).toBe(without.stderr);
    const json = await runCli([...args, '--json'], { env: { FLOW_TOKEN: 'a' } });
    expect(json.stdout).toBe((await runCli([...args, '--json'])).stdout);
  });

  it('refuses an --api-url that is not http(s) as a usage error', async () => {
    const result = await runCli(['--json', 'workflows', 'list', '--plan', 'p', '--api-url', 'ftp://example.com']);
    expect(result.code).toBe(2);
    expect(at(parseJson(result), 'error', 'code')).toBe('USAGE');
  });

  it('reports an unreachable provider with exit 3 and the spec message', async () => {
    const result = await runCli(['--json', 'workflows', 'list', '--plan', 'p', '--api-url', nowhere]);
    expect(result.code).toBe(3);
    expect(at(parseJson(result), 'error', 'code')).toBe('NETWORK');
    expect(at(parseJson(result), 'error', 'message')).toMatch(
      /^Failed to fetch workflows: .*ECONNREFUSED.*, provider http:\/\/127\.0\.0\.1:\d+$/,
    );
  });

  it('prefers the flag over FLOW_API_URL, and FLOW_API_URL over the default', async () => {
    const other = `http://127.0.0.1:${await closedPort()}`;
    const fromEnv = await runCli(['--json', 'workflows', 'list', '--plan', 'p'], { env: { FLOW_API_URL: nowhere } });
    expect(at(parseJson(fromEnv), 'error', 'message')).toContain(nowhere);
    const fromFlag = await runCli(['--json', 'workflows', 'list', '--plan', 'p', '--api-url', other], { env: { FLOW_API_URL: nowhere } });
    expect(at(parseJson(fromFlag), 'error', 'message')).toContain(other);
  });

  it("reads FLOW_API_URL from the run's environment, not from the process that runs it", async () => {
    vi.stubEnv('FLOW_API_URL', 'ftp://from-the-process.example');
    try {
      const result = await runCli(['--json', 'workflows', 'list', '--plan', 'p'], { env: { FLOW_API_URL: 'ftp://from-the-run.example' } });
      expect(result.code).toBe(2);
      expect(at(parseJson(result), 'error', 'message')).toBe(
        'Invalid --api-url "ftp://from-the-run.example": only http and https are supported',
      );
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
