import type { RunReport } from '../../reports.js';
import type { TextTarget } from '../textTarget.js';

/** The reply on stdout (unless it streamed there already); each tool call on stderr. */
export function runText(report: RunReport, t: TextTarget): void {
  if (report.workflow !== undefined) {
    const marks = { done: t.style.green('✔'), failed: t.style.red('✖'), 'not configured': t.style.yellow('–') };
    for (const step of report.workflow.steps) t.out(`${marks[step.status]} ${step.name} (${step.skill}): ${step.output}`);
    const last = report.workflow.steps.at(-1);
    t.info(
      report.workflow.completed || last === undefined
        ? `${report.workflow.workflow}: every step done`
        : `${report.workflow.workflow}: stopped at "${last.name}" (${last.status})`,
    );
    return;
  }
  if (report.streamed) return;
  for (const call of report.toolCalls) {
    const result = call.error === undefined ? t.errStyle.green('ok') : t.errStyle.red(`failed: ${call.error}`);
    t.info(`${t.errStyle.dim('tool')} ${call.name}(${JSON.stringify(call.arguments)}) ${result} ${t.errStyle.dim(`${call.ms} ms`)}`);
  }
  t.out(report.reply);
}
