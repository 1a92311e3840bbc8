import { RULES } from '@flow/core';
import type { ValidateReport } from '../reports.js';
import type { FileFinding } from '../errors.js';

const toSlashes = (path: string): string => path.split('\\').join('/');
/** Markdown to plain text for SARIF's `text` fields: code spans lose their backticks. */
const plain = (markdown: string): string => markdown.replace(/`([^`]*)`/g, '$1');

function result(finding: FileFinding, ruleIndex: Map<string, number>): Record<string, unknown> {
  const region = finding.line === undefined ? {} : { region: { startLine: finding.line, startColumn: finding.column ?? 1 } };
  return {
    ruleId: finding.code,
    ruleIndex: ruleIndex.get(finding.code) ?? -1,
    level: finding.severity === 'warning' ? 'warning' : 'error',
    message: { text: finding.message },
    locations: [
      {
        physicalLocation: { artifactLocation: { uri: toSlashes(finding.file) }, ...region },
        logicalLocations: [{ fullyQualifiedName: finding.path, kind: 'member' }],
      },
    ],
  };
}

/**
 * The report as SARIF 2.1.0, for code scanning: one run of the tool `flowctl`, every rule of the
 * core's one rule table (code, default level, what it finds), one result per finding.
 */
export function sarifLog(report: ValidateReport, version: string): Record<string, unknown> {
  const rules = Object.values(RULES);
  const ruleIndex = new Map(rules.map((rule, i) => [rule.code, i]));
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'flowctl',
            version,
            rules: rules.map((rule) => ({
              id: rule.code,
              name: rule.code,
              shortDescription: { text: plain(rule.summary) },
              help: { text: plain(rule.summary), markdown: rule.summary },
              defaultConfiguration: { level: rule.severity },
            })),
          },
        },
        artifacts: report.files.map((file) => ({ location: { uri: toSlashes(file.file) } })),
        results: report.files.flatMap((file) => file.findings.map((finding) => result(finding, ruleIndex))),
      },
    ],
  };
}
