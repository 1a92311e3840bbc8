import type { TestReport } from '../../reports.js';
import { plural } from '../../plural.js';
import type { TextTarget } from '../textTarget.js';

/** One line a test (✔ or ✖, file › name), its failures indented; then a summary. */
export function testText(report: TestReport, t: TextTarget): void {
  for (const file of report.files) {
    if (file.problem !== undefined) {
      t.out(`${t.style.red('✖')} ${file.file}: ${file.problem}`);
      continue;
    }
    for (const test of file.tests) {
      t.out(`${test.ok ? t.style.green('✔') : t.style.red('✖')} ${file.file} › ${test.name} ${t.style.dim(`${test.ms} ms`)}`);
      for (const failure of test.failures) t.out(`    ${failure}`);
    }
  }
  for (const cassette of report.recorded) t.info(`recorded ${cassette}`);
  if (t.quiet) return;
  const mode = report.mode === 'replay' ? 'replayed from cassettes' : report.mode === 'record' ? 'recorded' : 'live';
  t.out(`${plural(report.passed, 'test')} passed, ${report.failed} failed (${mode})`);
}
