import type { FileFinding } from '../errors.js';
import type { Style } from '../output.js';

/** Where a finding is: `file:line:col` when the line is known, else the file. */
export function findingPlace(finding: FileFinding): string {
  return finding.line === undefined ? finding.file : `${finding.file}:${finding.line}:${finding.column ?? 1}`;
}

/** `file:line:col  path  message  code` (line and column when known; warnings say so; the rule's code last, dimmed). */
export function findingLine(finding: FileFinding, style: Style): string {
  const message = finding.severity === 'warning' ? `${style.yellow('warning:')} ${finding.message}` : style.red(finding.message);
  return `${style.bold(findingPlace(finding))}  ${style.cyan(finding.path)}  ${message}  ${style.dim(finding.code)}`;
}

const escapeData = (text: string): string => text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (text: string): string => escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');

/** A GitHub Actions workflow command: `::error file=…,line=…,col=…,title=<code>::message`. */
export function githubLine(finding: FileFinding): string {
  const properties = [`file=${escapeProperty(finding.file)}`];
  if (finding.line !== undefined) properties.push(`line=${finding.line}`, `col=${finding.column ?? 1}`);
  properties.push(`title=${escapeProperty(finding.code)}`);
  return `::${finding.severity === 'warning' ? 'warning' : 'error'} ${properties.join(',')}::${escapeData(finding.message)}`;
}
