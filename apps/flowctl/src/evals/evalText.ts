import { caseFailureReasons, type EvalMode, type EvalResult } from '@flow/runtime';
import { plural } from '../plural.js';
import { table } from '../render/text/providerText.js';
import type { TextTarget } from '../render/textTarget.js';
import { caseLabel, evalStats, fraction, percent, tallyPercent } from './evalStats.js';

const MODES: Record<EvalMode, string> = { replay: 'replayed from cassettes', record: 'recorded', live: 'live' };

/**
 * The summary of a test run: pass rates per file, per test and per assertion kind, latency, tokens
 * and the slowest cases; then each failure with its reasons, the changes since a baseline and a
 * last line. With --quiet, the failures and the changes only.
 */
export function evalText(result: EvalResult, t: TextTarget, minPassRate?: number): void {
  const stats = evalStats(result);
  if (!t.quiet && stats.runs > 0) {
    table(
      t,
      ['FILE', 'PASS RATE', 'RUNS'],
      stats.files.filter((f) => f.problem === undefined).map((f) => [f.file, tallyPercent(f.runs), fraction(f.runs)]),
    );
    t.out('');
    table(
      t,
      ['TEST', 'PASS RATE', 'RUNS'],
      stats.tests.map((s) => [caseLabel(s.file, s.test), tallyPercent(s.runs), fraction(s.runs)]),
    );
    t.out('');
    table(
      t,
      ['ASSERTION', 'PASS RATE', 'CHECKS'],
      stats.kinds.map((k) => [k.kind, tallyPercent(k.checks), fraction(k.checks)]),
    );
    t.out('');
    if (stats.latency !== null)
      t.out(`Latency: p50 ${stats.latency.p50} ms, p95 ${stats.latency.p95} ms over ${plural(stats.runs, 'run')}`);
    t.out(`Tokens: ${stats.tokens.prompt} prompt, ${stats.tokens.completion} completion`);
    t.out('Slowest cases:');
    for (const c of stats.slowest) t.out(`  ${caseLabel(c.file, c.result.name)} ${t.style.dim(`${c.ms} ms`)}`);
    t.out('');
  }
  const problems = result.files.filter((f) => f.problem !== undefined);
  for (const f of problems) t.out(`${t.style.red('✖')} ${f.file}: ${f.problem ?? ''}`);
  for (const c of stats.failing) {
    const runs = c.result.runs;
    const failed = runs.filter((r) => !r.ok).length;
    const share = runs.length > 1 ? ` ${t.style.dim(`(${failed} of ${plural(runs.length, 'run')} failed)`)}` : '';
    t.out(`${t.style.red('✖')} ${caseLabel(c.file, c.result.name)}${share}`);
    for (const reason of caseFailureReasons(c.result)) t.out(`    ${reason}`);
  }
  if (result.baseline !== undefined) {
    for (const change of result.baseline.changes) {
      const mark = change.change === 'regression' ? t.style.red('▼ regression') : t.style.green('▲ improvement');
      t.out(`${mark} ${caseLabel(change.file, change.name)}: ${percent(change.before)} → ${percent(change.after)}`);
    }
  }
  for (const cassette of result.recorded) t.info(`recorded ${cassette}`);
  if (t.quiet) return;
  if (problems.length + stats.failing.length + (result.baseline?.changes.length ?? 0) > 0) t.out('');
  const base = result.baseline === undefined ? '' : ` (baseline ${percent(result.baseline.passRate)})`;
  const floor = minPassRate === undefined ? '' : ` (minimum ${percent(minPassRate)})`;
  const mark = result.failed === 0 ? t.style.green('✔') : t.style.red('✖');
  // Nothing ran (every file had a problem): no rate to speak of.
  const rate = stats.runs === 0 ? '' : `pass rate ${percent(result.passRate)}${base}${floor}: `;
  t.out(`${mark} ${rate}${plural(result.passed, 'case')} passed, ${result.failed} failed (${MODES[result.mode]})`);
}
