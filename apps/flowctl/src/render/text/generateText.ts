import { functionDefinition } from '@flow/core';
import { plural } from '../../plural.js';
import type { GenerateReport, GeneratedNodeSummary } from '../../reports.js';
import type { Style } from '../../output.js';
import type { TextTarget } from '../textTarget.js';

/** `  🔎 Look up order (Instruct function)`. */
function nodeLine(node: GeneratedNodeSummary, style: Style): string {
  const kind = node.functionType === null ? 'prompt' : `${functionDefinition(node.functionType)?.name ?? node.functionType} function`;
  return `  ${node.emoji} ${node.name} ${style.dim(`(${kind})`)}`;
}

/** The flow on stdout and its nodes on stderr; with -o, where it was written and its nodes. */
export function generateText(report: GenerateReport, t: TextTarget): void {
  const what = `${plural(report.nodes.length, 'node')} in one chain of ${report.planId}/${report.versionName}`;
  if (report.file === null) {
    t.out(report.text.replace(/\n$/, ''));
    t.info(`Generated ${what}:`);
    for (const node of report.nodes) t.info(nodeLine(node, t.errStyle));
    return;
  }
  t.out(`Wrote ${report.file}${report.overwritten ? ' (replacing the file that was there)' : ''}: ${what}`);
  for (const node of report.nodes) t.out(nodeLine(node, t.style));
}
