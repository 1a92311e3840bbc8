import { markdownCell } from '@flow/core';
import { caseFailureReasons, type CaseChange, type EvalResult } from '@flow/runtime';
import { plural } from '../plural.js';
import { caseLabel, evalStats, fraction, percent, tallyPercent } from './evalStats.js';

/** The heading of the tests' part of a review or a job summary. */
export const EVAL_MARKDOWN_HEADING = '### Conversation tests';

function changeList(title: string, changes: readonly CaseChange[]): string[] {
  if (changes.length === 0) return [];
  const items = changes.map((c) =>
    [
      `- **${markdownCell(caseLabel(c.file, c.name))}**: ${percent(c.before)} → ${percent(c.after)}`,
      ...c.reasons.map((r) => `  - ${markdownCell(r)}`),
    ].join('\n'),
  );
  return [`#### ${title}`, items.join('\n')];
}

/**
 * A test run as GitHub-flavoured markdown, for the pull-request review and the job summary: the
 * pass rate (and the baseline's), a table per file, the regressions with their reasons and the
 * improvements, then every failing case with its reasons, folded.
 */
export function evalMarkdown(result: EvalResult): string {
  const stats = evalStats(result);
  const regressions = result.baseline?.changes.filter((c) => c.change === 'regression') ?? [];
  const improvements = result.baseline?.changes.filter((c) => c.change === 'improvement') ?? [];
  const overall = [
    `**Pass rate ${percent(result.passRate)}** (${stats.files.reduce((sum, f) => sum + f.runs.passed, 0)} of ${plural(stats.runs, 'run')} passed)`,
    ...(result.baseline === undefined
      ? []
      : [
          `baseline ${percent(result.baseline.passRate)}`,
          plural(regressions.length, 'regression'),
          plural(improvements.length, 'improvement'),
        ]),
  ].join(' · ');
  const parts = [EVAL_MARKDOWN_HEADING, overall];
  for (const file of stats.files) {
    const heading = `#### ${markdownCell(file.file)}`;
    if (file.problem !== undefined) {
      parts.push(heading, `❌ Could not run: ${markdownCell(file.problem)}`);
      continue;
    }
    const rows = file.cases.map(({ result: c, ms }) => {
      const passed = c.runs.filter((r) => r.ok).length;
      return `| ${c.ok ? '✅' : '❌'} ${markdownCell(c.name)} | ${percent(c.passRate)} | ${passed}/${c.runs.length} | ${ms} ms |`;
    });
    parts.push(
      `${heading} · ${tallyPercent(file.runs)} (${fraction(file.runs)})`,
      ['| Case | Pass rate | Runs | Time |', '| --- | ---: | ---: | ---: |', ...rows].join('\n'),
    );
  }
  parts.push(...changeList('Regressions', regressions), ...changeList('Improvements', improvements));
  if (stats.failing.length > 0) {
    const items = stats.failing.map((c) =>
      [
        `- **${markdownCell(caseLabel(c.file, c.result.name))}**`,
        ...caseFailureReasons(c.result).map((r) => `  - ${markdownCell(r)}`),
      ].join('\n'),
    );
    parts.push(`<details><summary>${plural(stats.failing.length, 'failing case')}</summary>\n\n${items.join('\n')}\n\n</details>`);
  }
  return `${parts.join('\n\n')}\n`;
}
