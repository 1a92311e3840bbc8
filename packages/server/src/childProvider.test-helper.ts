import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = fileURLToPath(new URL('../../../', import.meta.url));
export const CLI = fileURLToPath(new URL('./cli.ts', import.meta.url));

/** A TypeScript file of this package run as its own Node process (tsx, source conditions). */
export function spawnTs(script: string, args: readonly string[], env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, ['--conditions=development', '--import', 'tsx', script, ...args], {
    cwd: REPO,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Resolves with the first match of `pattern` in what the child prints on `stream`; rejects if it exits first. */
export function waitForOutput(
  child: ChildProcess,
  stream: 'stdout' | 'stderr',
  pattern: RegExp,
  timeoutMs = 20_000,
): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    let text = '';
    const source = stream === 'stdout' ? child.stdout : child.stderr;
    const done = (): void => {
      clearTimeout(timer);
      source?.off('data', onData);
      child.off('exit', onExit);
    };
    const onData = (chunk: Buffer): void => {
      text += chunk.toString();
      const match = pattern.exec(text);
      if (match) {
        done();
        resolve(match);
      }
    };
    const onExit = (code: number | null): void => {
      done();
      reject(new Error(`process exited (${String(code)}) before printing ${String(pattern)}: ${text}`));
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error(`process did not print ${String(pattern)} within ${timeoutMs} ms: ${text}`));
    }, timeoutMs);
    source?.on('data', onData);
    child.once('exit', onExit);
  });
}

/** The provider's CLI as its own process over `dir` (nothing seeded), and the URL it prints. */
export async function spawnProvider(dir: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawnTs(CLI, ['--port', '0', '--dir', dir, '--seed', join(dir, 'no-seed')]);
  const [url] = await waitForOutput(child, 'stdout', /http:\/\/127\.0\.0\.1:\d+/);
  return { child, url };
}

/** Kills a child with SIGKILL (if it still runs) and resolves once it is gone. */
export async function killHard(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}
