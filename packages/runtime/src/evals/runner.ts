// Runs the conversation tests of `*.flowtest.json` files against a flow's agent: replayed from the
// cassette, recorded, or live. flowctl test and the provider call it with their own ways to read files.
import { errorMessage, fillTemplate, type FlowDocument } from '@flow/core';
import { createAgent, type TurnTrace } from '../agent.js';
import { emptyCassette, recordingModel, recordingTools, replayModel, replayTools } from '../cassette.js';
import type { NetworkSeams } from '../guardedFetch.js';
import { ModelError, type ModelClient } from '../modelClient.js';
import { checkExpectation } from './assertions.js';
import { cassetteFileText, cassettePath, readCassetteFile, type CaseCassette } from './cassetteFile.js';
import type { AssertionResult, CaseResult, CaseRun, EvalMode, EvalResult, EvalTranscriptTurn, FileResult } from './evalReport.js';
import { judgeReply } from './judge.js';
import { nextUserMessage } from './simulatedUser.js';
import {
  parseCasesText,
  parseFlowTestText,
  type FlowTest,
  type FlowTestTurn,
  type SimulatedUser,
  type TurnExpectation,
} from './testFile.js';

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

export interface RunFlowTestsOptions {
  files: readonly string[];
  source: FlowTestSource;
  mode: EvalMode;
  /** The agent's model (record and live). */
  model?: ModelClient;
  /** The judge's and the simulated user's model (record and live); `model` by default. */
  judgeModel?: ModelClient;
  /** Where the flow's `{ "env": NAME }` secrets are read. */
  env: Readonly<Record<string, string | undefined>>;
  allowPrivateNetwork?: boolean;
  network?: NetworkSeams;
  /** Runs of each case when recording or live (a replay runs once). Default 1. */
  repeat?: number;
  /** Cases run side by side. Default 4. */
  concurrency?: number;
}

export const DEFAULT_CONCURRENCY = 4;
export const NO_RECORDING = 'no recording of this case in the cassette: record it with flowctl test --record';

/** One case ready to run: a test, or one case of its dataset, with its vars filled in. */
interface RunnableCase {
  name: string;
  test: string;
  case?: string;
  conversation: { turns: FlowTestTurn[] } | { simulate: SimulatedUser; expect: TurnExpectation | undefined };
}

const fillMap = (map: Record<string, string>, vars: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(map).map(([k, v]) => [k, fillTemplate(v, vars)]));

/** An expectation with a case's vars filled into its texts (the JSON value `equals` is compared as given). */
function fillExpectation(expect: TurnExpectation | undefined, vars: Record<string, string>): TurnExpectation | undefined {
  if (expect === undefined) return undefined;
  const fill = (text: string): string => fillTemplate(text, vars);
  const { toolCalls, variables, reply, judge } = expect;
  return {
    ...expect,
    ...(toolCalls
      ? { toolCalls: toolCalls.map((c) => ({ ...c, ...(c.arguments ? { arguments: fillMap(c.arguments, vars) } : {}) })) }
      : {}),
    ...(variables ? { variables: fillMap(variables, vars) } : {}),
    ...(reply
      ? {
          reply: {
            ...reply,
            ...(reply.contains === undefined ? {} : { contains: fill(reply.contains) }),
            ...(reply.matches === undefined ? {} : { matches: fill(reply.matches) }),
          },
        }
      : {}),
    ...(judge ? { judge: { rubric: fill(judge.rubric) } } : {}),
  };
}

/** The cases of a test: itself, or one per case of its dataset. */
async function casesOf(test: FlowTest, at: string, file: string, source: FlowTestSource): Promise<RunnableCase[]> {
  if (test.cases === undefined) {
    const conversation = test.simulate ? { simulate: test.simulate, expect: test.expect } : { turns: test.turns ?? [] };
    return [{ name: test.name, test: test.name, conversation }];
  }
  let cases = test.cases;
  if (typeof cases === 'string') {
    const parsed = parseCasesText(cases, await source.readCases(file, cases));
    if (!parsed.ok) throw new Error(parsed.problem);
    cases = parsed.cases;
  }
  const names = new Set<string>();
  return cases.map((c, k): RunnableCase => {
    const caseName = c.name ?? `case ${k + 1}`;
    if (names.has(caseName)) throw new Error(`${at}: two cases are named "${caseName}"`);
    names.add(caseName);
    const vars = c.vars ?? {};
    const fillTurns = (turns: FlowTestTurn[]): FlowTestTurn[] =>
      turns.map((t) => {
        const expect = fillExpectation(t.expect, vars);
        return { user: fillTemplate(t.user, vars), ...(expect ? { expect } : {}) };
      });
    const base = { name: `${test.name} › ${caseName}`, test: test.name, case: caseName };
    if (c.turns !== undefined) return { ...base, conversation: { turns: fillTurns(c.turns) } };
    if (test.simulate !== undefined) {
      const simulate = {
        ...test.simulate,
        persona: fillTemplate(test.simulate.persona, vars),
        goal: fillTemplate(test.simulate.goal, vars),
      };
      return { ...base, conversation: { simulate, expect: fillExpectation(test.expect, vars) } };
    }
    if (test.turns === undefined) throw new Error(`${at}: case "${caseName}" has no "turns", and neither has the test`);
    return { ...base, conversation: { turns: fillTurns(test.turns) } };
  });
}

