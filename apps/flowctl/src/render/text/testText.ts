import type { TestReport } from '../../reports.js';
import { plural } from '../../plural.js';
import type { TextTarget } from '../textTarget.js';

const percent = (rate: number): string => `${Math.round(rate * 1000) / 10}%`;

/** One line a case (✔ or ✖, file › name), its failures indented; then a summary. */
export function testText(report: TestReport, t: TextTarget): void {
  const { result } = report;
  for (const file of result.files) {
    if (file.problem !== undefined) {
      t.out(`${t.style.red('✖')} ${file.file}: ${file.problem}`);
      continue;
    }
    for (const item of file.cases) {
      const ms = item.runs.reduce((sum, r) => sum + r.ms, 0);
      const rate = item.runs.length > 1 ? ` ${percent(item.passRate)} of ${item.runs.length} runs` : '';
      t.out(`${item.ok ? t.style.green('✔') : t.style.red('✖')} ${file.file} › ${item.name}${rate} ${t.style.dim(`${ms} ms`)}`);
      // Each distinct failure once, however many runs had it.
      const failures = new Set(
        item.runs.flatMap((r) => [...r.assertions.filter((a) => !a.ok).map((a) => a.message), ...(r.error ? [r.error] : [])]),
      );
      for (const failure of failures) t.out(`    ${failure}`);
    }
  }
  for (const cassette of result.recorded) t.info(`recorded ${cassette}`);
  if (t.quiet) return;
  const mode = result.mode === 'replay' ? 'replayed from cassettes' : result.mode === 'record' ? 'recorded' : 'live';
  const runs = result.files.flatMap((f) => f.cases).some((c) => c.runs.length > 1);
  const rate =
    report.minPassRate !== undefined || runs
      ? `, pass rate ${percent(result.passRate)}${report.minPassRate === undefined ? '' : ` (minimum ${percent(report.minPassRate)})`}`
      : '';
  t.out(`${plural(result.passed, runs ? 'run' : 'test')} passed, ${result.failed} failed${rate} (${mode})`);
}
