// Runs the conversation tests of `*.flowtest.json` files against a flow's agent: replayed from the
// cassette, recorded, or live. flowctl test and the provider call it with their own ways to read files.
import {
  EVAL_RESULT_FORMAT,
  errorMessage,
  type FlowDocument,
  type CaseResult,
  type CaseRun,
  type EvalResult,
  type FileResult,
} from '@flow/core';
import { emptyCassette } from '../cassette.js';
import { cassetteFileText, cassettePath, readCassetteFile, type CaseCassette } from './cassetteFile.js';
import { expandCases, type RunnableCase } from './evalCases.js';
import { runCase, type CaseRunSettings } from './runCase.js';
import { parseCasesText, parseFlowTestText } from './testFile.js';

/** How the runner reaches the files a test run needs; each throws an Error whose message says why it cannot. */
export interface FlowTestSource {
  /** A test file's text. */
  readTestFile(file: string): Promise<string>;
  /** The flow a test file names (`flow`, relative to the test file), parsed and valid. */
  loadFlow(file: string, flow: string): Promise<FlowDocument>;
  /** A dataset's text (`cases`, a file beside the test file): refuse a name here to keep readers in their folder. */
  readCases(file: string, name: string): Promise<string>;
  /** The test file's cassette as JSON, or null when it has none. */
  readCassette(file: string): Promise<unknown>;
  /** Keeps a recording run's cassette (its text); answers the name it was kept under. */
  writeCassette(file: string, text: string): Promise<string>;
}

export interface RunFlowTestsOptions extends CaseRunSettings {
  files: readonly string[];
  source: FlowTestSource;
  /** Runs of each case when recording or live (a replay runs once). Default 1. */
  repeat?: number;
  /** Cases run side by side. Default 4. */
  concurrency?: number;
}

export const DEFAULT_CONCURRENCY = 4;

/** Runs `jobs` at most `limit` at a time; results in the jobs' order. */
async function pool<T>(jobs: readonly (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array<T>(jobs.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < jobs.length) {
      const index = next++;
      const job = jobs[index];
      if (job !== undefined) results[index] = await job();
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, jobs.length)) }, worker));
  return results;
}

/** A file read and ready: its cases, flow and cassettes; or the problem that stops its cases from running. */
type PreparedFile =
  | { file: string; problem: string }
  | { file: string; cases: RunnableCase[]; doc: FlowDocument; cassettes: Record<string, CaseCassette> | null };

async function prepare(file: string, options: RunFlowTestsOptions): Promise<PreparedFile> {
  const { source } = options;
  try {
    const parsed = parseFlowTestText(await source.readTestFile(file));
    if (!parsed.ok) return { file, problem: parsed.problem };
    const doc = await source.loadFlow(file, parsed.file.flow);
    const cases: RunnableCase[] = [];
    for (const [i, test] of parsed.file.tests.entries()) {
      let dataset = typeof test.cases === 'string' ? undefined : test.cases;
      if (typeof test.cases === 'string') {
        const read = parseCasesText(test.cases, await source.readCases(file, test.cases));
        if (!read.ok) throw new Error(read.problem);
        dataset = read.cases;
      }
      cases.push(...expandCases(test, `tests[${i}]`, dataset));
    }
    let cassettes: Record<string, CaseCassette> | null = null;
    if (options.mode !== 'replay') {
      // The recording so far, if any: a live or recording run compares its MCP tools' schemas with it.
      const value = await source.readCassette(file).catch(() => null);
      try {
        cassettes = value === null ? null : readCassetteFile(value);
      } catch {
        cassettes = null;
      }
    } else {
      const value = await source.readCassette(file);
      if (value === null)
        return { file, problem: `no cassette (${cassettePath(file)}): record one with flowctl test --record, a model configured` };
      try {
        cassettes = readCassetteFile(value);
      } catch (error) {
        return { file, problem: `${cassettePath(file)}: ${errorMessage(error)}` };
      }
    }
    return { file, cases, doc, cassettes };
  } catch (error) {
    return { file, problem: errorMessage(error) };
  }
}

/**
 * Runs the tests of each file: every case (a test, or each case of its dataset) `repeat` times
 * when recording or live, once when replaying, `concurrency` at a time; results in file order.
 * Recording writes each file's cassette (the first run of each case) through `source`.
 */
export async function runFlowTests(options: RunFlowTestsOptions): Promise<EvalResult> {
  const runs = options.mode === 'replay' ? 1 : Math.max(1, options.repeat ?? 1);
  const prepared = await Promise.all(options.files.map((file) => prepare(file, options)));
  const recordings = new Map<string, Record<string, CaseCassette>>();
  const jobs: (() => Promise<CaseRun>)[] = [];
  const slots: { file: number; caseIndex: number }[] = [];
  for (const [f, file] of prepared.entries()) {
    if ('problem' in file) continue;
    const ctx = { doc: file.doc, options };
    const recorded: Record<string, CaseCassette> = {};
    if (options.mode === 'record') recordings.set(file.file, recorded);
    for (const [c, item] of file.cases.entries()) {
      for (let r = 0; r < runs; r++) {
        jobs.push(() => {
          let cassette: CaseCassette | null = options.mode === 'replay' ? (file.cassettes?.[item.name] ?? null) : emptyCassette();
          // The first run of a case is the one its cassette keeps.
          if (options.mode === 'record' && r === 0 && cassette !== null) recorded[item.name] = cassette;
          if (options.mode === 'replay' && cassette !== null) cassette = { ...cassette };
          return runCase(item, cassette, ctx, options.mode === 'replay' ? undefined : file.cassettes?.[item.name]);
        });
        slots.push({ file: f, caseIndex: c });
      }
    }
  }
  const done = await pool(jobs, options.concurrency ?? DEFAULT_CONCURRENCY);
  const files: FileResult[] = prepared.map((file) =>
    'problem' in file
      ? { file: file.file, problem: file.problem, cases: [] }
      : {
          file: file.file,
          cases: file.cases.map((c) => ({
            name: c.name,
            test: c.test,
            ...(c.case === undefined ? {} : { case: c.case }),
            runs: [],
            passRate: 0,
            ok: false,
          })),
        },
  );
  for (const [j, slot] of slots.entries()) {
    const run = done[j];
    const result = files[slot.file]?.cases[slot.caseIndex];
    if (run !== undefined && result !== undefined) result.runs.push(run);
  }
  let passed = 0;
  let failed = 0;
  let runsPassed = 0;
  let runsMade = 0;
  for (const file of files) {
    for (const result of file.cases) {
      finishCase(result);
      if (result.ok) passed++;
      else failed++;
      runsPassed += result.runs.filter((r) => r.ok).length;
      runsMade += result.runs.length;
    }
  }
  const recorded: string[] = [];
  for (const [file, cases] of recordings) recorded.push(await options.source.writeCassette(file, cassetteFileText(cases)));
  const problems = files.filter((f) => f.problem !== undefined).length;
  return {
    format: EVAL_RESULT_FORMAT,
    mode: options.mode,
    files,
    passRate: runsMade === 0 ? 1 : runsPassed / runsMade,
    passed,
    failed: failed + problems,
    recorded,
  };
}

function finishCase(result: CaseResult): void {
  const passing = result.runs.filter((r) => r.ok).length;
  result.passRate = result.runs.length === 0 ? 0 : passing / result.runs.length;
  result.ok = result.runs.length > 0 && passing === result.runs.length;
}
