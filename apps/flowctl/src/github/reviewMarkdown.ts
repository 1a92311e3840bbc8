import type { DiffReport } from '../reports.js';
import { createStyle } from '../output.js';
import { diffLines } from '../render/diffText.js';

/**
 * The review `flowctl diff --comment` posts: '' when nothing changed semantically (the comment
 * then says so). For now the text diff inside a ```text block, until core's markdown renderer lands.
 */
export function reviewMarkdown(report: DiffReport): string {
  return report.same ? '' : textDiffAsMarkdown(report);
}

/** The text renderer's lines, uncoloured, in a fenced block longer than any backtick run inside. */
function textDiffAsMarkdown(report: DiffReport): string {
  const lines = diffLines(report, createStyle(false));
  const longest = Math.max(2, ...lines.flatMap((line) => (line.match(/`+/g) ?? []).map((run) => run.length)));
  const fence = '`'.repeat(longest + 1);
  return `\`${report.a}\` → \`${report.b}\`\n\n${fence}text\n${lines.join('\n')}\n${fence}\n`;
}
