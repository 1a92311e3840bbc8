import type { DiffReport } from '../../reports.js';
import { changeCount, diffLines } from '../diffText.js';
import { plural } from '../../plural.js';
import type { TextTarget } from '../textTarget.js';

/** The differences, one a line; a closing line with their number. */
export function diffText(report: DiffReport, t: TextTarget): void {
  if (report.same) {
    t.out('No differences (positions, viewport and key order are ignored)');
  } else {
    t.out(t.style.bold(`${report.a} → ${report.b}`));
    for (const line of diffLines(report, t.style)) t.out(`  ${line}`);
    t.info(plural(changeCount(report), 'difference'));
  }
  if (report.comment) t.out(`${report.comment.action === 'posted' ? 'Posted' : 'Updated'} the review comment: ${report.comment.url}`);
}
