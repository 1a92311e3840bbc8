import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, spawnProgram } from './childProvider.test-helper.js';
import { startTestServer } from './testServer.test-helper.js';

/** Runs the CLI until it has said where it listens and what it serves (then stops it) or exits. */
function runCli(args: string[], env: Record<string, string> = {}): Promise<{ stdout: string; stderr: string; code: number | null }> {
  return new Promise((resolve) => {
    const child = spawnProgram(CLI, args, env);
    let stdout = '';
    let stderr = '';
    // Both lines come after the server started, and its SIGTERM handler is set in the same tick.
    const stopOnceStarted = (): void => {
      if (!child.killed && stdout.includes('listening on') && /^(data folder|database): .*\n/m.test(stderr)) child.kill('SIGTERM');
    };
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      stopOnceStarted();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      stopOnceStarted();
    });
    child.on('exit', (code) => resolve({ stdout, stderr, code }));
  });
}

describe('flow server command line', { timeout: 60_000 }, () => {
  it('prints the URL it listens on, never the token, and stops on SIGTERM', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'flow-cli-'));
    try {
      const token = 'cli-secret-token-123';
      const result = await runCli(['--', '--port', '0', '--dir', join(dir, 'flows')], { FLOW_TOKEN: token });
      expect(result.stdout).toMatch(/^Flow provider listening on http:\/\/127\.0\.0\.1:\d+\n$/);
      expect(result.stdout + result.stderr).not.toContain(token);
      expect(result.stderr).toContain('sign-in with the token required');
      expect(result.code).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('exits with 2 and says which server holds the folder when another one serves it', async () => {
    const server = await startTestServer({ seedDir: null });
    try {
      const second = await runCli(['--port', '0', '--dir', server.dir]);
      expect(second.code).toBe(2);
      expect(second.stdout).toBe('');
      expect(second.stderr).toContain(
        `The data folder ${server.dir} is already served by ${server.url} (process ${process.pid}): stop it, or use another --dir`,
      );
      expect((await server.call('GET', '/api/plans')).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('exits with 2 on a public address without a token, and on a bad port', async () => {
    const open = await runCli(['--host', '0.0.0.0', '--port', '0', '--dir', join(tmpdir(), 'flow-cli-never')], { FLOW_TOKEN: '' });
    expect(open.code).toBe(2);
    expect(open.stderr).toContain('token is required');
    const port = await runCli(['--port', 'abc']);
    expect(port.code).toBe(2);
    const keepDays = await runCli(['--port', '0', '--keep-days', 'ten', '--dir', join(tmpdir(), 'flow-cli-never')]);
    expect(keepDays.code).toBe(2);
    expect(keepDays.stderr).toContain('Invalid --keep-days "ten": a whole number of days, at least 1');
  });
});
