import type { FlowDiff } from '@flow/core';
import type { DiffReport } from '../../reports.js';
import { changeCount, diffLines } from '../diffText.js';
import { plural } from '../../plural.js';
import type { TextTarget } from '../textTarget.js';

const NO_DIFFERENCES = 'No differences (positions, viewport and key order are ignored)';

function flowText(title: string, diff: FlowDiff, t: TextTarget): void {
  t.out(t.style.bold(title));
  if (diff.same) t.out(`  ${NO_DIFFERENCES}`);
  for (const line of diffLines(diff, t.style)) t.out(`  ${line}`);
}

/**
 * The differences, one a line (per file with --base); a closing line with their number. The markdown
 * review as it is. Then where `--comment` posted the review (on stderr after markdown, so that stdout
 * holds the review alone).
 */
export function diffText(report: DiffReport, t: TextTarget): void {
  differences(report, t);
  if (!report.comment) return;
  const line = `${report.comment.action === 'posted' ? 'Posted' : 'Updated'} the review comment: ${report.comment.url}`;
  if (report.markdown === null) t.out(line);
  else t.info(line);
}

function differences(report: DiffReport, t: TextTarget): void {
  if (report.markdown !== null) {
    t.out(report.markdown.replace(/\n$/, ''));
    return;
  }
  if ('files' in report) {
    if (report.files.length === 0) t.out(`No flow files differ from ${report.base}`);
    for (const file of report.files) flowText(`${file.file} (${file.status})`, file, t);
    t.info(
      plural(
        report.files.reduce((n, f) => n + changeCount(f), 0),
        'difference',
      ),
    );
    return;
  }
  if (report.same) {
    t.out(NO_DIFFERENCES);
    return;
  }
  flowText(`${report.a} → ${report.b}`, report, t);
  t.info(plural(changeCount(report), 'difference'));
}
