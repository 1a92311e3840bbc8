// Reads back a `flowctl test --format json` result (a --baseline, a --test-report, the provider's
// test run the editor shows): every field
// the comparisons and reports read is checked, so a wrong file is one clear error, not a crash.
import { isRecord } from '../model/paths.js';
import {
  ASSERTION_KINDS,
  EVAL_RESULT_FORMAT,
  type AssertionResult,
  type CaseChange,
  type CaseResult,
  type CaseRun,
  type EvalMode,
  type EvalResult,
  type EvalTranscriptTurn,
  type FileResult,
} from './evalResult.js';

const MODES: readonly EvalMode[] = ['replay', 'record', 'live'];

/** A value that is not a result: its message names the first field that is wrong. */
export class EvalResultError extends Error {
  override name = 'EvalResultError';
}

type Read<T> = (value: unknown, at: string) => T;

function fail(at: string, what: string): never {
  throw new EvalResultError(`not a ${EVAL_RESULT_FORMAT} result (flowctl test --format json): ${at} ${what}`);
}

const text: Read<string> = (value, at) => (typeof value === 'string' ? value : fail(at, 'is not text'));
const count: Read<number> = (value, at) =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : fail(at, 'is not a count');
const rate: Read<number> = (value, at) =>
  typeof value === 'number' && value >= 0 && value <= 1 ? value : fail(at, 'is not a rate from 0 to 1');
const flag: Read<boolean> = (value, at) => (typeof value === 'boolean' ? value : fail(at, 'is not true or false'));

function record(value: unknown, at: string): Record<string, unknown> {
  return isRecord(value) ? value : fail(at, 'is not an object');
}

function list<T>(value: unknown, at: string, item: Read<T>): T[] {
  if (!Array.isArray(value)) return fail(at, 'is not a list');
  return value.map((v, i) => item(v, `${at}[${i}]`));
}

function optional<T>(value: unknown, at: string, read: Read<T>): T | undefined {
  return value === undefined ? undefined : read(value, at);
}

const assertion: Read<AssertionResult> = (value, at) => {
  const a = record(value, at);
  const kind = ASSERTION_KINDS.find((k) => k === a.kind) ?? fail(`${at}.kind`, `is not one of ${ASSERTION_KINDS.join(', ')}`);
  const reason = optional(a.reason, `${at}.reason`, text);
  return {
    kind,
    turn: a.turn === null ? null : count(a.turn, `${at}.turn`),
    ok: flag(a.ok, `${at}.ok`),
    message: text(a.message, `${at}.message`),
    ...(reason === undefined ? {} : { reason }),
  };
};

const transcriptTurn: Read<EvalTranscriptTurn> = (value, at) => {
  const t = record(value, at);
  return {
    user: text(t.user, `${at}.user`),
    reply: text(t.reply, `${at}.reply`),
    toolCalls: list(t.toolCalls, `${at}.toolCalls`, (call, where) => {
      const c = record(call, where);
      const args = record(c.arguments, `${where}.arguments`);
      const error = optional(c.error, `${where}.error`, text);
      return {
        name: text(c.name, `${where}.name`),
        arguments: Object.fromEntries(Object.entries(args).map(([k, v]) => [k, text(v, `${where}.arguments.${k}`)])),
        output: text(c.output, `${where}.output`),
        ...(error === undefined ? {} : { error }),
      };
    }),
  };
};

const run: Read<CaseRun> = (value, at) => {
  const r = record(value, at);
  const ok = flag(r.ok, `${at}.ok`);
  const assertions = list(r.assertions, `${at}.assertions`, assertion);
  const error = optional(r.error, `${at}.error`, text);
  const tokens = record(r.tokens, `${at}.tokens`);
  return {
    ok,
    assertions,
    ...(error === undefined ? {} : { error }),
    ms: count(r.ms, `${at}.ms`),
    tokens: { prompt: count(tokens.prompt, `${at}.tokens.prompt`), completion: count(tokens.completion, `${at}.tokens.completion`) },
    transcript: list(r.transcript, `${at}.transcript`, transcriptTurn),
  };
};

const caseResult: Read<CaseResult> = (value, at) => {
  const c = record(value, at);
  const name = optional(c.case, `${at}.case`, text);
  return {
    name: text(c.name, `${at}.name`),
    test: text(c.test, `${at}.test`),
    ...(name === undefined ? {} : { case: name }),
    runs: list(c.runs, `${at}.runs`, run),
    passRate: rate(c.passRate, `${at}.passRate`),
    ok: flag(c.ok, `${at}.ok`),
  };
};

const fileResult: Read<FileResult> = (value, at) => {
  const f = record(value, at);
  const problem = optional(f.problem, `${at}.problem`, text);
  return {
    file: text(f.file, `${at}.file`),
    ...(problem === undefined ? {} : { problem }),
    cases: list(f.cases, `${at}.cases`, caseResult),
  };
};

const change: Read<CaseChange> = (value, at) => {
  const c = record(value, at);
  const kind =
    c.change === 'regression' || c.change === 'improvement' ? c.change : fail(`${at}.change`, 'is not regression or improvement');
  return {
    file: text(c.file, `${at}.file`),
    name: text(c.name, `${at}.name`),
    change: kind,
    before: rate(c.before, `${at}.before`),
    after: rate(c.after, `${at}.after`),
    reasons: list(c.reasons, `${at}.reasons`, text),
  };
};

/**
 * A `flowctl test --format json` result read from parsed JSON, or an EvalResultError naming the first wrong field.
 * @example readEvalResult(JSON.parse(text)).passRate
 */
export function readEvalResult(value: unknown): EvalResult {
  const r = isRecord(value) ? value : fail('the file', 'is not a JSON object');
  if (r.format !== EVAL_RESULT_FORMAT) fail('format', r.format === undefined ? 'is missing' : `is ${JSON.stringify(r.format)}`);
  const mode = MODES.find((m) => m === r.mode) ?? fail('mode', `is not one of ${MODES.join(', ')}`);
  const baseline =
    r.baseline === undefined
      ? undefined
      : (() => {
          const b = record(r.baseline, 'baseline');
          return { passRate: rate(b.passRate, 'baseline.passRate'), changes: list(b.changes, 'baseline.changes', change) };
        })();
  return {
    format: EVAL_RESULT_FORMAT,
    mode,
    files: list(r.files, 'files', fileResult),
    passRate: rate(r.passRate, 'passRate'),
    passed: count(r.passed, 'passed'),
    failed: count(r.failed, 'failed'),
    recorded: list(r.recorded, 'recorded', text),
    ...(baseline === undefined ? {} : { baseline }),
  };
}
