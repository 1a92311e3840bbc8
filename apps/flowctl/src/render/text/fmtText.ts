import type { FmtReport } from '../../reports.js';
import { findingLine } from '../findingLine.js';
import { plural } from '../../plural.js';
import type { TextTarget } from '../textTarget.js';

/** Files that changed (or would), one a line on stdout; bad files and moved secrets on stderr. */
export function fmtText(report: FmtReport, t: TextTarget): void {
  for (const pattern of report.unmatched) t.warn(`No .flow.json files in "${pattern}"`);
  for (const file of report.files) {
    if (file.status === 'bad') {
      for (const finding of file.findings) t.error(findingLine(finding, t.errStyle));
      continue;
    }
    if (file.text !== undefined) {
      // `fmt -`: the canonical form itself, whatever changed.
      t.out(file.text.replace(/\n$/, ''));
      continue;
    }
    if (file.status === 'unchanged') continue;
    t.out(file.status === 'would-format' ? file.file : `formatted ${file.file}`);
  }
  const unchanged = report.files.filter((f) => f.status === 'unchanged').length;
  const bad = report.bad > 0 ? `, ${plural(report.bad, 'bad file')}` : '';
  if (report.check) {
    t.info(
      report.changed === 0 && report.bad === 0
        ? `${plural(unchanged, 'file')} in canonical form`
        : `${plural(report.changed, 'file')} would be reformatted${bad}`,
    );
  } else {
    t.info(`${plural(report.changed, 'file')} formatted, ${unchanged} unchanged${bad}`);
  }
}
