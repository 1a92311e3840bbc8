import { EventEmitter } from 'node:events';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { startScriptedModel, type ScriptedModelServer, type ScriptedReply } from '@flow/runtime/testing';
import { fileURLToPath } from 'node:url';
import { startServer } from '@flow/server';
import { createTestDatabase, startTestCluster, type TestCluster } from '@flow/server/testing';
import { runInProcess } from '../runInProcess.js';
import type { DocSample, SampleRun } from './docTypes.js';

const REPO = fileURLToPath(new URL('../../../../', import.meta.url));

/** How the docs write the sandbox's folder and the provider's address, whatever the machine. */
export const DOC_PROJECT = '/home/me/project';
export const DOC_API_URL = 'http://127.0.0.1:4321';
/** The agent key the `keys` samples show (theirs is random). */
export const DOC_AGENT_KEY = 'flow_sk_Xq3v9TzL0bN7cR2mK5wYh8JdP4sF6gA1eU0iO3tQy7B';
/** The database the `db` samples show (theirs is a throwaway one on a free port). */
export const DOC_DATABASE_URL = 'postgres://flow@127.0.0.1:5432/flow';

/** Where and with what the samples run. */
export interface SampleSandbox {
  /** Files written into the project folder before the first sample: relative path -> text. */
  files: Readonly<Record<string, string>>;
  /** Variables every sample sees (the secrets the example flows name). */
  env: Readonly<Record<string, string>>;
  /** Answers of a scripted model the `run` samples talk to (FLOW_MODEL_BASE_URL points at it). */
  model?: readonly ScriptedReply[];
}

/** Splits a command line as a shell would for our samples: words, '…' and "…" quotes. */
export function splitCommand(command: string): string[] {
  const words: string[] = [];
  for (const match of command.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)) words.push(match[1] ?? match[2] ?? match[3] ?? '');
  return words;
}

function sampleEnv(apiUrl: string, extra: Readonly<Record<string, string>>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value === undefined || key === 'FORCE_COLOR' || key.startsWith('FLOW_') || key === 'BROWSER' || key === 'CI') continue;
    env[key] = value;
  }
  return { ...env, ...extra, NO_COLOR: '1', BROWSER: 'none', FLOW_API_URL: apiUrl };
}

/** Output as the docs show it: the sandbox's folder and free ports written as on any machine. */
function normalize(output: string, project: string): string {
  return (
    output
      .split(project)
      .join(DOC_PROJECT)
      .replace(/http:\/\/127\.0\.0\.1:\d+/g, DOC_API_URL)
      .replace(/postgres:\/\/flow@127\.0\.0\.1:\d+\/\w+/g, DOC_DATABASE_URL)
      .replace(/flow_sk_[A-Za-z0-9_-]{43}/g, DOC_AGENT_KEY)
      .replace(/flow_sk_[A-Za-z0-9_-]{6}…/g, `${DOC_AGENT_KEY.slice(0, 14)}…`)
      // Times (a tool call's, a test's) differ from run to run.
      .replace(/ \d+ ms$/gm, ' 12 ms')
      .replace(/^Latency: p50 \d+ ms, p95 \d+ ms/gm, 'Latency: p50 12 ms, p95 12 ms')
  );
}

/**
 * Runs one sample through flowctl's `main`, in this process (as the tests' runCli does): stdout
 * and stderr go to one text, in the order a terminal shows them. A binary per sample cost ~0.3 s
 * of CPU each; what the binary adds around `main` (cli.ts) is tested on the packed tarball.
 */
async function runOne(sample: DocSample, cwd: string, env: Record<string, string>): Promise<SampleRun> {
  const [program, ...args] = splitCommand(sample.command);
  if (program !== 'flowctl') throw new Error(`A sample must start with "flowctl": ${sample.command}`);
  if (sample.readyWhen !== undefined) args.push('--port', '0');
  let output = '';
  // A long-running sample hears SIGINT once its output says it is ready, as Ctrl+C would send it.
  const signals = new EventEmitter();
  let stopped = false;
  const terminal = {
    write(text: string): boolean {
      output += text;
      if (!stopped && sample.readyWhen !== undefined && output.includes(sample.readyWhen)) {
        stopped = true;
        setImmediate(() => signals.emit('SIGINT'));
      }
      return true;
    },
  };
  const exitCode = await runInProcess(
    args,
    { stdout: terminal, stderr: terminal, env, cwd, signals },
    {
      input: sample.stdin,
      timeoutMs: 30_000,
      timedOut: () => `"${sample.command}" did not finish in 30 s:\n${output}`,
    },
  );
  return { exitCode, output };
}

/**
 * Runs every sample, in order, in a new project folder holding the examples as `flows/` and the
 * sandbox's files, against a local provider seeded with the examples. Fails on the first sample
 * whose exit code is not the one it states.
 */
export async function runSamples(samples: readonly DocSample[], sandbox: SampleSandbox): Promise<Map<string, SampleRun>> {
  // Named as in the docs, so a message that names the folder reads the same on every machine.
  const sandboxDir = mkdtempSync(join(tmpdir(), 'flowctl-docs-'));
  const project = join(sandboxDir, basename(DOC_PROJECT));
  mkdirSync(project);
  let model: ScriptedModelServer | undefined;
  // A throwaway database for the samples that need one, started with the first of them.
  let cluster: TestCluster | undefined;
  let database: string | undefined;
  const databaseUrl = async (): Promise<string> => {
    cluster ??= await startTestCluster();
    database ??= (await createTestDatabase(cluster)).url;
    return database;
  };
  const provider = await startServer({
    port: 0,
    dir: join(sandboxDir, '.provider'),
    seedDir: join(REPO, 'examples'),
    log: () => undefined,
  });
  try {
    cpSync(join(REPO, 'examples'), join(project, 'flows'), { recursive: true, filter: (path) => !path.endsWith('README.md') });
    for (const [path, text] of Object.entries(sandbox.files)) writeFileSync(join(project, path), text);
    model = sandbox.model === undefined ? undefined : await startScriptedModel([...sandbox.model]);
    const env = sampleEnv(provider.url, {
      ...sandbox.env,
      ...(model ? { FLOW_MODEL_BASE_URL: model.baseUrl, FLOW_MODEL: 'llama3.1' } : {}),
    });
    const runs = new Map<string, SampleRun>();
    for (const sample of samples) {
      const run = await runOne(sample, project, sample.database ? { ...env, FLOW_DATABASE_URL: await databaseUrl() } : env);
      const expected = sample.exitCode ?? 0;
      const output = normalize(run.output, project);
      if (run.exitCode !== expected) throw new Error(`"${sample.command}" exited ${run.exitCode}, the docs say ${expected}:\n${output}`);
      runs.set(sample.command, { exitCode: run.exitCode, output });
    }
    return runs;
  } finally {
    await model?.close();
    await provider.close();
    await cluster?.stop();
    rmSync(sandboxDir, { recursive: true, force: true });
  }
}
