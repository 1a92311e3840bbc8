import { plural } from '../../plural.js';
import type { DbReport, InitReport, ServeReport } from '../../reports.js';
import type { TextTarget } from '../textTarget.js';

/** The files created and what to run next. */
export function initText(report: InitReport, t: TextTarget): void {
  for (const file of report.created) t.out(`created ${file}`);
  for (const file of report.updated) t.out(`updated ${file}`);
  t.info('Next:');
  for (const step of report.next) t.info(`  ${step}`);
}

/** Where the provider listens and what it serves. */
export function serveText(report: ServeReport, t: TextTarget): void {
  t.out(`Flow is running at ${t.style.cyan(report.url)}`);
  t.out(report.database === null ? `  data folder: ${report.dir}` : `  database: ${report.database}`);
  t.out(report.editorDir ? `  editor: ${report.editorDir}` : '  editor: not built (pnpm --filter @flow/editor build), API only');
  if (report.tokenRequired) t.out('  token required: browsers sign in at /signin, clients send it as a bearer header');
  if (report.editorDir) for (const link of report.plans) t.out(`  open ${t.style.cyan(link)}`);
  t.info('Press Ctrl+C to stop');
}

/** What moved, in one line, then each file left out. */
export function dbText(report: DbReport, t: TextTarget): void {
  const counts = [
    plural(report.flows, 'flow'),
    plural(report.tests, 'test file'),
    plural(report.publishes, 'publish record'),
    plural(report.workflows, 'workflow'),
    plural(report.sessions, 'session'),
  ].join(', ');
  t.out(
    report.direction === 'import'
      ? `Imported ${counts} from ${report.dir} into ${report.database}`
      : `Exported ${counts} from ${report.database} to ${report.dir}`,
  );
  for (const { file, reason } of report.skipped) t.warn(`${file} was left out: ${reason}`);
}
