import { spawn } from 'node:child_process';
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

/** Spawns the built binary (asynchronously, so a provider in this process can answer it). */
export function runCli(args: readonly string[], options: RunOptions = {}): Promise<CliResult> {
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
