import { spawn } from 'node:child_process';
import { vi, type MockInstance } from 'vitest';
import { runInProcess } from '../../src/runInProcess.js';
import type { Stream } from '../../src/output.js';
import { BIN } from './build.js';

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  cwd?: string;
  env?: Record<string, string | undefined>;
  timeoutMs?: number;
  /** Written to the command's stdin, which is then closed (none: stdin is empty). */
  input?: string | Buffer;
}

/** Environment of a test run: no colour forced either way, no provider or token from outside. */
export function baseEnv(extra: Record<string, string | undefined> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value === undefined || key === 'FORCE_COLOR' || key === 'NO_COLOR' || key.startsWith('FLOW_') || key === 'BROWSER') continue;
    env[key] = value;
  }
  for (const [key, value] of Object.entries(extra)) {
    if (value === undefined) Reflect.deleteProperty(env, key);
    else env[key] = value;
  }
  return env;
}

/** An in-memory stdout or stderr (not a terminal): keeps the text written to it. */
class TextSink implements Stream {
  text = '';

  write(text: string): boolean {
    this.text += text;
    return true;
  }
}

type ProcessWrite = MockInstance<typeof process.stdout.write>;

let watching = 0;
let processWrites: ProcessWrite[] = [];

/** Watches the process's own stdout and stderr while runs are under way (writes go through). */
function watchProcessOutput(): void {
  if (watching++ === 0) processWrites = [vi.spyOn(process.stdout, 'write'), vi.spyOn(process.stderr, 'write')];
}

/**
 * Node's warning that the garbage collector closed a file handle someone left open, with its two
 * follow-up lines: printed whenever a collection happens to run, by whatever part of this test
 * process leaked the handle (an in-process provider, its worker threads), never by the command run.
 */
const GC_HANDLE_WARNING =
  /^(\(node:\d+\) (Warning: Closing file descriptor \d+ on garbage collection|\[DEP0137\] DeprecationWarning: Closing a FileHandle .*)|\(Use `node --trace-warnings \.\.\.` to show where the warning was created\))\n/gm;

/** What was written around the Io while the last run went on: a test would not see it, so it fails. */
function endWatch(): string {
  if (--watching > 0) return '';
  const text = processWrites
    .flatMap((spy) => spy.mock.calls.map(([chunk]) => (typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'))))
    .join('')
    .replace(GC_HANDLE_WARNING, '');
  for (const spy of processWrites) spy.mockRestore();
  processWrites = [];
  return text;
}

/**
 * Runs flowctl's `main` in this process, with its own streams, environment and folder. Output
 * written to the process's stdout or stderr instead of the Io's fails the run: a binary would have
 * printed it, and the assertions on stdout and stderr would miss it.
 */
export async function runCli(args: readonly string[], options: RunOptions = {}): Promise<CliResult> {
  const stdout = new TextSink();
  const stderr = new TextSink();
  const io = { stdout, stderr, env: baseEnv(options.env), cwd: options.cwd ?? process.cwd() };
  watchProcessOutput();
  let code: number;
  try {
    code = await runInProcess(args, io, {
      input: options.input,
      timeoutMs: options.timeoutMs ?? 20_000,
      timedOut: () => `flowctl ${args.join(' ')} did not finish in time\n${stderr.text}`,
    });
  } catch (error) {
    endWatch();
    throw error;
  }
  const escaped = endWatch();
  if (escaped !== '') throw new Error(`flowctl ${args.join(' ')} wrote around its Io:\n${escaped}`);
  return { code, stdout: stdout.text, stderr: stderr.text };
}

/**
 * Spawns the built binary (asynchronously, so a provider in this process can answer it): for what
 * only the binary shows. Its file calls ensureCliBuilt() first.
 */
export function runBinary(args: readonly string[], options: RunOptions = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: options.cwd ?? process.cwd(),
      env: baseEnv(options.env),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    // Nothing to send is an empty stdin, as /dev/null gives.
    child.stdin.end(options.input);
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`flowctl ${args.join(' ')} did not finish in time\n${stderr}`));
    }, options.timeoutMs ?? 20_000);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** The one JSON value of stdout (fails the test when there is anything else). */
export function parseJson(result: CliResult): unknown {
  return JSON.parse(result.stdout);
}

export interface LongRun {
  /** The first complete JSON value on stdout. */
  firstJson: Promise<unknown>;
  /** Sends a signal and resolves with the exit code and the output. */
  stop(signal?: NodeJS.Signals): Promise<CliResult>;
}

/** Starts a long-running command (`serve`) and reads its first JSON value. */
export function startCli(args: readonly string[], options: RunOptions = {}): LongRun {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: options.cwd ?? process.cwd(),
    env: baseEnv(options.env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  const closed = new Promise<number | null>((resolve) => child.once('close', resolve));
  const firstJson = new Promise<unknown>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no JSON from flowctl ${args.join(' ')}\n${stderr}`)), options.timeoutMs ?? 20_000);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      try {
        const value: unknown = JSON.parse(stdout);
        clearTimeout(timer);
        resolve(value);
      } catch {
        // Not complete yet.
      }
    });
    void closed.then(() => reject(new Error(`flowctl exited before printing JSON\n${stderr}`)));
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  return {
    firstJson,
    async stop(signal = 'SIGINT') {
      child.kill(signal);
      const code = await closed;
      return { code, stdout, stderr };
    },
  };
}
