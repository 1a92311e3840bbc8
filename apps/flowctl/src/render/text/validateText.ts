import type { ValidateReport } from '../../reports.js';
import { findingLine, githubLine } from '../findingLine.js';
import { plural } from '../../plural.js';
import type { TextTarget } from '../textTarget.js';

/** Findings one a line (`file:line:col  path  message`, or GitHub annotations), then a summary. */
export function validateText(report: ValidateReport, t: TextTarget): void {
  for (const pattern of report.unmatched) t.warn(`No .flow.json files in "${pattern}"`);
  const findings = report.files.flatMap((file) => file.findings);
  if (report.format === 'github') {
    for (const finding of findings) t.out(githubLine(finding));
    return;
  }
  for (const finding of findings) t.out(findingLine(finding, t.style));
  if (t.quiet) return;
  const files = plural(report.files.length, 'file');
  if (report.errors === 0) {
    const warnings = report.warnings > 0 ? ` (${plural(report.warnings, 'warning')})` : '';
    t.out(`${t.style.green('✔')} ${files} valid${warnings}`);
  } else {
    const failed = report.files.filter((f) => !f.ok).length;
    const warnings = report.warnings > 0 ? `, ${plural(report.warnings, 'warning')}` : '';
    t.out(`${t.style.red('✖')} ${plural(report.errors, 'error')}${warnings} in ${failed} of ${files}`);
  }
}
