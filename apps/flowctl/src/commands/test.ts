import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { FLOWTEST_SUFFIX, errorMessage, validateFlowText } from '@flow/core';
import {
  ModelNotConfiguredError,
  cassettePath,
  compareWithBaseline,
  createModelClient,
  runFlowTests,
  type EvalMode,
  type FlowTestSource,
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
import type { TestReport } from '../reports.js';
import { evalMarkdown } from '../evals/evalMarkdown.js';
import { readEvalResultFile } from '../evals/readEvalResultFile.js';
import { appendStepSummary } from '../evals/stepSummary.js';

/** A whole-number option of at least 1, or a usage error naming it. */
function countOption(invocation: Invocation, name: string, flag: string): number | undefined {
  const text = stringOption(invocation, name);
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!/^\d+$/.test(text.trim()) || !Number.isSafeInteger(value) || value < 1)
    throw usageError(`Invalid ${flag} "${text}": a whole number of at least 1`);
  return value;
}

/** --min-pass-rate: a number from 0 to 1, or a usage error. */
function passRateOption(invocation: Invocation): number | undefined {
  const text = stringOption(invocation, 'minPassRate');
  if (text === undefined) return undefined;
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value < 0 || value > 1)
    throw usageError(`Invalid --min-pass-rate "${text}": a number from 0 to 1, such as 0.9`);
  return value;
}

/** The test files, flows, datasets and cassettes on this machine, relative to the current folder. */
function fileSource(cwd: string): FlowTestSource {
  const readJson = async (path: string): Promise<unknown> => JSON.parse(await readFile(path, 'utf8'));
  return {
    readTestFile: (file) => readFile(resolve(cwd, file), 'utf8'),
    async loadFlow(file, flow) {
      const flowFile = join(dirname(file), flow);
      const loaded = await loadFlowFile(flowFile, cwd);
      if (!loaded.ok) throw new Error(`${flowFile}: ${loaded.findings[0]?.message ?? 'cannot be read'}`);
      const invalid = validateFlowText(loaded.text).find((f) => f.severity === 'error');
      if (invalid !== undefined) throw new Error(`${flowFile}: ${invalid.message} (flowctl validate ${flowFile})`);
      return loaded.doc;
    },
    async readCases(file, name) {
      const path = join(dirname(file), name);
      try {
        return await readFile(resolve(cwd, path), 'utf8');
      } catch (error) {
        const missing = error instanceof Error && 'code' in error && error.code === 'ENOENT';
        throw new Error(`${path}: ${missing ? 'file not found' : `cannot be read: ${errorMessage(error)}`}`);
      }
    },
    async readCassette(file) {
      const path = cassettePath(file);
      try {
        return await readJson(resolve(cwd, path));
      } catch (error) {
        if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return null;
        throw new Error(`${path} is not a cassette: ${errorMessage(error)}`);
      }
    },
    async writeCassette(file, text) {
      await writeFileAtomic(cassettePath(file), text, cwd);
      return cassettePath(file);
    },
  };
}

/** A model client for --record and --live, or a usage error saying what to set. */
function liveModel(invocation: Invocation, ctx: Context, name?: string): ModelClient {
  try {
    const settings = modelFromOptions(invocation, ctx.io.env);
    return createModelClient(name === undefined ? settings : { ...settings, model: name });
  } catch (error) {
    if (error instanceof ModelNotConfiguredError) throw new CliError('MODEL_NOT_CONFIGURED', error.message, EXIT.usage);
    throw error;
  }
}

/**
 * `flowctl test [files...]`: the conversation tests of `*.flowtest.json` files. By default each
 * case replays its cassette (the model's, judge's and simulated user's answers and the HTTP tools'
 * results, recorded beside the file), with no network; `--record` talks to the model and the
 * services and writes the cassette; `--live` talks to them and writes nothing.
 */
export async function run(invocation: Invocation, ctx: Context): Promise<Outcome> {
  const option = stringOption(invocation, 'format');
  // --json prints JSON whatever --format says, so the report names the format it is printed in.
  const format: TestFormat = ctx.json ? 'json' : isTestFormat(option) ? option : 'text';
  const record = flagOption(invocation, 'record');
  const liveFlag = flagOption(invocation, 'live');
  if (record && liveFlag) throw usageError('Give --record or --live, not both');
  const repeat = countOption(invocation, 'repeat', '--repeat');
  const concurrency = countOption(invocation, 'concurrency', '--concurrency');
  const minPassRate = passRateOption(invocation);
  const judgeName = stringOption(invocation, 'judgeModel');
  const baselineFile = stringOption(invocation, 'baseline');
  // Read before any case runs: a bad baseline stops the run, not its report.
  const baseline = baselineFile === undefined ? undefined : await readEvalResultFile(baselineFile, '--baseline', ctx.io.cwd);
  const mode: EvalMode = record ? 'record' : liveFlag ? 'live' : 'replay';
  const model = mode === 'replay' ? undefined : liveModel(invocation, ctx);
  const judgeModel = mode === 'replay' || judgeName === undefined ? undefined : liveModel(invocation, ctx, judgeName);
  const inputs = invocation.args.length > 0 ? invocation.args : ['.'];
  const { files } = await expandFiles(inputs, ctx.io.cwd, FLOWTEST_SUFFIX);
  const result = await runFlowTests({
    files,
    source: fileSource(ctx.io.cwd),
    mode,
    env: ctx.io.env,
    allowPrivateNetwork: allowPrivateFromOptions(invocation),
    ...(model ? { model } : {}),
    ...(judgeModel ? { judgeModel } : {}),
    ...(repeat === undefined ? {} : { repeat }),
    ...(concurrency === undefined ? {} : { concurrency }),
  });
  if (baseline !== undefined) result.baseline = compareWithBaseline(result, baseline);
  // On GitHub Actions, the job's summary page shows the run too.
  await appendStepSummary(evalMarkdown(result), ctx.io.env, ctx.io.cwd);
  const problems = result.files.some((f) => f.problem !== undefined);
  // With a floor, a pass rate at or above it passes the run; a file that could not run never does.
  const failing = minPassRate === undefined ? result.failed > 0 : problems || result.passRate < minPassRate;
  const data: TestReport = { format, result, ...(minPassRate === undefined ? {} : { minPassRate }) };
  return { kind: 'test', data, exitCode: failing ? EXIT.findings : EXIT.ok };
}
