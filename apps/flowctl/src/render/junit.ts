import type { TestReport } from '../reports.js';
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

/** Conversation tests as JUnit XML: one suite per test file, one case per test, a failure per test that failed. */
export function testJunitXml(report: TestReport): string {
  const suites = report.files.map((file) => {
    const cases =
      file.problem !== undefined
        ? [
            `    <testcase name="${xmlEscape(file.file)}" classname="flowctl.test">\n      <failure message="${xmlEscape(file.problem)}"/>\n    </testcase>`,
          ]
        : file.tests.map((test) => {
            const open = `    <testcase name="${xmlEscape(test.name)}" classname="${xmlEscape(file.file)}" time="${(test.ms / 1000).toFixed(3)}"`;
            if (test.ok) return `${open}/>`;
            return `${open}>\n      <failure message="${xmlEscape(test.failures[0] ?? 'failed')}">${xmlEscape(test.failures.join('\n'))}</failure>\n    </testcase>`;
          });
    const failures = file.problem !== undefined ? 1 : file.tests.filter((t) => !t.ok).length;
    const tests = file.problem !== undefined ? 1 : file.tests.length;
    return [
      `  <testsuite name="${xmlEscape(file.file)}" tests="${tests}" failures="${failures}" errors="0" skipped="0">`,
      ...cases,
      '  </testsuite>',
    ].join('\n');
  });
  const tests = report.passed + report.failed;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="flowctl test" tests="${tests}" failures="${report.failed}" errors="0">`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n');
}
