// `--baseline`: the cases whose pass rate went down or up since a previous result.
import type { CaseChange, CaseResult, EvalResult } from '@flow/core';

/** Why a case fails now: its failing assertions (with the judge's reason) and run errors, each once. */
export function caseFailureReasons(result: CaseResult): string[] {
  const reasons = result.runs.flatMap((run) => [
    ...run.assertions.filter((a) => !a.ok).map((a) => (a.reason === undefined ? a.message : `${a.message} (judge: ${a.reason})`)),
    ...(run.error === undefined ? [] : [run.error]),
  ]);
  return [...new Set(reasons)];
}

/**
 * The cases of `result` whose pass rate differs from the same case (same file, same name) of
 * `baseline`: lower is a regression, with the reasons it fails now; higher is an improvement.
 * Cases new or gone since the baseline are not changes.
 */
export function compareWithBaseline(result: EvalResult, baseline: EvalResult): NonNullable<EvalResult['baseline']> {
  const before = new Map<string, number>();
  const key = (file: string, name: string): string => JSON.stringify([file, name]);
  for (const file of baseline.files) for (const c of file.cases) before.set(key(file.file, c.name), c.passRate);
  const changes: CaseChange[] = [];
  for (const file of result.files) {
    for (const c of file.cases) {
      const was = before.get(key(file.file, c.name));
      if (was === undefined || was === c.passRate) continue;
      const change = c.passRate < was ? 'regression' : 'improvement';
      const reasons = change === 'regression' ? caseFailureReasons(c) : [];
      changes.push({ file: file.file, name: c.name, change, before: was, after: c.passRate, reasons });
    }
  }
  return { passRate: baseline.passRate, changes };
}
