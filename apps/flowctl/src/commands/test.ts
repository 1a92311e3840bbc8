import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { validateFlowText, isRecord, errorMessage } from '@flow/core';
import {
  ModelError,
  ModelNotConfiguredError,
  createAgent,
  createModelClient,
  emptyCassette,
  recordingModel,
  recordingTools,
  replayModel,
  replayTools,
  type Cassette,
  type ModelClient,
} from '@flow/runtime';
import { flagOption, stringOption, type Invocation, type Outcome } from '../command.js';
import type { Context } from '../context.js';
import { CliError, EXIT, usageError } from '../errors.js';
import { expandFiles } from '../files/expandFiles.js';
import { loadFlowFile } from '../files/readFlowFile.js';
import { writeFileAtomic } from '../files/writeFileAtomic.js';
import { isTestFormat, type TestFormat } from '../formats.js';
import { allowPrivateFromOptions, modelFromOptions } from '../runtimeOptions.js';
import { FLOWTEST_SUFFIX, cassettePath, readFlowTestFile, turnFailures, type FlowTest } from '../flowtest/flowTestFile.js';
import type { TestFileReport, TestMode, TestReport, TestResult } from '../reports.js';

const CASSETTE_FORMAT = 'flow-cassette/1';

async function readJsonFile(path: string): Promise<unknown> {
  return JSON.parse(await readFile(path, 'utf8'));
}

/** The cassettes of a test file, by test name; null when there is none. */
async function readCassettes(path: string): Promise<Record<string, Cassette> | null> {
  let value: unknown;
  try {
    value = await readJsonFile(path);
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return null;
    throw new Error(`${path} is not a cassette: ${errorMessage(error)}`);
  }
  if (!isRecord(value) || value.format !== CASSETTE_FORMAT || !isRecord(value.tests))
    throw new Error(`${path} is not a ${CASSETTE_FORMAT} cassette`);
  const tests: Record<string, Cassette> = {};
  for (const [name, cassette] of Object.entries(value.tests)) {
    if (isRecord(cassette) && Array.isArray(cassette.model) && Array.isArray(cassette.tools)) {
      // Written by flowctl test --record; replayed as written.
      tests[name] = {
        model: cassette.model.filter(isRecord).map((m) => ({
          content: typeof m.content === 'string' ? m.content : '',
          toolCalls: Array.isArray(m.toolCalls) ? m.toolCalls.filter(isToolCall) : [],
        })),
        tools: cassette.tools.filter(isRecordedTool),
      };
    }
  }
  return tests;
}

function isToolCall(value: unknown): value is Cassette['model'][number]['toolCalls'][number] {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    value.type === 'function' &&
    isRecord(value.function) &&
    typeof value.function.name === 'string' &&
    typeof value.function.arguments === 'string'
  );
}

function isRecordedTool(value: unknown): value is Cassette['tools'][number] {
  if (
    !isRecord(value) ||
    typeof value.name !== 'string' ||
    !isRecord(value.arguments) ||
    !isRecord(value.variables) ||
    !isRecord(value.result)
  )
    return false;
  const result = value.result;
  return (result.ok === true && typeof result.output === 'string') || (result.ok === false && typeof result.error === 'string');
}

/**
 * `flowctl test [files...]`: the conversation tests of `*.flowtest.json` files. By default each
 * test replays its cassette (the model's answers and the HTTP tools' results, recorded beside the
 * file), with no network; `--record` talks to the model and the services and writes the cassette;
 * `--live` talks to them and writes nothing.
 */
