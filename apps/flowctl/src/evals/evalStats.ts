// The figures every report of a test run shows (text, markdown), computed once from the EvalResult.
import { ASSERTION_KINDS, type AssertionKind, type CaseResult, type EvalResult } from '@flow/runtime';

/** Passed over made, for a pass-rate cell. */
export interface Tally {
  passed: number;
  total: number;
}

export interface CaseStat {
  file: string;
  result: CaseResult;
  /** Mean time of its runs, rounded. */
  ms: number;
}

export interface EvalStats {
  /** Runs per file, and its cases (files that could not run have `problem` and no cases). */
  files: { file: string; problem?: string; runs: Tally; cases: CaseStat[] }[];
  /** Runs per test (a dataset's cases together), `file › test`. */
  tests: { file: string; test: string; runs: Tally }[];
  /** Checks per assertion kind, only the kinds that were checked, in ASSERTION_KINDS order. */
  kinds: { kind: AssertionKind; checks: Tally }[];
  runs: number;
  /** Over every run; null when nothing ran. */
  latency: { p50: number; p95: number } | null;
  tokens: { prompt: number; completion: number };
  /** The slowest cases by mean run time, at most SLOWEST_CASES. */
  slowest: CaseStat[];
  /** Cases with a failed run, in file order. */
  failing: CaseStat[];
}

/** How many of the slowest cases the reports list. */
export const SLOWEST_CASES = 5;

const tally = (oks: readonly boolean[]): Tally => ({ passed: oks.filter(Boolean).length, total: oks.length });

/** The value below which `p` of the sorted values fall (nearest rank). */
function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? 0;
}

/** `60%`: a rate as a whole percentage; only all reads 100% and only none 0% (999 of 1000 is 99%). */
export function percent(rate: number): string {
  return `${rate >= 1 ? 100 : rate <= 0 ? 0 : Math.min(99, Math.max(1, Math.round(rate * 100)))}%`;
}

/** A tally's rate as a percentage, or `-` when nothing was made. */
export const tallyPercent = (t: Tally): string => (t.total === 0 ? '-' : percent(t.passed / t.total));

/** `3/4`: passed over made. */
export const fraction = (t: Tally): string => `${t.passed}/${t.total}`;

/** The name a case is shown by everywhere: `file › name`. */
export const caseLabel = (file: string, name: string): string => `${file} › ${name}`;

/** Per file, per test, per assertion kind; latency, tokens, the slowest and the failing cases. */
export function evalStats(result: EvalResult): EvalStats {
  const files = result.files.map((f) => ({
    file: f.file,
    ...(f.problem === undefined ? {} : { problem: f.problem }),
    runs: tally(f.cases.flatMap((c) => c.runs.map((r) => r.ok))),
    cases: f.cases.map((c): CaseStat => ({
      file: f.file,
      result: c,
      ms: c.runs.length === 0 ? 0 : Math.round(c.runs.reduce((sum, r) => sum + r.ms, 0) / c.runs.length),
    })),
  }));
  const cases = files.flatMap((f) => f.cases);
  const runs = result.files.flatMap((f) => f.cases.flatMap((c) => c.runs));
  const tests = new Map<string, { file: string; test: string; oks: boolean[] }>();
  for (const f of result.files) {
    for (const c of f.cases) {
      const key = JSON.stringify([f.file, c.test]);
      const entry = tests.get(key) ?? { file: f.file, test: c.test, oks: [] };
      entry.oks.push(...c.runs.map((r) => r.ok));
      tests.set(key, entry);
    }
  }
  const assertions = runs.flatMap((r) => r.assertions);
  const ms = runs.map((r) => r.ms).sort((a, b) => a - b);
  return {
    files,
    tests: [...tests.values()].map((t) => ({ file: t.file, test: t.test, runs: tally(t.oks) })),
    kinds: ASSERTION_KINDS.map((kind) => ({ kind, checks: tally(assertions.filter((a) => a.kind === kind).map((a) => a.ok)) })).filter(
      (k) => k.checks.total > 0,
    ),
    runs: runs.length,
    latency: ms.length === 0 ? null : { p50: percentile(ms, 0.5), p95: percentile(ms, 0.95) },
    tokens: {
      prompt: runs.reduce((sum, r) => sum + r.tokens.prompt, 0),
      completion: runs.reduce((sum, r) => sum + r.tokens.completion, 0),
    },
    slowest: cases
      .filter((c) => c.result.runs.length > 0)
      .sort((a, b) => b.ms - a.ms)
      .slice(0, SLOWEST_CASES),
    failing: cases.filter((c) => !c.result.ok),
  };
}