function transcriptTurn(trace: TurnTrace): EvalTranscriptTurn {
  return {
    user: trace.user,
    reply: trace.reply,
    toolCalls: trace.toolCalls.map((c) => ({
      name: c.name,
      arguments: c.arguments,
      output: c.output,
      ...(c.error === undefined ? {} : { error: c.error }),
    })),
  };
}

interface RunContext {
  doc: FlowDocument;
  options: RunFlowTestsOptions;
}

type Models = { agent: ModelClient; judge: ModelClient; user: ModelClient };

/** The agent's, judge's and simulated user's models for one run: replayed from, recording into, or past the cassette. */
function modelsFor(cassette: CaseCassette, options: RunFlowTestsOptions): Models {
  // Each keeps its own list, so a replay hands each the answers it had.
  const judgeTape = { model: (cassette.judge ??= []), tools: [] };
  const userTape = { model: (cassette.user ??= []), tools: [] };
  if (options.mode === 'replay') return { agent: replayModel(cassette), judge: replayModel(judgeTape), user: replayModel(userTape) };
  const live = options.model;
  if (live === undefined) throw new ModelError('No model to talk to');
  const judge = options.judgeModel ?? live;
  if (options.mode === 'live') return { agent: live, judge, user: judge };
  return { agent: recordingModel(live, cassette), judge: recordingModel(judge, judgeTape), user: recordingModel(judge, userTape) };
}

/** One run of a case; never throws (a failure to finish is the run's `error`). */
async function runCase(item: RunnableCase, cassette: CaseCassette | null, ctx: RunContext): Promise<CaseRun> {
  const started = performance.now();
  const assertions: AssertionResult[] = [];
  const transcript: EvalTranscriptTurn[] = [];
  const tokens = { prompt: 0, completion: 0 };
  const done = (error?: string): CaseRun => ({
    ok: error === undefined && assertions.every((a) => a.ok),
    assertions,
    ...(error === undefined ? {} : { error }),
    ms: Math.round(performance.now() - started),
    tokens,
    transcript,
  });
  if (cassette === null) return done(NO_RECORDING);
  const { options } = ctx;
  let models: Models;
  try {
    models = modelsFor(cassette, options);
  } catch (error) {
    return done(errorMessage(error));
  }
  const tape = options.mode === 'replay' ? replayTools(cassette) : options.mode === 'record' ? recordingTools(cassette) : undefined;
  const agent = createAgent({
    doc: ctx.doc,
    model: models.agent,
    env: options.env,
    allowPrivateNetwork: options.allowPrivateNetwork ?? false,
    ...(options.network ? { network: options.network } : {}),
    ...(tape ? { tape } : {}),
  });
  const turn = async (user: string): Promise<TurnTrace> => {
    const trace = await agent.turn(user);
    tokens.prompt += trace.tokens.prompt;
    tokens.completion += trace.tokens.completion;
    transcript.push(transcriptTurn(trace));
    return trace;
  };
  try {
    const conversation = item.conversation;
    if ('turns' in conversation) {
      for (const [i, step] of conversation.turns.entries()) {
        const trace = await turn(step.user);
        assertions.push(
          ...checkExpectation(step.expect, i + 1, { reply: trace.reply, toolCalls: trace.toolCalls, variables: agent.variables }),
        );
        if (step.expect?.judge) assertions.push(await judgeReply(models.judge, step.expect.judge.rubric, transcript, i + 1));
      }
    } else {
      const traces: TurnTrace[] = [];
      for (let i = 0; i < conversation.simulate.maxTurns; i++) {
        const next = await nextUserMessage(models.user, conversation.simulate, transcript);
        if (next.goalReached) break;
        traces.push(await turn(next.message));
      }
      const whole = { reply: traces.at(-1)?.reply ?? '', toolCalls: traces.flatMap((t) => t.toolCalls), variables: agent.variables };
      assertions.push(...checkExpectation(conversation.expect, null, whole));
      if (conversation.expect?.judge) assertions.push(await judgeReply(models.judge, conversation.expect.judge.rubric, transcript, null));
    }
  } catch (error) {
    return done(error instanceof ModelError ? error.message : `the test stopped: ${errorMessage(error)}`);
  } finally {
    await agent.close();
  }
  return done();
}

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
    for (const [i, test] of parsed.file.tests.entries()) cases.push(...(await casesOf(test, `tests[${i}]`, file, source)));
    let cassettes: Record<string, CaseCassette> | null = null;
    if (options.mode === 'replay') {
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
          return runCase(item, cassette, ctx);
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
  for (const file of files) {
    for (const result of file.cases) finishCase(result);
    for (const result of file.cases) {
      const ok = result.runs.filter((r) => r.ok).length;
      passed += ok;
      failed += result.runs.length - ok;
    }
  }
  const recorded: string[] = [];
  for (const [file, cases] of recordings) recorded.push(await options.source.writeCassette(file, cassetteFileText(cases)));
  const problems = files.filter((f) => f.problem !== undefined).length;
  return {
    format: 'flow-test-result/1',
    mode: options.mode,
    files,
    passRate: passed + failed === 0 ? 1 : passed / (passed + failed),
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