export async function run(invocation: Invocation, ctx: Context): Promise<Outcome> {
  const option = stringOption(invocation, 'format');
  // --json prints JSON whatever --format says, so the report names the format it is printed in.
  const format: TestFormat = ctx.json ? 'json' : isTestFormat(option) ? option : 'text';
  const record = flagOption(invocation, 'record');
  const liveFlag = flagOption(invocation, 'live');
  if (record && liveFlag) throw usageError('Give --record or --live, not both');
  const mode: TestMode = record ? 'record' : liveFlag ? 'live' : 'replay';
  let live: ModelClient | undefined;
  if (mode !== 'replay') {
    try {
      live = createModelClient(modelFromOptions(invocation, ctx.io.env));
    } catch (error) {
      if (error instanceof ModelNotConfiguredError) throw new CliError('MODEL_NOT_CONFIGURED', error.message, EXIT.usage);
      throw error;
    }
  }
  const allowPrivateNetwork = allowPrivateFromOptions(invocation);
  const inputs = invocation.args.length > 0 ? invocation.args : ['.'];
  const { files } = await expandFiles(inputs, ctx.io.cwd, FLOWTEST_SUFFIX);
  const reports: TestFileReport[] = [];
  const recorded: string[] = [];
  for (const file of files) {
    const report: TestFileReport = { file, tests: [] };
    reports.push(report);
    const absolute = resolve(ctx.io.cwd, file);
    let parsed: ReturnType<typeof readFlowTestFile>;
    try {
      parsed = readFlowTestFile(await readJsonFile(absolute));
    } catch (error) {
      report.problem = `not a test file: ${errorMessage(error)}`;
      continue;
    }
    if (!parsed.ok) {
      report.problem = parsed.problem;
      continue;
    }
    const flowFile = join(dirname(file), parsed.file.flow);
    const loaded = await loadFlowFile(flowFile, ctx.io.cwd);
    if (!loaded.ok) {
      report.problem = `${flowFile}: ${loaded.findings[0]?.message ?? 'cannot be read'}`;
      continue;
    }
    const invalid = validateFlowText(loaded.text).find((f) => f.severity === 'error');
    if (invalid !== undefined) {
      report.problem = `${flowFile}: ${invalid.message} (flowctl validate ${flowFile})`;
      continue;
    }
    const tape = cassettePath(absolute);
    let cassettes: Record<string, Cassette> | null = null;
    if (mode === 'replay') {
      try {
        cassettes = await readCassettes(tape);
      } catch (error) {
        report.problem = errorMessage(error);
        continue;
      }
      if (cassettes === null) {
        report.problem = `no cassette (${cassettePath(file)}): record one with flowctl test --record, a model configured`;
        continue;
      }
    }
    const written: Record<string, Cassette> = {};
    for (const test of parsed.file.tests) {
      const cassette = mode === 'replay' ? (cassettes?.[test.name] ?? null) : emptyCassette();
      report.tests.push(await runTest(test, loaded.doc, ctx, { mode, live, cassette, allowPrivateNetwork }));
      if (mode === 'record' && cassette !== null) written[test.name] = cassette;
    }
    if (mode === 'record') {
      await writeFileAtomic(cassettePath(file), `${JSON.stringify({ format: CASSETTE_FORMAT, tests: written }, null, 2)}\n`, ctx.io.cwd);
      recorded.push(cassettePath(file));
    }
  }
  const all = reports.flatMap((r) => r.tests);
  const passed = all.filter((t) => t.ok).length;
  const failed = all.length - passed + reports.filter((r) => r.problem !== undefined).length;
  const data: TestReport = { format, mode, files: reports, passed, failed, recorded };
  return { kind: 'test', data, exitCode: failed > 0 ? EXIT.findings : EXIT.ok };
}

async function runTest(
  test: FlowTest,
  doc: Parameters<typeof createAgent>[0]['doc'],
  ctx: Context,
  how: { mode: TestMode; live: ModelClient | undefined; cassette: Cassette | null; allowPrivateNetwork: boolean },
): Promise<TestResult> {
  const started = performance.now();
  const done = (failures: string[]): TestResult => ({
    name: test.name,
    ok: failures.length === 0,
    failures,
    ms: Math.round(performance.now() - started),
  });
  if (how.cassette === null) return done(['no recording of this test in the cassette: record it with flowctl test --record']);
  const cassette = how.cassette;
  const model =
    how.mode === 'replay' ? replayModel(cassette) : how.mode === 'record' && how.live ? recordingModel(how.live, cassette) : how.live;
  if (model === undefined) return done(['no model']);
  const tape = how.mode === 'replay' ? replayTools(cassette) : how.mode === 'record' ? recordingTools(cassette) : undefined;
  const agent = createAgent({ doc, model, env: ctx.io.env, allowPrivateNetwork: how.allowPrivateNetwork, ...(tape ? { tape } : {}) });
  const failures: string[] = [];
  try {
    for (const [i, turn] of test.turns.entries()) {
      const trace = await agent.turn(turn.user);
      failures.push(...turnFailures(turn.expect, trace, agent.variables).map((f) => `turn ${i + 1}: ${f}`));
    }
  } catch (error) {
    failures.push(error instanceof ModelError ? error.message : `the test stopped: ${errorMessage(error)}`);
  } finally {
    await agent.close();
  }
  return done(failures);
}
