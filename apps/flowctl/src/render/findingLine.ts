import type { FileFinding } from '../errors.js';
import type { Style } from '../output.js';

/** `file:line:col  path  message` (line and column when known; warnings say so). */
export function findingLine(finding: FileFinding, style: Style): string {
  const where = finding.line === undefined ? finding.file : `${finding.file}:${finding.line}:${finding.column ?? 1}`;
  const message = finding.severity === 'warning' ? `${style.yellow('warning:')} ${finding.message}` : style.red(finding.message);
  return `${style.bold(where)}  ${style.cyan(finding.path)}  ${message}`;
}

const escapeData = (text: string): string => text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (text: string): string => escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');

/** A GitHub Actions workflow command: `::error file=…,line=…,col=…::message`. */
export function githubLine(finding: FileFinding): string {
  const properties = [`file=${escapeProperty(finding.file)}`];
  if (finding.line !== undefined) properties.push(`line=${finding.line}`, `col=${finding.column ?? 1}`);
  return `::${finding.severity === 'warning' ? 'warning' : 'error'} ${properties.join(',')}::${escapeData(finding.message)}`;
}
