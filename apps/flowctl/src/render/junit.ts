import type { ValidateReport } from '../reports.js';
import { findingPlace } from './findingLine.js';

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
// Characters XML 1.0 cannot hold at all (control characters other than tab, newline, return).
// eslint-disable-next-line no-control-regex -- these are the characters XML 1.0 forbids
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** Text safe in an XML attribute or element. */
export function xmlEscape(text: string): string {
  return text.replace(NOT_XML, '\uFFFD').replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);
}

/**
 * The report as JUnit XML, for CI test views: one test case per file, a failure per error finding
 * (its code, place and message), warnings in the case's system-out.
 */
export function junitXml(report: ValidateReport): string {
  const cases = report.files.map((file) => {
    const errors = file.findings.filter((f) => f.severity === 'error');
    const warnings = file.findings.filter((f) => f.severity === 'warning');
    const failures = errors.map(
      (f) =>
        `      <failure message="${xmlEscape(f.message)}" type="${xmlEscape(f.code)}">${xmlEscape(`${findingPlace(f)}  ${f.path}  ${f.message}  (${f.code})`)}</failure>`,
    );
    const out =
      warnings.length === 0
        ? []
        : [
            `      <system-out>${xmlEscape(warnings.map((f) => `warning: ${findingPlace(f)}  ${f.path}  ${f.message}  (${f.code})`).join('\n'))}</system-out>`,
          ];
    const body = [...failures, ...out];
    const open = `    <testcase name="${xmlEscape(file.file)}" classname="flowctl.validate"`;
    return body.length === 0 ? `${open}/>` : [`${open}>`, ...body, '    </testcase>'].join('\n');
  });
  const failed = report.files.filter((f) => !f.ok).length;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="flowctl validate" tests="${report.files.length}" failures="${failed}" errors="0">`,
    `  <testsuite name="flowctl validate" tests="${report.files.length}" failures="${failed}" errors="0" skipped="0">`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
